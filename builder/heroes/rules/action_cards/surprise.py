"""Surprise (HoN core p.17), the card's explanation as printed: "This card also allows you to
exit a building during a Forced Move after losing an Assault. You need two Surprise cards to
enter and exit a building through the windows with the same Movement Action. A unit that
launches an assault on a unit that is behind a window doesn't need a second Surprise card to
return to its starting square if it is pushed back."

hon's reading, clause by clause:

* played on a unit of yours as it takes a Movement Action (an assault's too), each Surprise
  card lets that move go through one window of a building, as through a door (p.20): two
  cards go in and out in one Movement Action;
* an infantry unit of yours that loses an assault and must retreat (p.26) may play one to
  leave its building through a window on that Forced Move - only after losing, not when a
  Ferocious attacker pushes it back or a vehicle pushes it aside without a loss;
* a unit that went through a window with its assault and is pushed back (a lost or tied
  assault) returns through it to the square it launched the assault from with no second card.

An Urban Fighter (BfC p.08) needs no card. A bunker's firing slits let nobody through
(urban_fighter.py). The policy plays the card on a retreat when the unit would otherwise be
destroyed, or would end within an enemy Zone of Control that the window avoids."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from builder.heroes.rules.abilities.registry import climbs_windows
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.passage import PassageMap, passage_map
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.scenario.battlefield import Battlefield


def _window_steps(passage: PassageMap, before: Position, after: Position) -> bool:
    # A counter of several squares goes through once per step, whichever squares do.
    return not passage.window_steps.isdisjoint(zip(before.squares, after.squares, strict=False))


def windows_crossed(battlefield: Battlefield, path: Path) -> int:
    """How many steps of the path go into or out of a building through a window, not a door."""
    passage = passage_map(battlefield)
    if not passage.window_steps:
        return 0
    crossed = 0
    for before, after in pairwise(path.positions):  # a loop: every move is checked for them
        if _window_steps(passage, before, after):
            crossed += 1
    return crossed


def assaults_through_window(battlefield: Battlefield, path: Path) -> bool:
    """Whether an assault's last step, into the defender's square, goes through a window: the
    defender is "behind a window" (HoN core p.17)."""
    if len(path.positions) < 2:
        return False
    return _window_steps(passage_map(battlefield), path.positions[-2], path.positions[-1])


def behind_window(battlefield: Battlefield, piece: Piece) -> bool:
    """Whether the unit stands by a building's window (one it may be assaulted through, p.17)."""
    return any(square in edge for edge in passage_map(battlefield).windows for square in piece.squares)


def needs_card(piece: Piece) -> bool:
    """Whether the unit needs a Surprise card to go through a window: all but an Urban Fighter (BfC p.08)."""
    return not climbs_windows(piece.side)


def window_in_reach(battlefield: Battlefield, piece: Piece, windows: Iterable[frozenset[Square]] | None = None) -> bool:
    """Whether a window (of `windows`, by default all) lies within the unit's Movement Value
    of it: a path through one must cross it, so without one near no search through windows
    (it costs as much as the plain one) is made."""
    points = allowance(piece)
    if not points:
        return False
    near = points + len(piece.squares)  # the far end of a counter of several squares
    return any(
        max(abs(c - x), abs(r - y)) <= near
        for edge in (passage_map(battlefield).windows if windows is None else windows)
        for c, r in edge
        for x, y in piece.squares
    )
