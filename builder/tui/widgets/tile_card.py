"""A recruitment tile (or hero) of the army drawn as a card: what it fields, what it costs,
when it breaks, and each slot framed by its stripe colours.

A card is one widget drawing its lines itself (Textual's Line API): its title line and each
slot row are stops of a cursor, shown as Textual draws a focused row, with each stop's keys.
Widgets per line (a header, a body and a row per slot) made the builder's first showing
style, lay out and paint some thirty widgets for five cards."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions
from textual.widget import Widget
from textual.widgets import Static

from builder.heroes.army.resolve import Group
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.diagnostics import Issue
from builder.tui.widgets.line_selection import highlighted, selected_text
from builder.tui.widgets.slot_row import SEVERITY_MARK, SlotRow, worst
from builder.tui.widgets.stripes import stripe_bar

ONE_LINE = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}  # the title and slot rows
HEADER, SLOT = "header", "slot"
HEADER_ACTIONS = {"details", "remove", "label", "move"}
SLOT_ACTIONS = {"choose", "empty"}


def show_if_changed(widget: Static, text: Text, layout: bool = True) -> None:
    """Update a Static only when its text changes: an edit then repaints the few lines it
    touched, and lays the screen out again only when a block may change height."""
    if getattr(widget, "_shown", None) == text:
        return
    widget._shown = text  # type: ignore[attr-defined]
    widget.update(text, layout=layout)


class TileCard(Widget, can_focus=True):
    """A tile or hero of the list: its title line, what it fields and when it breaks, and a
    row per slot. The title and the slot rows are the card's stops: Tab, shift+Tab, up and
    down visit them, and the keys shown are the stop's (the title's: counters, remove, label,
    move; a slot's: choose, empty). `path` is the stop's, as a widget per row had it."""

    BINDINGS = [
        Binding("enter,d", "details", "Counters"),
        Binding("enter", "choose", "Choose option"),
        Binding("delete,backspace", "remove", "Remove"),
        Binding("delete,backspace", "empty", "Empty slot"),
        Binding("l", "label", "Label"),
        Binding("ctrl+up", "move(-1)", "Move up", show=False),
        Binding("ctrl+down", "move(1)", "Move down", show=False),
        Binding("tab", "stop(1)", show=False),
        Binding("shift+tab", "stop(-1)", show=False),
    ]
    COMPONENT_CLASSES = {"tile-card--body", "tile-card--cursor", "tile-card--hover"}

    class Requested(Message):
        """The title's keys: details, remove, label or move (by `offset`)."""

        def __init__(self, card: TileCard, what: str, offset: int = 0) -> None:
            self.card, self.what, self.offset = card, what, offset
            super().__init__()

    class Chosen(Message):
        """A slot row chosen (enter or a click): its option is to be picked."""

        def __init__(self, row: SlotRow) -> None:
            self.row = row
            super().__init__()

    class Emptied(Message):
        def __init__(self, row: SlotRow) -> None:
            self.row = row
            super().__init__()

    def __init__(self, section: str, index: int, group: Group) -> None:
        super().__init__(classes="tile-card")
        self.section, self.index, self.group = section, index, group
        slots = group.recruit.slots if group.recruit is not None else []
        self.rows = [SlotRow(section, index, slot) for slot in slots]
        self.cursor = 0  # 0 the title, n the n-th slot row
        self._hover: int | None = None  # the slot row under the mouse
        self._title = Content()
        self._body = Content()
        self._rows: list[Content] = []
        self._shown: tuple[Text, Text, list[Text]] = (Text(), Text(), [])  # what the contents were made from
        self._body_lines: dict[int, list[Strip]] = {}  # the body's lines at each width
        self._strips: tuple[tuple[object, ...], list[Strip]] | None = None

    @property
    def entry_path(self) -> str:
        return f"{self.section}[{self.index}]"

    @property
    def path(self) -> str:
        """The path of the stop under the cursor: the tile's, or its slot's."""
        return self.rows[self.cursor - 1].path if self.cursor else self.entry_path

    @property
    def stops(self) -> list[str]:
        """The paths of the card's stops, title first."""
        return [self.entry_path, *(row.path for row in self.rows)]

    @property
    def shape(self) -> tuple[str, str, tuple[str, ...]]:
        """What decides the card's rows: a change here means a new card."""
        slots = tuple(s.id for s in self.group.recruit.slots) if self.group.recruit else ()
        return (self.section, self.group.catalogue_id, slots)

    # --- what is shown ------------------------------------------------------------------

    def show(self, group: Group, catalogue: Catalogue, issues: list[Issue]) -> None:
        self.group = group
        recruit = group.recruit
        mine = [i for i in issues if i.path == self.entry_path or i.path.startswith(self.entry_path + ".")]
        title = Text()
        if recruit is None:
            title.append(f"{group.catalogue_id} — not in the catalogue", style="bold red")
            gone = "This entry vanished from the catalogue; the rest of the list is still checked."
            self._set(title, Text(gone, style="italic"))
            return
        if recruit.is_command:
            title.append("❦ ", style="bold yellow")
        title.append(recruit.name, style="bold")
        if group.entry.label:
            title.append(f" · {group.entry.label}", style="italic")
        title.append(f"  {recruit.cost} pts", style="bold cyan")
        mark = worst([i for i in mine if not i.path.startswith(self.entry_path + ".slots")])
        if mark is not None:
            symbol, style = SEVERITY_MARK[mark.severity]
            title.append(f"  {symbol}", style=style)
        body = Text()
        body.append_text(stripe_bar(recruit.stripes, catalogue))
        body.append(" ")
        parts = []
        for count in recruit.counters:
            unit = catalogue.units.get(count.id)
            name = unit.name if unit else count.id
            stars = (unit.front.ability_value("order") or 0) if unit else 0
            parts.append((f"{count.count}× " if count.count > 1 else "") + name + (" " + "★" * stars if stars else ""))
        body.append(", ".join(parts) or "no counters")
        breaks = (
            f"breaks at {recruit.breaking_point} of {recruit.counter_count}"
            if recruit.breaking_point
            else "never breaks"
        )
        body.append(f"\n{breaks} · {recruit.victory_points} VP to the opponent", style="dim")
        for row in self.rows:
            row.show(group, catalogue, mine)
        self._set(title, body)

    def _set(self, title: Text, body: Text) -> None:
        """Show the new texts: repaint when a line changed, lay out when the body did (it may
        change the card's height)."""
        shown = (title, body, [row.text for row in self.rows])
        if shown == self._shown:
            return
        layout = body != self._shown[1]
        self._shown = shown
        console = self.app.console
        self._title = Content.from_rich_text(title, console=console)
        self._body = Content.from_rich_text(body, console=console)
        self._rows = [Content.from_rich_text(row.text, console=console) for row in self.rows]
        self._body_lines.clear()
        self._strips = None
        self.refresh(layout=layout)

    # --- drawing ------------------------------------------------------------------------

    def _body_strips(self, width: int) -> list[Strip]:
        """The body's lines at a width, measured and drawn once."""
        if width not in self._body_lines:
            style = self.get_visual_style("tile-card--body")
            pad = Style(background=style.background).rich_style
            lines = self._body.render_strips(width, None, style, self._options({}))
            self._body_lines[width] = [line.adjust_cell_length(width, pad) for line in lines]
        return self._body_lines[width]

    def _body_height(self, width: int) -> int:
        return len(self._body_strips(width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + self._body_height(width) + len(self.rows)

    def _options(self, rules: dict[str, str]) -> RenderOptions:
        return RenderOptions(self._get_style, rules)  # type: ignore[arg-type]

    def _line_of(self, stop: int) -> int:
        """The content line of a stop."""
        return 0 if stop == 0 else self._body_height(self.size.width) + stop

    def _stop_at(self, line: int) -> int | None:
        """The stop drawn on a content line, if any."""
        if line == 0:
            return 0
        stop = line - self._body_height(self.size.width)
        return stop if 1 <= stop <= len(self.rows) else None

    def _row_style(self, stop: int) -> tuple[str, ...]:
        """The component styles of a stop: hover over focus, as `:hover` is written after
        `:focus` for the slot rows; the title has no hover."""
        if stop and stop == self._hover:
            return ("tile-card--hover",)
        if stop == self.cursor and self.has_focus:
            return ("tile-card--cursor",)
        return ()

    def _render_strips(self, width: int) -> list[Strip]:
        key = (width, self.cursor, self._hover, self.has_focus, self._pseudo_classes_cache_key)
        if self._strips is not None and self._strips[0] == key:
            return self._strips[1]
        strips = [self._one_line(self._title, self._row_style(0), width, 0)]
        strips.extend(self._body_strips(width))
        for stop, row in enumerate(self._rows, start=1):
            strips.append(self._one_line(row, self._row_style(stop), width, 1))
        # Each cell says where it is in the card's text: what a drag's selection is made of.
        strips = [strip.apply_offsets(0, y) for y, strip in enumerate(strips)]
        self._strips = (key, strips)
        return strips

    def _one_line(self, content: Content, names: tuple[str, ...], width: int, indent: int) -> Strip:
        """A title or slot row: one line cut with an ellipsis, on its background, after its
        left padding."""
        style = self.get_visual_style(*names)
        pad = Style(background=style.background).rich_style
        lines = content.render_strips(width - indent, 1, style, self._options(ONE_LINE))
        line = lines[0] if lines else Strip([])
        line = line.adjust_cell_length(width - indent, pad)
        return Strip([Segment(" " * indent, pad), *line], width) if indent else line

    def render_line(self, y: int) -> Strip:
        strips = self._render_strips(self.size.width)
        if y >= len(strips):
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        selection = self.text_selection
        if selection is None:
            return strips[y]
        return highlighted(strips[y], y, selection, self.screen.get_component_rich_style("screen--selection"))

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The card's text under a drag, as drawn (as a Static's was)."""
        return selected_text(self._render_strips(self.size.width), selection)

    def notify_style_update(self) -> None:
        self._strips = None
        self._body_lines.clear()
        super().notify_style_update()

    # --- the cursor ---------------------------------------------------------------------

    def move_to(self, stop: int) -> None:
        """Put the cursor on a stop (clamped): its keys are shown, it is highlighted."""
        stop = max(0, min(len(self.rows), stop))
        if stop != self.cursor:
            self.cursor = stop
            self.refresh()
            self.refresh_bindings()

    def stop_region(self) -> Region:
        """The cursor's line, in the virtual space of the list the card is in."""
        card = self.virtual_region_with_margin
        gutter = self.styles.gutter
        return Region(card.x + gutter.left, card.y + gutter.top + self._line_of(self.cursor), self.size.width, 1)

    def scroll_stop_visible(self, center: bool = False, animate: bool = False) -> None:
        """Scroll the list to the cursor's line, as it would to a widget of that line."""
        parent = self.parent
        if isinstance(parent, Widget):
            parent.scroll_to_region(
                self.stop_region(),
                spacing=self.dock_gutter,
                animate=animate,
                center=center,
                origin_visible=True,
            )

    def reveal_stop(self, then_visible: bool = True) -> None:
        """Scroll to the cursor's line as focusing a widget of that line and making it visible
        did: centred when not all in view, else (after a step or a jump, not Tab) made
        visible, the latter asked for first and done after the next refresh."""
        self.screen.call_later(self._center_stop)  # where Textual centres a widget focused
        if then_visible:
            if self.size:
                self.scroll_stop_visible()
            else:  # not laid out yet
                self.call_after_refresh(self.scroll_stop_visible)

    def _center_stop(self) -> None:
        if self.has_focus and not self.stop_in_view():
            self.scroll_stop_visible(center=True, animate=True)

    def stop_in_view(self) -> bool:
        """Whether the cursor's line is all within the list's view."""
        parent = self.parent
        if not isinstance(parent, Widget) or self not in self.screen._compositor.visible_widgets:
            return False
        line = self.region.y + self.styles.gutter.top + self._line_of(self.cursor)
        return parent.scrollable_content_region.contains_region(Region(self.content_region.x, line, self.size.width, 1))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in HEADER_ACTIONS:
            return self.cursor == 0
        if action in SLOT_ACTIONS:
            return self.cursor > 0
        return True

    def action_stop(self, offset: int) -> None:
        """Tab and shift+Tab: the next or previous stop of the card, else the next widget."""
        stop = self.cursor + offset
        if not 0 <= stop <= len(self.rows):
            raise SkipAction()
        self.move_to(stop)
        self.reveal_stop(then_visible=False)

    def action_details(self) -> None:
        self.post_message(self.Requested(self, "details"))

    def action_remove(self) -> None:
        self.post_message(self.Requested(self, "remove"))

    def action_label(self) -> None:
        self.post_message(self.Requested(self, "label"))

    def action_move(self, offset: int) -> None:
        self.post_message(self.Requested(self, "move", offset))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.rows[self.cursor - 1]))

    def action_empty(self) -> None:
        self.post_message(self.Emptied(self.rows[self.cursor - 1]))

    # --- the mouse ----------------------------------------------------------------------

    def _stop_under(self, offset: events.MouseEvent | None) -> int | None:
        if offset is None:
            return None
        at = offset.get_content_offset(self)
        return None if at is None or not 0 <= at.x < self.size.width else self._stop_at(at.y)

    def _stop_at_mouse(self) -> int | None:
        at = self.app.mouse_position - self.content_region.offset
        return self._stop_at(at.y) if 0 <= at.x < self.size.width else None

    def focus_on_click(self) -> bool:
        """A click on the title or a slot row focuses it; on the rest of the card, nothing
        (as the card's body was never focusable)."""
        return self._stop_at_mouse() is not None

    def hover_at_mouse(self) -> None:
        """Hover the slot row now under the resting mouse, after the card moved under it (a
        scroll, a resize), as Textual hovers the widget found there after a repaint."""
        self._set_hover((self._stop_at_mouse() or None) if self.app.mouse_over is self else None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        stop = self._stop_under(event)
        if stop is not None:
            self.move_to(stop)

    def on_click(self, event: events.Click) -> None:
        stop = self._stop_under(event)
        if stop:
            self.move_to(stop)
            self.post_message(self.Chosen(self.rows[stop - 1]))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._stop_under(event) or None)

    def on_enter(self, event: events.Enter) -> None:
        self.hover_at_mouse()

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, stop: int | None) -> None:
        if stop != self._hover:
            self._hover = stop
            self.refresh()

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        self.refresh()

    def _on_blur(self, event: events.Blur) -> None:
        super()._on_blur(event)
        self.refresh()
