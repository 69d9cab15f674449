"""The hex game's app: the board drawn with the Line API, the designer's edits with undo
and an atomic save, and the viewer stepping through a simulated game."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.geometry import Region
from textual.widgets import Footer, Header, Static

from builder.io.memoir_files import load_catalogue, load_scenario, read_m44, save_scenario
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.decisions import Policy
from builder.memoir.catalogue import Side, UnitType
from builder.memoir.edits import SetTerrain, SetUnit
from builder.memoir.hexes import Hex
from builder.memoir.rules.events import MoveEvent
from builder.memoir.scenario import Unit
from builder.services.memoir_game import play
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tui.app import HonApp
from builder.tui.hex_app import UNKNOWN, HexApp
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.hex_map import HexMapView

LANES = SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"
REAL = Path(__file__).parent / "fixtures" / "real"


def copy(tmp_path: Path) -> Path:
    target = tmp_path / "lanes.yaml"
    shutil.copyfile(LANES, target)
    return target


async def test_the_map_draws_hexes_and_sections(tmp_path: Path) -> None:
    app = HexApp(copy(tmp_path))
    async with app.run_test(size=(120, 30)) as pilot:
        view = app.query_one(HexMapView)
        roofs, labels = view.line(0).text, view.line(1).text
        assert roofs.startswith(" / \\ / \\") and labels.startswith("|")
        assert labels.count("|") == 14  # 13 hexes on an even row, walls shared
        await pilot.press("right", "right")
        assert view.cursor == Hex(0, 4)
        await pilot.press("down")
        assert view.cursor == Hex(1, 5)
        assert "Hex (1,5)" in str(app.query_one("#details").render())


async def test_the_designer_edits_undoes_and_saves(tmp_path: Path) -> None:
    path = copy(tmp_path)
    app = HexApp(path)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("right", "t")  # woods on (0,2)
        assert any(p.hex == Hex(0, 2) and p.terrain is not None for p in app.scenario.hexes)
        await pilot.press("ctrl+z")
        assert not any(p.hex == Hex(0, 2) for p in app.scenario.hexes)
        await pilot.press("ctrl+y", "u", "ctrl+s")
    saved = load_scenario(path).scenario
    placed = next(p for p in saved.hexes if p.hex == Hex(0, 2))
    assert placed.terrain is not None and placed.unit is not None and placed.unit.side.value == "axis"


async def test_the_viewer_steps_through_the_events(tmp_path: Path) -> None:
    app = HexApp(copy(tmp_path), simulating=True, seed=3)
    async with app.run_test(size=(120, 30)) as pilot:
        assert app.record is not None and app.index == 0
        await pilot.press("n", "n", "n")
        assert app.index == 3
        await pilot.press("p")
        assert app.index == 2
        assert "Event 3 of" in str(app.query_one("#events").render())
        moves = [i for i, e in enumerate(app.record.events) if isinstance(e, MoveEvent)]
        first = app.record.events[moves[0]]
        assert isinstance(first, MoveEvent)
        await pilot.press(*["n"] * (moves[0] - app.index))
        drawn = app.query_one(HexMapView).cells
        assert drawn[Hex(*first.end)].label[0] in "IAG" and Hex(*first.start) not in {u.place for u in app.units()}


async def test_the_viewer_plays_the_game_of_the_policy_asked(tmp_path: Path) -> None:
    """As `hon simulate --tui --policy random` on a hex-game scenario."""
    path = copy(tmp_path)
    app = HexApp(path, simulating=True, seed=3, turns=6, policy=Policy.RANDOM)
    async with app.run_test(size=(120, 30)):
        assert app.record is not None
        played = play(load_scenario(path).scenario, load_catalogue(), seed=3, turns=6, policy=Policy.RANDOM)
        assert app.record.to_json() == played.to_json()
        assert app.record.to_json() != play(load_scenario(path).scenario, load_catalogue(), seed=3, turns=6).to_json()


async def test_the_details_panel_shows_the_scenarios_texts_in_each_language(tmp_path: Path) -> None:
    scenario, _ = read_m44(REAL / "13.m44", load_catalogue())
    path = tmp_path / "omaha.yaml"
    save_scenario(scenario, path)
    app = HexApp(path)
    async with app.run_test(size=(120, 40)) as pilot:
        panel, events = app.query_one("#texts-panel"), app.query_one("#events")
        assert (panel.display, events.display) == (False, True)
        await pilot.press("i")
        assert (panel.display, events.display) == (True, False)
        shown = str(app.query_one("#texts").render())
        assert scenario.special_rules is not None and scenario.special_rules.splitlines()[0] in shown
        await pilot.press("l")
        french = scenario.translations["fr"]
        assert french.rules is not None and french.rules.splitlines()[0] in str(app.query_one("#texts").render())
        await pilot.press("l", "l")  # de, then back to en
        assert scenario.special_rules.splitlines()[0] in str(app.query_one("#texts").render())
        await pilot.press("i")
        assert (panel.display, events.display) == (False, True)


def legend_keys(app: HexApp) -> list[tuple[str, str]]:
    """The legend's lines as drawn: the three cells shown as on the board, and what they mean."""
    lines = str(app.query_one("#legend", Static).render()).splitlines()
    return [(line[1:4], line[5:]) for line in lines if line.startswith(" ") and len(line) > 5 and line[4] == " "]


