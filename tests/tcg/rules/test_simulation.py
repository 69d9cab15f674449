"""Whole simulated games of the shipped scenarios: reproducible from the seed, played to the
victory check, exercising hidden units, decoys, GO! chains and DIRECTIVE markers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.tcg_files import load_tcg_scenario
from builder.tcg.ai.greedy import for_every_side
from builder.tcg.cards import AbilityKind
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import (
    EVENT_LOG,
    AbilityEvent,
    ActivationEvent,
    DestroyedEvent,
    MarkersEvent,
    MoveEvent,
    MoveKind,
    RevealEvent,
    ShotEvent,
    TcgEvent,
    VictoryEvent,
)
from builder.tcg.rules.simulation import TcgRecord, simulate
from builder.tcg.scenario import Scenario
from tests.tcg.conftest import TCG_SCENARIOS, VIRE


def greedy_game(scenario: Scenario, cards: CardCatalogue, seed: int) -> TcgRecord:
    return simulate(scenario, cards, for_every_side(scenario, seed), seed=seed)


@pytest.mark.rule("set-up")
@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_the_same_seed_plays_the_same_game(path: Path, cards: CardCatalogue) -> None:
    scenario = load_tcg_scenario(path).scenario
    first, again = greedy_game(scenario, cards, 11), greedy_game(scenario, cards, 11)
    assert first.to_json() == again.to_json()
    assert greedy_game(scenario, cards, 12).to_json() != first.to_json()


@pytest.mark.rule("game-turn", "event-cards", "victory", "objective")
@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war(path: Path, cards: CardCatalogue) -> None:
    scenario = load_tcg_scenario(path).scenario
    seen: set[str] = set()
    for seed in range(1, 11):
        record = greedy_game(scenario, cards, seed)
        assert record.winner is not None
        assert isinstance(record.events[-1], VictoryEvent) and record.events[-1].winner == record.winner
        for event in record.events:
            if isinstance(event, DestroyedEvent) and event.decoy:
                seen.add("decoy")
            if isinstance(event, RevealEvent) and not event.hidden:
                seen.add("revealed")
            if isinstance(event, ActivationEvent) and event.by_go and event.success:
                seen.add("go")
            if isinstance(event, ActivationEvent) and event.forced:
                seen.add("forced")
            if isinstance(event, ShotEvent) and event.directives:
                seen.add("directive")
    assert seen == {"decoy", "revealed", "go", "forced", "directive"}


def ability_told(event: TcgEvent) -> AbilityKind | None:
    """The ability an event shows at work: Fall Back!'s move, Engineers removing an element,
    Medics' or Rally's markers, a Fragile card sent back to the reserve."""
    if isinstance(event, MoveEvent) and event.how is MoveKind.FALL_BACK:
        return AbilityKind.FALL_BACK
    if isinstance(event, AbilityEvent) and event.ability == AbilityKind.ENGINEERS.value:
        return AbilityKind.ENGINEERS
    if isinstance(event, MarkersEvent) and event.ability is not None:
        return AbilityKind(event.ability)
    if isinstance(event, DestroyedEvent) and event.fragile:
        return AbilityKind.FRAGILE
    return None


@pytest.mark.rule("fall-back", "medics", "engineers", "fragile", "rally")
def test_the_aid_post_on_the_vire_plays_the_rarer_abilities(cards: CardCatalogue) -> None:
    """Fall Back! (TCG p.11), Engineers, Medics & Mechanics, Fragile and Rally (TCG p.11-12),
    which the other shipped scenarios never bring up, each come up in its simulated games."""
    scenario = load_tcg_scenario(VIRE).scenario
    seen: set[AbilityKind | None] = set()
    for seed in range(1, 11):
        seen.update(ability_told(event) for event in greedy_game(scenario, cards, seed).events)
    wanted = {AbilityKind.FALL_BACK, AbilityKind.ENGINEERS, AbilityKind.MEDICS, AbilityKind.FRAGILE, AbilityKind.RALLY}
    assert wanted <= seen


def test_simulate_json_reads_back_into_events(capsys: pytest.CaptureFixture[str]) -> None:
    path = TCG_SCENARIOS[0]
    assert main(["simulate", str(path), "--seed", "3", "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    events = EVENT_LOG.validate_python(log["events"])
    assert len(events) == len(log["events"]) and events[-1].kind == "victory"
    assert all(event["data"]["page"].startswith("TCG p.") for event in log["events"])


def test_simulate_and_deploy_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(TCG_SCENARIOS[0])
    assert main(["simulate", path, "--seed", "2", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "shooting: 2d6" in out or "activation: d6" in out
    assert main(["deploy", path, "--side", "us", "--json"]) == 0
    placed = json.loads(capsys.readouterr().out)
    assert list(placed["sides"]) == ["us"] and placed["sides"]["us"]["cards"]
    assert main(["deploy", path, "--side", "soviets"]) == 2
    assert main(["simulate", path, "--army", "us=x.yaml"]) == 2


def test_a_scenario_with_errors_is_not_simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(TCG_SCENARIOS[0].read_text(encoding="utf-8").replace("turns: 6", "turns: 12"), encoding="utf-8")
    assert main(["simulate", str(broken)]) == 2
    assert "turns" in capsys.readouterr().err
