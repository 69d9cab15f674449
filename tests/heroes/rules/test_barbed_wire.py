"""Passage markers and barbed wire (HoN core p.28): "You may also use a Passage marker to
discard all the barbed wire tokens your vehicle moves through during a Movement Action".
hon reads Battle for Caen's Barbed Hedgehogs (BfC p.05: lines impassable to vehicles) as
those tokens."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions import Move
from builder.heroes.rules.events import Phase
from builder.heroes.rules.gear import GearMove
from builder.heroes.rules.gear_moving import gear_reach
from builder.heroes.rules.gear_passage import hedgehogs_crossed, passage_markers
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field, piece, placed_line
from tests.fixtures.rules.games import game
from tests.heroes.rules import tank
from tests.heroes.rules.gear_helpers import WIDE, gear_events, pool

WIRE = field(WIDE, lines=[placed_line("hedgehog", [(3, 0), (3, 5)]), placed_line("hedgehog", [(5, 0), (5, 5)])])


def test_one_passage_marker_discards_every_barbed_hedgehog_a_heavy_vehicle_moves_through() -> None:
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(WIDE, [heavy])
    state.battlefield = WIRE
    cutter = pool(state, "passage", 2, "heavy-vehicles")
    assert not any(p.squares[0][0] >= 3 for p in gear_reach(state, heavy, 0, False))  # the wire bars it
    reach = gear_reach(state, heavy, 0, False, passage=True)
    beyond = next(p for p in reach if p.squares == ((6, 1), (5, 1)))
    path = reach[beyond]
    assert hedgehogs_crossed(state.battlefield, path) == [0, 1] and passage_markers(state.battlefield, path) == 1
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(path), passage=True))
    (spent,) = gear_events(turn)
    assert (spent.marker, spent.spent) == ("passage", 1) and "HoN core p.28" in spent.text and "barbed" in spent.text
    assert cutter.count == 1 and state.battlefield.lines == () and state.pieces["a1"].squares == ((6, 1), (5, 1))


def test_without_a_passage_marker_the_wire_still_bars_it() -> None:
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(WIDE, [heavy])
    state.battlefield = WIRE
    path = gear_reach(state, heavy, 0, False, passage=True)
    beyond = next(p for p in path if p.squares == ((4, 1), (3, 1)))
    with pytest.raises(ValueError, match="Passage"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearMove(Move(path[beyond]), passage=True))
    assert len(state.battlefield.lines) == 2


def test_the_policy_drives_through_the_wire_towards_its_objective() -> None:
    heavy = piece("a1", ((1, 2), (0, 2)), kind=tank(), facing=EAST)
    state = game(WIDE, [heavy], objectives=[{"id": "hill", "name": "The hill", "kind": "secondary", "at": [10, 2]}])
    state.battlefield = WIRE
    pool(state, "passage", 1, "heavy-vehicles")
    action = SimplePolicy().activate(state, heavy)
    assert isinstance(action, GearMove) and action.passage
    assert action.move.path.destination.squares[0][0] > 5
