"""Validating a list is linear in its size (a 400-tile list once took 30 s): the counters an
army fields are worked out once per check, not once per option, and the file is composed
once to locate all its issues, not once per issue. Timings live in benchmarks/validate.py;
these tests count the work instead."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from builder.heroes.army import resolve as resolve_module
from builder.heroes.army.models import MAX_TILES
from builder.heroes.army.validate import check
from builder.heroes.catalogue.index import Catalogue
from builder.io import yaml_loader
from builder.io.army_files import load_army
from builder.io.paths import EXAMPLE_ARMIES_DIR

HEAD = (EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml").read_text().split("tiles:")[0]


def big_list(tmp_path: Path, tiles: int, option: str = "veteran") -> Path:
    body = [
        f"  - tile: us-16th-inf-reg-a\n    label: p{i}\n    slots:\n      left: ammo\n      right: {option}{i}"
        for i in range(tiles)
    ]
    path = tmp_path / "big.yaml"
    path.write_text(HEAD + "tiles:\n" + "\n".join(body) + "\n")
    return path


def test_the_counters_are_worked_out_once_per_check(
    bundled: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    army = load_army(big_list(tmp_path, MAX_TILES, option="ammo-")).army
    calls = 0
    original = resolve_module.ResolvedArmy._each_fielded

    def counted(self: resolve_module.ResolvedArmy) -> object:
        nonlocal calls
        calls += 1
        return original(self)

    monkeypatch.setattr(resolve_module.ResolvedArmy, "_each_fielded", counted)
    issues, summary = check(army, bundled)
    assert summary.points > 0 and issues
    assert calls <= 2  # once for the validator's resolution, once for the summary's at most


def test_the_file_is_composed_once_to_locate_every_issue(
    bundled: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded = load_army(big_list(tmp_path, MAX_TILES, option="no-such-option-"))
    issues, _ = check(loaded.army, bundled)
    unknown = [issue for issue in issues if issue.code == "option.unknown"]
    assert len(unknown) >= MAX_TILES  # the most a list may hold
    yaml_loader._composed.cache_clear()
    composed = 0
    original = yaml.compose

    def counted(text: str, Loader: type[yaml.SafeLoader]) -> yaml.Node | None:
        nonlocal composed
        composed += 1
        return original(text, Loader=Loader)

    monkeypatch.setattr(yaml, "compose", counted)  # as the loader calls it
    located = loaded.locate(issues)
    assert composed == 1
    assert all(issue.line is not None for issue in located if issue.path.startswith("tiles["))
