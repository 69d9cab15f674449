"""`hon rules --game tcg` stays true: every ability, shooting effect, marker and terrain of the
card and scenario models is listed, every played rule has tests marked with its id, and every
mark of the TCG's tests names a listed rule."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.kernel.coverage import Played, RuleKind
from builder.tcg.cards import AbilityKind, EffectKind
from builder.tcg.rules.coverage import COVERAGE, PASSIVE_DEFENCELESS, entry, rule_id
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain
from tests.fixtures.rule_marks import problems, system


def test_everything_the_models_know_is_listed() -> None:
    ids = {(rule.kind, rule.id) for rule in COVERAGE.values()}
    assert {(RuleKind.ABILITY, rule_id(k)) for k in AbilityKind} <= ids
    assert {(RuleKind.SHOOTING_EFFECT, rule_id(k)) for k in EffectKind} <= ids
    assert {(RuleKind.MARKER, k.value) for k in MarkerKind} <= ids
    assert {(RuleKind.TERRAIN, t.value) for t in Terrain} <= ids


def test_the_listing_is_keyed_by_rule_id() -> None:
    """The passive Defenceless ability and the Defenceless shooting effect (TCG p.12) share a
    name and a model value; the listing keys the ability apart."""
    assert all(key == rule.id for key, rule in COVERAGE.items())
    passive, effect = entry(PASSIVE_DEFENCELESS), entry(EffectKind.DEFENCELESS.value)
    assert passive is not None and passive.kind is RuleKind.ABILITY and rule_id(AbilityKind.DEFENCELESS) == passive.id
    assert effect is not None and effect.kind is RuleKind.SHOOTING_EFFECT and entry("no-such-rule") is None


def test_every_played_rule_has_a_marked_test_and_every_mark_names_a_listed_rule() -> None:
    assert [str(problem) for problem in problems(system("tcg"))] == []


def test_the_choices_made_are_written_down() -> None:
    notes = {rule.id: rule.note for rule in COVERAGE.values()}
    for silent in ("manage-cards", "activation-example", "trench", "decoys", "victory"):
        assert notes[silent]
    assert any(rule.played is not Played.PLAYED for rule in COVERAGE.values())  # what is partial says so


def test_hon_rules_for_the_tcg(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "tcg", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert {e["id"] for e in entries} >= {"go-markers", "field-command", "double-hits", "depot", "forest"}
    assert all(e["games"] == ["tcg"] and e["page"].startswith("TCG p.") for e in entries)
    assert main(["rules", "--game", "tcg"]) == 0
    out = capsys.readouterr().out
    assert "Trench" in out and "not played" in out
