"""The players of the Tactical Card Game, apart from the rules they play by (DESIGN.md 7):
the simple policy (greedy.py) and the random player (uniform.py). The rules ask them through
a kernel Table (builder.tcg.rules.players) and never import them."""
