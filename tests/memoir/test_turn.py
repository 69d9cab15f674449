"""The turn (M44 summary, turn sequence), taking ground, armor overrun and medals."""

from __future__ import annotations

import pytest

from builder.kernel.dice import LoadedDice, SeededDice
from builder.memoir.hexes import Hex
from builder.memoir.rules.cards import deck
from builder.memoir.rules.events import BattleEvent, MoveEvent, OrderEvent, Phase, TakeGroundEvent
from builder.memoir.rules.state import GameState
from builder.memoir.rules.turn import Turn
from builder.memoir.scenario import Place
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, answering, at, game, greedy, place, unit


def with_cards(state: GameState, *card_ids: str) -> GameState:
    cards = {c.id: c for c in CATALOGUE.cards}
    state.hands[ALLIES] = [cards[c] for c in card_ids]
    state.deck = deck(CATALOGUE, SeededDice(1))
    return state


@pytest.mark.rule("turn-sequence")
def test_a_turn_plays_the_five_steps_in_order() -> None:
    state = with_cards(
        game(place(6, 12, unit=unit("infantry", ALLIES)), place(4, 12, unit=unit("infantry", AXIS))), "probe-centre"
    )
    events = Turn(state, ALLIES, greedy(state), SeededDice(3)).play()
    order = [Phase.CARD, Phase.ORDER, Phase.MOVE, Phase.BATTLE, Phase.DRAW]
    phases = [e.phase for e in events]
    assert phases[0] is Phase.CARD and phases[-1] is Phase.DRAW
    assert [order.index(p) for p in phases] == sorted(order.index(p) for p in phases)
    assert any(isinstance(e, BattleEvent) for e in events)
    assert len(state.hands[ALLIES]) == 1 and state.discard[0].id == "probe-centre"


@pytest.mark.rule("ordered-only")
def test_only_ordered_units_move_and_battle() -> None:
    state = with_cards(
        game(
            place(6, 2, unit=unit("infantry", ALLIES)),
            place(6, 22, unit=unit("infantry", ALLIES)),
            place(4, 2, unit=unit("infantry", AXIS)),
            place(4, 22, unit=unit("infantry", AXIS)),
        ),
        "recon-left",
    )
    events = Turn(state, ALLIES, greedy(state), SeededDice(3)).play()
    ordered = next(e for e in events if isinstance(e, OrderEvent)).units
    assert ordered == ("allies-1",)  # the left-hand unit, first in the scenario
    acted = {e.unit for e in events if isinstance(e, MoveEvent | BattleEvent)}
    assert acted and acted <= set(ordered)
    assert at(state, 6, 22).figures == 4  # the right-hand unit was not ordered


def close_assault(
    kind: str, faces: list[int], answers: tuple[object, ...], *more: Place
) -> tuple[GameState, list[object]]:
    """The allied `kind` at (6,12) battles; its choices are `answers` (the first: the target)."""
    state = game(place(6, 12, unit=unit(kind, ALLIES)), place(5, 13, unit=unit("infantry", AXIS, figures=1)), *more)
    turn = Turn(state, ALLIES, answering(state, *answers), LoadedDice(faces))
    turn.battle(at(state, 6, 12), overrun_left=at(state, 6, 12).rules.overruns)
    return state, list(turn.events)


@pytest.mark.rule("taking-ground")
def test_infantry_takes_ground_after_a_close_assault() -> None:
    state, events = close_assault("infantry", [4, 5, 5], ("axis-1", True), place(0, 0, unit=unit("infantry", AXIS)))
    assert at(state, 5, 13).side is ALLIES
    assert any(isinstance(e, TakeGroundEvent) for e in events)


@pytest.mark.rule("taking-ground")
def test_taking_ground_is_the_players_choice() -> None:
    state, events = close_assault("infantry", [4, 5, 5], ("axis-1", False), place(0, 0, unit=unit("infantry", AXIS)))
    assert at(state, 6, 12).side is ALLIES and state.at(Hex(5, 13)) is None
    assert not any(isinstance(e, TakeGroundEvent) for e in events)


@pytest.mark.rule("taking-ground")
def test_artillery_never_takes_ground() -> None:
    state, events = close_assault("artillery", [4, 5, 5], ("axis-1",), place(0, 0, unit=unit("infantry", AXIS)))
    assert state.at(Hex(5, 13)) is None and at(state, 6, 12).type.value == "artillery"
    assert not any(isinstance(e, TakeGroundEvent) for e in events)


@pytest.mark.rule("armor-overrun")
def test_armor_overruns_once() -> None:
    # Kills the first, takes its hex, overruns the second, takes ground again, and stops.
    state, events = close_assault(
        "armor",
        [4, 4, 4, 4, 4, 4, 4, 4, 4],
        ("axis-1", True, "axis-2", True),  # no battle asked after the second ground taken
        place(4, 14, unit=unit("infantry", AXIS, figures=1)),
        place(3, 15, unit=unit("infantry", AXIS, figures=1)),
        place(0, 0, unit=unit("infantry", AXIS)),
    )
    battles = [e for e in events if isinstance(e, BattleEvent)]
    assert [b.overrun for b in battles] == [False, True]
    assert sum(isinstance(e, TakeGroundEvent) for e in events) == 2
    assert state.at(Hex(3, 15)) is not None  # the third enemy is not battled


@pytest.mark.rule("medals")
def test_eliminating_a_unit_wins_a_medal_and_the_game() -> None:
    state = game(
        place(6, 12, unit=unit("infantry", ALLIES)),
        place(5, 13, unit=unit("infantry", AXIS, figures=1)),
        place(0, 0, unit=unit("infantry", AXIS)),
        medals=1,
    )
    turn = Turn(state, ALLIES, answering(state, "axis-1"), LoadedDice([1, 5, 5]))
    turn.battle(at(state, 6, 12), overrun_left=False)
    assert state.medals[ALLIES] == 1 and turn.winner is ALLIES


def test_a_medal_objective_counts_while_its_side_holds_it() -> None:
    state = game(place(4, 4, unit=unit("infantry", ALLIES), tags=("medal1",)), place(0, 0, unit=unit("infantry", AXIS)))
    assert state.total_medals(ALLIES) == 1
    state.move(at(state, 4, 4), Hex(5, 5))
    assert state.total_medals(ALLIES) == 0
