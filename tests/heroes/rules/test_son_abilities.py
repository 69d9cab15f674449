"""Shadows over Normandie's abilities the Heroes of Normandie rules lack (SoN p.17-18): Jump
and Flying over the terrain, Amphibious Ambush in the water, Jury-rigged material that breaks."""

from __future__ import annotations

import pytest

from builder.heroes.ai import movement
from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.actions.kinds import ChangeState, Fire, Move
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.spotting import spotter
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn import supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field, piece, unit
from tests.fixtures.rules.games import game

# A ridge of rocks, impassable to every unit, splits the board but for nothing.
RIDGE = "\n".join(["...#....", "...#....", "...#....", "...#....", "...#...."])
POND = "\n".join(["........", ".~~.....", ".~~.....", "........"])
OPEN = "\n".join(["........"] * 4)
JUMPERS = unit("jumpers", abilities=["jump"])
FLYER = unit("flyer", abilities=["flying"])
WALKERS = unit("walkers")
FROGMEN = unit("frogmen", abilities=["amphibious", "amphibious-ambush"], states=("active", "inactive"))
RIGGED = unit("rigged", abilities=[{"id": "jury-rigged", "value": 5}])


def son(board: str, pieces: list[Piece]) -> GameState:
    state = game(board, pieces)
    state.ruleset = SON
    return state


@pytest.mark.rule("jump", "flying")
@pytest.mark.parametrize("kind", [JUMPERS, FLYER])
def test_jump_and_flying_cross_what_bars_others_but_never_stop_on_it(kind: Unit) -> None:
    state = son(RIDGE, [piece("a1", (2, 2), kind=kind), piece("a2", (2, 0), kind=WALKERS)])
    ends = {p.square for p in movement_reach(state, state.pieces["a1"])}
    assert (4, 2) in ends and (5, 2) in ends  # over the ridge (SoN p.17-18)
    assert not any(sq[0] == 3 for sq in ends)  # never on it
    walking = {p.square for p in movement_reach(state, state.pieces["a2"])}
    assert not any(sq[0] >= 3 for sq in walking)


@pytest.mark.rule("jump")
def test_the_policy_jumps_over_the_ridge_towards_its_objective() -> None:
    hill = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [6, 2]}]
    state = game(RIDGE, [piece("a1", (2, 2), kind=JUMPERS)], objectives=hill)
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, Move) and action.path.destination.square[0] > 3
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", action)
    assert state.pieces["a1"].square[0] > 3


@pytest.mark.rule("amphibious-ambush")
def test_amphibious_ambush_hides_only_in_water_and_is_spotted_only_from_next_to_it() -> None:
    state = son(POND, [piece("h", (2, 1), "b", FROGMEN, side_index=1), piece("a1", (6, 1))])
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("h", ChangeState())
    hidden = state.pieces["h"]
    assert hidden.concealed  # in the pond: it may ambush (SoN p.17)
    assert spotter(state, hidden) is None  # a clear LoS 5 squares away is not enough
    state.pieces["a1"] = piece("a1", (3, 1))
    seen_by = spotter(state, hidden)
    assert seen_by is not None and seen_by.key == "a1"
    state.pieces["h2"] = piece("h2", (5, 3), "b", FROGMEN, side_index=1)
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("h2", ChangeState())
    assert caught.value.code is Code.NOT_IN_WATER


@pytest.mark.rule("jury-rigged")
def test_jury_rigged_material_breaks_on_its_value_and_never_fires_again() -> None:
    state = son(OPEN, [piece("a1", (1, 1), kind=RIGGED), piece("b1", (4, 1), "b")])
    turn = Turn(state, LoadedDice([4, 6]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))  # 4 < 5: it holds, then the shot's die
    assert [e.kind for e in turn.events][:2] == ["hold", "fire"]
    state.pieces["a1"] = state.pieces["a1"].moved(((1, 1),))
    turn = Turn(state, LoadedDice([5]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))  # 5: the material no longer works (SoN p.17)
    assert [e.kind for e in turn.events] == ["hold"] and "a1" in state.mythos.jammed
    assert not isinstance(SimplePolicy().activate(state, state.pieces["a1"]), Fire)


