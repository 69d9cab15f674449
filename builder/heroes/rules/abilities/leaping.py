"""Jump and Special Movement (Flying) (SoN p.17-18): the unit moves "as usual and ignores
any obstacles" (Jump), "as if there were no obstacles" above the terrain overlays (Flying),
but "cannot stop on an element normally forbidden to it".

hon plays both the same way: the unit's Movement Action is searched on the battlefield
stripped of its terrain (elements, walls, lines and no-passage edges: nothing slows, stops or
bars it, no difficult terrain gives it a Suppressed marker), and it may end only where it
could stand on the real battlefield, never inside a building it could not have walked into
(the "dominant position" it enters only with a Surprise card or Urban Fighter, which hon
reads as any building). Other units and zones of control hinder it as usual."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import Reach, kept_cost, reachable
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.mythos.state import bars, manifestation
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import Battlefield

LEAPS = ("jump", "flying")


def crosses(state: GameState, piece: Piece, path: Path) -> bool:
    """Whether the path takes a Mythos Manifestation across a Mythos Barrier (SoN p.15)."""
    return bars(state.mythos, piece, [sq for position in path.positions[1:] for sq in position.squares])


def leaps(piece: Piece) -> bool:
    return any(piece.side.has(ability) for ability in LEAPS)


def _stripped(battlefield: Battlefield) -> Battlefield:
    return replace(battlefield, elements=(), no_passage=frozenset(), lines=())


# The terrain-free twin of each battlefield, kept while it lives (its movement tables with it).
_OPEN: PerBattlefield[Battlefield] = PerBattlefield(_stripped)


def movement_reach(state: GameState, piece: Piece, **options: Any) -> Reach[Position] | Reach[Square] | Reach[int]:
    """Where the unit's Movement Action can end, with its cheapest paths: `reachable` on the
    battlefield, or for a unit that jumps or flies, over it (SoN p.17-18)."""
    walking = reachable(state.battlefield, state.pieces.values(), piece, state.ruleset, **options)
    if state.mythos.barriers and manifestation(piece) is not None:
        walking = walking.keeping(lambda p: not crosses(state, piece, walking[p]))  # Mythos Barrier (SoN p.15)
    if not leaps(piece):
        return walking
    flying = reachable(_OPEN(state.battlefield), state.pieces.values(), piece, state.ruleset, **options)
    passage = passage_map(state.battlefield)
    at = state.battlefield.element_at

    def lands(position: Position) -> bool:
        if position in walking:
            return True
        squares = position.squares
        return all(passage.refusal(sq, piece.unit, piece.side) is None for sq in squares) and not any(
            sq in at and at[sq].effects.building for sq in squares
        )

    return flying.keeping(lands)


def kept_movement_cost(
    state: GameState, piece: Piece, end: Position, *, bonus: int = 0, windows: bool = False
) -> int | None:
    """`movement_reach(...).cost(end)` when a search already made answers it (`reach.kept_cost`),
    for a unit that walks the battlefield and no Mythos Barrier may bar; else None."""
    if leaps(piece) or (state.mythos.barriers and manifestation(piece) is not None):
        return None
    return kept_cost(state.battlefield, state.pieces.values(), piece, state.ruleset, end, bonus, windows)
