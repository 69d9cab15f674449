"""`hon rules --game tcg` stays true: every ability, shooting effect, marker and terrain of the
card and scenario models is listed, and every test a played rule names exists."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.tcg.cards import AbilityKind, EffectKind
from builder.tcg.rules.coverage import Kind, Played, listed
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain

ROOT = Path(__file__).resolve().parents[3]


def test_everything_the_models_know_is_listed() -> None:
    ids = {(rule.kind, rule.id) for rule in listed()}
    assert {(Kind.ABILITY, k.value) for k in AbilityKind} <= ids
    assert {(Kind.EFFECT, k.value) for k in EffectKind} <= ids
    assert {(Kind.MARKER, k.value) for k in MarkerKind} <= ids
    assert {(Kind.TERRAIN, t.value) for t in Terrain} <= ids
    assert len({rule.id for rule in listed() if rule.kind is Kind.MECHANIC}) == sum(
        1 for rule in listed() if rule.kind is Kind.MECHANIC
    )


def test_every_named_test_exists() -> None:
    defined: dict[str, set[str]] = {}
    for rule in listed():
        for test in rule.tests:
            file, _, name = test.partition("::")
            if file not in defined:
                tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
                defined[file] = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
            assert name in defined[file], test


def test_the_choices_made_are_written_down() -> None:
    notes = {rule.id: rule.note for rule in listed()}
    for silent in ("manage-cards", "activation-example", "trench", "decoys", "victory"):
        assert notes[silent]
    assert any(rule.played is not Played.PLAYED for rule in listed())  # what is partial says so


def test_hon_rules_for_the_tcg(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "tcg", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert {e["id"] for e in entries} >= {"go-markers", "field-command", "double-hits", "depot", "forest"}
    assert all(e["games"] == ["tcg"] and e["page"].startswith("TCG p.") for e in entries)
    assert main(["rules", "--game", "tcg"]) == 0
    out = capsys.readouterr().out
    assert "Trench" in out and "not played" in out
