"""The Crew special ability (HoN core p.21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.abilities.crew import abilities_with_crew, bail_out, board, crewed, crews_in, leave
from builder.heroes.rules.actions.firing import shots_at, weapons_of
from builder.heroes.rules.actions.kinds import Hold
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import EnterEvent, Entering, Phase
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot
from builder.heroes.rules.resolution.damage import destroy
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, piece, tank

pytestmark = pytest.mark.rule("crew")


def crew_unit() -> Unit:
    inactive = {
        "state": "inactive",
        "defense": {"value": 4},
        "movement": 4,
        "combat": {"infantry": 1, "light": 0, "heavy": "X"},
        "abilities": ["crew"],
        "on_hit": "destroyed",
    }
    active = {**inactive, "state": "active", "movement": "X", "abilities": ["crew", {"order": 1}]}
    return Unit.model_validate(
        {
            "id": "crew",
            "name": "Crew",
            "faction": "german",
            "type": "infantry",
            "sides": [inactive, active],
            "source": "example",
        }
    )


def test_a_crew_unit_ending_its_move_on_a_vehicle_turns_over_and_rides_in_it() -> None:
    # HoN core p.21: it must end its Movement Action on a heavy or light vehicle; turn it over, leave it on the vehicle.
    panzer = piece(tank(), (2, 2), key="panzer", owner="a")
    crew = piece(crew_unit(), (2, 2), key="crew", owner="a")
    aboard = board(crew, panzer)
    assert aboard.embarked_in == "panzer" and aboard.side.state.value == "active"
    assert [a.id for a in abilities_with_crew(panzer, [aboard])][-1] == "order"  # its other abilities join the tank's
    with pytest.raises(IllegalAttack) as caught:
        board(piece(crew_unit(), (5, 5), key="far", owner="a"), panzer)  # not on the vehicle
    assert caught.value.code is Code.NOT_ON_THE_VEHICLE
    assert caught.value.page == "HoN core p.21"
    with pytest.raises(IllegalAttack) as caught:
        board(piece(crew_unit(), (2, 2), key="second", owner="a"), panzer, [aboard])  # one Crew without Transport
    assert caught.value.code is Code.NO_ROOM
    with pytest.raises(IllegalAttack) as caught:
        board(piece(infantry(), (2, 2), key="rifles", owner="a"), panzer)  # no Crew ability
    assert caught.value.code is Code.NO_ABILITY


def test_a_crew_unit_inside_cannot_be_targeted_and_leaves_turning_over() -> None:
    # HoN core p.21: it cannot be targeted inside; to exit it starts its Movement Action turning over.
    panzer = piece(tank(), (2, 2), key="panzer", owner="a")
    aboard = board(piece(crew_unit(), (2, 2), key="crew", owner="a"), panzer)
    with pytest.raises(IllegalAttack):
        fire(Shot(target=aboard, firer=piece(infantry(), (6, 6), owner="b")), LoadedDice([6]))
    out = leave(aboard, (1, 2), panzer)
    assert out.embarked_in is None and out.side.state.value == "inactive" and out.squares == ((1, 2),)


def test_when_its_vehicle_is_destroyed_the_crew_bails_out_suppressed_next_to_the_wreck() -> None:
    # HoN core p.21: placed inactive side up adjacent to the wreck with a Suppressed marker: a Forced Move.
    panzer = piece(tank(), (2, 2), key="panzer", owner="a")
    aboard = board(piece(crew_unit(), (2, 2), key="crew", owner="a"), panzer)
    _, wreck = destroy(panzer)
    assert wreck is not None
    out = bail_out(aboard, wreck, [(1, 1), (3, 3)])
    assert out is not None and out.squares == ((1, 1),) and out.suppressed == 1 and out.side.state.value == "inactive"
    assert bail_out(aboard, wreck, [(6, 6)]) is None
    state = GameState(scenario(), field("\n".join(["......"] * 6)), HON, ("a", "b"), "a", {})
    state.pieces.update({panzer.key: panzer, aboard.key: aboard})
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    effect, after = destroy(panzer)
    hits.hurt(turn, panzer, after, effect)
    crew = state.pieces["crew"]
    assert crew.embarked_in is None and crew.suppressed == 1 and crews_in(panzer, state.pieces.values()) == []
    assert any(
        isinstance(e, EnterEvent) and (e.how, e.page) == (Entering.BAILS_OUT, "HoN core p.21") for e in turn.events
    )


def gunners() -> Unit:
    """A Crew unit whose active side adds Fire on the Move: what it adds reaches the shots."""
    unit = crew_unit()
    active = unit.sides[1].model_copy(
        update={"abilities": [*unit.sides[1].abilities, AbilityRef(id="fire-on-the-move")]}
    )
    return unit.model_copy(update={"sides": [unit.sides[0], active]})


def test_the_abilities_a_crew_adds_reach_the_vehicles_shots() -> None:
    """HoN core p.21: "The Crew unit then adds its other special abilities to those of the
    vehicle" - a vehicle without Fire on the Move fires on the move with such a crew; its Order
    stars are the army's tokens (p.8) and are not added again."""
    panzer = piece(tank(secondary=None), (2, 2), key="panzer", owner="a")  # its gun cannot fire on the move
    target = piece(infantry(), (2, 6), key="target", owner="b")
    state = GameState(scenario(), field("\n".join(["......"] * 8)), HON, ("a", "b"), "a", {})
    state.pieces.update({panzer.key: panzer, target.key: target})
    assert all(shot is None for shot in shots_at(state, panzer, target, weapons_of(panzer), on_the_move=True))
    aboard = board(piece(gunners(), (2, 2), key="crew", owner="a"), panzer)
    manned = crewed(panzer, aboard)
    assert manned.side.has("fire-on-the-move") and not manned.side.has("order") and not manned.side.has("crew")
    state.pieces.update({panzer.key: manned, aboard.key: aboard})
    assert any(shot is not None for shot in shots_at(state, manned, target, weapons_of(manned), on_the_move=True))


def test_the_simulation_deploys_a_tanks_crew_in_its_tank() -> None:
    """A player puts a tank's Crew unit in its tank (the Sherman Troop's composition, HoN core
    p.21): deployed inside, turned over, the vehicle taking on its abilities; the policy gives
    it no token and it holds."""
    from builder.heroes.ai.greedy import SimplePolicy
    from builder.heroes.rules.simulation import board_crews

    panzer = replace(piece(tank(), (2, 2), key="panzer", owner="a"), group="tiles[0]")
    crew = replace(piece(gunners(), (4, 4), key="crew", owner="a"), group="tiles[0]")
    stranger = replace(piece(crew_unit(), (5, 5), key="other-crew", owner="a"), group="tiles[1]")
    state = GameState(scenario(), field("\n".join(["......"] * 8)), HON, ("a", "b"), "a", {})
    state.pieces.update({p.key: p for p in (panzer, crew, stranger)})
    assert board_crews(state, [panzer, crew, stranger]) == ("crew",)
    assert state.pieces["crew"].embarked_in == "panzer" and state.pieces["crew"].squares == panzer.squares
    assert state.pieces["other-crew"].embarked_in is None  # another combat group's
    assert state.pieces["panzer"].side.has("fire-on-the-move")
    policy = SimplePolicy()
    assert isinstance(policy.activate(state, state.pieces["crew"]), Hold)
