"""How both front ends say what the rules core plays (builder/heroes/rules/coverage/): the
lines of `hon rules`, one rule of any game (`hon rules ID`), and the "Rules core: …" line
`hon catalogue show` and the app's catalogue browser give an ability, a marker or a terrain
effect."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from builder.heroes.catalogue.base import Game
from builder.heroes.rules.coverage import BOOKS, entry
from builder.kernel.coverage import Played, Rule, RuleJson, RuleKind

STYLE = {Played.PLAYED: "green", Played.PARTIAL: "yellow", Played.NOT_PLAYED: "red"}
HEADINGS = {
    RuleKind.ABILITY: "Special abilities",
    RuleKind.MARKER: "Markers",
    RuleKind.MECHANIC: "Mechanics",
    RuleKind.SHOOTING_EFFECT: "Shooting effects",
    RuleKind.TERRAIN: "Terrain",
}
# The catalogue sections whose entries `hon rules` lists.
LISTED_SECTIONS = ("abilities", "markers", "terrain_effects")
# An entry of the player's own catalogue that the listing does not know.
UNLISTED = "the rules core does not know it (see hon rules)"


def listing_line(found: Rule, books: Sequence[str], name_width: int = 0, page_width: int = 0) -> Text:
    """One entry of `hon rules`: name, page (in `books`), played or not, and the note."""
    line = Text("  ")
    line.append(f"{found.name:<{name_width}}  ", style="bold")
    line.append(f"{found.page_for(books):<{page_width}}  ", style="dim")
    line.append(found.played.label, style=STYLE[found.played])
    if found.note:
        line.append(f": {found.note}")
    return line


def tally(heading: str, played: Sequence[Played]) -> Text:
    """`Special abilities: 80, 61 played, 9 partly played, 10 not played.`"""
    line = Text(f"{heading}: {len(played)}, ")
    for index, state in enumerate(Played):
        line.append(f"{played.count(state)} {state.label}", style=STYLE[state])
        line.append(", " if index < len(Played) - 1 else ".")
    return line


def summary(found: Rule, books: Sequence[str]) -> str:
    """One line: "played (HoN core p.24)", "partly played (…): note", "not played: note"."""
    if found.played is Played.NOT_PLAYED:
        return f"not played: {found.note}"
    said = f"{found.played.label} ({found.page_for(books)})"
    return f"{said}: {found.note}" if found.note else said


def rule_lines(shown: RuleJson) -> list[Text]:
    """One rule of any game (`hon rules ID`): its name, id, kind and page; played or not with
    the note; then the tests marked with its id, one a line."""
    played = Played.PLAYED if shown["played"] else Played.PARTIAL if shown["partial"] else Played.NOT_PLAYED
    head = Text(shown["name"], style="bold")
    head.append(f"  {shown['id']}, {shown['kind']}, {shown['page']}", style="dim")
    state = Text(played.label, style=STYLE[played])
    if shown["note"]:
        state.append(f": {shown['note']}")
    tests = [Text(f"  {test}") for test in shown["tests"]]
    return [head, state, *([Text("Tests:", style="bold"), *tests] if tests else [])]


def rules_core_line(section: str, entry_id: str, game: Game | None = None) -> Text | None:
    """The line `Rules core: played (HoN core p.24)`, or `Rules core: not played: <note>`, for
    an ability, marker or terrain effect (citing `game`'s books); None for other sections."""
    if section not in LISTED_SECTIONS:
        return None
    found = entry(entry_id)
    line = Text("Rules core: ", style="bold")
    if found is None:
        line.append(f"not played: {UNLISTED}", style=STYLE[Played.NOT_PLAYED])
        return line
    books = BOOKS.get(game.value, ()) if game is not None else ()
    line.append(summary(found, books), style=STYLE[found.played])
    return line


def rules_core_json(section: str, entry_id: str) -> dict[str, object] | None:
    """The same for `hon catalogue show --json`: played, partial, page and note."""
    if section not in LISTED_SECTIONS:
        return None
    found = entry(entry_id)
    if found is None:
        return {"played": False, "partial": False, "note": UNLISTED}
    played, partial = found.played is Played.PLAYED, found.played is Played.PARTIAL
    return {"played": played, "partial": partial, "page": found.page, "note": found.note}
