"""The tab bar of the builder's side panel (totals, issues), drawn as Textual's tabs draw
theirs, by one widget that shows one of the panes below it and hides the others.

Textual's tabbed content is a dozen widgets (the tabs, their bar and underline, a switcher
and a pane for each tab), each styled, laid out and painted on its own at start-up."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.renderables.bar import Bar
from textual.strip import Strip
from textual.widget import Widget


class SideTabs(Widget, can_focus=True):
    """`tabs` are (pane id, label) pairs; the pane of the active tab is shown, the others
    hidden. Left and right, or a click, change the tab. A pane in `made_when_shown` is made
    by its function and mounted after the others (in this widget's parent) the first time
    its tab is active: start-up does not build, style and lay out a pane nobody sees."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous tab", show=False),
        Binding("right", "step(1)", "Next tab", show=False),
    ]
    COMPONENT_CLASSES = {"side-tabs--tab", "side-tabs--active", "side-tabs--hover", "side-tabs--bar"}
    DEFAULT_CSS = """
    SideTabs {
        width: 100%;
        height: 2;
        & > .side-tabs--tab { color: $foreground 50%; }
        & > .side-tabs--active { color: $foreground; }
        & > .side-tabs--hover { color: $foreground; }
        & > .side-tabs--bar {
            color: $block-cursor-background;
            background: $foreground 10%;
        }
        &:focus {
            & > .side-tabs--active {
                text-style: $block-cursor-text-style;
                color: $block-cursor-foreground;
                background: $block-cursor-background;
            }
            & > .side-tabs--bar { background: $foreground 30%; }
        }
    }
    """

    active: reactive[str] = reactive("", init=False)
    _hover: reactive[str | None] = reactive(None)

    def __init__(
        self,
        tabs: list[tuple[str, str]],
        id: str | None = None,
        made_when_shown: Mapping[str, Callable[[], Widget]] | None = None,
    ) -> None:
        super().__init__(id=id)
        self.tabs = tabs
        self._to_make = dict(made_when_shown or {})
        self.set_reactive(SideTabs.active, tabs[0][0])

    def on_mount(self) -> None:
        self._show_pane()

    def watch_active(self) -> None:
        self._show_pane()

    def _show_pane(self) -> None:
        for pane, _ in self.tabs:
            shown = pane == self.active
            if pane not in self._to_make:
                self.screen.query_one(f"#{pane}").display = shown
            elif shown:
                parent = self.parent
                assert isinstance(parent, Widget)
                parent.mount(self._to_make.pop(pane)())

    def _spans(self) -> list[tuple[int, int, str]]:
        """The columns of each tab's label (one column of padding either side)."""
        spans, x = [], 0
        for pane, label in self.tabs:
            spans.append((x + 1, x + 1 + len(label), pane))
            x += len(label) + 2
        return spans

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = Style(bgcolor=self.rich_style.bgcolor)
        if y == 0:
            segments = []
            for pane, label in self.tabs:
                if pane == self.active:
                    style = self.get_component_rich_style("side-tabs--active")
                else:
                    style = self.get_component_rich_style("side-tabs--tab")
                    if pane == self._hover:
                        style += Style(color=self.get_component_rich_style("side-tabs--hover").color)
                # The active tab of focused tabs is drawn as a cursor, its padding too.
                pad = Style(bgcolor=style.bgcolor) if pane == self.active and self.has_focus else base
                segments += [Segment(" ", pad), Segment(label, style), Segment(" ", pad)]
            return Strip(segments).crop_extend(0, width, base)
        if y == 1:
            highlight = next((start, end) for start, end, pane in self._spans() if pane == self.active)
            bar_style = self.get_component_rich_style("side-tabs--bar")
            bar = Bar(
                highlight_range=highlight,
                highlight_style=Style.from_color(bar_style.color),
                background_style=Style.from_color(bar_style.bgcolor),
            )
            console = self.app.console
            segments = [s for s in console.render(bar, console.options.update_width(width)) if s.text != "\n"]
            return Strip(segments).apply_style(base).crop_extend(0, width, base)
        return Strip.blank(width, base)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_step(self, offset: int) -> None:
        panes = [pane for pane, _ in self.tabs]
        self.active = panes[(panes.index(self.active) + offset) % len(panes)]

    def _tab_at(self, x: int) -> str | None:
        return next((pane for start, end, pane in self._spans() if start - 1 <= x <= end), None)

    def on_click(self, event: events.Click) -> None:
        pane = self._tab_at(event.x)
        if pane is not None:
            self.active = pane

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover = self._tab_at(event.x) if event.y == 0 else None

    def on_leave(self) -> None:
        self._hover = None
