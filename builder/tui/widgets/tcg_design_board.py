"""The Tactical Card Game's board in the designer: the simulation viewer's board (Line API,
one strip per line) drawn from the scenario itself, with each box's terrain and markers,
the cards deployed on it (a hidden one says so), a bar in the colour of the side whose
reinforcement zone holds it, and a cursor moved with the arrows or the mouse."""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import MouseDown
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive

from builder.services.tcg_scenario_session import BoxView, PlacedView
from builder.tcg.base import Box
from builder.tcg.scenario import Scenario
from builder.tui.widgets.short_names import fitted, shortened
from builder.tui.widgets.tcg_board import BOX_HEIGHT, MARKER_GLYPH, SIDE_COLOURS, TERRAIN_COLOUR, TcgBoard

ZONE_BAR = "▌"
CURSOR = Style(bgcolor="#e8e0a0", color="#181818")


def card_lines(card: PlacedView) -> tuple[str, str]:
    """A deployed card's name, then its tags: hidden, HQ, decoy and its hero."""
    tags = [
        "hidden" if card.hidden else "",
        "HQ" if card.headquarters else "",
        "decoy" if card.decoy and card.name.lower() != "decoy" else "",
        f"★{card.hero}" if card.hero else "",
    ]
    return (card.name, " ".join(t for t in tags if t))


def placed_lines(view: BoxView) -> tuple[str, str]:
    """The card line and the tag line of a box (the count of its cards when it holds
    several, which the check refuses)."""
    if not view.placed:
        return ("", "")
    if len(view.placed) > 1:
        return (f"{len(view.placed)} cards", "")
    return card_lines(view.placed[0])


class TcgDesignBoard(TcgBoard, can_focus=True):
    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "apply", "Apply tool"),
    ]

    cursor: reactive[Box] = reactive((0, 0))

    class Applied(Message):
        """The tool is used on the box under the cursor."""

        def __init__(self, box: Box) -> None:
            self.box = box
            super().__init__()

    class Moved(Message):
        def __init__(self, box: Box) -> None:
            self.box = box
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.views: dict[Box, BoxView] = {}

    def design(self, scenario: Scenario, views: dict[Box, BoxView]) -> None:
        self.scenario, self.views = scenario, views
        board = scenario.board
        if not board.contains(self.cursor):
            self.cursor = (min(self.cursor[0], board.columns - 1), min(self.cursor[1], board.rows - 1))
        self.fit()

    def box_lines(self, box: Box) -> tuple[str, str, str]:
        view = self.views.get(box)
        if view is None:
            return ("", "", "")
        glyphs = "".join(MARKER_GLYPH[m.kind] + (str(m.value) if m.value else "") for m in view.markers)
        card, tags = placed_lines(view)
        width = self.text_width
        return (self.terrain_line(view.terrain, glyphs), shortened(card, width), fitted(tags, width))

    def box_segments(self, box: Box, sub: int) -> list[Segment]:
        view = self.views.get(box)
        if view is None:
            return [Segment(" " * self.box_width)]
        style = Style(bgcolor=TERRAIN_COLOUR[view.terrain], color="#e8e8e8")
        if view.placed:
            colour = SIDE_COLOURS[view.placed[0].side % len(SIDE_COLOURS)]
            if sub == 1:
                style += Style(color=colour, bold=True, italic=view.placed[0].hidden)
            elif sub == 2:
                style += Style(color=colour, dim=True)
        if box == self.cursor:
            style += CURSOR if self.has_focus else Style(underline=True)
        bar_colour = SIDE_COLOURS[view.zone % len(SIDE_COLOURS)] if view.zone is not None else None
        bar = Segment(ZONE_BAR if bar_colour else " ", style + Style(color=bar_colour, reverse=False, bold=True))
        text = set_cell_size(self.box_lines(box)[sub], self.text_width)
        return [bar, Segment(f"{text} ", style)]

    # --- input ----------------------------------------------------------------------------

    def watch_cursor(self, new: Box) -> None:
        self.refresh()
        width = self.box_width
        self.scroll_to_region(Region(new[0] * width, new[1] * BOX_HEIGHT, width, BOX_HEIGHT), animate=False)
        self.post_message(self.Moved(new))

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.scenario is None:
            return
        board = self.scenario.board
        self.cursor = (
            min(max(self.cursor[0] + dx, 0), board.columns - 1),
            min(max(self.cursor[1] + dy, 0), board.rows - 1),
        )

    def action_apply(self) -> None:
        self.post_message(self.Applied(self.cursor))

    def box_at(self, x: int, y: int) -> Box | None:
        if self.scenario is None:
            return None
        scroll_x, scroll_y = self.scroll_offset
        box = ((x + scroll_x) // self.box_width, (y + scroll_y) // BOX_HEIGHT)
        return box if self.scenario.board.contains(box) else None

    def on_mouse_down(self, event: MouseDown) -> None:
        """A click moves the cursor to the box; a click on the cursor's box applies the tool."""
        box = self.box_at(event.x, event.y)
        if box is None:
            return
        self.focus()
        if box == self.cursor:
            self.post_message(self.Applied(box))
        self.cursor = box

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
