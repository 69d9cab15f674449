"""What happens in a game, as typed events: one model per kind, by the phase it happens in."""
