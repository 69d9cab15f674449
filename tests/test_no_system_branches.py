"""The front ends do not branch on which game system they hold (issue 33): in builder/cli,
builder/tui and builder/services no system's or game's id is compared with a literal, and the
only tables keyed by system ids are the registry's own (each system's commands, screens and
balance preparation), so a fourth system is added there and nowhere else."""

from __future__ import annotations

import ast
from pathlib import Path

from builder.services.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[1]
FRONT_ENDS = ("builder/cli", "builder/tui", "builder/services")
IDS = {system.id for system in SYSTEMS} | {game.id for system in SYSTEMS for game in system.games}
# What a value compared with an id is called when it holds a system or a game.
HOLDERS = {"id", "system", "system_id", "game"}
TABLES = {"builder/cli/fronts.py", "builder/tui/fronts.py", "builder/services/balance_systems.py"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _an_id(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in IDS


def branches(source: str) -> list[int]:
    """The lines of `source` that compare a system or a game with an id, or key a table by
    two or more systems' ids."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_an_id, operands)) and any(_name(o) in HOLDERS for o in operands):
                found.append(node.lineno)
        elif isinstance(node, ast.Dict) and sum(map(_an_id, node.keys)) >= 2:
            found.append(node.lineno)
    return found


def test_the_check_sees_a_branch() -> None:
    assert branches('if system.id == "memoir":\n    pass\nx = game != "tcg"\n') == [1, 3]
    assert branches('T = {"tcg": 1, "memoir": 2}\nif self.section == "heroes":\n    pass\n') == [1]


def test_no_front_end_branches_on_the_system() -> None:
    found = {}
    for folder in FRONT_ENDS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            module = str(path.relative_to(ROOT))
            lines = branches(path.read_text(encoding="utf-8"))
            if lines and module not in TABLES:
                found[module] = lines
    assert found == {}
