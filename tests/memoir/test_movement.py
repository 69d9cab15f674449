"""Movement (M44 summary, "Move"; terrain values example)."""

from __future__ import annotations

import pytest

from builder.memoir.hexes import Hex
from builder.memoir.m44 import from_m44
from builder.memoir.rules.movement import may_battle_after, reachable
from builder.memoir.rules.state import GameState, start
from builder.memoir.validate import validate
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, at, game, place, scenario, unit

FAR_ENEMY = place(0, 24, unit=unit("infantry", AXIS))


def furthest(kind: str, badge: str | None = None, *hexes: object) -> int:
    state = game(place(8, 12, unit=unit(kind, ALLIES, badge)), FAR_ENEMY)
    return max(step.hexes for step in reachable(state, at(state, 8, 12)).values())


@pytest.mark.rule("movement")
def test_infantry_moves_two_but_battles_only_after_one() -> None:
    state = game(place(8, 12, unit=unit("infantry", ALLIES)), FAR_ENEMY)
    piece = at(state, 8, 12)
    assert furthest("infantry") == 2
    assert may_battle_after(state, piece, 1) and not may_battle_after(state, piece, 2)


@pytest.mark.rule("movement")
def test_armor_moves_three_and_battles() -> None:
    state = game(place(8, 12, unit=unit("armor", ALLIES)), FAR_ENEMY)
    assert furthest("armor") == 3 and may_battle_after(state, at(state, 8, 12), 3)


@pytest.mark.rule("movement")
def test_artillery_moves_one_or_battles() -> None:
    state = game(place(8, 12, unit=unit("artillery", ALLIES)), FAR_ENEMY)
    piece = at(state, 8, 12)
    assert furthest("artillery") == 1
    assert may_battle_after(state, piece, 0) and not may_battle_after(state, piece, 1)


@pytest.mark.rule("movement", "special-forces")
def test_special_forces_move_two_and_battle() -> None:
    special = game(place(8, 12, unit=unit("infantry", ALLIES, "special-forces")), FAR_ENEMY)
    assert may_battle_after(special, at(special, 8, 12), 2)
    resistance = game(place(8, 12, unit=unit("infantry", ALLIES, "french-resistance")), FAR_ENEMY)
    assert not may_battle_after(resistance, at(resistance, 8, 12), 2)


@pytest.mark.rule("no-stacking")
def test_no_unit_moves_onto_or_through_another() -> None:
    state = game(
        place(8, 0, unit=unit("infantry", ALLIES)),
        place(8, 2, unit=unit("infantry", ALLIES)),
        place(7, 1, unit=unit("armor", AXIS)),
        FAR_ENEMY,
    )
    assert set(reachable(state, at(state, 8, 0))) == {Hex(8, 0)}


@pytest.mark.rule("terrain")
def test_woods_stop_a_unit_and_forbid_battle() -> None:
    state = game(place(8, 0, unit=unit("armor", ALLIES)), place(8, 2, "woods"), FAR_ENEMY)
    piece = at(state, 8, 0)
    steps = reachable(state, piece)
    assert steps[Hex(8, 2)].hexes == 1
    assert all(Hex(8, 2) not in step.path[:-1] for step in steps.values())
    state.move(piece, Hex(8, 2))
    assert not may_battle_after(state, piece, 1)


@pytest.mark.rule("french-resistance")
def test_french_resistance_battles_on_entering_woods() -> None:
    state = game(place(8, 0, unit=unit("infantry", ALLIES, "french-resistance")), place(8, 2, "woods"), FAR_ENEMY)
    piece = at(state, 8, 0)
    state.move(piece, Hex(8, 2))
    assert may_battle_after(state, piece, 1)


def test_hedgerows_are_entered_only_from_next_to_them() -> None:
    far = game(place(8, 0, unit=unit("infantry", ALLIES)), place(8, 4, "hedgerow"), FAR_ENEMY)
    assert Hex(8, 4) not in reachable(far, at(far, 8, 0))
    near = game(place(8, 2, unit=unit("infantry", ALLIES)), place(8, 4, "hedgerow"), FAR_ENEMY)
    assert Hex(8, 4) in reachable(near, at(near, 8, 2))


def test_rivers_are_crossed_only_on_bridges() -> None:
    river = [place(7, c, "river") for c in range(1, 24, 2)]
    state = game(place(8, 12, unit=unit("armor", ALLIES)), *river, FAR_ENEMY)
    assert all(h.row == 8 for h in reachable(state, at(state, 8, 12)))
    bridged = [p if p.col != 13 else place(7, 13, "river", feature="bridge") for p in river]
    state = game(place(8, 12, unit=unit("armor", ALLIES)), *bridged, FAR_ENEMY)
    assert Hex(6, 12) in reachable(state, at(state, 8, 12))