MEDIC = unit("medic", abilities=["medic"], states=("inactive", "active"))


@pytest.mark.rule("medic", "son-aid")
def test_a_ready_medic_ignores_a_hit_with_its_aid_marker_then_treats_the_unit_in_the_supply_phase() -> None:
    state = son(OPEN, [piece("m", (1, 1), kind=MEDIC, side_index=1), piece("a1", (2, 1)), piece("b1", (6, 1), "b")])
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION)
    turn.perform("b1", Fire(((None, "a1"),)))  # 4 + 2 against 4: a hit
    hurt = state.pieces["a1"]
    assert hurt.side_index == 0 and hurt.suppressed == 1 and state.mythos.aid == {"m": "a1"}  # SoN p.18
    assert [e.kind for e in turn.events] == ["fire", "aid"]
    blocked = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    blocked.perform("a1", SimplePolicy().supply_move(state, hurt))
    assert state.pieces["a1"].square == (2, 1)  # it cannot budge
    # Another hit is applied: one Aid marker per Medic.
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION)
    state.pieces["a2"] = piece("a2", (2, 3))
    turn.perform("b1", Fire(((None, "a2"),)))
    assert state.pieces["a2"].side_index == 1
    # The Supply Phase: the Medic, not activated and adjacent, removes it instead of moving.
    policies = {"a": SimplePolicy(), "b": SimplePolicy()}
    frames = supply_phase(state, {}, policies, LoadedDice([]))
    assert any(f.event.kind == "aid" and getattr(f.event, "removed", False) for f in frames)
    assert state.mythos.aid == {} and state.pieces["m"].side_index == 0  # back to its inactive side
    assert state.pieces["a1"].suppressed == 1  # it rallies from the next Supply Phase
    supply_phase(state, {}, policies, LoadedDice([]))
    assert state.pieces["a1"].suppressed == 0


@pytest.mark.rule("medic")
def test_an_inactive_medic_turns_over_to_be_ready_and_then_aids() -> None:
    state = son(OPEN, [piece("m", (1, 1), kind=MEDIC), piece("a1", (2, 1)), piece("b1", (7, 3), "b")])
    action = SimplePolicy().supply_move(state, state.pieces["m"])
    assert action == ChangeState()
    Turn(state, LoadedDice([]), Phase.SUPPLY).perform("m", action)
    assert state.pieces["m"].side.state.value == "active"


@pytest.mark.rule("gigantic")
def test_a_gigantic_unit_never_enters_a_building() -> None:
    state = son("....\n.BB.\n....", [piece("a1", (0, 0), kind=unit("giant", abilities=["gigantic"]))])
    passage = passage_map(state.battlefield)
    giant = state.pieces["a1"]
    assert passage.refusal((1, 1), giant.unit, giant.side) is not None  # SoN p.17
    assert passage.refusal((1, 1), WALKERS, WALKERS.sides[0]) is None


def test_a_gigantic_infantry_unit_is_kept_out_after_a_plain_one_entered() -> None:
    # The remembered ground answers per unit type; Gigantic (SoN p.17) must not share the
    # answer of a plain unit of the same type that asked first.
    state = son("....\n.BB.\n....", [piece("a1", (0, 0), kind=unit("giant", abilities=["gigantic"]))])
    passage = passage_map(state.battlefield)
    giant = state.pieces["a1"]
    assert giant.unit.type is WALKERS.type
    assert passage.ground((1, 1), WALKERS, WALKERS.sides[0], False)[0]
    assert not passage.ground((1, 1), giant.unit, giant.side, False)[0]


