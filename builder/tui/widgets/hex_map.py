"""The hex game's board drawn with Textual's Line API (ScrollView + render_line): each hex
is a three-character label between `|` walls, under `/ \\` roofs, odd rows shifted by half a
hex as on the board, so a map costs one strip per visible line. Section lines are drawn in
red through the hexes they straddle."""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import MouseDown
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from builder.memoir.hexes import Board, Hex

BORDER = Style(color="#7a7a6a")
SECTION = Style(color="#e05050", bold=True)


@dataclass(frozen=True)
class HexCell:
    """What one hex shows: a background, three characters, their colour."""

    background: str = "#4f6b35"
    label: str = "   "
    colour: str = "#f0f0f0"


class HexMapView(ScrollView, can_focus=True):
    BINDINGS = [
        Binding("left", "step(0, -2)", "West", show=False),
        Binding("right", "step(0, 2)", "East", show=False),
        Binding("up", "step(-1, -1)", "North-west", show=False),
        Binding("down", "step(1, 1)", "South-east", show=False),
        Binding("shift+up", "step(-1, 1)", "North-east", show=False),
        Binding("shift+down", "step(1, -1)", "South-west", show=False),
    ]

    cursor: reactive[Hex] = reactive(Hex(0, 0))

    class Moved(Message):
        def __init__(self, place: Hex) -> None:
            self.place = place
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.board: Board | None = None
        self.cells: dict[Hex, HexCell] = {}

    def show(self, board: Board, cells: dict[Hex, HexCell]) -> None:
        self.board, self.cells = board, cells
        self.virtual_size = Size(2 * board.max_col + 5, 2 * board.rows + 1)
        self.refresh()

    def watch_cursor(self, new: Hex) -> None:
        self.refresh()
        self.scroll_to_region(Region(2 * new.col, 2 * new.row, 5, 3), animate=False)
        self.post_message(self.Moved(new))

    def action_step(self, rows: int, cols: int) -> None:
        if self.board is None:
            return
        target = Hex(self.cursor.row + rows, self.cursor.col + cols)
        if self.board.contains(target):
            self.cursor = target
        elif rows and self.board.contains(Hex(target.row, self.cursor.col - cols)):
            self.cursor = Hex(target.row, self.cursor.col - cols)

    def hex_at(self, x: int, y: int) -> Hex | None:
        if self.board is None:
            return None
        scroll_x, scroll_y = self.scroll_offset
        row = (y + scroll_y) // 2
        col = (x + scroll_x) // 2 - 1
        if (row + col) % 2:
            col += 1
        place = Hex(row, col) if (row + col) % 2 == 0 else None
        return place if place is not None and self.board.contains(place) else None

    def on_mouse_down(self, event: MouseDown) -> None:
        place = self.hex_at(event.x, event.y)
        if place is not None:
            self.focus()
            self.cursor = place

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        strip = self.line(y + scroll_y)
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def line(self, number: int) -> Strip:
        """One line of the whole map: a row's roofs (even lines) or its labels (odd)."""
        board = self.board
        if board is None or number > 2 * board.rows:
            return Strip.blank(self.size.width)
        width = 2 * board.max_col + 5
        chars: list[tuple[str, Style]] = [(" ", Style())] * width
        row = number // 2
        if number % 2 == 0:
            for place in self._row(row):
                chars[2 * place.col + 1], chars[2 * place.col + 3] = ("/", BORDER), ("\\", BORDER)
            for place in self._row(row - 1):
                chars[2 * place.col + 1], chars[2 * place.col + 3] = ("\\", BORDER), ("/", BORDER)
        else:
            for place in self._row(row):
                self._label(chars, place, board)
        return Strip([Segment(char, style) for char, style in chars], width)

    def _row(self, row: int) -> list[Hex]:
        board = self.board
        if board is None or not 0 <= row < board.rows:
            return []
        return [Hex(row, col) for col in range(row % 2, board.max_col + 1, 2)]

    def _label(self, chars: list[tuple[str, Style]], place: Hex, board: Board) -> None:
        x = 2 * place.col
        for wall in (x, x + 4):
            chars[wall] = ("|", SECTION if wall // 2 - 1 in board.section_lines else BORDER)
        cell = self.cells.get(place, HexCell())
        style = Style(bgcolor=cell.background, color=cell.colour, bold=True)
        if place == self.cursor and self.has_focus:
            style += Style(reverse=True)
        label = (cell.label + "   ")[:3]
        if place.col in board.section_lines and label[1] == " ":
            label = label[0] + "┊" + label[2]
        for offset, char in enumerate(label):
            chars[x + 1 + offset] = (char, style)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
