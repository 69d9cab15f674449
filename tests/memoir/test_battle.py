"""Battle: dice by range, terrain and obstacles, close assault, dice faces, hits, retreats
(M44 summary, "Battle", "Range and hit dice rolled", "Resolving battles", "Retreats",
"Terrain", "Fixed obstacles")."""

from __future__ import annotations

import pytest

from builder.kernel.decisions import IllegalChoice
from builder.kernel.dice import LoadedDice
from builder.memoir.catalogue import UnitType
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle import battle_dice, fallbacks, retreat, targets
from builder.memoir.rules.battle_dice import Result
from builder.memoir.rules.state import GameState
from builder.memoir.rules.turn import Turn
from tests.memoir.helpers import ALLIES, AXIS, answering, at, game, nearest, place, unit


def dice_at(kind: str, distance: int, terrain: str | None = None, **ground: str) -> int:
    state = game(
        place(8, 0, unit=unit(kind, ALLIES)), place(8, 2 * distance, terrain, unit=unit("infantry", AXIS), **ground)
    )
    return battle_dice(state, at(state, 8, 0), at(state, 8, 2 * distance)).count


def dice_at_from(kind: str, terrain: str, **ground: str) -> int:
    """The dice of a unit battling an adjacent enemy from `terrain` (with `ground` laid on it)."""
    state = game(place(8, 0, terrain, unit=unit(kind, ALLIES), **ground), place(8, 2, unit=unit("infantry", AXIS)))
    return battle_dice(state, at(state, 8, 0), at(state, 8, 2)).count


@pytest.mark.rule("range-dice")
def test_dice_by_range() -> None:
    assert [dice_at("infantry", d) for d in range(1, 5)] == [3, 2, 1, 0]
    assert [dice_at("armor", d) for d in range(1, 5)] == [3, 3, 3, 0]
    assert [dice_at("artillery", d) for d in range(1, 8)] == [3, 3, 2, 2, 1, 1, 0]


@pytest.mark.rule("terrain")
def test_terrain_reduces_infantry_and_armor_not_artillery() -> None:
    assert dice_at("infantry", 1, "woods") == 2
    assert dice_at("armor", 1, "woods") == 1
    assert dice_at("artillery", 1, "woods") == 3


@pytest.mark.rule("best-obstacle")
def test_only_the_best_reduction_counts() -> None:
    # A town (-1 infantry, -2 armor) with sandbags (-1, -1): the best, never the sum.
    assert dice_at("infantry", 1, "town", obstacle="sandbags") == 2
    assert dice_at("armor", 1, "town", obstacle="sandbags") == 1
    assert dice_at("armor", 1, None, obstacle="sandbags") == 2


def test_battling_from_a_town_handicaps_armor() -> None:
    state = game(place(8, 0, "town", unit=unit("armor", ALLIES)), place(8, 2, unit=unit("infantry", AXIS)))
    found = battle_dice(state, at(state, 8, 0), at(state, 8, 2))
    assert found.count == 1 and [m.value for m in found.modifiers] == [3, -2]


def test_a_hill_protects_only_against_attackers_below() -> None:
    below = game(place(8, 0, unit=unit("infantry", ALLIES)), place(8, 2, "hill", unit=unit("infantry", AXIS)))
    assert battle_dice(below, at(below, 8, 0), at(below, 8, 2)).count == 2
    level = game(place(8, 0, "hill", unit=unit("infantry", ALLIES)), place(8, 2, "hill", unit=unit("infantry", AXIS)))
    assert battle_dice(level, at(level, 8, 0), at(level, 8, 2)).count == 3


@pytest.mark.rule("artillery-sight")
def test_artillery_fires_over_obstructions() -> None:
    hexes = (place(8, 2, "woods"), place(8, 6, unit=unit("infantry", AXIS)))
    gun = game(place(8, 0, unit=unit("artillery", ALLIES)), *hexes)
    assert [t.key for t in targets(gun, at(gun, 8, 0))] == ["axis-1"]
    rifles = game(place(8, 0, unit=unit("armor", ALLIES)), *hexes)
    assert targets(rifles, at(rifles, 8, 0)) == []


@pytest.mark.rule("close-assault")
def test_an_adjacent_enemy_must_be_close_assaulted() -> None:
    state = game(
        place(8, 4, unit=unit("infantry", ALLIES)),
        place(7, 5, unit=unit("artillery", AXIS)),
        place(8, 0, unit=unit("infantry", AXIS)),
    )
    assert [t.place for t in targets(state, at(state, 8, 4))] == [Hex(7, 5)]


@pytest.mark.rule("dice-faces")
def test_faces_score_hits_by_target_type() -> None:
    every_face = (1, 2, 3, 4, 5, 6)  # infantry, infantry, armor, grenade, star, flag
    assert Result(every_face, UnitType.INFANTRY).hits == 3
    assert Result(every_face, UnitType.ARMOR).hits == 2
    assert Result(every_face, UnitType.ARTILLERY).hits == 1
    assert Result(every_face, UnitType.INFANTRY).flags == 1
    assert Result((5, 5, 5), UnitType.INFANTRY).hits == 0  # stars miss


@pytest.mark.rule("casualties")
def test_losses_do_not_change_the_dice() -> None:
    for figures in (1, 4):
        state = game(
            place(8, 0, unit=unit("infantry", ALLIES, figures=figures)), place(8, 4, unit=unit("infantry", AXIS))
        )
        assert battle_dice(state, at(state, 8, 0), at(state, 8, 4)).count == 2


