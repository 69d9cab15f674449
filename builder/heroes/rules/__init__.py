"""The rules core: geometry, line of sight, movement, combat, exact odds, deployment and
turns. Pure functions over small state objects; randomness only through injected dice, so
a simulation is reproducible from its seed (DESIGN.md 7). No I/O, no UI."""
