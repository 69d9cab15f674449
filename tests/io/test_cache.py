"""The catalogue cache gives the same catalogue faster, and never a wrong one."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from builder.heroes.catalogue.index import LATER, Catalogue
from builder.heroes.catalogue.kinds import KINDS
from builder.io import cache
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import DATA_DIR

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
    for assembled in cache_folder.glob("*.pickle"):
        assembled.unlink()  # so that the files are read, each from its own cache entry
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


# --- the assembled catalogue (read at start-up without validating every entry) ---------


def _assembled(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.catalogue.pickle"))


def test_the_assembled_catalogue_is_cached_and_equals_a_parsed_one(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, first_issues = load_catalogue()
    assert len(_assembled(cache_folder)) == 1
    second, second_issues = load_catalogue()
    monkeypatch.setenv("HON_CACHE", cache.OFF)
    parsed, parsed_issues = load_catalogue()
    assert second.entries == parsed.entries == first.entries
    assert second.origins == parsed.origins
    assert (second.revision, second.date) == (parsed.revision, parsed.date)
    assert second_issues == parsed_issues == first_issues


def test_an_edited_bundled_file_rebuilds_the_stale_cache(cache_folder: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    before, _ = load_catalogue(data_dir=data)
    unit_id, unit = next(iter(before.units.items()))
    source = next(p for p in sorted(data.rglob("*.yaml")) if f"id: {unit_id}" in p.read_text(encoding="utf-8"))
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace(f"name: {unit.name}", "name: Renamed Counter", 1), encoding="utf-8")
    after, _ = load_catalogue(data_dir=data)
    assert after.units[unit_id].name == "Renamed Counter"
    assert after.revision != before.revision
    assert len(_assembled(cache_folder)) == 2  # one per state of the files; the stale one is not read


def _ready(catalogue: Catalogue) -> dict[str, Any]:
    """The sections stored with the catalogue itself (the LATER ones are pickled apart)."""
    return {section: entries for section, entries in catalogue.entries.items() if section not in LATER}


def _forge(path: Path, value: Any) -> None:
    """A cache file with a right checksum around `value`'s pickle: only the classes named
    in it can stop it."""
    body = pickle.dumps(value)
    path.write_bytes(cache.PICKLE_MAGIC + hashlib.sha256(body).digest() + body)


class Planted:
    def __reduce__(self) -> tuple[Any, tuple[str, ...]]:
        return (os.remove, (self.target,))

    def __init__(self, target: str) -> None:
        self.target = target


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped", "empty", "hostile", "foreign", "wrong-type"])
def test_a_damaged_or_planted_cache_is_ignored(cache_folder: Path, tmp_path: Path, damage: str) -> None:
    expected, expected_issues = load_catalogue()
    (path,) = _assembled(cache_folder)
    data = path.read_bytes()
    victim = tmp_path / "victim.txt"
    victim.write_text("still here", encoding="utf-8")
    if damage == "garbage":
        path.write_bytes(os.urandom(4096))
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        path.write_bytes(data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "hostile":
        _forge(path, Planted(str(victim)))
    elif damage == "foreign":
        _forge(path, io.StringIO("not a catalogue"))
    else:
        _forge(path, ("not", "a catalogue"))
    again, issues = load_catalogue()
    assert again.entries == expected.entries
    assert issues == expected_issues
    assert victim.read_text(encoding="utf-8") == "still here"
    rebuilt = cache.read_object(path.name.split(".")[0])  # rebuilt in place
    assert isinstance(rebuilt, tuple) and rebuilt[0].entries == _ready(expected)


def test_the_cache_is_written_atomically(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_catalogue()
    (path,) = _assembled(cache_folder)
    key = path.name.split(".")[0]
    good = path.read_bytes()

    def interrupted(source: Any, target: Any) -> None:
        raise OSError("disk full")

    # A write that fails before the rename leaves the previous file whole and no temporary.
    monkeypatch.setattr(os, "replace", interrupted)
    cache.write_object(key, ("anything else",))
    assert path.read_bytes() == good
    assert [p.name for p in cache_folder.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()
    monkeypatch.setenv("HON_CACHE", str(cache_folder))
    renamed: list[tuple[str, str]] = []
    real_replace = os.replace

    def noted(source: Any, target: Any) -> None:
        renamed.append((Path(source).name, Path(target).name))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", noted)
    path.unlink()
    load_catalogue()
    # Written beside it under a hidden temporary name, then renamed over it.
    assert any(
        source.startswith(f".{path.name}.") and source.endswith(".tmp") and target == path.name
        for source, target in renamed
    )
    rebuilt = cache.read_object(key)
    assert isinstance(rebuilt, tuple) and rebuilt[0].entries == _ready(load_catalogue()[0])


def test_loading_reads_only_the_catalogue_and_the_cache(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cold and warm, hon reads its own data folder and its cache, never `../shared` (the
    rule books and design notes beside the checkout, which a player does not have)."""
    opened: list[Path] = []
    real_open = io.open

    def noting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | os.PathLike):
            opened.append(Path(file).resolve())
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", noting_open)
    load_catalogue()
    load_catalogue()
    assert opened
    shared = DATA_DIR.resolve().parents[1] / "shared"
    assert not [p for p in opened if p.is_relative_to(shared)]
    assert all(p.is_relative_to(DATA_DIR.resolve()) or p.is_relative_to(cache_folder.resolve()) for p in opened)


