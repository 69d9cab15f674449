"""A screen shown over the loading message at start-up, as the army builder is: its first
showing laid out once and painted as soon as it is ready, as little work and as little
waiting as Textual allows between reading the army and the player seeing it."""

from __future__ import annotations

from textual.events import Idle, ScreenResume
from textual.screen import Screen


class FirstShowing(Screen[None]):
    _resumed = False  # set by the first ScreenResume
    _painting = True  # False while the first layout is made (see `_on_screen_resume`)
    _first_paint_due = False  # from the first layout to the first paint (see `_on_idle`)

    def _on_screen_resume(self, event: ScreenResume) -> None:
        if self._resumed:
            super()._on_screen_resume(event)
            return
        # Each widget had its styles applied as it was mounted, just before: Textual would
        # apply them all again for the screen's first showing (every node of the screen, a
        # fifth of the style work at start-up). Later showings, after a dialog, refresh
        # them as Textual does.
        event.refresh_styles = False
        self._resumed = True
        # The first layout gives every widget its first size, and each asks to be laid out
        # and painted again for it: painting the first layout as well would paint the whole
        # screen twice before the player sees anything but the loading message.
        self._painting = False
        try:
            super()._on_screen_resume(event)
        finally:
            self._painting = True
        self._first_paint_due = True

    def _compositor_refresh(self) -> None:
        if self._painting:
            self._first_paint_due = False
            super()._compositor_refresh()

    async def _on_idle(self, event: Idle) -> None:
        """Textual paints a screen that is idle with something to paint on the next tick of
        its update timer, which beats sixty times a second: up to a sixtieth of a second
        in which nothing happens. The first paint, once every widget has taken in its
        first size (no message left for the app, the screen or any of its widgets), is
        made at once, as that tick would make it; later ones wait for the tick as usual
        (Screen._on_idle, which runs after this unless it is prevented)."""
        if self._first_paint_due and self.is_current and not self.app._batch_count and self._settled():
            self._first_paint_due = False
            event.prevent_default()
            self._on_timer_update()

    def _settled(self) -> bool:
        return not self.app.message_queue_size and not any(
            node.message_queue_size for node in self.walk_children(with_self=True)
        )
