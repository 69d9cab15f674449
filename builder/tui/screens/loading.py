"""The screen hon shows while it reads the catalogue and the example army (HonApp.starting)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class StartScreen(Screen[None]):
    """The loading screen's base, so that it has Screen as deep among its bases as the army
    builder has (ArmyBuilderScreen, FirstShowing, Screen; Widget one deeper).

    Textual parses a base's DEFAULT_CSS with its depth in the bases of the class that
    brought it (the tie-breaker between equally specific rules) and keeps the deepest
    depth it has seen: a deeper one arriving with the builder has Screen's and Widget's
    DEFAULT_CSS parsed again between the army's loading and its first paint. Parsed at
    that depth from the start, the loading message looks the same (no rule of the few it
    matches ties with another) and the builder is styled exactly as before."""


class LoadingScreen(StartScreen):
    """The app's first screen while the army is read: it says so, and calls `painted` as
    soon as the message is on screen, to start the reading."""

    def __init__(self, painted: Callable[[], object]) -> None:
        super().__init__(id="_default")  # the id of the screen it stands for (App.get_default_screen)
        self._painted: Callable[[], object] | None = painted

    def compose(self) -> ComposeResult:
        yield Static("hon — reading the catalogue and the army…", id="loading")

    def on_mount(self) -> None:
        # Should the screen have nothing to paint on (no size yet), the reading starts once
        # it is idle, as it would after a paint; after a paint this finds it started.
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self._painted is not None:
            painted, self._painted = self._painted, None
            painted()

    def _compositor_refresh(self) -> None:
        # Textual paints the screen here (from its first layout, then from its update
        # timer). Waiting for the screen to be painted and idle (App.call_after_refresh)
        # would wait for the layout at the terminal's size that follows the first paint,
        # and for the next tick of the update timer after it: a sixtieth of a second in
        # which the interpreter idles while the player waits for the army.
        super()._compositor_refresh()
        if self._painted is not None and self.app.screen is self and self.query_one("#loading").region:
            self._start()
