"""Pilot tests of the simulation viewer: stepping through a simulated game of a shipped
scenario, turn by turn; the odds of a shot between two units picked on the map; re-running
with a new seed; opening it from the designer and the army builder; and a scenario without
army lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from builder.cli import main
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import FireEvent, MoveEvent
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.preview import board, preview_fire
from builder.heroes.scenario.edits import ReplaceScenario
from builder.kernel.decisions import Policy
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.simulation import SimulationScreen, play
from builder.tui.screens.simulation_setup import BUILDER, SimulationSetup
from builder.tui.screens.viewer import percent
from builder.tui.widgets.map_view import MapView

SIZE = (120, 40)
SCENARIOS = Path(__file__).parents[2] / "scenarios"
FIRST_CONTACT = SCENARIOS / "hon-first-contact.yaml"  # small: two turns simulate in a tenth of a second


def simulation_app(catalogue: Catalogue, scenario: Path = FIRST_CONTACT, seed: int = 7) -> HonApp:
    return HonApp.simulating(scenario, catalogue, seed=seed, turns=2)


async def ready(pilot: Pilot[None]) -> SimulationScreen:
    """The viewer once its simulation worker is done (the screen may still be opening)."""
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, SimulationScreen) and (screen.game is not None or screen.problem is not None):
            return screen
    raise AssertionError(f"no simulation shown; the screen is {pilot.app.screen!r}")


def shown(screen: SimulationScreen, widget: str) -> str:
    return str(screen.query_one(widget, Static).render())


def glyph_at(screen: SimulationScreen, square: tuple[int, int]) -> str:
    return screen.query_one(MapView).cell(square).glyph


async def test_stepping_forward_shows_the_next_event_and_moves_the_piece(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        frames = screen.frames
        assert "us has the initiative" in shown(screen, "#sim-event")
        move = next(i for i, f in enumerate(frames) if f.event.kind == "move")
        while screen.index < move - 1:
            await pilot.press("right")
        event = frames[move].event
        assert isinstance(event, MoveEvent)
        before = {p.key: p for p in frames[move - 1].pieces}[event.unit]
        destination = event.to[0]
        letter = screen.letters[(before.owner, before.unit.name)]
        assert glyph_at(screen, before.square) == letter
        await pilot.press("n")
        assert screen.index == move
        assert screen.sentences[move] in shown(screen, "#sim-event")
        assert glyph_at(screen, before.square) == "·"  # the unit left its square, where its path starts…
        assert glyph_at(screen, destination) == letter  # …for the one the event names
        await pilot.press("left")
        assert screen.index == move - 1
        assert glyph_at(screen, before.square) == letter
        assert glyph_at(screen, destination) != letter


async def test_the_event_list_follows_and_leads(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        log = screen.query_one("#sim-log", OptionList)
        assert log.has_focus
        await pilot.press(*["n"] * 7)  # the list follows the game…
        await pilot.pause()
        assert screen.index == log.highlighted == 7
        await pilot.press("down", "down")  # …and its own keys lead it
        assert screen.index == 9
        assert screen.sentences[9] in shown(screen, "#sim-event")


async def test_rolls_are_shown_with_dice_modifiers_pages_and_total(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        fire = next(i for i, f in enumerate(screen.frames) if f.event.kind == "fire")
        screen.go(fire)  # the keys that step are tested above
        await pilot.pause()
        text = shown(screen, "#sim-event")
        roll = screen.frames[fire].event.rolls[0]
        assert f"d6 [{' '.join(map(str, roll.dice))}]" in text
        for modifier in roll.modifiers:
            assert f"{modifier.value:+d} {modifier.label} ({modifier.page})" in text
        assert f"= {roll.total}" in text


async def test_turn_keys_land_on_the_next_and_previous_turn(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.frame is not None and screen.frame.event.turn == 0  # the set-up
        await pilot.press("shift+right")
        assert screen.frame.event.turn == 1 and screen.frame.event.kind == "turn"
        await pilot.press("right", "right", "right", "right_square_bracket")
        assert screen.frame.event.turn == 2
        assert "Turn 2" in shown(screen, "#sim-event")
        await pilot.press("left_square_bracket")
        assert screen.frame.event.turn == 1
        await pilot.press("end")
        assert screen.index == len(screen.frames) - 1
        await pilot.press("home")
        assert screen.index == 0


async def test_picking_a_firer_and_an_enemy_shows_the_odds_of_the_shot(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        # Just before the game's first shot, the firer and its target face each other.
        fire = next(i for i, f in enumerate(screen.frames) if f.event.kind == "fire")
        screen.go(fire - 1)
        await pilot.pause()
        frame = screen.frames[fire - 1]
        pieces = {p.key: p for p in frame.pieces}
        shot = screen.frames[fire].event
        assert isinstance(shot, FireEvent) and shot.firer is not None
        firer, target = pieces[shot.firer], pieces[shot.target]
        friend = next(p for p in frame.pieces if p.owner == firer.owner and p.key != firer.key)
        await pilot.press("m")
        await pick(pilot, friend)
        await pick(pilot, firer)  # a unit of the same side: the firer changes
        assert (screen.firer, screen.target) == (firer.key, None)
        assert "Now an enemy unit for the odds" in shown(screen, "#sim-odds")
        await pick(pilot, target)
        odds_text = shown(screen, "#sim-odds")
        game = screen.game
        assert game is not None
        previews = preview_fire(board(game.scenario, game.battlefield, frame.pieces), firer, target)
        assert previews
        for preview in previews:
            assert preview.weapon in odds_text
            if preview.odds is None:
                assert preview.reason is not None and preview.reason in odds_text
                continue
            for name, probability in preview.odds.as_dict().items():
                assert percent(name, probability) in odds_text  # "hit 33.3%"
            for modifier in preview.odds.modifiers:
                assert f"{modifier.value:+d} {modifier.label} ({modifier.page})" in odds_text
        assert any(p.odds is not None for p in previews)
        await pick(pilot, target)  # an enemy again: still the same target
        await pick(pilot, firer)  # the firer again: picks cleared
        assert screen.firer is None and screen.target is None


async def pick(pilot: Pilot[None], piece: Piece) -> None:
    pilot.app.screen.query_one(MapView).cursor = piece.square
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_a_new_seed_plays_another_game(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("r")
        screen = await ready(pilot)
        assert screen.game is not None and screen.game.record.seed == 8
        assert "seed 8" in shown(screen, "#title")


async def test_g_plays_the_same_seed_with_the_random_player_and_back(bundled: Catalogue) -> None:
    """As `hon simulate --policy random`: the same game the command line plays."""
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.game is not None
        greedy = [frame.event.to_json() for frame in screen.game.record.frames]
        await pilot.press("g")
        screen = await ready(pilot)
        assert screen.policy is Policy.RANDOM and screen.game is not None
        assert screen.game.record.seed == 7
        played = [frame.event.to_json() for frame in screen.game.record.frames]
        assert played != greedy
        expected = play(FIRST_CONTACT, bundled, 7, 2, policy=Policy.RANDOM).record
        assert played == [frame.event.to_json() for frame in expected.frames]
        await pilot.press("g")
        screen = await ready(pilot)
        assert screen.policy is Policy.GREEDY and screen.game is not None
        assert [frame.event.to_json() for frame in screen.game.record.frames] == greedy


async def test_a_scenario_without_army_lists_says_so(bundled: Catalogue) -> None:
    async with simulation_app(bundled, SCENARIOS / "free-battle.yaml").run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        message = shown(screen, "#sim-message")
        assert "names no army list" in message
        assert screen.game is None and not screen.has_class("ready")
        await pilot.press("n", "shift+right", "end", "r")  # nothing to step through, nothing breaks
        await ready(pilot)
        assert "names no army list" in shown(screen, "#sim-message")


async def test_the_designer_refuses_to_simulate_a_scenario_with_errors(bundled: Catalogue) -> None:
    """The same refusal as `hon simulate` (services.game.prepare_game): the scenario's first
    error, shown, never swallowed."""
    session = ScenarioSession.open(FIRST_CONTACT, bundled)
    scenario = session.scenario
    broken = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"initiative": "nobody"})})
    session.apply(ReplaceScenario(broken, "set-up"))
    app = HonApp(None, None, scenario=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        screen = await ready(pilot)
        assert screen.game is None and screen.problem is not None
        assert "setup.initiative" in screen.problem and "nobody" in screen.problem


async def test_the_designer_simulates_its_scenario_and_escape_returns(bundled: Catalogue) -> None:
    app = HonApp(None, None, scenario=ScenarioSession.open(FIRST_CONTACT, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        screen = await ready(pilot)
        assert screen.game is not None and screen.game.scenario.id == "hon-first-contact"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen)


async def choose_from_the_builder(pilot: Pilot[None], scenario: Path) -> SimulationSetup:
    """f8 in the builder, then `scenario` chosen: the dialog of who plays which side."""
    await pilot.press("f8")
    await pilot.pause()
    pilot.app.screen.query_one("#path", Input).value = str(scenario)
    await pilot.click("#choose")
    await pilot.pause()
    setup = pilot.app.screen
    assert isinstance(setup, SimulationSetup)
    return setup


async def test_the_army_builder_opens_a_simulation(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        setup = await choose_from_the_builder(pilot, FIRST_CONTACT)
        # The army open in the builder is offered for the side of its faction only.
        (us,) = setup.query("#side-us").results(Select)
        assert us.value == BUILDER
        assert not [v for _, v in setup.choices(setup.sides[1]) if v == BUILDER]
        await pilot.click("#simulate")
        screen = await ready(pilot)
        assert screen.armies == {"us": app_on_file.session.army}
        assert screen.game is not None
        await pilot.press("escape")
        await pilot.pause()
        assert app_on_file.screen is app_on_file.builder


async def test_the_army_in_the_builder_that_does_not_fit_is_warned_of_as_by_hon_simulate(
    app_on_file: HonApp, army_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example army (550 points) played in First Contact's 300-point US force: the
    viewer shows the warnings `hon simulate --army` prints, from the same service."""
    assert main(["simulate", str(FIRST_CONTACT), "--army", f"us={army_file}", "--turns", "1"]) == 0
    printed = [line.removeprefix("hon: warning: ") for line in capsys.readouterr().err.splitlines()]
    async with app_on_file.run_test(size=SIZE) as pilot:
        await choose_from_the_builder(pilot, FIRST_CONTACT)  # the army in the builder plays the US
        await pilot.click("#simulate")
        screen = await ready(pilot)
        assert screen.game is not None
        assert [issue.code for issue in screen.game.warnings] == ["force.points"]
        assert [issue.message for issue in screen.game.warnings] == printed
        warnings = screen.query_one("#sim-warnings", Static)
        assert warnings.display and warnings.region.height == len(printed)
        assert all(message in str(warnings.render()) for message in printed)


