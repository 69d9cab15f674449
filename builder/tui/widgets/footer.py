"""The footer of hon's screens: Textual's, redrawn only when the keys it shows change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

# What the footer draws: each shown key with its action, description, whether it is
# enabled and its tooltip.
Shown = tuple[tuple[str, str, str, bool, str], ...]


def _shown(screen: Screen[object]) -> Shown:
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class KeysFooter(Footer):
    """Textual's footer rebuilds all its keys whenever the screen's bindings are refreshed:
    at start-up that is several times (the screen is shown, the app gains focus, the first
    widget is focused) for the same keys, each a layout and a repaint of the whole screen.
    This one rebuilds only when the keys shown differ from those it last drew."""

    _drawn: Shown | None = None

    def compose(self) -> ComposeResult:
        # Drawn from the first compose (Textual's waits for the first refresh of bindings,
        # and so composes twice).
        self._bindings_ready = True
        self._drawn = _shown(self.screen)
        return super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self._drawn is not None and screen is self.screen and _shown(screen) == self._drawn:
            return
        super().bindings_changed(screen)
