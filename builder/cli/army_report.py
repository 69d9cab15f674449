"""What `hon validate` prints: the verdict, the summary and the issues, or JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder.cli.app import console, open_catalogue
from builder.cli.render import issues_table, summary_panel, verdict
from builder.heroes.army.summary import ArmySummary
from builder.heroes.army.validate import check
from builder.io.army_files import load_army
from builder.kernel.diagnostics import Issue, is_legal


def issue_json(issue: Issue) -> dict[str, Any]:
    return issue.model_dump(mode="json")


def summary_json(summary: ArmySummary) -> dict[str, Any]:
    orders = summary.orders
    return {
        "points": summary.points,
        "points_limit": summary.points_limit,
        "orders": {
            "numbered": orders.numbered,
            "bluff": orders.bluff,
            "special": orders.special,
            "stars": [{"source": s.source, "stars": s.stars, "path": s.path} for s in orders.stars],
        },
        "counters": summary.counters,
        "markers": summary.markers,
        "breaking_points": [
            {
                "name": g.name,
                "path": g.path,
                "counters": g.counters,
                "breaking_point": g.breaking_point,
                "victory_points": g.victory_points,
            }
            for g in summary.groups
        ],
    }


def show_army(path: Path, user_catalogue: Path | None) -> int:
    catalogue, _ = open_catalogue(user_catalogue)
    loaded = load_army(path)
    issues, summary = check(loaded.army, catalogue)
    issues = loaded.locate(issues)
    console.print(verdict(loaded.army, summary, issues, catalogue))
    console.print(summary_panel(loaded.army, summary, catalogue))
    if issues:
        console.print()
        console.print(issues_table(issues))
    return 0 if is_legal(issues) else 1


def validate_army(army: Path, catalogue: Path | None, as_json: bool) -> int:
    """Exit code 0 when legal, 1 when not."""
    if not as_json:
        return show_army(army, catalogue)
    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = load_army(army)
    issues, summary = check(loaded.army, loaded_catalogue)
    issues = loaded.locate(issues)
    report = {
        "legal": is_legal(issues),
        "points": summary.points,
        "orders": summary_json(summary)["orders"],
        "issues": [issue_json(issue) for issue in issues],
        "summary": summary_json(summary),
    }
    print(json.dumps(report, indent=2))
    return 0 if report["legal"] else 1
