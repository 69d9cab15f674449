"""The Tactical Card Game's rules core: the turn of two phases, tactics, activations and GO!
chains, shooting and saves, DIRECTIVE markers, the fog of war (TCG p.6-17)."""
