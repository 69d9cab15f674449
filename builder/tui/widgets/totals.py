"""Live totals: points against the limit, order tokens, counters by type, breaking points
and the victory points at stake — all read from the domain's summary."""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from builder.army.summary import ArmySummary
from builder.catalogue.index import Catalogue
from builder.diagnostics import Issue, Severity, is_legal


def status_line(summary: ArmySummary, issues: list[Issue]) -> Text:
    """The one line that is always visible, even at 80x24."""
    line = Text()
    limit = f"/{summary.points_limit}" if summary.points_limit is not None else ""
    over = summary.points_left is not None and summary.points_left < 0
    line.append(f"{summary.points}{limit} pts", style="bold red" if over else "bold")
    orders = summary.orders
    line.append(f" · ★{orders.numbered} orders · {orders.bluff} bluff · {orders.special} special")
    line.append(f" · {summary.victory_points_at_stake} VP at stake · ")
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    warnings = sum(1 for i in issues if i.severity is Severity.WARNING)
    if is_legal(issues):
        line.append("legal", style="bold green")
    else:
        line.append(f"not legal: {errors} error{'s' if errors != 1 else ''}", style="bold red")
    if warnings:
        line.append(f", {warnings} warning{'s' if warnings != 1 else ''}", style="yellow")
    return line


def totals(summary: ArmySummary, catalogue: Catalogue) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    left = summary.points_left
    points = str(summary.points)
    if summary.points_limit is not None and left is not None:
        points += (
            f" of {summary.points_limit} ({left} left)" if left >= 0 else f" of {summary.points_limit} ({-left} over)"
        )
    grid.add_row("Points", Text(points, style="red" if left is not None and left < 0 else ""))
    orders = summary.orders
    grid.add_row("Orders", f"{orders.numbered} numbered, {orders.bluff} bluff, {orders.special} special")
    for star in orders.stars:
        grid.add_row("", Text(f"{'★' * star.stars} {star.source}", style="dim"))
    if orders.star_total > orders.numbered:
        grid.add_row("", Text(f"{orders.star_total - orders.numbered} stars wasted (max 10)", style="yellow"))
    counters = ", ".join(f"{n} {kind.replace('-', ' ')}" for kind, n in summary.counters.items())
    grid.add_row("Counters", counters or "none")
    markers = ", ".join(f"{n} {catalogue.name_of('markers', m)}" for m, n in summary.markers.items())
    grid.add_row("Markers", markers or "none")
    breaking = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", expand=True)
    breaking.add_column("combat group", ratio=1, overflow="ellipsis", no_wrap=True)
    breaking.add_column("BP", justify="right")
    breaking.add_column("VP", justify="right")
    for group in summary.groups:
        bp = f"{group.breaking_point}/{group.counters}" if group.breaking_point else "—"
        breaking.add_row(group.name, bp, str(group.victory_points))
    breaking.add_row(Text("at stake", style="bold"), "", Text(str(summary.victory_points_at_stake), style="bold"))
    return RichGroup(grid, Text(""), breaking)


class TotalsPanel(Static):
    def show(self, summary: ArmySummary, catalogue: Catalogue) -> None:
        self.update(totals(summary, catalogue))