def test_a_beach_caps_the_move_at_two() -> None:
    state = game(place(8, 12, unit=unit("armor", ALLIES)), place(7, 13, "beach"), FAR_ENEMY)
    steps = reachable(state, at(state, 8, 12))
    assert all(Hex(7, 13) not in s.path or s.hexes <= 2 for s in steps.values())
    assert Hex(5, 15) not in steps and Hex(5, 11) in steps  # 3 hexes only off the beach


def test_a_beach_face_prints_beaches_and_the_ocean() -> None:
    plain = scenario(place(8, 0, unit=unit("infantry", ALLIES)), FAR_ENEMY)
    beach = plain.model_copy(update={"board": plain.board.model_copy(update={"face": "BEACH"})})
    state = start(beach, CATALOGUE)
    assert state.battlefield.ground(Hex(8, 0)).names == ("Ocean",)
    assert state.battlefield.ground(Hex(5, 5)).names == ("Beaches",)
    assert state.battlefield.ground(Hex(2, 2)).names == ()
    assert not may_battle_after(state, at(state, 8, 0), 0)  # nobody battles from the ocean


def imported(*hexagons: dict[str, object]) -> GameState:
    """The game a small .m44 file sets up: the editor's tile names and behaviors, read by
    the import as a real file would be."""
    scenario, _ = from_m44({"board": {"type": "STANDARD", "hexagons": list(hexagons)}}, CATALOGUE)
    return start(scenario, CATALOGUE)


RIVER = [{"row": 7, "col": c, "terrain": {"name": "river", "orientation": 1}} for c in range(1, 24, 2) if c != 13]
ARMOR = {"row": 8, "col": 12, "unit": {"name": "tankus"}}
ENEMY = {"row": 0, "col": 24, "unit": {"name": "infger"}}


@pytest.mark.rule("fords")
def test_a_fordable_stream_is_entered_and_stops_a_unit() -> None:
    stream = {"row": 7, "col": 13, "terrain": {"name": "river", "orientation": 1, "behavior": "FORDABLE_STREAM"}}
    state = imported(*RIVER, stream, ARMOR, ENEMY)
    steps = reachable(state, at(state, 8, 12))
    assert steps[Hex(7, 13)].hexes == 1 and all(h.row >= 7 for h in steps)  # entered, and it stops there
    plain = imported(*RIVER, {**stream, "terrain": {"name": "river", "orientation": 1}}, ARMOR, ENEMY)
    assert all(h.row == 8 for h in reachable(plain, at(plain, 8, 12)))  # without the behavior: a river


@pytest.mark.rule("fords")
def test_a_unit_may_stand_on_a_fordable_stream() -> None:
    scenario, _ = from_m44(
        {
            "board": {
                "hexagons": [
                    {"row": 7, "col": 13, "terrain": {"name": "curve", "behavior": "FORDABLE_STREAM"}, **ARMOR},
                    ENEMY,
                ]
            }
        },
        CATALOGUE,
    )
    assert "unit.impassable" not in {i.code for i in validate(scenario, CATALOGUE)}


@pytest.mark.rule("fords")
def test_a_ford_crosses_a_river_and_stops_a_unit() -> None:
    tile = {"row": 7, "col": 13, "terrain": {"name": "river"}, "rect_terrain": {"name": "ford"}}
    marked = {"row": 7, "col": 13, "terrain": {"name": "river", "behavior": "FORD"}}
    for ford in (tile, marked):
        state = imported(*RIVER, ford, ARMOR, ENEMY)
        steps = reachable(state, at(state, 8, 12))
        assert steps[Hex(7, 13)].hexes == 1 and all(h.row >= 7 for h in steps)


@pytest.mark.rule("winter-terrain")
def test_winter_rivers_and_marshes_are_rivers_and_marshes() -> None:
    winter = [{"row": 7, "col": c, "terrain": {"name": "wriver"}} for c in range(1, 24, 2)]
    state = imported(*winter, ARMOR, ENEMY)
    assert all(h.row == 8 for h in reachable(state, at(state, 8, 12)))
    marsh = imported({"row": 7, "col": 13, "terrain": {"name": "wmarshes"}}, ARMOR, ENEMY)
    assert marsh.battlefield.ground(Hex(7, 13)).names == ("Marshes",)
    steps = reachable(marsh, at(marsh, 8, 12))
    assert steps[Hex(7, 13)].hexes == 1 and all(Hex(7, 13) not in s.path[:-1] for s in steps.values())
