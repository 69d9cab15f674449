"""Scenario events that change the armies, played (BfC p.14, p.16): units an event brings in
wait off the battlefield and enter through its zone; the END marker moves down; the options a
side may take are the policy's choice, and the event says what it chose."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules import victory_points
from builder.heroes.rules.events.game import (
    DeployEvent,
    Discarded,
    EnterEvent,
    ExitEvent,
    Phase,
    Reinforced,
    ScenarioEvent,
)
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.scenario_events import play_event, scenario_events
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn import end_of_turn
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.models import Event
from builder.heroes.scenario.models import Phase as ScenarioPhase
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.fixtures.rules.games import game
from tests.heroes.rules.test_simulate import play

OPEN = """
......
......
......
"""
HILL = [{"id": "hill", "name": "Hill", "kind": "secondary", "at": [5, 2]}]
POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
END_2 = {
    "phase": "order",
    "side": "b",
    "trigger": {"type": "control", "side": "a", "objectives": ["hill"]},
    "end_marker": 2,
    "once": True,
    "options": True,
    "what": "Discard the Secondary Objective; move the END marker down 2 spaces.",
}


def _order_start(state: GameState) -> list[ScenarioEvent]:
    turn = Turn(state, LoadedDice([]), Phase.ORDER, POLICIES)
    scenario_events(turn, ScenarioPhase.ORDER, "start")
    return [f.event for f in turn.frames if isinstance(f.event, ScenarioEvent)]


@pytest.mark.rule("scenario-events")
def test_the_end_marker_moves_down_and_the_game_lasts_longer() -> None:
    """BfC p.16 (Way of the Cross): each time the Commonwealth player controls a Secondary
    Objective, "Move the END marker down 2 spaces": the game lasts 2 more turns. The
    objective is discarded, so the event happens once however control changes later."""
    state = game(OPEN, [piece("a1", (0, 0))], objectives=HILL, turns=2, events=[END_2])
    assert _order_start(state) == [] and state.end_moved == 0  # the trigger does not hold
    state.control["hill"] = "a"
    told = _order_start(state)
    assert state.end_moved == 2
    assert told[0].ends_after == 4
    state.control["hill"] = "b"
    _order_start(state)
    state.control["hill"] = "a"
    assert _order_start(state) == [] and state.end_moved == 2  # once only
    state.turn = 2
    end_of_turn(state, 2, LoadedDice([]))
    assert not state.over and state.turn == 3  # turn 2 is no longer the last
    state.turn = 4
    end_of_turn(state, 2, LoadedDice([]))
    assert state.over


@pytest.mark.rule("scenario-events")
def test_the_options_a_side_may_take_are_the_policys_choice_and_it_says_so() -> None:
    """BfC p.14 and p.16: the German player "may" discard his spent Option Tiles and fill the
    empty slots of his Recruitment Tiles with Options - a choice; the simple policy makes it
    and the event says so (a hand-made game holds no army: nothing to fill)."""
    state = game(OPEN, [piece("a1", (0, 0))], objectives=HILL, events=[END_2])
    state.control["hill"] = "a"
    told = _order_start(state)
    assert told[0].reinforced is Reinforced.NO_SLOT and told[0].taken == ()


@pytest.mark.rule("scenario-events")
def test_the_policy_discards_a_broken_support_and_fills_its_slot_whose_units_enter_by_the_zone() -> None:
    """BfC p.14 (Welcome to Caen-Carpiquet): "the G. player may bring in reinforcements if he
    has free and valid slots on his Recruitment Tiles. The G. player may discard his Option
    Tiles that reached their Breaking Point ... These units will enter play in the squares
    marked with an arrow". The Panzerschreck squad broken, its slot takes a support that fits."""
    from builder.heroes.army.resolve import resolve
    from builder.heroes.rules.setup.reinforcements import broken_options, offers
    from builder.heroes.rules.simulation import start
    from builder.kernel.dice import SeededDice
    from tests.heroes.rules.test_simulate import bundled, scenario

    loaded, battlefield = scenario("welcome-to-caen-carpiquet")
    armies = {side: resolve(army, bundled()) for side, army in loaded.armies().items()}
    state, _ = start(loaded.scenario, battlefield, armies, SeededDice(1))
    event = next(e for e in loaded.scenario.events if e.options)
    assert list(offers(state.armies["german"])) == []  # every slot filled: nothing to take
    state.broken.add("german/tiles[1].slots.bottom")  # the Panzerschreck squad at its Breaking Point
    assert broken_options(state, "german") == {"tiles[1].slots.bottom"}
    before = set(state.reserve)
    turn = Turn(state, LoadedDice([]), Phase.ORDER, {"german": SimplePolicy()})
    told = play_event(turn, loaded.scenario.events.index(event))
    came = {k: p for k, p in state.reserve.items() if k not in before}
    assert came and all(p.group == "tiles[1].slots.bottom@1" for p in came.values())
    assert all(state.entries[k] == "german-reinforcements" for k in came)
    assert "german/tiles[1].slots.bottom@1" in state.groups
    assert (told.reinforced, told.page) == (Reinforced.TAKEN, "BfC p.14") and len(told.taken) == 1


