"""A user catalogue folder layers over the bundled one without modifying it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from builder.heroes.catalogue.check import check_catalogue
from builder.io.catalogue_files import bundled_files, load_catalogue
from builder.io.paths import DATA_DIR

HEADER = "format: hon-catalogue\nversion: 1\ngame: hon\n"


def digest_of_bundled() -> str:
    digest = hashlib.sha256()
    for path in bundled_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.fixture
def user(tmp_path: Path) -> Path:
    folder = tmp_path / "my-catalogue"
    folder.mkdir()
    return folder


def test_a_user_entry_replaces_the_bundled_one(user: Path) -> None:
    before = digest_of_bundled()
    (user / "ammo.yaml").write_text(
        HEADER + "options:\n  - {id: ammo, name: Ammo (house rule), kind: gear, faction: common, cost: 7,"
        " stripes: [hon-common, hon-common], markers: [{ammo: 3}], source: example}\n",
        encoding="utf-8",
    )
    catalogue, issues = load_catalogue(user)
    assert issues == []
    assert catalogue.options["ammo"].cost == 7
    assert catalogue.origins[("options", "ammo")].layer == "user"
    assert digest_of_bundled() == before


def test_user_entries_add_to_the_bundled_ones(user: Path) -> None:
    bundled, _ = load_catalogue()
    (user / "new.yaml").write_text(
        HEADER + "markers:\n  - {id: my-flare, name: Flare, effect: lights the night, source: example}\n",
        encoding="utf-8",
    )
    catalogue, _ = load_catalogue(user)
    assert len(catalogue) == len(bundled) + 1
    assert catalogue.revision != bundled.revision


def test_the_same_id_twice_in_one_layer_is_an_error(user: Path) -> None:
    marker = "markers:\n  - {id: my-flare, name: Flare, effect: light, source: example}\n"
    (user / "a.yaml").write_text(HEADER + marker, encoding="utf-8")
    (user / "b.yaml").write_text(HEADER + marker, encoding="utf-8")
    _, issues = load_catalogue(user)
    assert [i.code for i in issues] == ["catalogue.duplicate"]
    assert "a.yaml" in issues[0].message and "b.yaml" in issues[0].message


def test_the_revision_is_stable_for_the_same_files() -> None:
    assert load_catalogue()[0].revision == load_catalogue()[0].revision


def test_the_bundled_catalogue_is_sound_and_every_entry_cites_a_source() -> None:
    catalogue, issues = load_catalogue()
    assert issues == []
    assert check_catalogue(catalogue) == []
    assert all(entry.source for _, entry in catalogue.all_entries())
    assert DATA_DIR.joinpath("catalogue.yaml").exists()
