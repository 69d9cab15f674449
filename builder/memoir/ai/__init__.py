"""The players of the hex game, apart from the rules they play by (DESIGN.md 7): the greedy
player (greedy.py) and the uniformly random one (uniform.py). The rules ask them through
builder.memoir.rules.players and never import them."""
