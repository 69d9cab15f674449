"""The army builder's list of tile cards, scrolled, with up and down stepping between its
headers and slots."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import QueryType
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from builder.tui.widgets.tile_card import TileCard


class ArmyPane(VerticalScroll, can_focus=False):
    """The list of tile cards. Up and down move between its headers and slots."""

    BINDINGS = [
        Binding("up", "step(-1)", "Previous", show=False),
        Binding("down", "step(1)", "Next", show=False),
    ]

    # The pane draws nothing but its background (no border, no content of its own; the
    # scrollbars are widgets of their own): a blank line is drawn as Textual would, without
    # going through its styles cache line by line.
    BLANK = True

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
        """The previous or next stop of the list: a card's title or slot row (lines of the
        card's one widget), or a free option."""
        stops = [
            (child, stop)
            for child in self.children
            if child.focusable
            for stop in range(len(child.rows) + 1 if isinstance(child, TileCard) else 1)
        ]
        if not stops:
            return
        focused = self.screen.focused
        here = (focused, focused.cursor if isinstance(focused, TileCard) else 0)
        index = stops.index(here) if here in stops else (-1 if offset > 0 else 0)
        focus_stop(*stops[max(0, min(len(stops) - 1, index + offset))])


def focus_stop(widget: Widget, stop: int) -> None:
    """Focus a stop of the list, a card's title or slot row or a free option, and scroll it
    into view (a card's stop alone, not the whole card)."""
    widget.focus()
    if isinstance(widget, TileCard):
        widget.move_to(stop)
        widget.reveal_stop()
    else:
        widget.scroll_visible(animate=False)


class CardStops(Screen[None]):
    """A screen showing tile cards, whose stops are lines of one widget: Tab and shift+Tab
    arriving at a card land on its first or last stop, and focusing a card scrolls its stop
    into view (not the whole card), as a widget per line did."""

    def focus_next(self, selector: str | type[QueryType] = "*") -> Widget | None:
        widget = super().focus_next(selector)
        if isinstance(widget, TileCard):
            widget.move_to(0)
        return widget

    def focus_previous(self, selector: str | type[QueryType] = "*") -> Widget | None:
        widget = super().focus_previous(selector)
        if isinstance(widget, TileCard):
            widget.move_to(len(widget.rows))
        return widget

    def _compositor_refresh(self) -> None:
        super()._compositor_refresh()
        over = self.app.mouse_over
        if isinstance(over, TileCard):
            over.call_after_refresh(over.hover_at_mouse)

    def can_view_entire(self, widget: Widget) -> bool:
        if isinstance(widget, TileCard):
            return widget.stop_in_view()
        return super().can_view_entire(widget)

    def scroll_to_center(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        if isinstance(widget, TileCard):
            widget.scroll_stop_visible(center=True, animate=kwargs.get("animate", True))
            return
        super().scroll_to_center(widget, *args, **kwargs)
