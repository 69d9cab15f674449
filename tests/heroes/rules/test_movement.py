"""Movement Actions (HoN core p.9-10, p.18-20; BfC p.05; SoN p.5, p.11-12): one hand-made
board per rule, with a move the rule allows and one it forbids."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.events.game import ClearEvent, MoveEvent, MoveStop, Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import DIFFICULT, allowance
from builder.heroes.rules.geometry.reach import assault_path, reachable, reachable_squares
from builder.heroes.rules.pieces import EAST, NORTH, NORTH_EAST
from builder.heroes.rules.ruleset import HON, SON
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import BEAST, JEEP, RIFLES, TANK, WYRM, element, field, piece, placed_line, unit
from tests.fixtures.rules.games import game

OPEN = field("\n".join(["........"] * 6))


@pytest.mark.rule("movement")
def test_infantry_moves_its_movement_value_diagonals_included() -> None:
    mover = piece("m", (0, 0))
    found = reachable_squares(OPEN, [mover], mover, HON)
    assert found[(4, 4)].cost == 4 and found[(4, 0)].cost == 4
    assert (5, 5) not in found and (5, 0) not in found
    assert found[(0, 0)].cost == 0  # a 0 move
    assert found[(2, 2)].positions[0].square == (0, 0) and found[(2, 2)].destination.square == (2, 2)


@pytest.mark.rule("suppressed", "movement")
def test_x_movement_and_suppressed_markers() -> None:
    frozen = piece("x", (3, 3), kind=unit("gun", movement=None))
    assert allowance(frozen) is None
    assert list(reachable_squares(OPEN, [frozen], frozen, HON)) == [(3, 3)]
    once = piece("s", (3, 3), suppressed=1)
    assert allowance(once) == 2
    assert max(p.cost for p in reachable_squares(OPEN, [once], once, HON).values()) == 2
    twice = piece("s", (3, 3), suppressed=2)  # 4 - 2 x 2 = 0: immobilised (HoN core p.9)
    assert list(reachable_squares(OPEN, [twice], twice, HON)) == [(3, 3)]


@pytest.mark.rule("moving-through-units")
def test_infantry_passes_friends_without_stopping_and_never_enemies_or_vehicles() -> None:
    lane = field("""
    .....
    ##.##
    .....
    """)
    mover = piece("m", (2, 0))
    friend = piece("f", (2, 1))
    found = reachable_squares(lane, [mover, friend], mover, HON)
    assert (2, 2) in found and (2, 1) not in found
    enemy = piece("e", (2, 1), "b")
    assert (2, 2) not in reachable_squares(lane, [mover, enemy], mover, HON)
    jeep = piece("j", (2, 1), "a", JEEP)
    assert (2, 2) not in reachable_squares(lane, [mover, jeep], mover, HON)


@pytest.mark.rule("moving-through-units", "running-over-infantry")
def test_vehicles_drive_through_infantry_but_end_on_it_only_running_it_over() -> None:
    lane = field("""
    .....
    ##.##
    .....
    """)
    jeep = piece("j", (2, 0), "a", JEEP)
    enemy = piece("e", (2, 1), "b")
    found = reachable_squares(lane, [jeep, enemy], jeep, HON)
    assert (2, 2) in found and (2, 1) not in found
    assert (2, 1) in reachable_squares(lane, [jeep, enemy], jeep, HON, run_over=True)


@pytest.mark.rule("running-over-infantry")
def test_a_two_square_vehicle_drives_through_enemy_infantry_never_through_an_enemy_vehicle() -> None:
    """HoN core p.10: a vehicle "may pass through a square that contains an allied or enemy
    Infantry unit" and ends on it only running it over; nothing passes through an enemy
    vehicle's square (p.9-10: only infantry may be passed through)."""
    lane = field("\n".join(["#.#"] * 7))
    armour = piece("t", ((1, 5), (1, 6)), "a", TANK, facing=NORTH)
    beyond = Position(((1, 1), (1, 2)), NORTH)
    rifles = piece("e", (1, 3), "b")
    found = reachable(lane, [armour, rifles], armour, HON)
    assert beyond in found and any((1, 3) in p.squares for p in found[beyond].positions)
    assert not any((1, 3) in end.squares for end in found)  # it may not stop on them…
    run_over = reachable(lane, [armour, rifles], armour, HON, run_over=True)
    assert any((1, 3) in end.squares for end in run_over)  # …unless it runs them over
    enemy_jeep = piece("j", (1, 3), "b", JEEP)
    found = reachable(lane, [armour, enemy_jeep], armour, HON, run_over=True)
    assert beyond not in found and not any((1, 3) in end.squares for end in found)
    assert all((1, 3) not in p.squares for end in found for p in found[end].positions)