def test_an_event_renders_what_it_does_in_english() -> None:
    event = Event.model_validate({**END_2, "units": ["carrier"], "zone": "red-arrows"})
    said = event.effects()
    assert "carrier enter play through red-arrows" in said
    assert "the END marker moves down 2 spaces (the game lasts 2 more turns)" in said
    assert "it happens once only" in said
    # Files written before these fields stay valid: an event that only tells something.
    plain = Event.model_validate({"phase": "order", "what": "Place the 2 Tactical Bonuses."})
    assert plain.effects() == "" and not plain.options and plain.end_marker == 0 and not plain.once


@pytest.mark.rule("scenario-events")
def test_units_an_event_brings_wait_off_the_battlefield_then_enter_through_its_zone() -> None:
    """BfC p.14 (Welcome to Caen-Carpiquet...): "At the start of the Supply Phase, the
    Canadian P. Universal Carriers will enter play in the squares marked with a red arrow"
    (turn 4 in hon's file): they are not deployed at the set-up, and enter there and then."""
    record = play("welcome-to-caen-carpiquet", 3, turns=4)
    deploy = next(e for e in record.events if isinstance(e, DeployEvent) and e.side == "commonwealth")
    assert isinstance(deploy, DeployEvent) and len(deploy.arriving) == 2
    carrier = record.names.pieces[deploy.arriving[0]].unit.name
    entered = [e for e in record.events if isinstance(e, EnterEvent)]
    carriers = [e for e in entered if record.names.pieces[e.unit].unit.name == carrier]
    assert len(carriers) == 2 and all(e.turn == 4 and e.phase == "supply" for e in carriers)
    assert all(sq[1] == 0 and 7 <= sq[0] <= 9 for e in carriers for sq in e.to)  # the red arrows
    told = next(e for e in record.events if isinstance(e, ScenarioEvent) and e.turn == 4)
    assert isinstance(told, ScenarioEvent) and set(told.entered) == set(deploy.arriving)
    assert told.index is not None and record.names.scenario.events[told.index].zone == "carrier-entry"


def test_scenario_check_warns_about_events_that_bring_units_without_a_side_or_zone() -> None:
    from builder.heroes.scenario.victory_issues import event_issues
    from tests.fixtures.rules.games import scenario
    from tests.heroes.rules.test_simulate import bundled as catalogue

    plain = scenario(events=[{"phase": "supply", "options": True, "once": True, "what": "Reinforcements."}])
    codes = {issue.code for issue in event_issues(plain, catalogue())}
    assert {"event.no-side", "event.once"} <= codes
    wrong = scenario(events=[{"phase": "order", "discard": ["nowhere"], "bonuses": ["lost"], "what": "Discard."}])
    paths = {issue.path for issue in event_issues(wrong, catalogue()) if issue.code == "reference.unknown"}
    assert paths == {"events[0].discard", "events[0].bonuses"}


EXIT_ZONE = {"id": "a-exit", "side": "a", "kind": "exit", "edge": "east", "area": {"rects": [[5, 0, 5, 2]]}}
LEAVE = [
    {
        "winner": "a",
        "label": "Able gets away",
        "condition": {"type": "exited", "side": "a", "units": ["rifles"], "at_least": 1},
    }
]


