"""The rules core of the hex game: the 5-step turn, movement, battle dice, line of sight,
retreats, taking ground and medals (M44 summary)."""