@pytest.mark.rule("difficult-passage", "son-difficult-passage")
def test_entering_a_difficult_passage_ends_the_move() -> None:
    board = field("""
    ..DD..
    ......
    """)
    mover = piece("m", (0, 0))
    found = reachable_squares(board, [mover], mover, HON)
    assert found[(2, 0)].stopped == "difficult passage"
    assert (3, 0) not in found or found[(3, 0)].positions[-2].square not in ((2, 0),)
    # Starting inside, it advances one square within it and stops there (HoN core p.18).
    inside = piece("m", (2, 0))
    found = reachable_squares(board, [inside], inside, HON)
    assert found[(3, 0)].cost == 1 and found[(3, 0)].stopped == DIFFICULT
    assert not found[(3, 0)].working_through  # it entered another square of the passage
    assert (4, 0) not in found  # working its way out, it advances one square only


@pytest.mark.rule("difficult-passage")
def test_a_unit_working_its_way_through_a_difficult_passage_advances_one_square() -> None:
    """HoN core p.18: "A unit working its way through a Difficult Passage area can only
    advance 1 square before ending its Movement Action" - out of it or within it."""
    board = field("""
    ......
    ..DD..
    ......
    """)
    inside = piece("m", (2, 1))
    found = reachable_squares(board, [inside], inside, HON)
    assert set(found) == {(c, r) for c in (1, 2, 3) for r in (0, 1, 2)}
    assert found[(1, 1)].cost == 1 and found[(1, 1)].stopped == DIFFICULT and found[(1, 1)].working_through
    assert found[(3, 1)].stopped == DIFFICULT  # into another square of it: stops as well
    # A Scout move ignores difficult passages (HoN core p.26).
    assert (5, 1) in reachable_squares(board, [inside], inside, HON, ignore_difficult=True)
    # The next Movement Action, out of the passage, goes at full speed.
    out = piece("m", (1, 1))
    onward = reachable_squares(board, [out], out, HON)[(4, 0)]
    assert onward.cost == 3 and onward.stopped is None


def test_moving_out_of_a_difficult_passage_is_narrated_with_its_page() -> None:
    """The Movement Action that works its way out of a difficult passage says so and cites
    HoN core p.18."""
    inside = piece("m", (2, 1))
    state = game("......\n..DD..\n......", [inside])
    path = reachable_squares(state.battlefield, [inside], inside, HON)[(1, 1)]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("m", Move(path))
    (event,) = turn.events[-1:]
    assert isinstance(event, MoveEvent)
    assert (event.stopped, event.page) == (MoveStop.WORKING_THROUGH, "HoN core p.18")


@pytest.mark.rule("amphibious", "water", "impassable-to", "son-impassable-to", "son-water")
def test_terrain_impassable_to_some_types_and_water() -> None:
    board = field("""
    .T.
    ~..
    """)
    jeep = piece("j", (0, 0), "a", JEEP)
    rifles = piece("r", (0, 0))
    assert (1, 0) not in reachable_squares(board, [jeep], jeep, HON)
    assert (1, 0) in reachable_squares(board, [rifles], rifles, HON)
    assert (0, 1) not in reachable_squares(board, [rifles], rifles, HON)
    frogs = piece("f", (1, 1), kind=unit("frogmen", abilities=["amphibious"]))
    assert (0, 1) in reachable_squares(board, [frogs], frogs, HON)


