"""`hon rules --game m44` stays true: every test an entry names exists."""

from __future__ import annotations

import ast
from pathlib import Path

from builder.memoir.rules.coverage import ENTRIES

ROOT = Path(__file__).resolve().parents[2]


def test_every_named_test_exists() -> None:
    for entry in ENTRIES:
        for test in entry.tests:
            file, _, name = test.partition("::")
            tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
            names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
            assert name in names, f"{entry.id}: {test}"


def test_ids_are_unique_and_kebab() -> None:
    ids = [e.id for e in ENTRIES]
    assert len(ids) == len(set(ids)) and all(i == i.lower() and " " not in i for i in ids)
