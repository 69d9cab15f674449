"""The shipped scenarios and boards: load -> save -> load is the identity, every scenario
passes `hon scenario check`, and every board is used by a scenario or at least valid."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import assemble
from builder.heroes.scenario.models import BoardPlacement, MapLayout
from builder.io.catalogue_files import load_catalogue
from builder.io.catalogue_yaml import save_user_entry
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario, save_scenario, scenario_from_document, scenario_yaml
from builder.io.yamlio import parse

SCENARIOS = sorted(SCENARIOS_DIR.glob("*.yaml"))


def test_there_are_shipped_scenarios() -> None:
    assert len(SCENARIOS) >= 8


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_scenario_survives_a_round_trip(path: Path, tmp_path: Path) -> None:
    original = load_scenario(path).scenario
    text = scenario_yaml(original, tmp_path / path.name)
    assert scenario_from_document(parse(text, path.name)) == original
    target = tmp_path / path.name
    save_scenario(original, target)
    reloaded = load_scenario(target)
    assert reloaded.scenario == original
    assert target.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    save_scenario(reloaded.scenario, target, reloaded.fingerprint)  # a second save writes the same bytes
    assert target.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_shipped_scenario_is_playable(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", "check", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), out
    assert "playable" in out and "not playable" not in out


def test_every_board_survives_a_round_trip_through_the_catalogue_files(bundled: Catalogue, tmp_path: Path) -> None:
    """Each board, saved into a user catalogue folder and loaded back layered over the
    bundled one, is the same board."""
    assert len(bundled.boards) >= 10
    for board in bundled.boards.values():
        save_user_entry(tmp_path, "boards", board, board.game or Game.HON)
    layered, _ = load_catalogue(user_dir=tmp_path)
    for board_id, board in bundled.boards.items():
        again = layered.boards[board_id]
        assert again.model_dump(exclude={"game"}) == board.model_dump(exclude={"game"}), board_id
        assert again.game == board.game


def test_every_board_is_used_by_a_scenario_or_at_least_valid(bundled: Catalogue) -> None:
    """Unused boards must at least assemble cleanly; every board is checked that way, in
    every rotation, so an unused one cannot hide a broken layout."""
    used = {placement.board for path in SCENARIOS for placement in load_scenario(path).scenario.map.boards}
    assert used <= set(bundled.boards)
    for board_id, board in bundled.boards.items():
        for rotation in (0, 90, 180, 270):
            layout = MapLayout(boards=[BoardPlacement(board=board_id, rotation=rotation)])
            field, issues = assemble(layout, bundled)
            assert issues == [], (board_id, rotation)
            assert len(field.squares) == board.width * board.height
            assert all(field.squares >= element.cells for element in field.elements)
        assert board_id in used or board.elements, f"{board_id} is unused and empty"