# --- the sections the builder does not show, read when first asked for -----------------


def test_a_cached_catalogue_reads_terrain_and_cards_when_first_asked(cache_folder: Path) -> None:
    """Starting on a cached catalogue unpickles the army's sections only; the terrain and
    the action cards (and their models' modules) wait until something asks for them."""
    load_catalogue()
    code = (
        "import sys\n"
        "from builder.io.catalogue_files import load_catalogue\n"
        "catalogue, _ = load_catalogue()\n"
        "assert catalogue.units and catalogue.tiles and catalogue.options\n"
        "later = ('builder.heroes.catalogue.terrain', 'builder.heroes.catalogue.cards')\n"
        "print([m for m in later if m in sys.modules])\n"
        "print(len(catalogue.boards) > 0, len(catalogue.action_cards) > 0, all(m in sys.modules for m in later))\n"
    )
    env = {**os.environ, "HON_CACHE": str(cache_folder), "PYTHONPATH": str(Path(__file__).parents[2])}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "True True True"]


def test_a_cached_catalogue_has_every_kind_in_order_and_pickles_whole(cache_folder: Path) -> None:
    load_catalogue()
    cached, _ = load_catalogue()
    assert list(cached.entries) == [kind.section for kind in KINDS]
    assert len(cached) == sum(len(cached.entries[kind.section]) for kind in KINDS)
    again = pickle.loads(pickle.dumps(cached))
    assert type(again.entries) is dict and again.entries == cached.entries


@pytest.mark.parametrize("damage", ["hostile", "foreign", "wrong-type"])
def test_a_planted_later_section_is_read_from_the_files(cache_folder: Path, tmp_path: Path, damage: str) -> None:
    """A section pickled apart is unpickled as carefully as the rest, when first asked for;
    if it holds anything but that section's entries, the section is read from the files."""
    expected, _ = load_catalogue()
    (path,) = _assembled(cache_folder)
    stored = cache.read_object(path.name.split(".")[0])
    assert isinstance(stored, tuple)
    victim = tmp_path / "victim.txt"
    victim.write_text("still here", encoding="utf-8")
    planted: Any = {
        "hostile": Planted(str(victim)),
        "foreign": io.StringIO("not a section"),
        "wrong-type": dict(expected.units),
    }[damage]
    later = {**stored[2], "boards": pickle.dumps(planted)}
    _forge(path, (stored[0], stored[1], later))
    again, _ = load_catalogue()
    assert again.entries["units"] == expected.units
    assert again.boards == expected.boards
    assert victim.read_text(encoding="utf-8") == "still here"
    # ...and the cache is made again from the files, so the next start reads it whole.
    rebuilt = cache.read_object(path.name.split(".")[0])
    assert isinstance(rebuilt, tuple) and pickle.loads(rebuilt[2]["boards"]) == expected.boards


def test_a_cached_section_of_the_wrong_kind_is_read_from_the_files(cache_folder: Path) -> None:
    """Each section the builder reads at start-up is checked down to its entries' kind and
    id: a planted file whose units are options is not taken for a catalogue."""
    expected, _ = load_catalogue()
    (path,) = _assembled(cache_folder)
    stored = cache.read_object(path.name.split(".")[0])
    assert isinstance(stored, tuple)
    ready = replace(stored[0], entries={**stored[0].entries, "units": dict(expected.options)})
    _forge(path, (ready, stored[1], stored[2]))
    again, _ = load_catalogue()
    assert again.entries["units"] == expected.units


def test_a_cache_naming_a_module_that_runs_code_runs_nothing() -> None:
    """The unpickler imports a module before it can look at the class asked for: a planted
    pickle naming `builder.cli.__main__` (which runs the command line when imported) must be
    refused before that import, not after (it would print hon's help and exit)."""
    code = (
        "import sys\n"
        "from builder.io import cache\n"
        "sys.argv = ['hon', '--help']\n"
        "print(cache.unpickled(b'\\x80\\x04cbuilder.cli.__main__\\nX\\n.'))\n"
        "print(cache.unpickled(b'\\x80\\x04cbuilder.heroes.catalogue.index\\n_later\\n.'))\n"
        "print('builder.cli.__main__' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout.splitlines()) == (0, ["None", "None", "False"])