@pytest.mark.rule("amphibious", "amphibious-only")
def test_a_red_bordered_amphibious_unit_moves_only_in_water() -> None:
    """SoN p.18, Special Movement (Amphibious): "If the symbol is surrounded by a red border,
    this means that the unit can only move in spaces with this symbol" - water; a plain
    amphibious unit goes ashore too (HoN core p.18), on the same battlefield's tables."""
    river = element("River", [(c, 0) for c in range(4)], {"water": True})
    board = field("....\n....", extra=[river])
    frogs = piece("f", (0, 0), kind=unit("frogmen", abilities=["amphibious"]))
    assert {(3, 0), (0, 1)} <= set(reachable_squares(board, [frogs], frogs, HON))
    eels = piece("e", (0, 0), kind=unit("eels", abilities=["amphibious", "amphibious-only"]))
    found = reachable_squares(board, [eels], eels, HON)
    assert (3, 0) in found and not any(square[1] == 1 for square in found)


@pytest.mark.rule("vehicle-movement", "impassable")
def test_a_unit_may_move_diagonally_between_two_impassable_squares() -> None:
    board = field("""
    .#
    #.
    """)
    jeep = piece("j", (0, 0), "a", JEEP)
    assert (1, 1) in reachable_squares(board, [jeep], jeep, HON)


HOUSE = field(
    """
.....
.BB..
.BB..
.....
""",
    doors=[((1, 2), (1, 3))],
    windows=[((2, 1), (3, 1))],
)


@pytest.mark.rule("urban-fighter", "buildings", "son-buildings")
def test_a_building_is_entered_only_through_its_doors() -> None:
    mover = piece("m", (3, 1))
    found = reachable_squares(HOUSE, [mover], mover, HON)
    # Round to the door at the back: [3, 2], [2, 3], [1, 3] and in; never through the window.
    assert found[(1, 2)].cost == 4 and found[(1, 2)].squares_entered()[-2:] == ((1, 3), (1, 2))
    assert (2, 1) not in found
    window_man = piece("u", (3, 1), kind=unit("urban", abilities=["urban-fighter"]))
    assert reachable_squares(HOUSE, [window_man], window_man, HON)[(2, 1)].cost == 1


@pytest.mark.rule("urban-fighter")
def test_an_urban_fighter_climbs_no_bunker_window() -> None:
    """BfC p.09 (SoN p.19), Urban Fighter: "The unit can enter or exit a building by any
    opening (door or window) ... This does not enable it to enter bunkers"."""
    bunker = element(
        "Bunker",
        [(1, 1), (2, 1), (1, 2), (2, 2)],
        {"building": True},
        doors=[((1, 2), (1, 3))],
        windows=[((2, 1), (3, 1))],
    )
    board = field(".....\n.....\n.....\n.....", extra=[bunker])
    window_man = piece("u", (3, 1), kind=unit("urban", abilities=["urban-fighter"]))
    found = reachable_squares(board, [window_man], window_man, HON)
    assert (2, 1) not in found and found[(1, 2)].cost == 4  # round by the door, not through the firing slit
    assert reachable_squares(HOUSE, [window_man], window_man, HON)[(2, 1)].cost == 1  # a house's window will do


def test_nobody_steps_through_a_building_corner() -> None:
    mover = piece("m", (0, 3))
    found = reachable_squares(HOUSE, [mover], mover, HON)
    assert found[(1, 2)].cost == 2  # not 1: [0, 3] to [1, 2] would cut the corner


