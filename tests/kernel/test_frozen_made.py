"""Every `made(Cls, ...)` in hon names each field of `Cls` once and nothing else: `made`
skips the dataclass's `__init__`, so a field left out, misspelt or added to the class later
would otherwise surface only as an AttributeError in some rarely played case."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import builder

ROOT = Path(builder.__file__).resolve().parent


def _calls() -> list[tuple[str, int, str, set[str]]]:
    """(module, line, class name, keyword names) of each `made` call; the class is the
    module's own name for it."""
    found = []
    for source in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        module = ".".join(source.relative_to(ROOT.parent).with_suffix("").parts)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "made":
                assert node.args and isinstance(node.args[0], ast.Name), f"{module}:{node.lineno}"
                assert all(k.arg is not None for k in node.keywords), f"{module}:{node.lineno}: no **fields"
                names = {k.arg for k in node.keywords if k.arg is not None}
                found.append((module, node.lineno, node.args[0].id, names))
    return found


def test_each_made_names_every_field_of_its_class() -> None:
    calls = _calls()
    assert len(calls) >= 3  # the Aim of combat.aim, the Sights of los._sight
    for module, line, name, keywords in calls:
        cls = getattr(importlib.import_module(module), name)
        assert dataclasses.is_dataclass(cls), f"{module}:{line}: {name} is not a dataclass"
        assert keywords == {f.name for f in dataclasses.fields(cls)}, f"{module}:{line}: {name}"