async def test_every_mark_on_the_board_is_in_the_legend_and_no_terrain_is_unknown(tmp_path: Path) -> None:
    """Issue 30.11: the letters were never explained, and countryside was drawn as "?"."""
    app = HexApp(copy(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        catalogue = app.catalogue
        free = (place for place in app.board.hexes() if place not in {p.hex for p in app.scenario.hexes})
        placed = {tile.id: (next(free), tile.layer.value) for tile in catalogue.terrain.values()}
        for tile_id, (at, layer) in placed.items():
            app.history.apply(SetTerrain(at, tile_id, layer))
        units = {kind: next(free) for kind in UnitType}
        for kind, at in units.items():
            app.history.apply(SetUnit(at, Unit(type=kind.value, side=Side.ALLIES)))
        app.redraw()
        drawn = app.query_one(HexMapView).cells
        panel, events = app.query_one("#legend-panel"), app.query_one("#events")
        assert (panel.display, events.display) == (False, True)
        await pilot.press("question_mark")
        assert (panel.display, events.display) == (True, False)
        keys = legend_keys(app)
        for tile in catalogue.terrain.values():
            label = drawn[placed[tile.id][0]].label
            assert UNKNOWN not in label, tile.id
            assert (label, tile.name) in keys
        for kind, unit in catalogue.units.items():
            assert (f"{drawn[units[kind]].label[0]}{unit.figures} ", unit.name) in keys
        marks = {char for cell in drawn.values() for char in cell.label if not char.isspace() and not char.isdigit()}
        assert marks <= {char for label, _ in keys for char in label}
        await pilot.press("question_mark")
        assert not panel.display and app.query_one("#events").display


async def test_the_title_line_and_footer_are_those_of_the_other_editors(tmp_path: Path) -> None:
    """Issue 30.11: the hex designer's title bar was Textual's header, unlike hon's screens."""
    app = HexApp(copy(tmp_path))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        title = app.query_one("#title", Static)
        assert title.region == Region(0, 0, 120, 1)
        assert not app.query(Header) and not app.query(Footer) and app.query_one(KeysFooter)
        shown = str(title.render())
        assert shown.startswith(app.scenario.title) and app.path.name in shown
        look = (title.styles.background, title.styles.padding, title.styles.text_style)
    tcg = TcgDesignerScreen(TcgScenarioSession.new(tmp_path / "new.yaml", open_cards()))
    async with HonApp(opening=tcg).run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        other = tcg.query_one("#title", Static)
        assert other.region == Region(0, 0, 120, 1)
        assert (other.styles.background, other.styles.padding, other.styles.text_style) == look
