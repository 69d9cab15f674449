"""Passage markers and barbed wire (HoN core p.28): "You may also use a Passage marker to
discard all the barbed wire tokens your vehicle moves through during a Movement Action".
hon reads Battle for Caen's Barbed Hedgehogs (BfC p.05: lines impassable to vehicles) as
those tokens. A hedgehog line is also a Difficult Passage (BfC p.05): a move that ignores
Difficult Passages crosses it without stopping, unless it bars the unit."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.actions.scouting import scout_moves
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.gear.fuel_and_map import gear_reach
from builder.heroes.rules.gear.hedgerow_cutter import hedgehogs_crossed, passage_markers
from builder.heroes.rules.gear.markers import GearMove
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, field, piece, placed_line, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import tank
from tests.heroes.rules.gear_helpers import OFFICER, WIDE, east, gear_events, pool

WIRE = field(WIDE, lines=[placed_line("hedgehog", [(3, 0), (3, 5)]), placed_line("hedgehog", [(5, 0), (5, 5)])])


@pytest.mark.rule("passage")
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
    assert (spent.marker, spent.spent) == ("passage", 1) and (spent.use, spent.page) == (
        GearUse.BARBED_WIRE,
        "HoN core p.28",
    )
    assert cutter.count == 1 and state.battlefield.lines == () and state.pieces["a1"].squares == ((6, 1), (5, 1))


@pytest.mark.rule("passage")
def test_without_a_passage_marker_the_wire_still_bars_it() -> None:
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(WIDE, [heavy])
    state.battlefield = WIRE
    path = gear_reach(state, heavy, 0, False, passage=True)
    beyond = next(p for p in path if p.squares == ((4, 1), (3, 1)))
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearMove(Move(path[beyond]), passage=True))
    assert caught.value.code is Code.MAY_NOT_USE_GEAR
    assert len(state.battlefield.lines) == 2


@pytest.mark.rule("passage")
def test_the_policy_drives_through_the_wire_towards_its_objective() -> None:
    heavy = piece("a1", ((1, 2), (0, 2)), kind=tank(), facing=EAST)
    state = game(WIDE, [heavy], objectives=[{"id": "hill", "name": "The hill", "kind": "secondary", "at": [10, 2]}])
    state.battlefield = WIRE
    pool(state, "passage", 1, "heavy-vehicles")
    action = SimplePolicy().activate(state, heavy)
    assert isinstance(action, GearMove) and action.passage
    assert action.move.path.destination.squares[0][0] > 5


@pytest.mark.rule("tactical-map", "barbed-hedgehog")
def test_a_tactical_map_takes_infantry_over_barbed_hedgehogs_without_stopping() -> None:
    """BfC p.05: a Barbed Hedgehog is a "Line - Obstacle - Impassable to Vehicles - Difficult
    Passage"; BfC p.09, the Tactical Map: "discard 1 marker to ignore any Difficult Passage for
    that action". Without it the first line stops the rifles; with it they cross both lines in
    one Movement Action, and the hedgehogs stay where they are."""
    rifles, officer = piece("a1", (1, 1), facing=EAST), piece("a2", (1, 2), kind=OFFICER)
    state = game(WIDE, [rifles, officer])
    state.battlefield = WIRE
    maps = pool(state, "tactical-map", 3, "characters")
    assert max(p.squares[0][0] for p in gear_reach(state, rifles, 0, False)) == 3
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(east((1, 1), 4)), tactical_map=True))
    assert state.pieces["a1"].squares == ((5, 1),) and maps.count == 2
    assert [(e.marker, e.unit) for e in gear_events(turn)] == [("tactical-map", "a2")]
    assert len(state.battlefield.lines) == 2


@pytest.mark.rule("tactical-map", "barbed-hedgehog")
def test_a_tactical_map_never_takes_a_vehicle_over_barbed_hedgehogs() -> None:
    """BfC p.05: the line is Impassable to Vehicles as well as a Difficult Passage; ignoring
    Difficult Passages (BfC p.09) leaves it impassable to a jeep."""
    jeep, officer = piece("j1", (1, 1), kind=JEEP, facing=EAST), piece("a2", (1, 2), kind=OFFICER)
    state = game(WIDE, [jeep, officer])
    state.battlefield = WIRE
    maps = pool(state, "tactical-map", 3, "characters")
    assert max(p.squares[0][0] for p in gear_reach(state, jeep, 0, True)) == 2
    with pytest.raises(ValueError):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("j1", GearMove(Move(east((1, 1), 2)), tactical_map=True))
    assert state.pieces["j1"].squares == ((1, 1),) and maps.count == 3


@pytest.mark.rule("scout")
def test_a_scout_move_disregards_barbed_hedgehogs() -> None:
    """HoN core p.26: the Scout move "disregards difficult passages"; a hedgehog line is one
    (BfC p.05): 3 squares over it, where a Movement Action stops on the far side."""
    scouts = piece("s1", (1, 1), kind=unit("scouts", abilities=[{"scout": 3}]), facing=EAST)
    state = game(WIDE, [scouts])
    state.battlefield = WIRE
    moves = scout_moves(state, scouts)
    assert moves is not None and max(p.squares[0][0] for p in moves) == 4


@pytest.mark.rule("all-terrain")
def test_a_large_all_terrain_creature_crosses_a_hedgehog_line_without_stopping() -> None:
    """SoN p.18, All Terrain: the unit crosses "without stopping" (hon: every Difficult Passage,
    BfC p.05's hedgehog line too, which bars vehicles only); a four-square counter's move is
    judged square by square of its leading edge, not by the one-square table."""
    beast = unit("beast", UnitType.LARGE_CREATURE, footprint=4, movement=3)
    crawler = unit("crawler", UnitType.LARGE_CREATURE, footprint=4, movement=3, abilities=["all-terrain"])
    fronts = []
    for kind in (beast, crawler):
        mover = piece("c", ((1, 1), (2, 1), (1, 2), (2, 2)), kind=kind, facing=EAST)
        found = reachable(WIRE, [mover], mover, SON)
        fronts.append(max(max(c for c, _ in p.squares) for p in found))
    assert fronts == [3, 5]
