"""`hon rules` stays true (builder/heroes/rules/coverage/): every special ability, marker and
terrain effect of the bundled catalogue is listed for its game(s), every entry played or partly
played names tests that exist, and every page has the book's form."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.coverage import COVERAGE, Coverage, Kind, Played, counts, entry, listed

ROOT = Path(__file__).resolve().parents[3]
# "HoN core p.24", "BfC p.09", "SoN p.17-18", several joined with "; ": the catalogue's own form.
PAGE = re.compile(r"^(HoN core|BfC|SoN) p\.\d+(-\d+)?(; (HoN core|BfC|SoN) p\.\d+(-\d+)?)*$")
SECTIONS = {"abilities": Kind.ABILITY, "markers": Kind.MARKER, "terrain_effects": Kind.MECHANIC}


def games_of(game: Game | None) -> frozenset[Game]:
    """The games a catalogue entry belongs to: `common` is both."""
    return frozenset({Game.HON, Game.SON}) if game in (None, Game.COMMON) else frozenset({game})


@cache
def defined_tests(path: str) -> frozenset[str]:
    """Every test of a file as pytest names it: `test_x`, and `Class::test_x` for methods."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            found.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test")
            )
    return frozenset(found)


def missing_tests(listed_entry: Coverage) -> list[str]:
    """The entry's test node ids that name no test."""
    missing = []
    for node in listed_entry.tests:
        path, _, name = node.partition("::")
        name = name.split("[")[0]  # a parametrized case names its function
        real_file = path.startswith("tests/") and path.endswith(".py") and (ROOT / path).is_file()
        if not real_file or name not in defined_tests(path):
            missing.append(node)
    return missing


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
    strays = [e.id for e in COVERAGE if e.kind is not Kind.MECHANIC and e.id not in known]
    assert strays == []


def test_ids_are_unique_kebab_case() -> None:
    ids = [e.id for e in COVERAGE]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


def test_every_entry_played_even_partly_names_tests_that_exist() -> None:
    unproven = [e.id for e in COVERAGE if e.played is not Played.NOT_PLAYED and not e.tests]
    assert unproven == []
    assert {e.id: missing for e in COVERAGE if (missing := missing_tests(e))} == {}


def test_a_bogus_test_name_would_be_caught() -> None:
    real = entry("dual-weapon")
    assert real is not None and real.tests and missing_tests(real) == []
    for bogus in (
        "tests/heroes/rules/test_combat.py::test_dual_weapon_rolls_three_dice",
        "tests/heroes/rules/test_nowhere.py::test_dual_weapon_rolls_two_dice_and_keeps_the_best",
        "tests/tui/test_snapshots.py::TestArmyBuilder::test_no_such_snapshot",
        "tests/tui/test_snapshots.py::test_builder",  # a method, named without its class
    ):
        assert missing_tests(Coverage(real.id, real.name, real.kind, real.games, real.page, real.played, "", (bogus,)))
    method = "tests/tui/test_snapshots.py::TestArmyBuilder::test_builder"
    assert not missing_tests(Coverage(real.id, real.name, real.kind, real.games, real.page, real.played, "", (method,)))


def test_every_page_has_the_books_form() -> None:
    assert [e.id for e in COVERAGE if not PAGE.match(e.page)] == []


def test_notes_say_what_is_missing_in_one_line() -> None:
    assert [e.id for e in COVERAGE if e.played is not Played.PLAYED and not e.note.strip()] == []
    assert [e.id for e in COVERAGE if "\n" in e.note] == []
    with pytest.raises(ValueError, match="names the tests"):
        Coverage("x", "X", Kind.MECHANIC, frozenset({Game.HON}), "HoN core p.9", Played.PARTIAL, "half of it")
    with pytest.raises(ValueError, match="what is missing"):
        Coverage("x", "X", Kind.MECHANIC, frozenset({Game.HON}), "HoN core p.9", Played.NOT_PLAYED)


def test_a_game_lists_its_own_entries_and_pages() -> None:
    son = listed(Game.SON)
    assert all(Game.SON in e.games for e in son)
    ids = {e.id for e in son}
    assert {"ambush", "son-suppressed", "large-creatures"} <= ids and "charge" not in ids
    ambush = entry("ambush")
    assert ambush is not None
    assert ambush.page_for(Game.SON) == "SoN p.17" and ambush.page_for(Game.HON) == "HoN core p.21"
    offset = entry("offset-grid")
    assert offset is not None and offset.page_for(Game.SON) == offset.page  # no SoN page: all of them


def test_json_says_played_true_only_when_wholly_played() -> None:
    by_state = {e.played: e.to_json(Game.HON) for e in listed(Game.HON)}
    assert by_state[Played.PLAYED]["played"] is True and by_state[Played.PLAYED]["partial"] is False
    assert by_state[Played.PARTIAL]["played"] is False and by_state[Played.PARTIAL]["partial"] is True
    assert by_state[Played.NOT_PLAYED]["played"] is False and by_state[Played.NOT_PLAYED]["partial"] is False
    assert {"id", "name", "kind", "page", "played", "note"} <= set(by_state[Played.PLAYED])


def test_the_summary_line() -> None:
    dual = entry("dual-weapon")
    assert dual is not None and dual.summary(Game.HON) == "played (HoN core p.22)"
    # Whichever entries are still partly or not played: the line's form, with SoN's pages only.
    for e in listed(Game.SON):
        if e.is_partial:
            assert e.summary(Game.SON) == f"partly played ({e.page_for(Game.SON)}): {e.note}"
            assert "HoN core" not in e.page_for(Game.SON) or "SoN" not in e.page
        elif not e.is_played:
            assert e.summary(Game.SON) == f"not played: {e.note}"


def test_counts_add_up() -> None:
    found = counts(listed(Game.HON))
    assert sum(sum(row.values()) for row in found.values()) == len(listed(Game.HON))
