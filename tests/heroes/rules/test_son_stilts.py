"""SoN p.13, Stilted Structures and Underwater Passage: an amphibious unit moves under the
element but cannot stop there, and cannot be targeted by Opportunity Fire while under it;
land units use it as solid ground."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.terrain import TerrainEffects, TerrainType
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.events.combat import FireEvent
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import reachable_squares
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field, piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("son-stilted-structures")

OPEN = "\n".join(["........"] * 5)
DEEP_ONE = unit("deep-one", abilities=["amphibious"])
WATCHERS = unit("watchers", abilities=["opportunity-fire"])


def hut(board: Battlefield) -> Battlefield:
    kind = TerrainType(
        id="son-stilted-structure",
        name="Stilted structure",
        summary="hut",
        effects=TerrainEffects(defense={"infantry": 1}),
        symbols=["son-stilted-structures", "son-underwater-passage"],
        source="example",
    )
    element = PlacedElement("hut", kind.id, kind, kind.effects, frozenset({(2, 2), (3, 2)}), kind.name)
    return Battlefield(board.width, board.height, board.squares, (element,), board.no_passage, board.lines)


@pytest.mark.rule("son-underwater-passage")
def test_an_amphibious_unit_moves_under_it_but_never_stops_there() -> None:
    board = hut(field(OPEN))
    swimmer = piece("a1", (1, 2), kind=DEEP_ONE, facing=EAST)
    ends = reachable_squares(board, [swimmer], swimmer, SON)
    assert (2, 2) not in ends and (3, 2) not in ends and (4, 2) in ends  # through, and out
    walker = piece("a1", (1, 2))
    assert (2, 2) in reachable_squares(board, [walker], walker, SON)  # a land unit stands on it


def test_no_opportunity_fire_at_an_amphibious_unit_under_it() -> None:
    mover, watcher = piece("a1", (1, 2), kind=DEEP_ONE), piece("b1", (2, 0), "b", WATCHERS)
    state: GameState = game(OPEN, [mover, watcher])
    state.battlefield = hut(state.battlefield)
    state.ruleset = SON
    path = Path(tuple(Position(((c, 2),), EAST) for c in (1, 2, 3, 4)), 3)
    turn = Turn(state, LoadedDice([4, 4, 4]), Phase.ACTIVATION, {"a": SimplePolicy(), "b": SimplePolicy()})
    turn.perform("a1", Move(path))
    shots = [f.event for f in turn.frames if isinstance(f.event, FireEvent)]
    under = ((2, 2),), ((3, 2),)
    assert not any(s.opportunity is not None and s.opportunity.moving_into in under for s in shots)  # not under the hut
    assert state.pieces["a1"].squares == ((4, 2),)
