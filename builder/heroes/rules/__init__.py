"""The rules core, by concept: `geometry` (the grid, line of sight, passage, zones of control,
the movement search), `resolution` (firing and assault rolls, hits, damage, templates, odds),
`actions` (one module per action), `events`, `action_cards`, `gear`, `mythos`, `orders` and
`setup`; the forward model (state, turn, decisions, simulation) and the special abilities
at the top. Pure functions over small state objects; randomness only through injected dice, so
a simulation is reproducible from its seed (DESIGN.md 7). No I/O, no UI."""
