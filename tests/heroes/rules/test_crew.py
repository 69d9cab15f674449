"""The Crew special ability (HoN core p.21)."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.activation import Turn
from builder.heroes.rules.combat import IllegalAttack, Shot, fire
from builder.heroes.rules.crew import abilities_with_crew, bail_out, board, crews_in, leave
from builder.heroes.rules.damage import destroy
from builder.heroes.rules.events import EnterEvent, Phase
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, piece, tank


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
    with pytest.raises(IllegalAttack, match=r"HoN core p\.21"):
        board(piece(crew_unit(), (5, 5), key="far", owner="a"), panzer)  # not on the vehicle
    with pytest.raises(IllegalAttack, match=r"HoN core p\.21"):
        board(piece(crew_unit(), (2, 2), key="second", owner="a"), panzer, [aboard])  # one Crew without Transport
    with pytest.raises(IllegalAttack, match=r"HoN core p\.21"):
        board(piece(infantry(), (2, 2), key="rifles", owner="a"), panzer)  # no Crew ability


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
    turn.hurt(panzer, after, effect)
    crew = state.pieces["crew"]
    assert crew.embarked_in is None and crew.suppressed == 1 and crews_in(panzer, state.pieces.values()) == []
    assert any(isinstance(e, EnterEvent) and "HoN core p.21" in e.text for e in turn.events)
