"""The terrain's defensive bonus (HoN core p.18): "In order to receive any bonuses from a
Terrain Element, a unit must be completely inside that Terrain Element" - a counter of two or
four squares only when every square is in the one element."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.catalogue.units import DefenseColour
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.events.combat import FireEvent
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.combat import aim
from builder.heroes.rules.resolution.cover import cover, cover_table, terrain_bonus
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from tests.fixtures.rules.boards import TANK, element, field, piece, placed_line, unit
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry
from tests.heroes.rules import piece as infantry_piece

GUNNER = unit("gunner", footprint=2)  # a two-square infantry counter (a cannon and its crew)
# Two ruins side by side, each giving +2 to vehicles and infantry: columns 2-3 and 4-5, rows 0-3.
RUINS = {"defense": {"heavy": 2, "infantry": 2}}
WEST = element("West ruin", [(c, r) for c in (2, 3) for r in range(4)], RUINS, key="west")
EAST = element("East ruin", [(c, r) for c in (4, 5) for r in range(4)], RUINS, key="east")
BOARD = field("\n".join(["........"] * 6), extra=[WEST, EAST])


def state_with(*pieces: Piece) -> GameState:
    return GameState(scenario(), BOARD, HON, ("a", "b"), "a", {p.key: p for p in pieces})


@pytest.mark.rule("defensive-bonus")
def test_a_two_square_counter_has_the_bonus_only_completely_inside_one_element() -> None:
    """HoN core p.18: completely inside, +2; half in, half out: nothing; straddling two
    elements that each give +2: not completely inside either, nothing."""
    inside = piece("in", ((2, 1), (2, 2)), kind=TANK, facing=NORTH)
    half = piece("half", ((2, 3), (2, 4)), kind=TANK, facing=NORTH)
    astride = piece("astride", ((3, 1), (4, 1)), kind=TANK)
    gunners = piece("gunners", ((4, 2), (5, 2)), kind=GUNNER)
    state = state_with(inside, half, astride, gunners)
    assert cover(state, inside) == 2
    assert cover(state, half) == 0
    assert cover(state, astride) == 0
    assert cover(state, gunners) == 2  # infantry too, by its own colour
    # A one-square unit on any square of an element has it.
    assert cover(state, piece("rifles", (3, 3))) == 2


@pytest.mark.rule("defensive-bonus")
def test_a_shot_at_a_counter_half_in_cover_gets_no_defensive_bonus() -> None:
    """The bonus a Firing Action's target gets (HoN core p.15, p.18) follows the same rule."""
    half = piece("half", ((2, 3), (2, 4)), kind=TANK, facing=NORTH, owner="b")
    inside = piece("inside", ((3, 1), (3, 2)), kind=TANK, facing=NORTH, owner="b")
    firer = infantry_piece(infantry(heavy=2), (7, 5), key="firer")
    state = state_with(half, inside, firer)
    exposed, covered = shot_at(state, firer, half), shot_at(state, firer, inside)
    assert exposed is not None and exposed.terrain == 0
    assert covered is not None and covered.terrain == 2


@pytest.mark.rule("defensive-bonus")
def test_a_four_square_counter_needs_all_four_squares_in_the_element() -> None:
    """The rule holds for a 2x2 counter as well (HoN core p.18)."""
    state = state_with()
    table = cover_table(state, DefenseColour.HEAVY)
    assert terrain_bonus(state, table, ((2, 0), (3, 0), (2, 1), (3, 1))) == 2
    assert terrain_bonus(state, table, ((3, 0), (4, 0), (3, 1), (4, 1))) == 0  # across both ruins
    assert terrain_bonus(state, table, ((2, 3), (3, 3), (2, 4), (3, 4))) == 0  # half outside


# A hedge-like line along the top of row 2 (between rows 1 and 2), columns 0-5: +1 to infantry
# behind it and obscuring by 1 (BfC p.04, points 3-5).
HEDGE = placed_line("line", [(0, 2), (6, 2)], obscures=1, defense={"infantry": 1})
OPEN_ROWS = "\n".join(["......"] * 5)