@pytest.mark.parametrize("giant_first", [True, False])
def test_a_gigantic_units_way_to_its_goal_goes_around_the_building(giant_first: bool) -> None:
    # The policy's distance fields are kept by what passage depends on: a Gigantic unit
    # (SoN p.17) must not take the field of a plain unit of its type that asked first, nor
    # the other way round, whatever the order.
    state = son(
        "....\n....\n....\n....",
        [piece("a1", (0, 0), kind=unit("giant", abilities=["gigantic"])), piece("a2", (0, 1))],
    )
    state.battlefield = field(".B..\n.B..\n.B..\n....", doors=[((0, 0), (1, 0)), ((1, 0), (2, 0))])
    giant, walker = state.pieces["a1"], state.pieces["a2"]
    assert giant.unit.type is walker.unit.type
    goals = frozenset({(2, 0)})
    policy = SimplePolicy()
    asked = [giant, walker] if giant_first else [walker, giant]
    fields = {p.key: movement.goal_distances(policy, state, p, goals) for p in asked}
    assert fields["a2"][(0, 0)] == 2  # straight through the building's doors
    assert fields["a1"][(0, 0)] == 6  # around its foot: it never enters one
    assert (1, 0) not in fields["a1"]


@pytest.mark.rule("medic")
def test_the_aid_takes_an_eliminating_hit_too_and_moves_to_a_worse_hit() -> None:
    # "Ignore the damage taken by the unit" (SoN p.18): a hit that eliminates, too.
    state = son(
        OPEN,
        [
            piece("m", (0, 0), kind=MEDIC, side_index=1),
            piece("a1", (2, 1)),
            piece("a2", (2, 3), side_index=1),
            piece("b1", (6, 1), "b"),
        ],
    )
    players = {"a": SimplePolicy(), "b": SimplePolicy()}
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, players)
    turn.perform("b1", Fire(((None, "a1"),)))  # a hit: a1 would turn over
    assert state.mythos.aid == {"m": "a1"} and state.pieces["a1"].side_index == 0
    # a2, already reduced, would be eliminated: worse, so the marker moves and a1 takes its hit.
    state.pieces["b1"] = state.pieces["b1"].moved(((6, 3),))
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, players)
    turn.perform("b1", Fire(((None, "a2"),)))
    assert state.mythos.aid == {"m": "a2"} and "a2" in state.pieces
    assert state.pieces["a1"].side_index == 1  # the damage it had avoided


@pytest.mark.rule("medic")
def test_a_unit_with_no_square_to_retreat_to_is_not_saved_by_the_aid() -> None:
    state = son(OPEN, [piece("m", (0, 3), kind=MEDIC, side_index=1), piece("a1", (7, 1), side_index=1)])
    hits.hurt(Turn(state, LoadedDice([]), Phase.ACTIVATION), state.pieces["a1"], None, Effect.DESTROYED, hit=False)
    assert "a1" not in state.pieces and state.mythos.aid == {}


@pytest.mark.rule("medic")
def test_a_medic_never_moves_its_aid_to_an_enemy() -> None:
    state = son(OPEN, [piece("m", (0, 0), kind=MEDIC, side_index=1), piece("a1", (2, 1)), piece("b1", (6, 1), "b")])
    state.pieces["b2"] = piece("b2", (6, 3), "b", side_index=1)
    players = {"a": SimplePolicy(), "b": SimplePolicy()}
    Turn(state, LoadedDice([4]), Phase.ACTIVATION, players).perform("b1", Fire(((None, "a1"),)))
    assert state.mythos.aid == {"m": "a1"}
    Turn(state, LoadedDice([4]), Phase.ACTIVATION, players).perform("a1", Fire(((None, "b2"),)))
    assert state.mythos.aid == {"m": "a1"} and "b2" not in state.pieces  # the enemy's hit stands


@pytest.mark.parametrize("kind", [JUMPERS, FLYER])
def test_jump_and_flying_go_over_a_house_with_no_surprise_card(kind: Unit) -> None:
    """Over the terrain "as if there were no obstacles" (SoN p.17-18): the house's windows on
    the way are passed over, not gone through, so the move needs no Surprise card (HoN core p.17)."""
    board = "..BBB..."  # one row: the way east is over the house, past both its windows
    hill = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [6, 0]}]
    state = game(board, [piece("a1", (1, 0), kind=kind)], objectives=hill)
    state.battlefield = field(board, windows=[((1, 0), (2, 0)), ((4, 0), (5, 0))])
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, Move) and not action.windows
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", action)
    assert state.pieces["a1"].square[0] > 4  # beyond the house
