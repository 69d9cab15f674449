"""The Tactical Card Game's battlefield drawn with the Line API (ScrollView + render_line):
each box a block of text cells, coloured by terrain, with its markers and the card on it
(its name in its side's colour, shortened to fit; a hidden card as "?"). One strip per
visible line, never a widget per box. The boxes are as wide as the board's room allows, so
that the whole board is in view; only a board too wide for boxes of MIN_BOX_WIDTH scrolls."""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from builder.tcg.base import Box
from builder.tcg.rules.state import PieceView
from builder.tcg.scenario import MarkerKind, Scenario
from builder.tcg.terrain import Terrain
from builder.tui.widgets.short_names import shortened

BOX_HEIGHT = 4  # three lines of text and a gap
# Narrower, a box shows too little of a name: the board scrolls instead. Wider, it adds only
# empty cells: the longest card name of the books has 29 letters.
MIN_BOX_WIDTH, MAX_BOX_WIDTH = 10, 32
TERRAIN_COLOUR = {
    Terrain.OPEN: "#5b7a3c",
    Terrain.URBAN: "#7a7a7a",
    Terrain.FLOODED: "#4f7f8f",
    Terrain.HILL: "#8a7a4a",
    Terrain.FORTIFIED_POSITION: "#6a4a3a",
    Terrain.FOREST: "#2f5a2a",
    Terrain.FORTIFIED_HILL: "#7a5a3a",
    Terrain.WATER: "#2f5a8f",
}
GAP = "#101010"
SIDE_COLOURS = ["#9fc4ff", "#ffb0a0", "#ffe08a", "#d0a8ff"]
MARKER_GLYPH = {
    MarkerKind.OBJECTIVE: "◆",
    MarkerKind.DEPOT: "D",
    MarkerKind.FORD: "≈",
    MarkerKind.SHOOTING_BONUS: "+",
    MarkerKind.DEFENCE_BONUS: "▲",
    MarkerKind.BOMBARDMENT: "✸",
}


class TcgBoard(ScrollView, can_focus=False):
    DEFAULT_CSS = "TcgBoard { height: 1fr; width: 1fr; }"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.scenario: Scenario | None = None
        self.pieces: dict[Box, PieceView] = {}
        self.highlight: set[Box] = set()
        self.box_width = MIN_BOX_WIDTH

    def show(self, scenario: Scenario, pieces: tuple[PieceView, ...], highlight: set[Box] | None = None) -> None:
        self.scenario = scenario
        self.pieces = {piece.box: piece for piece in pieces}
        self.highlight = highlight or set()
        self.fit()

    def fit(self) -> None:
        """Size the boxes from the room the board has, and repaint."""
        if self.scenario is not None:
            board = self.scenario.board
            room = self.content_region.width
            if board.rows * BOX_HEIGHT > self.content_region.height:
                room -= self.styles.scrollbar_size_vertical
            self.box_width = max(MIN_BOX_WIDTH, min(MAX_BOX_WIDTH, room // board.columns))
            self.virtual_size = Size(board.columns * self.box_width, board.rows * BOX_HEIGHT)
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        self.fit()

    @property
    def text_width(self) -> int:
        """The cells of a box's text: the box less a cell on each side."""
        return self.box_width - 2

    def box_lines(self, box: Box) -> tuple[str, str, str]:
        """The three lines of text a box shows: terrain and markers, the card, its state."""
        assert self.scenario is not None
        glyphs = "".join(MARKER_GLYPH[m.kind] for m in self.scenario.markers if m.box == box)
        first = self.terrain_line(self.scenario.terrain_at(box), glyphs)
        piece = self.pieces.get(box)
        if piece is None:
            return (first, "", "")
        state = " ".join(
            part
            for part in (
                f"HIT {piece.hits}" if piece.hits else "",
                f"SUP {piece.suppressed}" if piece.suppressed else "",
                "ACT" if piece.activated else "",
            )
            if part
        )
        return (first, "?" if piece.hidden else shortened(piece.name, self.text_width), state)

    def terrain_line(self, terrain: Terrain, glyphs: str) -> str:
        """The terrain's name, shortened to leave room for the box's marker glyphs."""
        if not glyphs:
            return shortened(terrain.label, self.text_width)
        return f"{shortened(terrain.label, self.text_width - len(glyphs) - 1)} {glyphs}"

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if self.scenario is None:
            return Strip.blank(self.size.width)
        row, sub = divmod(line, BOX_HEIGHT)
        if row >= self.scenario.board.rows:
            return Strip.blank(self.size.width)
        segments: list[Segment] = []
        for column in range(self.scenario.board.columns):
            if sub == BOX_HEIGHT - 1:
                segments.append(Segment(" " * self.box_width, Style(bgcolor=GAP)))
            else:
                segments.extend(self.box_segments((column, row), sub))
        return Strip(segments, self.virtual_size.width).crop(scroll_x, scroll_x + self.size.width)

    def box_segments(self, box: Box, sub: int) -> list[Segment]:
        """Line `sub` of a box: its text on the terrain's colour, the card in its side's."""
        assert self.scenario is not None
        sides = [s.id for s in self.scenario.sides]
        background = TERRAIN_COLOUR[self.scenario.terrain_at(box)]
        piece = self.pieces.get(box)
        colour = (
            SIDE_COLOURS[sides.index(piece.side) % len(SIDE_COLOURS)] if piece and piece.side in sides else "#f0f0f0"
        )
        text = set_cell_size(self.box_lines(box)[sub], self.text_width)
        style = Style(bgcolor=background, color=colour if sub else "#e8e8e8", bold=sub == 1)
        if box in self.highlight:
            style += Style(reverse=True)
        return [Segment(f" {text} ", style)]
