"""The catalogue cache gives the same catalogue faster, and never a wrong one."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io import cache
from builder.io.catalogue_files import load_catalogue

HEADER = "format: hon-catalogue\nversion: 1\ngame: hon\n"


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HON_CACHE", str(folder))
    return folder


def test_a_cached_catalogue_equals_a_parsed_one(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = load_catalogue()
    assert any(cache_folder.glob("*.json"))
    second, _ = load_catalogue()
    monkeypatch.setenv("HON_CACHE", cache.OFF)
    parsed, _ = load_catalogue()
    assert second.entries == parsed.entries == first.entries
    assert second.revision == parsed.revision


def test_a_changed_file_misses_the_cache(cache_folder: Path, tmp_path: Path) -> None:
    user = tmp_path / "mine"
    user.mkdir()
    marker = user / "m.yaml"
    marker.write_text(
        HEADER + "markers: [{id: flare, name: Flare, effect: light, source: example}]\n", encoding="utf-8"
    )
    assert load_catalogue(user)[0].markers["flare"].name == "Flare"
    marker.write_text(
        HEADER + "markers: [{id: flare, name: Star shell, effect: light, source: example}]\n", encoding="utf-8"
    )
    assert load_catalogue(user)[0].markers["flare"].name == "Star shell"


def test_a_damaged_cache_entry_is_ignored(cache_folder: Path) -> None:
    expected, _ = load_catalogue()
    for entry in cache_folder.glob("*.json"):
        entry.write_text('{"format": "hon-catalogue", "version": 1, "game": "nonsense"}', encoding="utf-8")
    again, _ = load_catalogue()
    assert again.entries == expected.entries


def test_a_bad_file_is_never_cached(cache_folder: Path, tmp_path: Path) -> None:
    user = tmp_path / "mine"
    user.mkdir()
    (user / "bad.yaml").write_text(HEADER + "markers: [{id: Bad Id, name: x, effect: y}]\n", encoding="utf-8")
    with pytest.raises(Exception, match="markers"):
        load_catalogue(user)
    with pytest.raises(Exception, match="markers"):
        load_catalogue(user)  # still reported: nothing was cached


def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HON_CACHE", cache.OFF)
    assert cache.cache_dir() is None
    cache.write("anything", "{}")  # quietly does nothing
    assert cache.read("anything") is None
