"""`hon rules`: every special ability, marker effect and mechanic of a game's rule books, with
its page and whether the rules core plays it (builder/heroes/rules/coverage/).

--json prints a list of objects, abilities first, then markers, then mechanics:
  id        the catalogue id of an ability, marker or terrain effect; a kebab id for a mechanic
  name      as the catalogue or the book names it
  kind      "ability", "marker" or "mechanic"
  games     ["hon"], ["son"] or both
  page      where that game's books print it ("HoN core p.24")
  played    true only when the rules core plays all of it
  partial   true when it plays part of it (played is then false)
  note      one line: what is missing, or the choice made where the book is silent
  tests     the tests that exercise it
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.app import JsonOption, app, console

if TYPE_CHECKING:
    from rich.text import Text

    from builder.heroes.rules.coverage import Played

HEADINGS = {"ability": "Special abilities", "marker": "Markers", "mechanic": "Mechanics"}
MAX_NAME, MAX_PAGE = 34, 30


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Option("--game", help="The game whose books to list: hon, son, tcg or m44.")] = "hon",
    as_json: JsonOption = False,
) -> None:
    """Every special ability, marker and mechanic of the books, and whether hon plays it."""
    from rich.text import Text

    from builder.heroes.catalogue.base import Game
    from builder.heroes.rules.coverage import Kind, counts, listed
    from builder.kernel.system import Capability
    from builder.render.rules_core import listing_line
    from builder.services.systems import require_game
    from builder.tcg.system import TCG

    system = require_game(game, Capability.RULES)
    if system.id == "memoir":
        from builder.cli import memoir_commands

        memoir_commands.rules(as_json)
        return
    if system is TCG:
        from builder.cli.tcg_play import rules_listing

        rules_listing(as_json)
        return
    chosen = Game(game)
    entries = listed(chosen)
    if as_json:
        print(json.dumps([e.to_json(chosen) for e in entries], indent=2))
        return
    title = Text(f"{chosen.full_name}: what the rules core plays", style="bold")
    title.append("  (hon rules --json names the tests behind each)", style="dim")
    console.print(title, soft_wrap=True)
    for kind in Kind:
        group = [e for e in entries if e.kind is kind]
        if not group:
            continue
        console.print()
        console.print(Text(HEADINGS[kind.value], style="bold underline"))
        name_width = min(max(len(e.name) for e in group), MAX_NAME)
        page_width = min(max(len(e.page_for(chosen)) for e in group), MAX_PAGE)
        for found in group:
            # One line per entry, however long, so that the listing can be searched with grep.
            console.print(listing_line(found, chosen, name_width, page_width), soft_wrap=True)
    console.print()
    for kind, by_state in counts(entries).items():
        total = sum(by_state.values())
        if total:
            console.print(_tally(HEADINGS[kind.value], by_state, total))


def _tally(heading: str, by_state: dict[Played, int], total: int) -> Text:
    from rich.text import Text

    from builder.render.rules_core import STYLE

    line = Text(f"{heading}: {total}, ")
    for index, (state, count) in enumerate(by_state.items()):
        line.append(f"{count} {state.label}", style=STYLE[state])
        line.append(", " if index < len(by_state) - 1 else ".")
    return line
