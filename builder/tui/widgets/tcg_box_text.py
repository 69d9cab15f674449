"""What the Tactical Card Game's designer says beside the board: the box under the cursor
in full (its terrain and what it does, TCG p.17; its markers, p.16; the zone, p.6; the
cards deployed on it, p.16), the turn track with its scenario events (p.16) and the legend."""

from __future__ import annotations

from rich.text import Text

from builder.kernel.diagnostics import Issue, Severity, the_side
from builder.services.tcg_scenario_session import BoxView
from builder.tcg.scenario import MAX_HQS, MarkerKind, Scenario
from builder.tcg.terrain import TERRAIN_PAGE, Terrain
from builder.tui.widgets.tcg_board import MARKER_GLYPH, SIDE_COLOURS, TERRAIN_COLOUR
from builder.tui.widgets.tcg_design_board import ZONE_BAR, card_lines


def terrain_effect(terrain: Terrain) -> str:
    """What the terrain does, from its rules (TCG p.17)."""
    said = []
    if terrain.save is not None:
        said.append(f"save {terrain.save}+")
    if terrain.range_bonus:
        said.append(f"+{terrain.range_bonus} range")
    if terrain.tanks_only_seize:
        said.append("only tanks seize it")
    if terrain.no_directives:
        said.append("no DIRECTIVE markers")
    if terrain.hides:
        said.append("cards may hide")
    if terrain is Terrain.WATER:
        said.append("amphibious only")
    return ", ".join(said) or "no effect"


def turn_track(scenario: Scenario) -> Text:
    """The turn counter from 1 to the END marker, with the scenario-event markers (p.16)."""
    text = Text.assemble(("Turn track", "bold"))
    text.append(f"  first player: {scenario.side_name(scenario.first_player)}\n", style="dim")
    for turn in range(1, scenario.turns + 1):
        events = [e for e in scenario.events if e.turn == turn]
        text.append(f" {turn}", style="bold reverse" if events else "")
    text.append(" END", style="dim")
    for event in scenario.events:
        text.append(f" ✦ turn {event.turn}, {scenario.side_name(event.side)}: {event.effect.english()}")
        text.append(f" {event.text}\n" if event.text else "\n", style="dim")
    return text


def victory(scenario: Scenario) -> Text:
    """The victory conditions in English (TCG p.6: the player who fulfils their scenario
    objectives first wins), then who wins otherwise."""
    text = Text.assemble(("\nVictory", "bold"), (" (f7: details)\n", "dim"))
    if not scenario.victory:
        text.append("No victory condition yet.\n", style="yellow")
    text.append("\n".join(f" {sentence}" for sentence in scenario.victory_text()))
    return text


def box_text(scenario: Scenario, view: BoxView, issues: list[Issue]) -> Text:
    text = Text.assemble((f"Box {list(view.box)}\n", "bold"))
    text.append("  ", style=f"on {TERRAIN_COLOUR[view.terrain]}")
    text.append(f" {view.terrain.label}: {terrain_effect(view.terrain)} ({TERRAIN_PAGE})\n")
    for marker in view.markers:
        text.append(f"{MARKER_GLYPH[marker.kind]} {marker.kind.value}")
        if marker.value is not None:
            text.append(f" +{marker.value}" if marker.kind is MarkerKind.SHOOTING_BONUS else f" {marker.value}+")
        if marker.id or marker.name:
            text.append(f" {marker.name or marker.id}")
        if marker.victory_points:
            text.append(f", {marker.victory_points} VP")
        text.append("\n")
    if view.zone is not None:
        text.append(ZONE_BAR, style=f"bold {SIDE_COLOURS[view.zone % len(SIDE_COLOURS)]}")
        text.append(f" {the_side(scenario.sides[view.zone].name, capital=True, possessive=True)} reinforcement zone\n")
    for card in view.placed:
        name, tags = card_lines(card)
        text.append(f"{scenario.sides[card.side].name}: ", style=SIDE_COLOURS[card.side % len(SIDE_COLOURS)])
        text.append(f"{name}" + (f" ({tags})" if tags else "") + "\n")
        if card.headquarters:
            text.append(f"  reinforcements may arrive around it ({MAX_HQS} HQs at most, TCG p.6)\n", style="dim")
    for issue in issues:
        text.append(f"{'✖' if issue.severity is Severity.ERROR else '▲'} {issue.message}\n", style="yellow")
    return text


def legend(scenario: Scenario, *, forces: bool = True) -> Text:
    """The markers' glyphs, and each side in the colour of its cards and zone (with its
    COMMAND and DIRECTIVE markers when `forces`: the viewer tells how many are left)."""
    text = Text.assemble(("\nMarkers\n", "bold"))
    for kind in MarkerKind:
        text.append(f" {MARKER_GLYPH[kind]} {kind.value}\n")
    text.append("\nSides\n", style="bold")
    for index, side in enumerate(scenario.sides):
        text.append(f" {ZONE_BAR}", style=f"bold {SIDE_COLOURS[index % len(SIDE_COLOURS)]}")
        text.append(
            f" {side.name}: {side.command} COMMAND, {side.directives} DIRECTIVE\n" if forces else f" {side.name}\n"
        )
    return text
