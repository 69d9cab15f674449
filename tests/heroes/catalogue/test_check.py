"""`hon catalogue check`: dangling references and entries without a source."""

from __future__ import annotations

from pathlib import Path

from builder.heroes.catalogue.check import check_catalogue
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
