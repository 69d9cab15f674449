"""What `hon scenario check` and `hon validate` print for Tactical Card Game files."""

from __future__ import annotations

import json
from pathlib import Path

from builder.cli.app import console
from builder.cli.render import issues_table, judged, titled
from builder.kernel.diagnostics import is_legal, plural
from builder.services.tcg_game import check_force_file, check_scenario_file, open_cards


def check_scenario(path: Path, as_json: bool) -> int:
    """Exit 0 when playable, 1 when not."""
    checked = check_scenario_file(path, open_cards())
    issues, scenario = checked.issues, checked.scenario
    ok = is_legal(issues)
    if as_json:
        report = {"ok": ok, "victory": scenario.victory_text(), "issues": [i.model_dump(mode="json") for i in issues]}
        print(json.dumps(report, indent=2))
        return 0 if ok else 1
    board = scenario.board
    sides = ", ".join(f"{s.name} {plural(len(s.force.deployment), 'card')} deployed" for s in scenario.sides)
    head = f" — {board.columns}x{board.rows} boxes, {scenario.turns} turns, {sides}: "
    console.print(titled(scenario.title, head, judged(issues, "playable", "not playable")))
    for line in scenario.victory_text():
        console.print(f"  {line}", soft_wrap=True)
    if issues:
        console.print(issues_table(issues))
    return 0 if ok else 1


def validate_force(path: Path, as_json: bool) -> int:
    """A side's force against its scenario: exit 0 when legal, 1 when not."""
    checked = check_force_file(path, open_cards())
    ok = is_legal(checked.issues)
    if as_json:
        print(json.dumps({"legal": ok, "issues": [i.model_dump(mode="json") for i in checked.issues]}, indent=2))
        return 0 if ok else 1
    force = checked.force
    side = checked.scenario.side(force.side)
    cards = len(force.force.deployment) + len(force.force.deck_cards())
    who = side.name if side is not None else force.side
    head = f" — {who} for {checked.scenario.title}, {plural(cards, 'card')}: "
    console.print(titled(force.name, head, judged(checked.issues, "legal", "not legal")))
    if checked.issues:
        console.print(issues_table(checked.issues))
    return 0 if ok else 1
