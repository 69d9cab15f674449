"""The hex game in the app (issue 33: one app): the designer and the simulation viewer are
screens of HonApp over a document session — the board drawn with the Line API, edits with
undo and an atomic save, the unsaved-changes question on quit and on closing, validation
and the game played in workers, the same footer and palette as hon's other screens."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Footer, Header, Static

from builder.io.memoir_files import load_catalogue, load_scenario, read_m44, save_scenario
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.decisions import Policy
from builder.kernel.diagnostics import Issue
from builder.memoir.catalogue import Side, UnitType
from builder.memoir.edits import SetTerrain, SetUnit
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle_dice import distribution
from builder.memoir.rules.events import BattleEvent, MoveEvent
from builder.memoir.rules.state import start
from builder.memoir.scenario import Unit
from builder.memoir.validate import validate
from builder.services import hex_scenario_session
from builder.services.hex_scenario_session import HexScenarioSession
from builder.services.memoir_game import play
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.dialogs import Ask
from builder.tui.screens.hex_designer import HexDesignerScreen
from builder.tui.screens.hex_simulation import HexSimulationScreen
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.hex_map import HexMapView
from builder.tui.widgets.hex_text import UNKNOWN
from tests.tui.steady import hold, played, showing

LANES = SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"
REAL = Path(__file__).parent / "fixtures" / "real"
SIZE = (120, 30)


def copy(tmp_path: Path) -> Path:
    target = tmp_path / "lanes.yaml"
    shutil.copyfile(LANES, target)
    return target


def designer(path: Path) -> tuple[HonApp, HexDesignerScreen]:
    """The app as `hon design` opens it on a hex-game scenario."""
    screen = HexDesignerScreen(HexScenarioSession.open(path))
    return HonApp(opening=screen), screen


async def checked(pilot: Pilot[None], screen: HexDesignerScreen) -> list[Issue]:
    """The designer's issues once its worker has checked the present scenario."""
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not screen.session.checking:
            return screen.session.issues
    raise AssertionError("the scenario was never checked")


async def test_the_map_draws_hexes_and_sections(tmp_path: Path) -> None:
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        view = screen.query_one(HexMapView)
        roofs, labels = view.line(0).text, view.line(1).text
        assert roofs.startswith(" / \\ / \\") and labels.startswith("|")
        assert labels.count("|") == 14  # 13 hexes on an even row, walls shared
        await pilot.press("right", "right")
        assert view.cursor == Hex(0, 4)
        await pilot.press("down")
        assert view.cursor == Hex(1, 5)
        assert str(Hex(1, 5)) in str(screen.query_one("#hex-details", Static).render())


async def test_the_designer_edits_undoes_and_saves_atomically(tmp_path: Path) -> None:
    path = copy(tmp_path)
    before = path.read_bytes()
    app, screen = designer(path)
    async with app.run_test(size=SIZE) as pilot:
        session = screen.session
        await pilot.press("right", "t")  # woods on (0,2)
        woods = session.place_at(Hex(0, 2))
        assert woods is not None and woods.terrain is not None
        edited = [session.has_edits]
        await pilot.press("ctrl+z")
        assert session.place_at(Hex(0, 2)) is None
        edited.append(session.has_edits)
        await pilot.press("ctrl+y", "u", "ctrl+s")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        edited.append(session.has_edits)
        assert edited == [True, False, False]
    saved = load_scenario(path).scenario
    placed = next(p for p in saved.hexes if p.hex == Hex(0, 2))
    assert placed.terrain is not None and placed.unit is not None and placed.unit.side is Side.AXIS
    # Written whole beside the file and moved over it, the file it replaced kept as .bak.
    assert path.with_name(path.name + ".bak").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, path.name + ".bak"]


