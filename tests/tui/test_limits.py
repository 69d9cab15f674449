"""The app at the limits of a file (README: Limits): a list as long as a file may hold
opens and edits, an edit past the limit is refused with a warning and changes nothing,
and a file far beyond the limits is refused with an error, the player's edits kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.heroes.army.models import MAX_TILES
from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import army_yaml, load_army
from builder.io.paths import DEFAULT_ARMY
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp
from builder.tui.screens.builder import ArmyBuilderScreen
from tests.tui.test_builder import SIZE


@pytest.fixture
def full_list(tmp_path: Path) -> Path:
    """The example army's tiles repeated to as many as a list may hold."""
    army = load_army(DEFAULT_ARMY).army
    tiles = [army.tiles[i % len(army.tiles)] for i in range(MAX_TILES)]
    target = tmp_path / "full.yaml"
    target.write_text(army_yaml(army.model_copy(update={"tiles": tiles}), target), encoding="utf-8")
    return target


async def test_a_tile_past_the_limit_is_refused_with_a_warning(
    full_list: Path, bundled: Catalogue, isolated_user_catalogue: Path
) -> None:
    app = HonApp(ArmySession.open(full_list, bundled), isolated_user_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        assert len(app.builder.cards) == MAX_TILES
        await pilot.press("ctrl+f")
        await pilot.press(*"sherman")
        await pilot.press("enter")  # to the results
        await pilot.press("enter")  # pick the best hit: a tile
        await pilot.pause()
        assert len(app.session.army.tiles) == MAX_TILES and not app.session.dirty
        assert not app.session.history.can_undo
        assert app.session.refused == (["tiles"], MAX_TILES)
        assert [n.severity for n in app._notifications] == ["warning"]
        assert isinstance(app.screen, ArmyBuilderScreen) and len(app.builder.cards) == MAX_TILES
