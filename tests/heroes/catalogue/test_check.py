"""`hon catalogue check`: dangling references and entries without a source."""

from __future__ import annotations

from pathlib import Path

from builder.heroes.catalogue.check import check_catalogue
from builder.heroes.catalogue.index import Catalogue
from builder.io.catalogue_files import load_catalogue

HEADER = "format: hon-catalogue\nversion: 1\ngame: hon\n"


def check(tmp_path: Path, body: str) -> list[tuple[str, str]]:
    (tmp_path / "mine.yaml").write_text(HEADER + body, encoding="utf-8")
    catalogue, issues = load_catalogue(tmp_path)
    return [(i.code, i.path) for i in issues + check_catalogue(catalogue)]


def test_dangling_references_name_the_field_and_suggest(tmp_path: Path) -> None:
    body = (
        "tiles:\n  - id: my-tile\n    name: Mine\n    faction: us\n    cost: 10\n"
        "    composition: [us-fire-teem]\n    slots: [{id: left, stripes: [us-genric]}]\n    source: example\n"
    )
    found = check(tmp_path, body)
    assert ("reference.unknown", f"{tmp_path / 'mine.yaml'}:tiles[0].composition[0]") in found
    assert ("reference.unknown", f"{tmp_path / 'mine.yaml'}:tiles[0].slots[0].stripes[0]") in found
    catalogue, _ = load_catalogue(tmp_path)
    hints = [i.hint for i in check_catalogue(catalogue)]
    assert any(h and h.startswith("Did you mean 'us-fire-team'") for h in hints)


def test_an_entry_without_source_is_reported(tmp_path: Path) -> None:
    found = check(tmp_path, "markers:\n  - {id: my-flare, name: Flare, effect: light}\n")
    assert found == [("source.missing", f"{tmp_path / 'mine.yaml'}:markers[0]")]


def test_a_sound_user_file_passes(tmp_path: Path) -> None:
    assert check(tmp_path, "markers:\n  - {id: my-flare, name: Flare, effect: light, source: example}\n") == []


def test_no_name_the_books_do_not_print_is_passed_off_as_official(bundled: Catalogue) -> None:
    """README "Honest data": the defence text under HoN core 6.4 ("your opponent rolls 2 dice
    for Damage localisation and you choose the result", p.26) is printed without a name. hon
    gives it to Positive Waves, the defense ability the book names, and says that pairing is
    its reading; "Damage Control", a name the book never prints, is not an ability."""
    abilities = bundled.abilities
    assert "damage-control" not in abilities
    assert all(a.name != "Damage Control" for a in abilities.values())
    waves = abilities["positive-waves"]
    assert "rolls 2 dice for damage localisation" in waves.summary and waves.source == "HoN core p.26"
    assert "hon's reading" in waves.notes and "not printed" in waves.notes


def test_battle_plan_s_grant_is_marked_as_not_printed(bundled: Catalogue) -> None:
    """HoN core p.8 names the Battle Plan Command option among the sources of Special Order
    Tokens but prints neither its tile nor how many tokens it gives: `grants` is unprinted."""
    plan = bundled.options["battle-plan"]
    assert plan.source == "HoN core p.8"
    assert {"cost", "grants"} <= set(plan.unprinted)
    assert "hon grants one" in plan.notes
