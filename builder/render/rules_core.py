"""How both front ends say what the rules core plays (builder/heroes/rules/coverage/): the
lines of `hon rules`, one rule of any game (`hon rules ID`), and the "Rules core: …" line
`hon catalogue show` and the app's catalogue browser give an ability, a marker or a terrain
effect."""

from __future__ import annotations

from rich.text import Text

from builder.heroes.catalogue.base import Game
from builder.heroes.rules.coverage import Coverage, Played, entry
from builder.kernel.coverage import RuleJson

STYLE = {Played.PLAYED: "green", Played.PARTIAL: "yellow", Played.NOT_PLAYED: "red"}
# The catalogue sections whose entries `hon rules` lists.
LISTED_SECTIONS = ("abilities", "markers", "terrain_effects")
# An entry of the player's own catalogue that the listing does not know.
UNLISTED = "the rules core does not know it (see hon rules)"


def listing_line(found: Coverage, game: Game | None, name_width: int = 0, page_width: int = 0) -> Text:
    """One entry of `hon rules`: name, page, played or not, and the note."""
    line = Text("  ")
    line.append(f"{found.name:<{name_width}}  ", style="bold")
    line.append(f"{found.page_for(game):<{page_width}}  ", style="dim")
    line.append(found.played.label, style=STYLE[found.played])
    if found.note:
        line.append(f": {found.note}")
    return line


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
    line.append(found.summary(game if game in (Game.HON, Game.SON) else None), style=STYLE[found.played])
    return line


def rules_core_json(section: str, entry_id: str) -> dict[str, object] | None:
    """The same for `hon catalogue show --json`: played, partial, page and note."""
    if section not in LISTED_SECTIONS:
        return None
    found = entry(entry_id)
    if found is None:
        return {"played": False, "partial": False, "note": UNLISTED}
    return {"played": found.is_played, "partial": found.is_partial, "page": found.page, "note": found.note}
