"""`hon rules`: every special ability, marker effect and mechanic of a game's rule books, with
its page and whether the rules core plays it (the system's `listing()`: builder/heroes/rules/
coverage/, builder/tcg/rules/coverage.py, builder/memoir/rules/coverage.py); `hon rules ID` one
of them, with the tests marked with its id. One listing design for every game.

--json prints a list of objects (one object for `hon rules ID --json`), abilities first, then
markers, then mechanics:
  id        the catalogue id of an ability, marker or terrain effect; a kebab id for a mechanic
  name      as the catalogue or the book names it
  kind      "ability", "marker", "mechanic", "shooting-effect" or "terrain"
  games     ["hon"], ["son"] or both; ["tcg"]; ["m44"]
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
    from builder.kernel.coverage import Listing

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
    listing = system.listing()
    if rule_id is not None:
        _one_rule(rule_id, game, listing, as_json)
    elif as_json:
        print(json.dumps([listing.json(rule, game) for rule in listing.of(game)], indent=2))
    else:
        title = next(known.title for known in system.games if known.id == game)
        _print_listing(title, game, listing)


def _one_rule(rule_id: str, game: str, listing: Listing, as_json: bool) -> None:
    """`hon rules ID`: the rule's line and its tests, or a clear error naming close ids."""
    from builder.heroes.catalogue.index import close_matches
    from builder.kernel.diagnostics import join_or
    from builder.render.rules_core import rule_lines

    shown = {rule.id: rule for rule in listing.of(game)}.get(rule_id)
    if shown is None:
        other = listing.rules.get(rule_id)
        problem = f"the {game} listing has no rule {rule_id!r}"
        if other is not None:  # a rule of another game of the same system
            games = join_or(sorted(other.games))
            problem += f"; it is a rule of {games}: add --game {games}"
        elif close := close_matches(rule_id, [rule.id for rule in listing.of(game)]):
            problem += f"; did you mean {join_or(close)}?"
        raise typer.BadParameter(problem, param_hint="ID")
    if as_json:
        print(json.dumps(listing.json(shown, game), indent=2))
        return
    for line in rule_lines(listing.json(shown, game)):
        console.print(line, soft_wrap=True)


def _print_listing(title: str, game: str, listing: Listing) -> None:
    """`hon rules`: one line per rule, grouped by kind in the listing's order, and the tallies."""
    from rich.text import Text

    from builder.render.rules_core import HEADINGS, listing_line, tally

    rules = listing.of(game)
    books = listing.books.get(game, ())
    head = Text(f"{title}: what the rules core plays", style="bold")
    head.append(f"  (hon rules --game {game} --json names the tests behind each)", style="dim")
    console.print(head, soft_wrap=True)
    kinds = list(dict.fromkeys(rule.kind for rule in rules))
    for kind in kinds:
        group = [rule for rule in rules if rule.kind is kind]
        console.print()
        console.print(Text(HEADINGS[kind], style="bold underline"))
        name_width = min(max(len(rule.name) for rule in group), MAX_NAME)
        page_width = min(max(len(rule.page_for(books)) for rule in group), MAX_PAGE)
        for rule in group:
            # One line per rule, however long, so that the listing can be searched with grep.
            console.print(listing_line(rule, books, name_width, page_width), soft_wrap=True)
    console.print()
    for kind in kinds:
        console.print(tally(HEADINGS[kind], [rule.played for rule in rules if rule.kind is kind]))
