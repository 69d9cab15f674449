"""What the hon application's actions open (DESIGN.md 6): another army (new, or a file),
the scenario designer (on a file, or on a new scenario), a simulated game, a campaign and
the catalogue editor, each after the questions the app asks before unsaved changes are
dropped. HonApp's actions call them; this module and what they show are imported when
first used, as start-up shows none of it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.heroes.catalogue.index import Catalogue
    from builder.io.campaign_files import Chain
    from builder.services.scenario_session import ScenarioSession
    from builder.tui.app import HonApp


async def new_army(app: HonApp) -> None:
    from builder.services.army_session import ArmySession
    from builder.tui.screens.dialogs import NewArmy

    if not await app._may_leave():
        return
    army = await app.push_screen_wait(NewArmy(app.session.catalogue))
    if army is not None:
        app.use_session(ArmySession.new(army, app.session.catalogue))


async def open_army(app: HonApp) -> None:
    from builder.io.errors import HonFileError
    from builder.services.army_session import ArmySession
    from builder.services.recent_files import remember
    from builder.tui.screens.file_dialog import FileDialog

    if not await app._may_leave():
        return
    path = await app.push_screen_wait(FileDialog("Open an army list", "army", "open"))
    if path is None:
        return
    try:
        session = ArmySession.open(path, app.session.catalogue)
    except HonFileError as problem:
        app.notify(str(problem), severity="error", timeout=10, markup=False)
        return
    remember(path, "army")
    app.use_session(session)


async def open_designer(app: HonApp) -> None:
    """The scenario designer: on a scenario file, or on a new scenario."""
    from builder.tui.screens.dialogs import Ask

    if not await app._may_leave_scenario():
        return
    choice = await app.push_screen_wait(
        Ask(
            "Scenario designer",
            "Open a scenario file, or start a new scenario.",
            [
                ("open", "Open a scenario…", "primary"),
                ("new", "New scenario…", "success"),
                ("cancel", "Cancel", "default"),
            ],
        )
    )
    if choice == "open":
        await _open_scenario(app)
    elif choice == "new":
        await _new_scenario(app)


async def open_scenario(app: HonApp) -> None:
    if await app._may_leave_scenario():
        await _open_scenario(app)


async def new_scenario(app: HonApp) -> None:
    if await app._may_leave_scenario():
        await _new_scenario(app)


async def _open_scenario(app: HonApp) -> None:
    """A scenario file in its game's designer (builder/tui/fronts.py): the Heroes System's,
    or the Tactical Card Game's or the hex game's over the screen it was opened from."""
    from builder.io.errors import HonFileError
    from builder.kernel.system import Capability
    from builder.services.recent_files import remember
    from builder.tui.fronts import screens_for
    from builder.tui.screens.file_dialog import FileDialog

    path = await app.push_screen_wait(FileDialog("Open a scenario", "scenario", "open"))
    if path is None:
        return
    try:
        screens_for(path, Capability.SCENARIO_CHECK).design(app, path)
    except HonFileError as problem:
        app.notify(str(problem), severity="error", timeout=10, markup=False)
        return
    remember(path, "scenario")


async def _new_scenario(app: HonApp) -> None:
    from builder.services.scenario_session import ScenarioSession
    from builder.tui.screens.new_scenario import NewScenario

    army = app._session.army if app._session is not None else None
    dialog = NewScenario(app.catalogue, army.game, army.faction) if army is not None else NewScenario(app.catalogue)
    start = await app.push_screen_wait(dialog)
    if start is None:
        return
    try:
        session = ScenarioSession.new(None, app.catalogue, start)
    except ValueError as problem:
        app.notify(f"Cannot start the scenario: {problem}.", severity="error", timeout=10, markup=False)
        return
    design(app, session)


def design(app: HonApp, session: ScenarioSession) -> None:
    """Show `session` in the designer, in place of the scenario designed until now."""
    from builder.tui.screens.designer import DesignerScreen

    app.scenario = session
    if isinstance(app.screen, DesignerScreen):
        app.switch_screen(DesignerScreen(session))
    else:
        app.push_screen(DesignerScreen(session))


async def simulate(app: HonApp) -> None:
    """Choose a scenario, then what its system asks before a game (who plays which side),
    then step through a simulated game (builder/tui/fronts.py)."""
    from builder.kernel.system import Capability
    from builder.tui.fronts import screens_for
    from builder.tui.screens.file_dialog import FileDialog

    path = await app.push_screen_wait(FileDialog("Simulate a scenario", "scenario", "open"))
    if path is not None:
        await screens_for(path, Capability.SIMULATE).simulate(app, path)


async def open_campaign(app: HonApp) -> None:
    """Open a campaign file, or start a campaign (by its id, hon campaign list, or its
    opening scenario's file) in a file the player chooses, exports/ by default."""
    from builder.io.errors import HonFileError
    from builder.tui.screens.campaign import CampaignScreen, file_or_chain
    from builder.tui.screens.dialogs import AskText

    answer = await app.push_screen_wait(
        AskText("Open a campaign file, or start one by its id", "", "operation-windsor or path/to/campaign.yaml")
    )
    if not answer:
        return
    catalogue = app.scenario.catalogue if app.scenario is not None else app.session.catalogue
    try:
        found = file_or_chain(answer.strip())
    except (HonFileError, OSError) as problem:
        app.notify(str(problem), severity="error", timeout=10, markup=False)
        return
    path = found if isinstance(found, Path) else await _start_campaign(app, found, catalogue)
    if path is not None:
        app.push_screen(CampaignScreen(path, catalogue))


async def _start_campaign(app: HonApp, chain: Chain, catalogue: Catalogue) -> Path | None:
    """Ask where to keep the new campaign (exports/<id>-campaign.yaml by default), then
    start it there; a file already there that holds a campaign is opened, not replaced.
    The campaign file, or None when the player cancelled or it could not be written."""
    from builder.io.campaign_files import CAMPAIGN_KIND
    from builder.io.errors import HonFileError
    from builder.io.outputs import exports_folder, kind_of
    from builder.services.recent_files import remember
    from builder.tui.screens.campaign import start_at
    from builder.tui.screens.file_dialog import FileDialog

    suggestion = exports_folder() / f"{chain.id}-campaign.yaml"
    path = await app.push_screen_wait(FileDialog(f"Save the {chain.name} campaign as", "campaign", "save", suggestion))
    if path is None:
        return None
    if path.is_file() and kind_of(path) == CAMPAIGN_KIND:
        app.notify(f"{path} already holds a campaign: opened it.", markup=False)
        return path
    try:
        written = start_at(chain, path, catalogue, app.user_catalogue)
    except (HonFileError, OSError) as problem:
        app.notify(str(problem), severity="error", timeout=10, markup=False)
        return None
    remember(written, "campaign")
    app.notify(f"Started {chain.name} in {written}.", markup=False)
    return written


def edit_catalogue(app: HonApp) -> None:
    from builder.tui.screens.catalogue_editor import CatalogueEditor

    app.push_screen(CatalogueEditor(app.session.catalogue, app.user_catalogue, app.catalogue_changed))