@pytest.mark.rule("line")
def test_a_shot_across_a_line_gives_the_target_its_defensive_bonus() -> None:
    """BfC p.04, point 3: "the shot gets a total of -2 and the defender gets +1" - each line
    crossed adds its defensive bonus to the target; a firer adjacent to the line is not
    affected by it (BfC p.04, point 4; icon summary: "A Line affects the Firing Actions of
    Units not adjacent to it")."""
    board = field(OPEN_ROWS, lines=[HEDGE])
    target = infantry_piece(infantry(), (1, 0), key="target", owner="b")
    far = infantry_piece(infantry(heavy=2), (1, 4), key="far")
    near = infantry_piece(infantry(heavy=2), (3, 2), key="near")
    state = GameState(scenario(), board, HON, ("a", "b"), "a", {p.key: p for p in (target, far, near)})
    across = shot_at(state, far, target)
    assert across is not None and across.terrain == 1
    adjacent = shot_at(state, near, target)
    assert adjacent is not None and adjacent.terrain == 0
    # A shot that does not cross the line gives nothing.
    beside = infantry_piece(infantry(heavy=2), (4, 0), key="beside")
    state.pieces[beside.key] = beside
    level = shot_at(state, beside, target)
    assert level is not None and level.terrain == 0


@pytest.mark.rule("line")
def test_a_line_bounding_a_terrain_element_gives_its_bonus_only_inside_it() -> None:
    """BfC p.04, point 5: a line linked to a defensive bonus that surrounds a set of squares
    makes a terrain element (a trench); only the units inside it have the bonus, through the
    element; a target outside it, behind the line, has none."""
    trench = element("Trench", [(c, 2) for c in range(6)], {"defense": {"infantry": 2}}, key="trench")
    rim = placed_line("line", [(0, 2), (6, 2)], defense={"infantry": 2})
    board = field(OPEN_ROWS, extra=[trench], lines=[rim])
    outside = infantry_piece(infantry(), (1, 0), key="outside", owner="b")
    inside = infantry_piece(infantry(), (4, 2), key="inside", owner="b")
    firer = infantry_piece(infantry(heavy=2), (1, 4), key="firer")
    state = GameState(scenario(), board, HON, ("a", "b"), "a", {p.key: p for p in (outside, inside, firer)})
    behind = shot_at(state, firer, outside)
    assert behind is not None and behind.terrain == 0
    within = shot_at(state, firer, inside)
    assert within is not None and within.terrain == 2


@pytest.mark.rule("defender")
def test_a_defender_gives_plus_1_to_allied_infantry_in_its_zone_of_control() -> None:
    """BfC p.08, Defender: "This unit grants +1 to the Defense Value of allied Infantry Units
    in its ZoC" - not to itself, not to an enemy, not beyond its ZoC; 4 + 1 = 5 to reach."""
    board = field(OPEN_ROWS)
    guarding = infantry(abilities=[{"id": "defender"}], reduced_abilities=[{"id": "defender"}], unit_id="guard")
    guard = infantry_piece(guarding, (2, 0), key="guard", owner="b")
    covered = infantry_piece(infantry(), (3, 0), key="covered", owner="b")
    alone = infantry_piece(infantry(), (5, 0), key="alone", owner="b")
    firer = infantry_piece(infantry(heavy=2), (3, 4), key="firer")
    state = GameState(scenario(), board, HON, ("a", "b"), "a", {p.key: p for p in (guard, covered, alone, firer)})
    shot = shot_at(state, firer, covered)
    assert shot is not None and [m.page for m in shot.defense_bonuses] == ["BfC p.08"]
    assert aim(shot, HON).defense == 5
    for uncovered in (alone, guard):
        other = shot_at(state, firer, uncovered)
        assert other is not None and other.defense_bonuses == () and aim(other, HON).defense == 4
    # "If this unit is Destroyed, this effect persists until the end of the present
    # Activation Phase": destroyed by a double hit (2 + 6 = 8 against 4), it still covers.
    from builder.heroes.rules.actions.kinds import Fire
    from builder.heroes.rules.events.game import Phase
    from builder.heroes.rules.turn import activation_phase
    from builder.heroes.rules.turn_context import Turn
    from builder.kernel.dice import LoadedDice

    state.pieces["guard"] = replace(guard, side_index=1)
    Turn(state, LoadedDice([6]), Phase.ACTIVATION).perform("firer", Fire(((None, "guard"),)))
    assert "guard" not in state.pieces
    again = shot_at(state, firer, covered)
    assert again is not None and aim(again, HON).defense == 5
    activation_phase(state, {}, {}, LoadedDice([]))  # the phase ends
    after = shot_at(state, firer, covered)
    assert after is not None and aim(after, HON).defense == 4


