"""Shadows over Normandie's Mythos rules in simulated games: The Drowned Chapel with its
introductory armies and with test armies of spellcasters, Manifestations, a Medic and a
searcher (tests/fixtures/armies): every seed reaches the victory check, the same seed gives
the same game, and the rules show up in the narration with their pages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import VictoryEvent
from builder.heroes.rules.events.mythos import AidEvent, MadnessEvent, SpellEvent, TerrorEvent
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import assemble
from builder.io.army_files import load_army
from builder.io.scenario_files import load_scenario

ROOT = Path(__file__).resolve().parents[3]
CHAPEL = ROOT / "scenarios" / "son-the-drowned-chapel.yaml"
ARMIES = ROOT / "tests" / "fixtures" / "armies"


def play(catalogue: Catalogue, seed: int, mythos: bool) -> GameRecord:
    loaded = load_scenario(CHAPEL)
    armies = loaded.armies()
    if mythos:
        armies = {side: load_army(ARMIES / f"son-mythos-{side}.yaml").army for side in armies}
    battlefield = assemble(loaded.scenario.map, catalogue)[0]
    return simulate(
        loaded.scenario, battlefield, armies, catalogue, seed=seed, policies=for_every_side(loaded.scenario, seed)
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mythos_game_reaches_its_victory_check_and_replays_the_same(bundled: Catalogue, seed: int) -> None:
    record = play(bundled, seed, mythos=True)
    assert isinstance(record.events[-1], VictoryEvent) and record.turns == 6
    again = play(bundled, seed, mythos=True)
    assert record.to_json() == again.to_json()


def test_mythos_games_cast_spells_check_terror_and_aid(bundled: Catalogue) -> None:
    kinds: Counter[str] = Counter()
    for seed in (1, 2, 3):
        events = play(bundled, seed, mythos=True).events
        kinds.update(e.kind for e in events)
        for event in events:
            if isinstance(event, TerrorEvent | SpellEvent | MadnessEvent | AidEvent):
                assert event.page.startswith("SoN p.")
    assert kinds["spell"] and kinds["terror"] and kinds["aid"]


def test_the_chapel_with_its_introductory_armies_still_ends_with_its_victory_check(bundled: Catalogue) -> None:
    for seed in (1, 5):
        record = play(bundled, seed, mythos=False)
        assert isinstance(record.events[-1], VictoryEvent)
