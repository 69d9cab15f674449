"""Rich renderings of issues and army summaries, shared by the commands."""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from builder.heroes.army.models import ArmyList
from builder.heroes.army.summary import ArmySummary
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.diagnostics import Issue, Severity, is_legal, plural

SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def issues_table(issues: list[Issue]) -> RenderableType:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("where", style="dim", overflow="fold", max_width=26)
    table.add_column("what")
    for issue in issues:
        where = issue.path if issue.line is None else f"line {issue.line}\n{issue.path}"
        what = Text(issue.message)
        if issue.hint:
            what.append(f"\n{issue.hint}", style="dim italic")
        table.add_row(Text(issue.severity.value, style=SEVERITY_STYLE[issue.severity]), where, what)
    return table


def titled(title: str, *rest: str | Text) -> Text:
    """A headline: the player's title in bold, then the rest, none of it read as markup."""
    text = Text(title, style="bold")
    for part in rest:
        text.append(part)
    return text


def judged(issues: list[Issue], good: str, bad: str) -> Text:
    """`legal` in green, or `not legal (2 errors)` in red."""
    if is_legal(issues):
        return Text(good, style="bold green")
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    return Text(f"{bad} ({plural(errors, 'error')})", style="bold red")


def verdict(army: ArmyList, summary: ArmySummary, issues: list[Issue], catalogue: Catalogue) -> Text:
    faction = catalogue.name_of("factions", army.faction)
    limit = f"/{summary.points_limit}" if summary.points_limit is not None else ""
    return titled(army.name, f" — {faction}, {summary.points}{limit} points: ", judged(issues, "legal", "not legal"))


def summary_panel(army: ArmyList, summary: ArmySummary, catalogue: Catalogue) -> RenderableType:
    orders = summary.orders
    tokens = Table.grid(padding=(0, 2))
    tokens.add_column(style="bold")
    tokens.add_column()
    left = summary.points_left
    points = f"{summary.points}"
    if summary.points_limit is not None and left is not None:
        state = f"{left} left" if left >= 0 else f"{-left} over"
        points += f" of {summary.points_limit} ({state})"
    tokens.add_row("Points", points)
    stars = ", ".join(f"{s.source} {s.stars}" for s in orders.stars) or "none"
    tokens.add_row("Order tokens", f"{orders.numbered} numbered ({orders.star_total} stars: {stars})")
    tokens.add_row("", f"{orders.bluff} bluff, {orders.special} special")
    counters = ", ".join(f"{count} {kind.replace('-', ' ')}" for kind, count in summary.counters.items()) or "none"
    tokens.add_row("Counters", counters)
    markers = ", ".join(f"{count} {catalogue.name_of('markers', marker)}" for marker, count in summary.markers.items())
    tokens.add_row("Markers", markers or "none")

    breaking = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    breaking.add_column("combat group")
    breaking.add_column("counters", justify="right")
    breaking.add_column("breaks at", justify="right")
    breaking.add_column("VP to opponent", justify="right")
    for group in summary.groups:
        breaking.add_row(
            group.name,
            str(group.counters),
            str(group.breaking_point) if group.breaking_point else "—",
            str(group.victory_points),
        )
    breaking.add_row("", "", Text("total", style="bold"), Text(str(summary.victory_points_at_stake), style="bold"))
    return RichGroup(tokens, Text(""), breaking)
