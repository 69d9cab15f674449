"""Live totals: points against the limit, order tokens, counters by type, breaking points
and the victory points at stake — all read from the domain's summary."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from builder.heroes.army.summary import ArmySummary
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.diagnostics import Issue, Severity, is_legal


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


def totals(summary: ArmySummary, catalogue: Catalogue, width: int = 34) -> Text:
    """The totals as plain lines: cheap to redraw on every edit (a Rich table is not)."""
    text = Text()

    def row(label: str, value: str | Text, style: str = "") -> None:
        text.append(f"{label:<9}", style="bold")
        if isinstance(value, Text):
            text.append_text(value)
        else:
            text.append(value, style=style)
        text.append("\n")

    left = summary.points_left
    points = str(summary.points)
    if summary.points_limit is not None and left is not None:
        points += (
            f" of {summary.points_limit} ({left} left)" if left >= 0 else f" of {summary.points_limit} ({-left} over)"
        )
    row("Points", points, "red" if left is not None and left < 0 else "")
    orders = summary.orders
    row("Orders", f"{orders.numbered} numbered")
    row("", f"{orders.bluff} bluff, {orders.special} special")
    for star in orders.stars:
        row("", f"{'★' * star.stars} {star.source}", "dim")
    if orders.star_total > orders.numbered:
        row("", f"{orders.star_total - orders.numbered} stars wasted (max 10)", "yellow")
    counters = ", ".join(f"{n} {kind.replace('-', ' ')}" for kind, n in summary.counters.items())
    row("Counters", counters or "none")
    markers = ", ".join(f"{n} {catalogue.name_of('markers', m)}" for m, n in summary.markers.items())
    row("Markers", markers or "none")
    name_width = max(8, width - 10)
    text.append(f"\n{'combat group':<{name_width}} {'BP':>4} {'VP':>3}\n", style="bold")
    for group in summary.groups:
        name = group.name if len(group.name) <= name_width else group.name[: name_width - 1] + "…"
        bp = f"{group.breaking_point}/{group.counters}" if group.breaking_point else "—"
        text.append(f"{name:<{name_width}} {bp:>4} {group.victory_points:>3}\n")
    text.append(f"{'at stake':<{name_width}} {'':>4} {summary.victory_points_at_stake:>3}", style="bold")
    return text


class TotalsPanel(Static):
    def show(self, summary: ArmySummary, catalogue: Catalogue) -> None:
        text = totals(summary, catalogue)
        previous = getattr(self, "_shown", None)
        if previous == text:
            return
        # A new height only when the number of lines changes.
        layout = previous is None or previous.plain.count("\n") != text.plain.count("\n")
        self._shown = text
        self.update(text, layout=layout)


class TotalsTab(VerticalScroll):
    """The totals' tab of the side panel, scrolling them should they not fit. It draws
    nothing but its background (the scrollbars are widgets of their own), so it is drawn
    as blank (Widget.BLANK), not line by line through Textual's styles cache."""

    BLANK = True