@pytest.mark.rule("buildings")
def test_vehicles_squeeze_between_buildings_touching_at_a_corner() -> None:
    # HoN core p.20: "when two buildings are adjacent diagonally, vehicles may move or stop in between".
    board = field("""
    .B.
    B..
    """)
    jeep = piece("j", (0, 0), "a", JEEP)
    assert (1, 1) in reachable_squares(board, [jeep], jeep, HON)


@pytest.mark.rule("no-passage", "son-no-passage")
def test_no_passage_edges_stop_movement_and_straight_lines_of_them_stop_diagonals() -> None:
    hedge = [((0, 0), (0, 1)), ((1, 0), (1, 1))]  # a hedge along the row boundary
    board = field("...\n...", no_passage=hedge)
    mover = piece("m", (0, 0), kind=unit("slow", movement=1))
    found = reachable_squares(board, [mover], mover, HON)
    assert (0, 1) not in found and (1, 1) not in found
    assert (2, 1) not in found
    short = field("...\n...", no_passage=hedge[:1])
    assert (1, 1) in reachable_squares(short, [mover], mover, HON)  # round the end of the hedge


@pytest.mark.rule("barbed-hedgehog", "line")
def test_hedgehog_lines_bar_vehicles_and_stop_infantry() -> None:
    board = field("...\n...\n...", lines=[placed_line("hedgehog", [(0, 1), (3, 1)])])
    jeep = piece("j", (1, 0), "a", JEEP)
    assert not any(sq[1] > 0 for sq in reachable_squares(board, [jeep], jeep, HON))
    rifles = piece("r", (1, 0))
    found = reachable_squares(board, [rifles], rifles, HON)
    assert found[(1, 1)].stopped and (1, 2) not in found


@pytest.mark.rule("vehicle-movement")
def test_a_two_square_vehicle_counts_from_its_front_forward_and_its_rear_backward() -> None:
    tank = piece("t", ((3, 2), (3, 3)), "a", TANK, facing=NORTH)
    found = reachable(OPEN, [tank], tank, HON)
    assert found[Position(((3, 0), (3, 1)), NORTH)].cost == 2
    assert found[Position(((3, 4), (3, 5)), NORTH)].cost == 2  # backwards two
    # One 45° pivot per square entered: two squares forward can end facing north-east…
    assert found[Position(((4, 0), (3, 1)), NORTH_EAST)].cost == 2
    # …and a pivot in place costs one point per 45°.
    assert found[Position(((3, 2), (3, 3)), NORTH)].cost == 0
    turned = [p for p in found if p.squares[1] == (3, 3) and p.facing == EAST]
    assert turned and found[turned[0]].cost == 2
    assert all(len(p.squares) == 2 for p in found)


@pytest.mark.rule("difficult-passage")
def test_a_two_square_vehicle_is_free_of_a_difficult_passage_once_its_front_is_out() -> None:
    board = field("\n".join(["...", "...", "...", ".R.", "...", "...", "..."]))
    coming = piece("t", ((1, 5), (1, 6)), "a", TANK, facing=NORTH)
    found = reachable(board, [coming], coming, HON)
    assert found[Position(((1, 3), (1, 4)), NORTH)].stopped == "difficult passage"
    assert Position(((1, 2), (1, 3)), NORTH) not in found or found[Position(((1, 2), (1, 3)), NORTH)].cost > 3
    leaving = piece("t", ((1, 3), (1, 4)), "a", TANK, facing=NORTH)
    found = reachable(board, [leaving], leaving, HON)
    # Its front in the rubble, it works its way out: one square, then it stops (HoN core p.18).
    out = found[Position(((1, 2), (1, 3)), NORTH)]
    assert out.cost == 1 and out.stopped == DIFFICULT and out.working_through
    # Straight on is a second square: only by backing out first (its rear, which leads then,
    # is out of the rubble) and turning round, never in two points.
    assert found[Position(((1, 1), (1, 2)), NORTH)].cost > 2
    # Its front out of the rubble, it drives on while its rear crosses it (HoN core p.18).
    free = piece("t", ((1, 2), (1, 3)), "a", TANK, facing=NORTH)
    found = reachable(board, [free], free, HON)
    onward = found[Position(((1, 0), (1, 1)), NORTH)]
    assert onward.cost == 2 and onward.stopped is None
    # Going backwards the rear leads: a rear in the rubble works its way out one square.
    back = found[Position(((1, 3), (1, 4)), NORTH)]
    assert back.cost == 1 and back.stopped == DIFFICULT and back.working_through
    assert found[Position(((1, 4), (1, 5)), NORTH)].cost > 2