def test_hits_remove_figures() -> None:
    state = game(place(8, 0, unit=unit("infantry", ALLIES)), place(8, 2, unit=unit("infantry", AXIS)))
    turn = Turn(state, ALLIES, answering(state, "axis-1"), LoadedDice([1, 4, 3]))
    turn.battle(at(state, 8, 0), overrun_left=False)
    assert at(state, 8, 2).figures == 4 - 2  # infantry and grenade hit, armor misses


@pytest.mark.rule("retreat")
def test_a_flag_moves_the_target_back_towards_its_side() -> None:
    state = game(place(4, 4, unit=unit("infantry", AXIS)), place(8, 0, unit=unit("infantry", ALLIES)))
    target = at(state, 4, 4)
    done = retreat(state, target, 2, nearest)
    assert target.place.row == 2 and done.blocked == 0 and target.figures == 4
    allies = game(place(4, 4, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("infantry", AXIS)))
    retreat(allies, at(allies, 4, 4), 1, nearest)
    assert allies.at(Hex(5, 3)) is not None or allies.at(Hex(5, 5)) is not None


@pytest.mark.rule("retreat")
def test_the_retreating_side_chooses_each_hex_back() -> None:
    # Two flags on the Axis unit at (4,4): its side is asked twice, and it goes where it says.
    def battle(*answers: object) -> GameState:
        state = game(place(4, 4, unit=unit("infantry", AXIS)), place(6, 4, unit=unit("armor", ALLIES)))
        turn = Turn(state, ALLIES, answering(state, "axis-1", *answers), LoadedDice([6, 6, 5]))  # flag, flag, star
        turn.battle(at(state, 6, 4), overrun_left=False)
        return state

    state = battle(Hex(3, 5), Hex(2, 6))
    assert at(state, 2, 6).key == "axis-1" and at(state, 2, 6).figures == 4
    with pytest.raises(IllegalChoice):
        battle(Hex(4, 6))  # a hex sideways is no retreat


@pytest.mark.rule("blocked-retreat")
def test_a_blocked_retreat_costs_a_figure_each() -> None:
    state = game(place(0, 4, unit=unit("infantry", AXIS)), place(8, 0, unit=unit("armor", ALLIES)))
    turn = Turn(state, ALLIES, answering(state, "axis-1"), LoadedDice([6, 6, 5]))  # two flags, a star
    attacker = at(state, 8, 0)
    state.move(attacker, Hex(2, 4))
    turn.battle(attacker, overrun_left=False)
    target = at(state, 0, 4)
    assert target.figures == 2  # on its baseline: both retreat moves fail
    behind = game(
        place(2, 4, unit=unit("infantry", AXIS)),
        place(1, 3, unit=unit("infantry", AXIS)),
        place(1, 5, "river"),
        place(8, 0, unit=unit("infantry", ALLIES)),
    )
    done = retreat(behind, at(behind, 2, 4), 1, nearest)
    assert done.blocked == 1 and done.end == Hex(2, 4)


@pytest.mark.rule("ignore-flag")
def test_sandbags_ignore_the_first_flag() -> None:
    state = game(
        place(4, 4, obstacle="sandbags", unit=unit("infantry", AXIS)), place(8, 0, unit=unit("infantry", ALLIES))
    )
    target = at(state, 4, 4)
    done = retreat(state, target, 2, nearest)
    assert done.ignored == 1 and target.place.row == 3


def test_a_retreat_may_not_end_in_the_ocean() -> None:
    state = game(
        place(6, 4, unit=unit("infantry", ALLIES)),
        place(7, 3, "ocean"),
        place(7, 5, "ocean"),
        place(0, 0, unit=unit("infantry", AXIS)),
    )
    done = retreat(state, at(state, 6, 4), 1, nearest)
    assert done.blocked == 1 and at(state, 6, 4).figures == 4  # the figure is taken by the caller (Turn.lose)


@pytest.mark.rule("french-resistance")
def test_french_resistance_may_retreat_up_to_three_hexes_a_flag() -> None:
    state = game(
        place(2, 4, unit=unit("infantry", ALLIES, "french-resistance")), place(0, 0, unit=unit("infantry", AXIS))
    )
    target = at(state, 2, 4)
    offered = fallbacks(state, target)
    assert {h.row for h in offered} == {3, 4, 5} and Hex(5, 3) in offered  # 1, 2 or 3 hexes back
    done = retreat(state, target, 1, lambda options, flags: Hex(5, 3))
    assert (done.end, done.blocked, target.figures) == (Hex(5, 3), 0, 3)  # 3 hexes back, no loss
    plain = game(place(2, 4, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("infantry", AXIS)))
    assert fallbacks(plain, at(plain, 2, 4)) == (Hex(3, 3), Hex(3, 5))  # the standard 1


@pytest.mark.rule("french-resistance")
def test_french_resistance_still_loses_a_figure_when_it_cannot_retreat() -> None:
    state = game(
        place(7, 3, unit=unit("infantry", ALLIES, "french-resistance")),
        place(8, 2, unit=unit("infantry", ALLIES)),
        place(8, 4, unit=unit("infantry", ALLIES)),
        place(0, 0, unit=unit("infantry", AXIS)),
    )
    done = retreat(state, at(state, 7, 3), 1, nearest)
    assert (done.end, done.blocked) == (Hex(7, 3), 1)  # the first hex back is not optional: a figure lost


@pytest.mark.rule("fords")
def test_battling_from_a_ford_costs_a_die() -> None:
    assert dice_at("infantry", 1) - 1 == dice_at_from("infantry", "river", feature="ford")
