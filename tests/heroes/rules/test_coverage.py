"""`hon rules` stays true (builder/heroes/rules/coverage/): every special ability, marker and
terrain effect of the bundled catalogue is listed for its game(s), every entry played or partly
played has tests marked with its id, every mark names a listed rule, and every page has the
book's form."""

from __future__ import annotations

import re

import pytest

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.coverage import ABILITIES, BOOKS, COVERAGE, LISTING, MARKERS, MECHANICS, entry
from builder.kernel.coverage import Played, Rule, RuleKind, keyed
from builder.render.rules_core import summary
from tests.fixtures.rule_marks import problems, system

# "HoN core p.24", "BfC p.09", "SoN p.17-18", several joined with "; ": the catalogue's own form.
PAGE = re.compile(r"^(HoN core|BfC|SoN) p\.\d+(-\d+)?(; (HoN core|BfC|SoN) p\.\d+(-\d+)?)*$")
SECTIONS = {"abilities": RuleKind.ABILITY, "markers": RuleKind.MARKER, "terrain_effects": RuleKind.MECHANIC}


def games_of(game: Game | None) -> frozenset[Game]:
    """The games a catalogue entry belongs to: `common` is both."""
    return frozenset({Game.HON, Game.SON}) if game in (None, Game.COMMON) else frozenset({game})


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_every_catalogue_entry_is_listed_for_its_games(bundled: Catalogue, section: str) -> None:
    wrong = []
    for entry_id, found in bundled.entries[section].items():
        listing = entry(entry_id)
        if listing is None:
            wrong.append(f"{entry_id}: not listed")
        elif listing.kind is not SECTIONS[section] or listing.games != games_of(found.game):
            wrong.append(f"{entry_id}: listed as a {listing.kind} of {sorted(listing.games)}")
        elif listing.name != found.name:
            wrong.append(f"{entry_id}: listed as {listing.name!r}, the catalogue calls it {found.name!r}")
    assert wrong == []


def test_every_listed_ability_and_marker_is_in_the_catalogue(bundled: Catalogue) -> None:
    known = {entry_id for section in SECTIONS for entry_id in bundled.entries[section]}
    strays = [e.id for e in COVERAGE.values() if e.kind is not RuleKind.MECHANIC and e.id not in known]
    assert strays == []


def test_the_listing_is_keyed_by_rule_id() -> None:
    assert all(rule_id == found.id for rule_id, found in COVERAGE.items())
    assert [*ABILITIES, *MARKERS, *MECHANICS] == list(COVERAGE)
    assert {e.kind for e in ABILITIES.values()} == {RuleKind.ABILITY} and {e.kind for e in MARKERS.values()} == {
        RuleKind.MARKER
    }
    assert entry("dual-weapon") is COVERAGE["dual-weapon"] and entry("no-such-rule") is None


def test_every_played_rule_has_a_marked_test_and_every_mark_names_a_listed_rule() -> None:
    """Every entry played, even partly, has a test marked `@pytest.mark.rule("its-id")`; every
    mark of the Heroes System's tests names a listed id; `hon rules --json` prints the marks'
    own index (tests/fixtures/rule_marks.py; `make rules-index` writes it)."""
    assert [str(problem) for problem in problems(system("heroes"))] == []


def test_every_page_has_the_books_form() -> None:
    assert [e.id for e in COVERAGE.values() if not PAGE.match(e.page)] == []


def test_notes_say_what_is_missing_in_one_line() -> None:
    assert [e.id for e in COVERAGE.values() if e.played is not Played.PLAYED and not e.note.strip()] == []
    assert [e.id for e in COVERAGE.values() if "\n" in e.note] == []
    with pytest.raises(ValueError, match="what is missing"):
        keyed([Rule("x", "X", RuleKind.MECHANIC, "HoN core p.9", Played.NOT_PLAYED, games=frozenset({Game.HON}))])


def test_a_game_lists_its_own_entries_and_pages() -> None:
    son = LISTING.of(Game.SON)
    assert all(Game.SON in e.games for e in son)
    ids = {e.id for e in son}
    assert {"ambush", "son-suppressed", "large-creatures"} <= ids and "charge" not in ids
    ambush = entry("ambush")
    assert ambush is not None
    assert ambush.page_for(BOOKS[Game.SON]) == "SoN p.17" and ambush.page_for(BOOKS[Game.HON]) == "HoN core p.21"
    offset = entry("offset-grid")
    assert offset is not None and offset.page_for(BOOKS[Game.SON]) == offset.page  # no SoN page: all of them


def test_json_says_played_true_only_when_wholly_played() -> None:
    by_state = {e.played: LISTING.json(e, Game.HON) for e in LISTING.of(Game.HON)}
    assert by_state[Played.PLAYED]["played"] is True and by_state[Played.PLAYED]["partial"] is False
    assert by_state[Played.PARTIAL]["played"] is False and by_state[Played.PARTIAL]["partial"] is True
    assert by_state[Played.NOT_PLAYED]["played"] is False and by_state[Played.NOT_PLAYED]["partial"] is False
    assert {"id", "name", "kind", "page", "played", "note"} <= set(by_state[Played.PLAYED])


def test_the_summary_line() -> None:
    dual = entry("dual-weapon")
    assert dual is not None and summary(dual, BOOKS[Game.HON]) == "played (HoN core p.22)"
    # Whichever entries are still partly or not played: the line's form, with SoN's pages only.
    for e in LISTING.of(Game.SON):
        if e.played is Played.PARTIAL:
            assert summary(e, BOOKS[Game.SON]) == f"partly played ({e.page_for(BOOKS[Game.SON])}): {e.note}"
            assert "HoN core" not in e.page_for(BOOKS[Game.SON]) or "SoN" not in e.page
        elif e.played is Played.NOT_PLAYED:
            assert summary(e, BOOKS[Game.SON]) == f"not played: {e.note}"