@pytest.mark.rule("difficult-passage", "son-difficult-passage")
def test_a_four_square_creature_works_its_way_out_of_a_difficult_passage_one_square() -> None:
    """SoN p.11: "To move within a Difficult Passage zone, the unit can move only one square
    at a time"; HoN core p.18 judges a counter of several squares by its leading end."""
    board = field("\n".join(["....", "....", ".RR.", "....", "....", "...."]))
    beast = piece("b", ((1, 2), (2, 2), (1, 3), (2, 3)), "a", BEAST, facing=NORTH)
    found = reachable(board, [beast], beast, SON)
    ahead = [p for p in found if frozenset(p.squares) == frozenset({(1, 1), (2, 1), (1, 2), (2, 2)})]
    assert ahead and all(found[p].stopped == DIFFICULT and found[p].working_through for p in ahead)
    assert not any(sq[1] == 0 for p in found for sq in p.squares)
    # Backing away, its rear leads and is out of the rubble: it goes on.
    assert any(frozenset(p.squares) == frozenset({(1, 4), (2, 4), (1, 5), (2, 5)}) for p in found)


@pytest.mark.rule("son-suppressed", "son-difficult-terrain")
def test_son_difficult_terrain_gives_a_marker_and_costs_two_more() -> None:
    board = field("""
    .S...
    """)
    mover = piece("m", (0, 0))
    found = reachable_squares(board, [mover], mover, SON)
    assert found[(1, 0)].suppressed == 1 and found[(1, 0)].cost == 3
    assert (2, 0) in found and (3, 0) not in found
    last = piece("m", (0, 0), kind=unit("slow", movement=1))
    assert reachable_squares(board, [last], last, SON)[(1, 0)].cost == 3  # entered with its last point


@pytest.mark.rule("large-creatures")
def test_a_four_square_creature_moves_as_a_block() -> None:
    beast = piece("b", ((2, 2), (3, 2), (2, 3), (3, 3)), "a", BEAST, facing=NORTH)
    found = reachable(OPEN, [beast], beast, SON)
    ahead = frozenset({(2, 0), (3, 0), (2, 1), (3, 1)})
    assert min(path.cost for p, path in found.items() if frozenset(p.squares) == ahead) == 2
    turned = [p for p in found if set(p.squares) == set(beast.squares) and p.facing == EAST]
    assert found[turned[0]].cost == 1  # 90° in place for a point (SoN p.5)
    assert not any(
        frozenset({(3, 2), (4, 2), (3, 3), (4, 3)}) == frozenset(p.squares) and found[p].cost < 2 for p in found
    )  # no sideways step: it turns, then advances


@pytest.mark.rule("large-creatures", "son-impassable", "son-impassable-to")
def test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings() -> None:
    board = field("""
    .V#B
    """)
    wyrm = piece("w", ((0, 0),), "a", unit("wyrmling", UnitType.LARGE_CREATURE, movement=4))
    found = reachable_squares(board, [wyrm], wyrm, SON)
    assert (1, 0) in found and (2, 0) not in found and (3, 0) not in found
    assert reachable(OPEN, [piece("w2", ((3, 2), (3, 3)), "a", WYRM)], piece("w2", ((3, 2), (3, 3)), "a", WYRM), SON)


