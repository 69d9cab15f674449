"""The hon application: the one Textual app, with screens for the army builder, the
catalogue editor, each game's scenario designer and the simulation viewer the three games
share (DESIGN.md 6)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from builder.kernel.decisions import Policy
from builder.tui.palette import ActionsProvider
from builder.tui.styles import read_screen_css

# The domain and the screens load after the first paint (see `starting`), so they are
# imported where they are used.
if TYPE_CHECKING:
    from builder.heroes.army.models import ArmyList
    from builder.heroes.catalogue.index import Catalogue
    from builder.services.army_session import ArmySession
    from builder.services.scenario_session import ScenarioSession
    from builder.tui.screens.builder import ArmyBuilderScreen


class HonApp(App[None]):
    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "hon"
    COMMANDS = App.COMMANDS | {ActionsProvider}
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        session: ArmySession | None = None,
        user_catalogue: Path | None = None,
        loader: Callable[[], ArmySession] | None = None,
        scenario: ScenarioSession | None = None,
        opening: Screen[None] | None = None,
    ) -> None:
        super().__init__()
        if session is None and loader is None and scenario is None and opening is None:
            raise ValueError("the app needs an army or a scenario, or a way to load one")
        self._session = session
        self._loader = loader
        self.scenario = scenario
        self.user_catalogue = user_catalogue
        self._opening = opening  # a screen shown on its own, such as the simulation viewer
        # Set by `starting` when it turned the cycle collector off; only then does the app
        # turn it on again (and freeze what starting made), never against an embedder's will.
        self._collector_paused = False
        self._frozen = False

    def get_default_screen(self) -> Screen[None]:
        """While the army is read (see `starting`), the app's first screen says so, and
        starts reading once it has painted that (the player sees something first: reading
        holds the interpreter); the builder is pushed over it once the army is read."""
        if self._loading:
            from builder.tui.screens.loading import LoadingScreen

            return LoadingScreen(self._load)
        return super().get_default_screen()

    @property
    def _loading(self) -> bool:
        return self._opening is None and self.scenario is None and self._session is None

    @property
    def session(self) -> ArmySession:
        assert self._session is not None, "the army is still loading"
        return self._session

    @session.setter
    def session(self, session: ArmySession) -> None:
        self._session = session

    @classmethod
    def on_file(
        cls, army: Path | None, catalogue: Catalogue, user_catalogue: Path | None, template: Path | None = None
    ) -> HonApp:
        """The app on an army file, or on an unsaved copy of `template` (the example)."""
        return cls(_open_session(army, catalogue, template), user_catalogue)

    @classmethod
    def starting(cls, army: Path | None, layered: Path | None, editor_folder: Path | None, template: Path) -> HonApp:
        """The app as `hon` starts it. On the bundled example it paints a loading message at
        once and reads the catalogue behind it; on a file of the player's, it reads first,
        so that an unreadable file is reported on the command line.

        Starting allocates hundreds of thousands of objects that live as long as the app
        (Textual's styles and widgets, the catalogue): the cycle collector would walk them
        all over again before the army is on screen, so it is off until then (`_started`)."""
        paused = gc.isenabled()
        gc.disable()
        if army is not None:
            from builder.io.catalogue_files import load_catalogue

            try:
                app = cls.on_file(army, load_catalogue(layered)[0], editor_folder)
            except BaseException:
                if paused:
                    gc.enable()
                raise
        else:

            def load() -> ArmySession:
                from builder.io.catalogue_files import load_catalogue

                return _open_session(None, load_catalogue(layered)[0], template)

            app = cls(None, editor_folder, loader=load)
        app._collector_paused = paused
        return app

    @classmethod
    def simulating(
        cls,
        scenario: Path,
        catalogue: Catalogue,
        seed: int = 1,
        turns: int | None = None,
        armies: Mapping[str, ArmyList] | None = None,
        policy: Policy = Policy.GREEDY,
    ) -> HonApp:
        """The app on the simulation viewer alone (for `hon simulate --tui`): `scenario` is
        played with `seed` for at most `turns` turns by `policy`; `armies` by side id
        replace the army lists the scenario names."""
        from builder.tui.screens.simulation import SimulationScreen

        return cls(opening=SimulationScreen(scenario, catalogue, seed=seed, turns=turns, armies=armies, policy=policy))

    def on_mount(self) -> None:
        if self._opening is not None:
            self.push_screen(self._opening)
            return
        if self.scenario is not None:
            from builder.tui.screens.designer import DesignerScreen

            self.push_screen(DesignerScreen(self.scenario))
            return
        if self._session is not None:
            self._show_builder()

    def watch_app_focus(self, focus: bool) -> None:
        """In a browser (`hon serve`) the app starts unfocused until the page has focus,
        and a screen shown meanwhile (the builder, after the loading message) focuses
        nothing, so the first keys would go nowhere: give it the focus it would have had.
        Runs after Textual's own watcher, which puts back what was focused before."""
        if focus and self.screen.focused is None:
            self.screen.focus_next()

    @work(thread=True, exclusive=True, group="load")
    def _load(self) -> None:
        assert self._loader is not None
        session = self._loader()
        self.call_from_thread(self._loaded, session)

    def _loaded(self, session: ArmySession) -> None:
        from builder.tui.screens.builder import ArmyBuilderScreen

        self._session = session
        # Pushed over the loading message, as over the empty first screen when the army is
        # read before the app starts: a screen switched in place of another would lay the
        # builder out and paint it once more when the other is removed.
        self.push_screen(ArmyBuilderScreen(session))
        self.call_after_refresh(self._started)

    def _show_builder(self) -> None:
        from builder.tui.screens.builder import ArmyBuilderScreen

        self.push_screen(ArmyBuilderScreen(self.session))
        self.call_after_refresh(self._started)

    def _started(self) -> None:
        """The army is on screen: collect garbage again (see `starting`), among what is made
        from now on. What starting made is frozen: it lives as long as the app, and the
        first collections would walk it all (a fifth of a second, then more than a quarter
        of a second while the player is using the builder)."""
        if self._collector_paused:
            gc.freeze()
            gc.enable()
            self._collector_paused, self._frozen = False, True

    def on_unmount(self) -> None:
        # Whatever happened before the army was shown; and what the app made can go with it.
        if self._frozen:
            gc.unfreeze()
        if self._collector_paused:
            gc.enable()
        self._collector_paused = self._frozen = False

    def _load_screen_css(self, screen: Screen[Any]) -> None:
        # Textual parses every style sheet anew for a screen's new CSS file: read it
        # without that first (builder/tui/styles.py).
        read_screen_css(self, screen)
        super()._load_screen_css(screen)

    @property
    def builder(self) -> ArmyBuilderScreen:
        from builder.tui.screens.builder import ArmyBuilderScreen

        return next(s for s in self.screen_stack if isinstance(s, ArmyBuilderScreen))

    def use_session(self, session: ArmySession) -> None:
        self.session = session
        self.builder.use(session)

    # --- files ----------------------------------------------------------------------------

    @work(exclusive=True, group="files")
    async def action_save(self) -> None:
        await self._save(self.session.path)

    @work(exclusive=True, group="files")
    async def action_save_as(self) -> None:
        await self._save(None)

    async def _save(self, path: Path | None) -> bool:
        from builder.tui.files import save_with_questions

        saved = await save_with_questions(self, self.session, path, "army")
        self.builder.show_all()
        return saved

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue of what is open: the army's, or the scenario's."""
        if self._session is not None:
            return self._session.catalogue
        assert self.scenario is not None, "the app has neither an army nor a scenario"
        return self.scenario.catalogue

    # What the actions open is in opening.py, imported when the first of them is used.

    @work(exclusive=True, group="files")
    async def action_new_army(self) -> None:
        from builder.tui.opening import new_army

        await new_army(self)

    @work(exclusive=True, group="files")
    async def action_open_army(self) -> None:
        from builder.tui.opening import open_army

        await open_army(self)

    @work(exclusive=True, group="files")
    async def action_open_designer(self) -> None:
        from builder.tui.opening import open_designer

        await open_designer(self)

    @work(exclusive=True, group="files")
    async def action_open_scenario(self) -> None:
        from builder.tui.opening import open_scenario

        await open_scenario(self)

    @work(exclusive=True, group="files")
    async def action_new_scenario(self) -> None:
        from builder.tui.opening import new_scenario

        await new_scenario(self)

    @work(exclusive=True, group="files")
    async def action_simulate(self) -> None:
        from builder.tui.opening import simulate

        await simulate(self)

    @work(exclusive=True, group="files")
    async def action_open_campaign(self) -> None:
        from builder.tui.opening import open_campaign

        await open_campaign(self)

    def action_edit_catalogue(self) -> None:
        from builder.tui.opening import edit_catalogue

        edit_catalogue(self)

    def catalogue_changed(self) -> None:
        """The editor saved a user entry: reload the layered catalogue and re-check."""
        from builder.io.catalogue_files import load_catalogue

        catalogue, _ = load_catalogue(self.user_catalogue)
        self.session.catalogue = catalogue
        self.session.refresh()
        self.builder.use(self.session)

    # --- leaving ------------------------------------------------------------------------

    async def _may_leave(self) -> bool:
        """Ask before unsaved changes are dropped; True when it's fine to go on."""
        from builder.tui.screens.dialogs import Ask

        if self._session is None:
            return True
        if not self.session.has_edits:
            return True
        choice = await self.push_screen_wait(
            Ask(
                "Unsaved changes",
                f"{self.session.army.name} has changes that are not saved.",
                [("save", "Save", "primary"), ("discard", "Discard", "error"), ("cancel", "Cancel", "default")],
            )
        )
        if choice == "save":
            return await self._save(self.session.path)
        return choice == "discard"

    async def _may_leave_scenario(self) -> bool:
        """Ask before a scenario's unsaved changes are dropped."""
        from builder.tui.screens.dialogs import Ask

        if self.scenario is not None and self.scenario.dirty and self.scenario.history.can_undo:
            choice = await self.push_screen_wait(
                Ask(
                    "Unsaved changes",
                    f"{self.scenario.scenario.title} has changes that are not saved.",
                    [("save", "Save", "primary"), ("discard", "Discard", "error"), ("cancel", "Cancel", "default")],
                )
            )
            if choice == "cancel":
                return False
            if choice == "save":
                from builder.tui.files import save_with_questions

                if not await save_with_questions(self, self.scenario, self.scenario.path, "scenario"):
                    return False
        return True

    async def action_quit(self) -> None:
        # The questions wait for the player, so they run in a worker (Textual's guide).
        self.run_worker(self._quit_when_agreed(), exclusive=True, group="files")

    async def _quit_when_agreed(self) -> None:
        if await self._may_leave_scenario() and await self._may_leave() and await self._may_leave_screens():
            self.exit()

    async def _may_leave_screens(self) -> bool:
        """A screen editing its own document (the Tactical Card Game's and the hex game's
        designers, editing.OwnDocumentScreen) has `may_leave`, asked before the app quits."""
        for screen in reversed(self.screen_stack):
            may_leave = getattr(screen, "may_leave", None)
            if may_leave is not None and not await may_leave():
                return False
        return True


def _open_session(army: Path | None, catalogue: Catalogue, template: Path | None) -> ArmySession:
    """A session on the player's file, or on an unsaved copy of the bundled example."""
    from builder.io.errors import HonFileError
    from builder.services.army_session import ArmySession

    if army is not None:
        if not army.exists():
            raise HonFileError(army, "no such file; start a new army with `hon` and save it there.")
        return ArmySession.open(army, catalogue)
    assert template is not None
    session = ArmySession.open(template, catalogue)
    # The bundled example is never overwritten: the player saves a copy of it.
    session.path, session.fingerprint, session.saved = None, None, None
    return session
