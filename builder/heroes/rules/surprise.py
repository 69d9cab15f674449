"""Surprise (HoN core p.17): "You need two Surprise cards to enter and exit a building through
the windows with the same Movement Action."

hon's reading: played on a unit of yours as it takes a Movement Action, each Surprise card lets
that move go through one window of a building, as through a door (p.20); an Urban Fighter (BfC
p.08) needs none. A bunker's firing slits let nobody through (urban_fighter.py). Not played:
the Forced Move out of a building after a lost Assault, and the return through a window after
an assault launched on a unit behind one."""

from __future__ import annotations

from itertools import pairwise

from builder.heroes.rules.grid import edge_key, is_diagonal
from builder.heroes.rules.movement import Path
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import Square
from builder.heroes.scenario.battlefield import Battlefield


def windows_crossed(battlefield: Battlefield, path: Path) -> int:
    """How many steps of the path go into or out of a building through a window, not a door."""
    passage = passage_map(battlefield)

    def through_window(s: Square, t: Square) -> bool:
        if s == t or is_diagonal(s, t) or abs(s[0] - t[0]) + abs(s[1] - t[1]) != 1:
            return False
        edge = edge_key(s, t)
        leaves = passage.building_of.get(s, -1) != passage.building_of.get(t, -1)
        return leaves and edge in passage.windows and edge not in passage.doors

    # A counter of several squares goes through once per step, whichever squares do.
    return sum(
        any(through_window(s, t) for s, t in zip(before.squares, after.squares, strict=False))
        for before, after in pairwise(path.positions)
    )
