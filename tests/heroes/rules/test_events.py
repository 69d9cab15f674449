"""The typed events: a JSON event log (`hon simulate --json`) reads back into the very events
the game made and writes out again byte for byte, and a log written before events carried
their facts still reads; each kind's own fields sit under "data", absent when the kind has
none or leaves one unset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import (
    EVENT_LOG,
    AssaultEvent,
    FireEvent,
    Phase,
    RetreatEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.heroes.rules.resolution.assault_roll import AssaultOutcome
from builder.heroes.rules.resolution.combat import FireOutcome, Shot
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import assemble
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import LoadedDice
from builder.render.heroes_events import record_json
from tests.heroes.rules import infantry, piece

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
OLD_LOG = Path(__file__).resolve().parents[2] / "fixtures" / "logs" / "events-before-facts.json"


def play(name: str, seed: int, catalogue: Catalogue) -> GameRecord:
    loaded = load_scenario(SCENARIOS / f"{name}.yaml")
    battlefield, _ = assemble(loaded.scenario.map, catalogue)
    return simulate(
        loaded.scenario,
        battlefield,
        loaded.armies(),
        catalogue,
        seed=seed,
        policies=for_every_side(loaded.scenario, seed),
    )


# Between them, every kind a shipped scenario plays: scenario events and units retreating
# to nowhere at Carpiquet, rallies at the chapel, units entering from reserve on the plane.
@pytest.mark.parametrize("name", ["welcome-to-caen-carpiquet", "son-the-drowned-chapel", "leaving-on-a-jet-plane"])
def test_a_json_event_log_reads_back_into_the_same_events(name: str, bundled: Catalogue) -> None:
    record = play(name, 1, bundled)
    written = json.dumps(record_json(record), indent=1)
    logged = json.loads(written)["events"]
    events = EVENT_LOG.validate_json(json.dumps(logged))
    assert events == list(record.events)
    texts = [event["text"] for event in logged]
    again = [e.to_json(text) for e, text in zip(events, texts, strict=True)]
    assert json.dumps({**record.to_json(), "events": again}, indent=1) == written


def test_a_log_written_before_events_carried_their_facts_still_reads() -> None:
    """One event of each kind the shipped scenarios played, as `hon simulate --json` wrote
    them when the rules core worded each event's "text" itself."""
    old = json.loads(OLD_LOG.read_text())
    events = EVENT_LOG.validate_python(old)
    assert [e.kind for e in events] == [e["kind"] for e in old]
    for event, written in zip(events, old, strict=True):
        kept = written.get("data", {})
        assert {k: v for k, v in event.to_json().get("data", {}).items() if k in kept} == kept


def test_read_back_events_have_their_types_and_enums(bundled: Catalogue) -> None:
    record = play("son-the-drowned-chapel", 4, bundled)  # a game with shots and assaults (and SoN grenades)
    events = EVENT_LOG.validate_python([e.to_json() for e in record.events])
    assert events[0].phase is Phase.SETUP
    assert isinstance(events[-1], VictoryEvent) and events[-1].phase is Phase.SUPPLY
    shots = [e for e in events if isinstance(e, FireEvent)]
    assert shots and all(isinstance(e.outcome, FireOutcome) and isinstance(e.effect, Effect) for e in shots)
    assaults = [e for e in events if isinstance(e, AssaultEvent)]
    assert assaults and all(isinstance(e.outcome, AssaultOutcome) for e in assaults)


def test_the_kind_s_fields_go_under_data_and_unset_ones_are_left_out() -> None:
    turn = TurnEvent(turn=1, phase=Phase.ORDER, side="us", page="HoN core p.8")
    assert turn.to_json("Turn 1 begins.") == {
        "turn": 1,
        "phase": "order",
        "kind": "turn",
        "side": "us",
        "text": "Turn 1 begins.",
        "rolls": [],
        "data": {"page": "HoN core p.8", "rotations": []},
    }
    assert "text" not in turn.to_json()  # the sentence is the edge's to give
    nowhere = RetreatEvent(turn=2, phase=Phase.ACTIVATION, side="us", unit="us/a/1")
    assert nowhere.to_json()["data"] == {"unit": "us/a/1"}
    back = RetreatEvent(turn=2, phase=Phase.ACTIVATION, side="us", unit="us/a/1", to=((3, 4),))
    assert back.to_json()["data"] == {"unit": "us/a/1", "to": [[3, 4]]}
    # An alternate firing action has no firer (HoN core p.14): its event names none.
    result = fire(Shot(target=piece(infantry(defense=4)), combat=2), LoadedDice([1]))
    event = FireEvent.of(result, 1, Phase.ACTIVATION, "german")
    assert event.firer is None
    assert event.to_json()["data"] == {
        "target": result.shot.target.key,
        "outcome": "miss",
        "effect": "none",
        "suppressed": 0,
        "defense": 4,
    }


def test_an_unknown_kind_or_field_is_refused() -> None:
    turn = TurnEvent(turn=1, phase=Phase.ORDER).to_json()
    with pytest.raises(ValidationError):
        EVENT_LOG.validate_python([{**turn, "kind": "teleport"}])
    with pytest.raises(ValidationError):
        EVENT_LOG.validate_python([{**turn, "data": {"unit": "us/a/1"}}])
    with pytest.raises(ValidationError):
        EVENT_LOG.validate_python([{**turn, "phase": "lunch"}])