@pytest.mark.rule("assault-launch")
def test_an_assault_ends_in_the_enemy_square() -> None:
    mover = piece("m", (0, 0))
    enemy = piece("e", (3, 0), "b")
    path = assault_path(OPEN, [mover, enemy], mover, enemy, HON)
    assert path is not None and path.destination.square == (3, 0) and path.cost == 3 and path.stopped == "assault"
    far = piece("e", (6, 0), "b")
    assert assault_path(OPEN, [mover, far], mover, far, HON) is None


# --- Properties --------------------------------------------------------------------------

W, H = 7, 6
square = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
rows = st.lists(st.lists(st.sampled_from("....T#~DBVS"), min_size=W, max_size=W), min_size=H, max_size=H)
kinds = st.sampled_from([RIFLES, JEEP, TANK, BEAST])


@pytest.mark.rule("movement")
@settings(max_examples=120, deadline=None)
@given(rows, st.sets(square, min_size=1, max_size=10), kinds, st.integers(0, 7))
def test_no_move_ever_ends_on_an_occupied_or_forbidden_square(
    grid: list[list[str]],
    spots: set[tuple[int, int]],
    kind: object,
    facing: int,
) -> None:
    from builder.heroes.catalogue.units import Unit
    from builder.heroes.rules.geometry.grid import footprint_squares
    from builder.heroes.rules.geometry.passage import passage_map

    assert isinstance(kind, Unit)
    board = field("\n".join("".join(r) for r in grid))
    start, *others = sorted(spots)
    if kind.footprint == 4:
        facing -= facing % 2
    squares = footprint_squares(start, facing, kind.footprint)
    passage = passage_map(board)
    if any(passage.refusal(sq, kind, kind.sides[0]) for sq in squares) or not passage.whole(squares):
        return
    mover = piece("mover", squares, "a", kind, facing=facing)
    crowd = [
        piece(f"o{i}", sq, "ab"[i % 2], RIFLES if i % 3 else JEEP) for i, sq in enumerate(others) if sq not in squares
    ]
    taken = {sq for p in crowd for sq in p.squares}
    for position in reachable(board, [mover, *crowd], mover, SON if kind is BEAST else HON):
        assert not taken & set(position.squares)
        assert all(passage.refusal(sq, kind, kind.sides[0]) is None for sq in position.squares)


@pytest.mark.rule("engineer", "barbed-hedgehog")
def test_an_engineer_removes_a_barbed_hedgehog_in_its_zone_of_control() -> None:
    """BfC p.05, Barbed Hedgehog: "Units with the Engineer Special Ability may, instead of a
    Movement Action or Firing Action, remove a Barbed Hedgehogs marker present in their ZoC"
    (Engineer, BfC p.08). The policy's Engineer with nothing to shoot does; then a vehicle
    drives across where it stood. A unit without Engineer may not."""
    from builder.heroes.ai.greedy import SimplePolicy
    from builder.heroes.rules.actions.kinds import Clear
    from builder.heroes.rules.geometry.squares import hedgehogs_in_reach

    sappers = piece("s", (1, 0), kind=unit("pioneers", abilities=["engineer"]))
    jeep = piece("j", (2, 0), "a", JEEP)
    state = game("...\n...\n...", [sappers, jeep])
    state.battlefield = field("...\n...\n...", lines=[placed_line("hedgehog", [(0, 1), (3, 1)])])
    action = SimplePolicy().activate(state, sappers)
    assert action == Clear(0)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("s", action)
    assert state.battlefield.lines == () and turn.frames[-1].event.kind == "clear"
    cleared = turn.frames[-1].event
    assert isinstance(cleared, ClearEvent) and cleared.page == "BfC p.05, p.08"
    assert any(sq[1] > 0 for sq in reachable_squares(state.battlefield, [jeep], jeep, HON))
    riflemen = piece("r", (1, 0))
    assert hedgehogs_in_reach(game("...\n...\n...", [riflemen]), riflemen) == []
