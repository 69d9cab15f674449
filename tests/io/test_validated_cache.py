"""The cache of validated army files gives the very list a parse and validation give, never
a wrong one, and lets hon start on a list it has read before without importing PyYAML or
building a validator."""

from __future__ import annotations

import hashlib
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from builder.heroes.army.models import ArmyList
from builder.heroes.army.validate import check
from builder.heroes.catalogue.index import Catalogue
from builder.io import cache, yaml_loader
from builder.io.army_files import army_from_document, load_army
from builder.io.paths import DEFAULT_ARMY, EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from builder.io.plain_models import Unsupported, from_plain, to_plain
from builder.io.yamlio import parse, read_text

ROOT = Path(__file__).resolve().parents[2]
ARMIES = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HON_CACHE", str(folder))
    return folder


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.validated"))


def _no_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(text: str, file: object) -> Any:
        raise AssertionError(f"{file} was parsed again")

    monkeypatch.setattr(yaml_loader, "load", refused)


def test_every_shipped_army_read_from_the_cache_equals_its_parse(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(ARMIES) > 5
    cold = [load_army(path) for path in ARMIES]
    assert len(_entries(cache_folder)) == len({read_text(path) for path in ARMIES})
    _no_parse(monkeypatch)
    warm = [load_army(path) for path in ARMIES]
    monkeypatch.undo()
    for path, first, second in zip(ARMIES, cold, warm, strict=True):
        validated = army_from_document(parse(read_text(path), path))
        assert second.army == validated == first.army, path
        # The same values of the same types, and the same fields set, model by model.
        assert repr(second.army) == repr(validated), path
        assert to_plain(second.army) == to_plain(validated), path
        assert second.text == read_text(path) and second.fingerprint == first.fingerprint


def test_issues_of_a_cached_list_still_have_their_lines(cache_folder: Path, tmp_path: Path, bundled: Catalogue) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(read_text(DEFAULT_ARMY).replace("tile: ", "tile: no-such-", 1), encoding="utf-8")
    located = []
    for _ in range(2):
        loaded = load_army(army)
        unknown = [i for i in check(loaded.army, bundled)[0] if i.path.startswith("tiles[0]")]
        located.append(loaded.locate(unknown))
    assert located[0] == located[1] and located[0] and all(issue.line for issue in located[0])


def test_only_what_the_models_hold_is_made_plain() -> None:
    army = load_army(DEFAULT_ARMY).army
    assert from_plain(ArmyList, to_plain(army)) == army
    with pytest.raises(Unsupported):
        to_plain(army.model_copy(update={"tiles": tuple(army.tiles)}))
    with pytest.raises(Unsupported):
        from_plain(ArmyList, [to_plain(army)])


def test_a_changed_text_is_parsed_afresh(cache_folder: Path, tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    text = read_text(DEFAULT_ARMY)
    army.write_text(text, encoding="utf-8")
    before = load_army(army).army
    army.write_text(text.replace(f"name: {before.name}", "name: Renamed List", 1), encoding="utf-8")
    assert load_army(army).army.name == "Renamed List"
    assert len(_entries(cache_folder)) == 2


def _forged(value: Any) -> bytes:
    body = marshal.dumps(value)
    return cache.VALIDATED_MAGIC + hashlib.sha256(body).digest() + body


@pytest.mark.parametrize(
    "damage",
    [
        "garbage",
        "truncated",
        "flipped",
        "empty",
        "tuple",
        "bytes",
        "set-key",
        "too-deep",
        "not-marshal",
        "missing-field",
        "unknown-field",
        "wrong-literal",
        "wrong-type",
        "bad-id",
        "empty-name",
        "too-long-name",
        "points-out-of-range",
        "bad-id-in-a-list",
    ],
)
def test_a_damaged_or_planted_entry_is_ignored_and_rewritten(cache_folder: Path, damage: str) -> None:
    expected = load_army(DEFAULT_ARMY)
    (path,) = _entries(cache_folder)
    good = path.read_bytes()
    plain = to_plain(expected.army)
    deep: list[Any] = []
    for _ in range(100):
        deep = [deep]
    planted: dict[str, bytes] = {
        "garbage": os.urandom(4096),
        "truncated": good[: len(good) // 2],
        "flipped": good[:-10] + bytes([good[-10] ^ 0xFF]) + good[-9:],
        "empty": b"",
        "tuple": _forged({"format": "hon-army", "tiles": ("a", "b")}),
        "bytes": _forged({"format": b"hon-army"}),
        "set-key": _forged({frozenset({"a"}): 1}),
        "too-deep": _forged(deep),
        "not-marshal": cache.VALIDATED_MAGIC + hashlib.sha256(b"\xff\x00").digest() + b"\xff\x00",
        "missing-field": _forged({k: v for k, v in plain.items() if k != "name"}),
        "unknown-field": _forged({**plain, "extra": 1}),
        "wrong-literal": _forged({**plain, "format": "hon-scenario"}),
        "wrong-type": _forged({**plain, "points_limit": "550"}),
        # Forged with the right types but beyond the models' limits (HonModel's Id pattern,
        # the name's length, the points' bounds): what validation would refuse.
        "bad-id": _forged({**plain, "faction": "../../etc"}),
        "empty-name": _forged({**plain, "name": ""}),
        "too-long-name": _forged({**plain, "name": "x" * 121}),
        "points-out-of-range": _forged({**plain, "points_limit": -5}),
        "bad-id-in-a-list": _forged({**plain, "tiles": [{**plain["tiles"][0], "tile": "Not An Id"}]}),
    }
    path.write_bytes(planted[damage])
    again = load_army(DEFAULT_ARMY)
    assert again.army == expected.army
    assert to_plain(again.army) == plain
    assert path.read_bytes() == good  # read afresh and stored again


def test_a_bad_file_is_never_cached(cache_folder: Path, tmp_path: Path) -> None:
    army = tmp_path / "army.yaml"
    army.write_text("format: hon-army\nversion: 1\nname: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(Exception, match="not valid YAML"):
            load_army(army)
    assert _entries(cache_folder) == []


def test_with_the_cache_off_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HON_CACHE", cache.OFF)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert load_army(DEFAULT_ARMY).army.name
    assert list(tmp_path.iterdir()) == []


def test_starting_on_a_list_read_before_neither_parses_nor_validates(cache_folder: Path) -> None:
    """What `hon` reads before the army is on screen: the catalogue and the example list,
    both read before, then checked. PyYAML's import alone is a tenth of a second; building
    a validator has pydantic look for plugins in every installed package."""
    code = (
        "import sys\n"
        "from builder.io.catalogue_files import load_catalogue\n"
        "from builder.io.paths import DEFAULT_ARMY\n"
        "from builder.services.army_session import ArmySession\n"
        "session = ArmySession.open(DEFAULT_ARMY, load_catalogue()[0])\n"
        "assert session.army.tiles\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'yaml' or m == 'pydantic.plugin._loader'))\n"
    )
    env = {**os.environ, "HON_CACHE": str(cache_folder), "PYTHONPATH": str(ROOT)}
    runs = [
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert runs[0].stdout.strip() != "[]"  # the first start parses (and fills the cache)
    assert runs[1].stdout.strip() == "[]", runs[1].stdout


def test_an_oversized_entry_is_not_read(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = load_army(DEFAULT_ARMY)
    (path,) = _entries(cache_folder)
    good = path.read_bytes()
    monkeypatch.setattr(cache, "MAX_ENTRY_BYTES", len(good) - 1)
    _no_parse(monkeypatch)
    with pytest.raises(AssertionError, match="parsed again"):
        load_army(DEFAULT_ARMY)  # too large to be read: the file is read afresh
    monkeypatch.undo()
    assert load_army(DEFAULT_ARMY).army == expected.army


def test_the_folder_keeps_only_the_latest_entries(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "KEPT_ENTRIES", 3)
    for name in ("a", "b", "c", "d", "e"):
        cache._write_checked(cache_folder / f"{name}.validated", cache.VALIDATED_MAGIC, name.encode())
        os.utime(cache_folder / f"{name}.validated", ns=(ord(name) * 10**9, ord(name) * 10**9))
    assert sorted(p.name for p in cache_folder.iterdir()) == ["c.validated", "d.validated", "e.validated"]
    assert cache._read_checked(cache_folder / "e.validated", cache.VALIDATED_MAGIC) == b"e"
