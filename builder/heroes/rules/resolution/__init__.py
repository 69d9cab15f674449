"""How the dice settle a firing action or an assault, and what follows: aiming, cover, hits,
damage, destruction and structures, templates, spotting, exact odds (HoN core p.13-26)."""
