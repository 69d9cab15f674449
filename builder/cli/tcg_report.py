"""What `hon scenario check` and `hon validate` print for Tactical Card Game files."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.text import Text

from builder.cli.app import catalogue_inputs, console, tell_written
from builder.cli.render import issues_table, judged, titled
from builder.cli.terminal import say
from builder.kernel.diagnostics import is_legal, plural
from builder.services.tcg_game import check_force_file, check_scenario_file, open_cards

if TYPE_CHECKING:
    from builder.export.tcg_deck import DeckList
    from builder.export.tcg_sheet import TcgSheet
    from builder.kernel.system import Capability


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
        console.print(Text(f"  {line}"), soft_wrap=True)
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


def is_tcg(path: Path, capability: Capability) -> bool:
    """Whether `path` is a Tactical Card Game file the command should hand to the TCG; a file
    that cannot be read is left to the command's own reading, which says why."""
    from builder.io.errors import HonFileError
    from builder.kernel.system import Unsupported
    from builder.services.systems import require
    from builder.tcg.system import TCG

    try:
        return require(path, capability) is TCG
    except (HonFileError, Unsupported):
        return False


def write_printout(
    sheet: TcgSheet | DeckList, fmt: str, given: str | None, strict: bool, paper: str, target: Printout
) -> int:
    """Write a scenario sheet or a deck list: exit 0, or 1 when --strict refuses it."""
    from builder.export.formats import Paper
    from builder.export.tcg_deck import DeckList, render_deck
    from builder.export.tcg_sheet import TcgFormat, render
    from builder.io.outputs import printout

    formats, papers = {f.value: f for f in TcgFormat}, {p.value: p for p in Paper}
    if fmt not in formats:
        raise typer.BadParameter(f"{fmt!r}: a Tactical Card Game sheet is html, pdf or md", param_hint="--format")
    if paper not in papers:
        raise typer.BadParameter(f"{paper!r} is not one of a4, letter.", param_hint="--paper")
    chosen = formats[fmt]
    output = printout(given, sheet.id, chosen.extension, inputs=target.inputs, force=target.force)
    if strict and not sheet.playable:
        say(f"{sheet.title} is not playable; --strict writes nothing.")
        return 1
    if isinstance(sheet, DeckList):
        content = render_deck(sheet, chosen, papers[paper])
    else:
        content = render(sheet, chosen, papers[paper])
    tell_written(output.write(content))
    return 0


@dataclass(frozen=True)
class Printout:
    """What a printout's output must not replace, and whether --force was given."""

    inputs: tuple[Path, ...]
    force: bool


def scenario_sheet(path: Path, fmt: str, given: str | None, strict: bool, paper: str, force: bool) -> int:
    from builder.export.tcg_sheet import build_tcg_sheet

    checked = check_scenario_file(path, open_cards())
    sheet = build_tcg_sheet(checked.scenario, checked.cards, checked.issues)
    return write_printout(sheet, fmt, given, strict, paper, Printout(_inputs(path), force))


def deck_list(path: Path, fmt: str, given: str | None, strict: bool, paper: str, force: bool) -> int:
    """A side's force composed for its scenario (`hon roster FORCE.yaml`): its deck list."""
    from builder.export.tcg_deck import build_deck_list

    cards = open_cards()
    checked = check_force_file(path, cards)
    force_file = checked.force
    deck = build_deck_list(
        checked.scenario, force_file.side, force_file.force, cards, checked.issues, name=force_file.name
    )
    return write_printout(deck, fmt, given, strict, paper, Printout(_inputs(*checked.files), force))


def scenario_deck(path: Path, side: str, fmt: str, given: str | None, strict: bool, paper: str, force: bool) -> int:
    """A scenario side's deck list (`hon scenario deck SCENARIO --side SIDE`)."""
    from builder.export.tcg_deck import build_deck_list

    checked = check_scenario_file(path, open_cards())
    scenario = checked.scenario
    found = scenario.side(side)
    if found is None:
        named = ", ".join(s.id for s in scenario.sides)
        raise typer.BadParameter(f"{side!r} is not a side of {scenario.title} ({named})", param_hint="--side")
    deck = build_deck_list(scenario, side, found.force, checked.cards, checked.issues)
    return write_printout(deck, fmt, given, strict, paper, Printout(_inputs(path), force))


def _inputs(*files: Path) -> tuple[Path, ...]:
    return (*files, *catalogue_inputs(None))
