"""The army builder's list of tile cards, scrolled, with up and down stepping between its
headers and slots."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widget import Widget


class ArmyPane(VerticalScroll, can_focus=False):
    """The list of tile cards. Up and down move between its headers and slots."""

    BINDINGS = [
        Binding("up", "step(-1)", "Previous", show=False),
        Binding("down", "step(1)", "Next", show=False),
    ]

    _measured = False  # set by the first layout (see `_get_scrollable_region`)

    def _get_scrollable_region(self, region: Region) -> Region:
        """The region the cards are laid out in, within `region` (the pane less its padding).

        Textual shows a scroll container's scrollbar once a layout has found its children
        taller than the pane: a list taller than the screen was laid out at the full width,
        then again one scrollbar narrower, every card measured and the whole screen painted
        twice at start-up. So the first layout arranges the cards at the full width first,
        and shows the scrollbar at once when they overflow; later layouts are Textual's own."""
        if not self._measured:
            self._measured = True
            overflowing = self.arrange(region.size).total_region.bottom > region.height
            if self.styles.overflow_y == "auto" and overflowing and not self.show_vertical_scrollbar:
                self.set_reactive(Widget.show_vertical_scrollbar, True)
        return super()._get_scrollable_region(region)

    def action_step(self, offset: int) -> None:
        stops = [w for w in self.query("CardHeader, SlotRow, FreeOptionRow") if w.focusable]
        if not stops:
            return
        focused = self.screen.focused
        index = stops.index(focused) if focused in stops else (-1 if offset > 0 else 0)
        target = stops[max(0, min(len(stops) - 1, index + offset))]
        target.focus()
        target.scroll_visible(animate=False)