@pytest.mark.rule("substitute")
def test_a_substitute_suffers_the_hit_in_place_of_a_heavy_weapon_within_2_squares() -> None:
    """BfC p.08, Substitute: "This unit can suffer Hits in place of a Heavy Weapon unit
    (outlined in red) within 2 squares provided it has a LoS (obscured or clear) to that other
    unit". hon always lets it; the Heavy Weapon is untouched, the Substitute flips."""
    from builder.heroes.catalogue.units import Role
    from builder.heroes.rules.actions.kinds import Fire
    from builder.heroes.rules.events.game import Phase
    from builder.heroes.rules.turn_context import Turn
    from builder.kernel.dice import LoadedDice
    from tests.fixtures.rules.boards import unit as board_unit

    gun = board_unit("mg-team").model_copy(update={"role": Role.HEAVY_WEAPON})
    board = field(OPEN_ROWS)
    weapon = piece("gun", (2, 0), "b", gun)
    crew = piece("crew", (4, 0), "b", board_unit("loaders", abilities=["substitute"]))
    firer = infantry_piece(infantry(heavy=2), (2, 4), key="firer")
    state = GameState(scenario(), board, HON, ("a", "b"), "a", {p.key: p for p in (weapon, crew, firer)})
    turn = Turn(state, LoadedDice([3]), Phase.ACTIVATION)  # 2 + 3 = 5 against 4: a hit
    turn.perform("firer", Fire(((None, "gun"),)))
    assert state.pieces["gun"].side_index == 0 and state.pieces["crew"].side_index == 1
    shot = turn.frames[-1].event
    assert isinstance(shot, FireEvent) and (shot.substitute, shot.substitute_page) == ("crew", "BfC p.08")
    # Three squares away it cannot: the Heavy Weapon takes the hit itself.
    state.pieces["crew"] = replace(crew, squares=((5, 0),))
    Turn(state, LoadedDice([3]), Phase.ACTIVATION).perform("firer", Fire(((None, "gun"),)))
    assert state.pieces["gun"].side_index == 1


@pytest.mark.rule("charge")
def test_a_charge_firing_action_disregards_range_restrictions() -> None:
    """BfC p.08, Charge: "This free attack disregards range restrictions" - at night (shots
    reach 7 squares at most, HoN core) a charging unit still fires from 9 squares away."""
    from builder.heroes.catalogue.base import Game
    from builder.heroes.rules.ruleset import ruleset_for

    board = field("\n".join(["." * 12] * 2))
    target = infantry_piece(infantry(), (10, 0), key="target", owner="b")
    firer = infantry_piece(infantry(heavy=2), (1, 0), key="firer")
    night = ruleset_for(Game.HON, night=True)
    state = GameState(scenario(), board, night, ("a", "b"), "a", {p.key: p for p in (target, firer)})
    assert shot_at(state, firer, target) is None
    charged = shot_at(state, firer, target, charge=True)
    assert charged is not None and charged.free_of_range
