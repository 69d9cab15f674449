"""The players of the Heroes System, apart from the rules they play by (DESIGN.md 7): the
simple policy (greedy.py, its choices worked out by concept in the modules beside it) and its
seeded variant (varied.py). The rules ask them through the protocols of builder.heroes.rules
and never import them."""
