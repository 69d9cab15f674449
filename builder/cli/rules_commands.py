"""`hon rules`: every special ability, marker effect and mechanic of a game's rule books, with
its page and whether the rules core plays it (builder/heroes/rules/coverage/); `hon rules ID`
one of them, with the tests marked with its id.

--json prints a list of objects (one object for `hon rules ID --json`), abilities first, then
markers, then mechanics:
  id        the catalogue id of an ability, marker or terrain effect; a kebab id for a mechanic
  name      as the catalogue or the book names it
  kind      "ability", "marker" or "mechanic"
  games     ["hon"], ["son"] or both
  page      where that game's books print it ("HoN core p.24")
  played    true only when the rules core plays all of it
  partial   true when it plays part of it (played is then false)
  note      one line: what is missing, or the choice made where the book is silent
  tests     the tests that exercise it (marked `@pytest.mark.rule("ID")`)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.app import JsonOption, app, console

if TYPE_CHECKING:
    from rich.text import Text

    from builder.heroes.rules.coverage import Played
    from builder.kernel.coverage import RuleJson
    from builder.kernel.system import GameSystem

HEADINGS = {"ability": "Special abilities", "marker": "Markers", "mechanic": "Mechanics"}
MAX_NAME, MAX_PAGE = 34, 30


@app.command("rules")
def rules_command(
    rule_id: Annotated[
        str | None,
        typer.Argument(metavar="ID", help="One rule by its id (as --json names it), with the tests marked with it."),
    ] = None,
    game: Annotated[str, typer.Option("--game", help="The game whose books to list: hon, son, tcg or m44.")] = "hon",
    as_json: JsonOption = False,
) -> None:
    """Every special ability, marker and mechanic of the books, and whether hon plays it."""
    from builder.kernel.system import Capability
    from builder.services.systems import require_game

    system = require_game(game, Capability.RULES)
    if rule_id is not None:
        _one_rule(rule_id, game, _listing(system, game), as_json)
    elif as_json:
        print(json.dumps(list(_listing(system, game).values()), indent=2))
    elif system.id == "memoir":
        from builder.cli import memoir_commands

        memoir_commands.rules()
    elif system.id == "tcg":
        from builder.cli.tcg_play import rules_listing

        rules_listing()
    else:
        _heroes_listing(game)


def _listing(system: GameSystem, game: str) -> dict[str, RuleJson]:
    """Every rule of `game`'s listing as --json prints it, by id, in the listing's order."""
    if system.id == "memoir":
        from builder.memoir.rules.coverage import COVERAGE

        entries = [e.to_json() for e in COVERAGE.values()]
    elif system.id == "tcg":
        from builder.tcg.rules.coverage import listed as tcg_listed

        entries = [rule.to_json() for rule in tcg_listed()]
    else:
        from builder.heroes.catalogue.base import Game
        from builder.heroes.rules.coverage import listed

        entries = [e.to_json(Game(game)) for e in listed(Game(game))]
    return {e["id"]: e for e in entries}


def _one_rule(rule_id: str, game: str, listing: dict[str, RuleJson], as_json: bool) -> None:
    """`hon rules ID`: the rule's line and its tests, or a clear error naming close ids."""
    from builder.heroes.catalogue.index import close_matches
    from builder.heroes.rules.coverage import entry
    from builder.kernel.diagnostics import join_or
    from builder.render.rules_core import rule_lines

    shown = listing.get(rule_id)
    if shown is None:
        other = entry(rule_id) if game in ("hon", "son") else None
        problem = f"the {game} listing has no rule {rule_id!r}"
        if other is not None:  # a Heroes System rule of the other game
            games = join_or(sorted(g.value for g in other.games))
            problem += f"; it is a rule of {games}: add --game {games}"
        elif close := close_matches(rule_id, listing):
            problem += f"; did you mean {join_or(close)}?"
        raise typer.BadParameter(problem, param_hint="ID")
    if as_json:
        print(json.dumps(shown, indent=2))
        return
    for line in rule_lines(shown):
        console.print(line, soft_wrap=True)


def _heroes_listing(game: str) -> None:
    """`hon rules` for hon or son: one line per entry, grouped by kind, and the tallies."""
    from rich.text import Text

    from builder.heroes.catalogue.base import Game
    from builder.heroes.rules.coverage import Kind, counts, listed
    from builder.render.rules_core import listing_line

    chosen = Game(game)
    entries = listed(chosen)
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