@pytest.mark.rule("exits")
def test_the_policy_drives_the_units_its_victory_wants_off_the_battlefield_by_the_exit() -> None:
    """BfC p.10-11 (Leaving on a Jet Plane) wins by units leaving the battlefield (the
    `exited` condition): the policy moves the units it names to its side's exit squares and
    off the map there, as a Movement Action; then they count as exited."""
    from builder.heroes.rules.actions.kinds import Leave, Move
    from builder.heroes.rules.state import Facts
    from builder.heroes.scenario.models import Zone

    runner = piece("a1", (0, 1))
    state = game(OPEN, [runner, piece("b1", (0, 2), "b", suppressed=1)], outcomes=LEAVE)
    state.scenario = state.scenario.model_copy(update={"zones": [Zone.model_validate(EXIT_ZONE)]})
    policy = SimplePolicy()
    first = policy.activate(state, runner)
    assert isinstance(first, Move) and first.path.destination.square[0] == 4  # one square from the exit
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", first)
    state.pieces["a1"] = state.pieces["a1"].moved(((5, 1),))
    assert policy.activate(state, state.pieces["a1"]) == Leave()
    turn.perform("a1", Leave())
    assert "a1" not in state.pieces and turn.frames[-1].event.kind == "exit"
    assert Facts(state).exited("a", ["rifles"]) == 1


def test_a_transport_leaving_by_the_exit_takes_its_riders_off_with_it() -> None:
    """The units a transport carries stand where it stands (HoN core p.27, from main's board
    rules): when it leaves the battlefield they leave with it and count as exited; a rider
    may not leave on its own."""
    from builder.heroes.rules.actions.kinds import Leave
    from builder.heroes.rules.state import Facts
    from builder.heroes.scenario.models import Zone

    truck = piece("a1", (5, 1))
    rider = replace(piece("a2", (5, 1)), embarked_in="a1")
    state = game(OPEN, [truck, rider, piece("b1", (0, 2), "b")], outcomes=LEAVE)
    state.scenario = state.scenario.model_copy(update={"zones": [Zone.model_validate(EXIT_ZONE)]})
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    with pytest.raises(ValueError):
        turn.perform("a2", Leave())
    turn.perform("a1", Leave())
    assert "a1" not in state.pieces and "a2" not in state.pieces and set(state.exited) == {"a1", "a2"}
    left = turn.frames[-1].event
    assert isinstance(left, ExitEvent) and left.riders == ("a2",)
    assert Facts(state).exited("a", []) == 2


@pytest.mark.rule("scenario-events")
def test_a_discarded_objective_is_taken_no_more_and_its_controller_keeps_it() -> None:
    """BfC p.16 (Way of the Cross): "Each time the Commonwealth player controls a Secondary
    Objective ... Discard the Secondary Objective"; it counts as his for the victory."""
    state = game(OPEN, [piece("a1", (5, 2))], objectives=HILL, events=[{**END_2, "discard": ["hill"]}])
    state.control["hill"] = "a"
    told = _order_start(state)
    assert told[0].discarded == (Discarded(objective="hill", holder="a", page="BfC p.16"),)
    assert "hill" in state.discarded and "hill" not in state.objective_areas  # nobody heads there
    state.pieces["a1"] = state.pieces["a1"].moved(((0, 0),))
    state.pieces["b1"] = piece("b1", (5, 2), "b")
    victory_points.update_control(Turn(state, LoadedDice([]), Phase.ACTIVATION))
    assert state.control["hill"] == "a"  # the enemy standing on it does not take it back


@pytest.mark.rule("scenario-events")
def test_tactical_bonuses_wait_for_their_event_then_are_placed() -> None:
    """BfC p.14 (Welcome to Caen-Carpiquet): "At the start of the Order Phase Place the 2
    Tactical Bonuses with a red outline" - off the battlefield until then; the others from the
    set-up. The book prints no effect for them (their icons are lost): placed, they stay."""
    from builder.heroes.rules.state import new_game
    from tests.heroes.rules.test_simulate import scenario

    loaded, battlefield = scenario("welcome-to-caen-carpiquet")
    state = new_game(loaded.scenario, battlefield, HON, "commonwealth", {}, {})
    assert set(state.bonuses) == {"plain"}
    placing = next(e for e in loaded.scenario.events if e.bonuses)
    turn = Turn(state, LoadedDice([]), Phase.ORDER, POLICIES)
    state.turn = placing.turn or 1
    scenario_events(turn, ScenarioPhase.ORDER, "start")
    assert set(state.bonuses) == {"plain", "red-1", "red-2"} and state.bonuses["red-1"] == (2, 17)
    told = [f.event for f in turn.frames if isinstance(f.event, ScenarioEvent)]
    assert told[0].bonuses == ("red-1", "red-2")
