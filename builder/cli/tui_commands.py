"""`hon` with no command, `hon edit ARMY`, `hon design SCENARIO` and `hon FILE`: the Textual app."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.app import CatalogueOption, app
from builder.io.paths import DEFAULT_ARMY, existing_user_catalogue, user_catalogue_dir

if TYPE_CHECKING:
    from builder.cli.fronts import DesignAsk


def launch(army: Path | None, user_catalogue: Path | None) -> None:
    """Open the app; it paints at once and loads the catalogue and the army behind a
    loading screen. Kept as one function so tests can replace it."""
    from builder.tui.app import HonApp  # the TUI loads only when it is used

    editor_folder = existing_user_catalogue(user_catalogue) or user_catalogue_dir()
    HonApp.starting(army, existing_user_catalogue(user_catalogue), editor_folder, template=DEFAULT_ARMY).run()


@app.callback(invoke_without_command=True)
def default(ctx: typer.Context, catalogue: CatalogueOption = None) -> None:
    """With no command: open the army builder on the bundled example army."""
    if ctx.invoked_subcommand is None:
        launch(None, catalogue)


@app.command()
def edit(
    army: Annotated[Path, typer.Argument(help="An army list (YAML) to open.")], catalogue: CatalogueOption = None
) -> None:
    """Open an army list in the army builder."""
    launch(army, catalogue)


@app.command()
def design(
    scenario: Annotated[Path, typer.Argument(help="A scenario (YAML); a new one is started if it doesn't exist.")],
    catalogue: CatalogueOption = None,
    deck: Annotated[
        str | None, typer.Option("--deck", help="A Tactical Card Game scenario: compose this side's deck at once.")
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="The game of a new scenario: hon (the default), son, tcg or m44."),
    ] = None,
) -> None:
    """Open a scenario in the scenario designer."""
    launch_designer(scenario, catalogue, deck, game)


def command_for(path: Path) -> str:
    """The command `hon FILE` runs on the file, by its `format:`: the army builder (`edit`) on
    an army list, the designer (`design`) on a scenario of any game; any other file is one
    sentence naming it (exit 2)."""
    from builder.heroes.army.models import ARMY_FORMAT
    from builder.heroes.scenario.models import SCENARIO_FORMAT
    from builder.io.errors import HonFileError
    from builder.kernel.diagnostics import join_or
    from builder.memoir.scenario import SCENARIO_FORMAT as HEX_SCENARIO_FORMAT
    from builder.services.systems import read_head
    from builder.tcg.scenario import SCENARIO_FORMAT as TCG_SCENARIO_FORMAT

    scenarios = (SCENARIO_FORMAT, TCG_SCENARIO_FORMAT, HEX_SCENARIO_FORMAT)
    found = read_head(path).format
    if found == ARMY_FORMAT:
        return "edit"
    if found in scenarios:
        return "design"
    said = f"it says format {found!r}" if found is not None else "it names no format"
    raise HonFileError(
        path,
        f"hon opens an army list (format {ARMY_FORMAT}) or a scenario (format {join_or(scenarios)}) given "
        f"alone; {said} (see hon --help for the command that takes it).",
        field="format",
    )


def launch_designer(path: Path, user_catalogue: Path | None, deck: str | None = None, game: str | None = None) -> None:
    """`hon design`: the designer of the file's system (of `game` for a new file)."""
    from builder.cli.fronts import DesignAsk
    from builder.cli.fronts import front as front_of
    from builder.kernel.system import Capability
    from builder.services.systems import require, require_game

    if path.exists():
        if game is not None:
            raise typer.BadParameter(f"{path} exists; --game sets only a new scenario's game", param_hint="--game")
        system = require(path, Capability.SCENARIO_CHECK)
    else:
        system = require_game(game if game is not None else "hon", Capability.SCENARIO_CHECK)
    front_of(system).design(DesignAsk(path, user_catalogue, deck, game))


def launch_heroes_designer(ask: DesignAsk) -> None:
    """The Heroes System's scenario designer on `ask.path`, or on a new scenario saved there."""
    from builder.heroes.catalogue.base import Game
    from builder.io.catalogue_files import load_catalogue
    from builder.services.scenario_session import ScenarioSession, ScenarioStart
    from builder.tui.app import HonApp

    layered = existing_user_catalogue(ask.catalogue)
    catalogue, _ = load_catalogue(layered)
    path = ask.path
    session = (
        ScenarioSession.open(path, catalogue)
        if path.exists()
        else ScenarioSession.new(path, catalogue, ScenarioStart(game=Game(ask.game or Game.HON)))
    )
    HonApp(None, layered or user_catalogue_dir(), scenario=session).run()


def launch_hex_designer(ask: DesignAsk) -> None:
    """The hex game's designer on `ask.path` (`hon design` on a `game: m44` file), or on a new
    scenario to be saved there."""
    from builder.services.hex_scenario_session import HexScenarioSession

    path = ask.path
    from builder.tui.app import HonApp
    from builder.tui.screens.hex_designer import HexDesignerScreen

    session = HexScenarioSession.open(path) if path.exists() else HexScenarioSession.new(path)
    HonApp(opening=HexDesignerScreen(session)).run()


def launch_tcg_designer(ask: DesignAsk) -> None:
    """The Tactical Card Game's designer on `ask.path` (`hon design` on a `game: tcg` file),
    on the deck composer of the side `ask.deck` when it is given."""
    from builder.services.tcg_game import open_cards

    path, deck = ask.path, ask.deck
    from builder.services.tcg_scenario_session import TcgScenarioSession
    from builder.tui.app import HonApp
    from builder.tui.screens.tcg_designer import TcgDesignerScreen

    cards = open_cards()
    session = TcgScenarioSession.open(path, cards) if path.exists() else TcgScenarioSession.new(path, cards)
    if deck is not None and session.scenario.side(deck) is None:
        known = ", ".join(side.id for side in session.scenario.sides)
        raise typer.BadParameter(f"{path} has no side {deck!r}; its sides are {known}", param_hint="--deck")
    HonApp(opening=TcgDesignerScreen(session, deck=deck)).run()