async def test_an_army_that_fits_shows_no_warnings(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.game is not None and screen.game.warnings == ()
        assert not screen.query_one("#sim-warnings", Static).display


async def test_no_two_units_of_a_side_share_a_letter_and_the_legend_tells_them(bundled: Catalogue) -> None:
    async with simulation_app(bundled).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        frame = screen.frames[0]
        for side in {p.owner for p in frame.pieces}:
            units = {p.unit.name for p in frame.pieces if p.owner == side and not p.is_wreck}
            letters = {screen.letters[(side, name)] for name in units}
            assert len(letters) == len(units) > 1
        legend_text = shown(screen, "#sim-legend")
        for piece in frame.pieces:
            letter = screen.letters[(piece.owner, piece.unit.name)]
            assert f"{letter} {piece.unit.name}" in legend_text
            if piece.embarked_in is None and not piece.is_wreck:
                assert glyph_at(screen, piece.squares[0]) == letter


async def test_the_viewer_tells_events_in_good_english(bundled: Catalogue) -> None:
    async with simulation_app(bundled, seed=1).run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        log = screen.query_one("#sim-log", OptionList)
        lines = [str(log.get_option_at_index(i).prompt) for i in range(log.option_count)]
        assert any("Panzergrenadiers move " in line for line in lines)
        assert not any("Panzergrenadiers moves" in line or "Grenadiers moves" in line for line in lines)