async def test_a_file_changed_on_disk_is_not_overwritten_silently(tmp_path: Path) -> None:
    path = copy(tmp_path)
    app, screen = designer(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        theirs = path.read_text(encoding="utf-8").replace("Hedgerow Lanes", "Theirs")
        path.write_text(theirs, encoding="utf-8")
        await pilot.press("ctrl+s")
        await showing(pilot, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert path.read_text(encoding="utf-8") == theirs and screen.session.has_edits
        await pilot.press("ctrl+s")
        await showing(pilot, Ask)
        await pilot.click("#reload")
        await showing(pilot, HexDesignerScreen)
        assert screen.session.scenario.title == "Theirs" and not screen.session.has_edits


async def test_quitting_with_unsaved_changes_asks(tmp_path: Path) -> None:
    path = copy(tmp_path)
    before = path.read_bytes()
    app, _ = designer(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.press("q")
        await showing(pilot, Ask)
        await pilot.click("#cancel")
        await showing(pilot, HexDesignerScreen)
        assert app.is_running
        await pilot.press("ctrl+q")
        await showing(pilot, Ask)
        await pilot.click("#discard")
        await pilot.pause()
    assert app.return_code == 0 and path.read_bytes() == before


async def test_quitting_without_changes_does_not_ask(tmp_path: Path) -> None:
    app, _ = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u", "ctrl+z", "q")
        await pilot.pause()
        assert not app.is_running


async def test_the_palette_lists_the_designers_commands(tmp_path: Path) -> None:
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await showing(pilot, CommandPalette)
        await pilot.press(*"unit")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await showing(pilot, HexDesignerScreen)
        place = screen.session.place_at(Hex(0, 0))
        assert place is not None and place.unit is not None


async def test_validation_runs_in_a_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: the designer validated on the event loop, a third of a second an edit on a
    big scenario. Here the check cannot end before the test lets it; keys are handled
    meanwhile, edits made then are checked once it ends, and the issues kept are those of
    the scenario as it is."""
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await checked(pilot, screen)
        held = hold(monkeypatch, hex_scenario_session, "validate")
        await pilot.press("right", "right", "u")  # an axis infantry on (0,4)
        assert held.started.wait(timeout=30)
        await pilot.press("down", "u")  # another unit on (1,5): checked after, not beside, the first check
        assert screen.map.cursor == Hex(1, 5) and screen.session.checking  # handled while it checks
        assert held.calls == 1
        held.release.set()
        issues = await checked(pilot, screen)
        assert held.calls == 2
    assert [(i.code, i.path) for i in issues] == [
        (i.code, i.path) for i in validate(screen.session.scenario, screen.session.catalogue)
    ]


async def test_an_issue_jumps_to_its_hex(tmp_path: Path) -> None:
    path = copy(tmp_path)
    scenario = load_scenario(path).scenario
    unknown = SetUnit(Hex(2, 2), Unit(type="infantry", side=Side.AXIS, badge="no-such-badge")).apply(scenario)
    save_scenario(unknown, path)
    app, screen = designer(path)
    async with app.run_test(size=SIZE) as pilot:
        issues = await checked(pilot, screen)
        assert any(i.path.startswith("hexes[") for i in issues)
        await pilot.press("f4", "enter")
        await pilot.pause()
        assert screen.map.cursor == Hex(2, 2) and screen.map.has_focus


async def test_the_viewer_plays_in_a_worker_and_steps_through_the_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: the game was played on the event loop. Here it cannot end before the test
    lets it, and a key is handled meanwhile; then the events step on the map."""
    held = hold(monkeypatch, HexSimulationScreen, "play")
    screen = HexSimulationScreen(copy(tmp_path), seed=2)
    async with HonApp(opening=screen).run_test(size=(120, 40)) as pilot:
        assert held.started.wait(timeout=30)
        await pilot.press("r")  # another seed, asked while the first game plays
        assert screen.seed == 3 and screen.game is None
        held.release.set()
        game = await played(pilot, screen)
        assert game.record.seed == 3 and screen.index == 0
        await pilot.press("n", "n", "n")
        assert screen.index == 3
        await pilot.press("p")
        assert screen.index == 2
        events = game.record.events
        first = next(i for i, e in enumerate(events) if isinstance(e, MoveEvent))
        move = events[first]
        assert isinstance(move, MoveEvent)
        await pilot.press(*["n"] * (first - screen.index))
        drawn = screen.query_one(HexMapView).cells
        assert drawn[Hex(*move.end)].label[0] in "IAG"
        assert Hex(*move.start) not in {u.place for u in game.units[first].values()}
        await pilot.press("right_square_bracket")
        assert events[screen.index].turn == move.turn + 1


async def test_the_viewer_plays_the_game_of_the_policy_asked(tmp_path: Path) -> None:
    """As `hon simulate --tui --policy random` on a hex-game scenario."""
    path = copy(tmp_path)
    screen = HexSimulationScreen(path, seed=3, turns=6, policy=Policy.RANDOM)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        game = await played(pilot, screen)
        scenario, catalogue = load_scenario(path).scenario, load_catalogue()
        assert game.record.to_json() == play(scenario, catalogue, seed=3, turns=6, policy=Policy.RANDOM).to_json()
        assert game.record.to_json() != play(scenario, catalogue, seed=3, turns=6).to_json()


async def test_the_designer_simulates_its_unsaved_scenario_and_refuses_one_with_errors(tmp_path: Path) -> None:
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u", "f8")  # an axis infantry on (0,0), not saved
        viewer = await showing(pilot, HexSimulationScreen)
        game = await played(pilot, viewer)
        assert game.scenario == screen.session.scenario != load_scenario(screen.session.path or LANES).scenario
        await pilot.press("escape")
        await showing(pilot, HexDesignerScreen)
        screen.edit(SetUnit(Hex(2, 2), Unit(type="infantry", side=Side.AXIS, badge="no-such-badge")))
        await pilot.press("f8")
        viewer = await showing(pilot, HexSimulationScreen)
        for _ in range(50):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if viewer.problem is not None:
                break
        assert viewer.game is None and viewer.problem is not None
        assert "hexes[" in viewer.problem and "badge" in viewer.problem  # the first error's field


async def test_the_details_panel_shows_the_scenarios_texts_in_each_language(tmp_path: Path) -> None:
    scenario, _ = read_m44(REAL / "13.m44", load_catalogue())
    path = tmp_path / "omaha.yaml"
    save_scenario(scenario, path)
    app, screen = designer(path)
    async with app.run_test(size=(120, 40)) as pilot:
        panel, issues = screen.query_one("#hex-texts-panel"), screen.query_one("#hex-issues")
        assert (panel.display, issues.display) == (False, True)
        await pilot.press("i")
        assert (panel.display, issues.display) == (True, False)
        shown = str(screen.query_one("#hex-texts").render())
        assert scenario.special_rules is not None and scenario.special_rules.splitlines()[0] in shown
        await pilot.press("l")
        french = scenario.translations["fr"]
        assert french.rules is not None and french.rules.splitlines()[0] in str(screen.query_one("#hex-texts").render())
        await pilot.press("l", "l")  # de, then back to en
        assert scenario.special_rules.splitlines()[0] in str(screen.query_one("#hex-texts").render())
        await pilot.press("i")
        assert (panel.display, issues.display) == (False, True)


def legend_keys(screen: HexDesignerScreen) -> list[tuple[str, str]]:
    """The legend's lines as drawn: the three cells shown as on the board, and what they mean."""
    lines = str(screen.query_one("#hex-legend", Static).render()).splitlines()
    return [(line[1:4], line[5:]) for line in lines if line.startswith(" ") and len(line) > 5 and line[4] == " "]


async def test_every_mark_on_the_board_is_in_the_legend_and_no_terrain_is_unknown(tmp_path: Path) -> None:
    """Issue 30.11: the letters were never explained, and countryside was drawn as "?"."""
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        session = screen.session
        catalogue = session.catalogue
        free = (place for place in session.board.hexes() if place not in {p.hex for p in session.scenario.hexes})
        placed = {tile.id: (next(free), tile.layer) for tile in catalogue.terrain.values()}
        for tile_id, (at, layer) in placed.items():
            session.apply(SetTerrain(at, tile_id, layer.value))
        units = {kind: next(free) for kind in UnitType}
        for kind, at in units.items():
            session.apply(SetUnit(at, Unit(type=kind.value, side=Side.ALLIES)))
        screen.show_all()
        drawn = screen.query_one(HexMapView).cells
        panel, issues = screen.query_one("#hex-legend-panel"), screen.query_one("#hex-issues")
        assert (panel.display, issues.display) == (False, True)
        await pilot.press("question_mark")
        assert (panel.display, issues.display) == (True, False)
        keys = legend_keys(screen)
        for tile in catalogue.terrain.values():
            label = drawn[placed[tile.id][0]].label
            assert UNKNOWN not in label, tile.id
            assert (label, tile.name) in keys
        for kind, unit in catalogue.units.items():
            assert (f"{drawn[units[kind]].label[0]}{unit.figures} ", unit.name) in keys
        marks = {char for cell in drawn.values() for char in cell.label if not char.isspace() and not char.isdigit()}
        assert marks <= {char for label, _ in keys for char in label}
        await pilot.press("question_mark")
        assert not panel.display and issues.display


async def test_the_title_line_and_footer_are_those_of_the_other_editors(tmp_path: Path) -> None:
    """Issue 30.11: the hex designer's title bar was Textual's header, unlike hon's screens."""
    app, screen = designer(copy(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = screen.query_one("#title", Static)
        assert title.region == Region(0, 0, 120, 1)
        assert not screen.query(Header) and not screen.query(Footer) and screen.query_one(KeysFooter)
        shown = str(title.render())
        assert shown.startswith(screen.session.scenario.title) and "lanes.yaml" in shown
        look = (title.styles.background, title.styles.padding, title.styles.text_style)
    tcg = TcgDesignerScreen(TcgScenarioSession.new(tmp_path / "new.yaml", open_cards()))
    async with HonApp(opening=tcg).run_test(size=SIZE) as pilot:
        await pilot.pause()
        other = tcg.query_one("#title", Static)
        assert other.region == Region(0, 0, 120, 1)
        assert (other.styles.background, other.styles.padding, other.styles.text_style) == look


async def test_a_battle_shows_its_odds_before_the_dice() -> None:
    """Issue 33.4: the odds of a shot in every viewer. On a battle, the panel beside the map
    shows the battle dice's odds against the target's type (the hex game's distribution of
    the event's dice), above the hex under the cursor; on any other event, no odds."""
    screen = HexSimulationScreen(LANES, seed=2)
    async with HonApp(opening=screen).run_test(size=(120, 40)) as pilot:
        game = await played(pilot, screen)
        events = game.record.events
        battle = next(i for i, e in enumerate(events) if isinstance(e, BattleEvent) and e.dice > 0)
        event = events[battle]
        assert isinstance(event, BattleEvent) and battle > 0
        screen.go(battle - 1)
        await pilot.press("n")
        kind = start(game.scenario, game.catalogue).pieces[event.target].type
        odds = distribution(event.dice, kind)
        assert screen.index == battle and screen.odds == odds
        shown = str(screen.query_one("#sim-odds", Static).render())
        assert all(f"{float(p) * 100:.1f}%" in shown for p in odds.hits.values())
        await pilot.press("home")
        assert not isinstance(events[0], BattleEvent) and screen.odds is None
