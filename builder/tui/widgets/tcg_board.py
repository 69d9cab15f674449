"""The Tactical Card Game's battlefield drawn with the Line API (ScrollView + render_line):
each box a block of text cells, coloured by terrain, with its markers and the card on it
(its side's colour; a hidden card as "?"). One strip per visible line, never a widget per box."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from builder.tcg.base import Box
from builder.tcg.rules.state import PieceView
from builder.tcg.scenario import MarkerKind, Scenario
from builder.tcg.terrain import Terrain

BOX_WIDTH, BOX_HEIGHT = 16, 4  # three lines of text and a gap
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

    def show(self, scenario: Scenario, pieces: tuple[PieceView, ...], highlight: set[Box] | None = None) -> None:
        self.scenario = scenario
        self.pieces = {piece.box: piece for piece in pieces}
        self.highlight = highlight or set()
        self.virtual_size = Size(scenario.board.columns * BOX_WIDTH, scenario.board.rows * BOX_HEIGHT)
        self.refresh()

    def box_lines(self, box: Box) -> tuple[str, str, str]:
        """The three lines of text a box shows: terrain and markers, the card, its markers."""
        assert self.scenario is not None
        terrain = self.scenario.terrain_at(box)
        glyphs = "".join(MARKER_GLYPH[m.kind] for m in self.scenario.markers if m.box == box)
        piece = self.pieces.get(box)
        if piece is None:
            return (f"{terrain.label[:11]} {glyphs}", "", "")
        name = "?" if piece.hidden else piece.name
        state = " ".join(
            part
            for part in (
                f"HIT {piece.hits}" if piece.hits else "",
                f"SUP {piece.suppressed}" if piece.suppressed else "",
                "ACT" if piece.activated else "",
            )
            if part
        )
        return (f"{terrain.label[:11]} {glyphs}", f"{piece.side}: {name}", state)

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
                segments.append(Segment(" " * BOX_WIDTH, Style(bgcolor=GAP)))
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
        text = self.box_lines(box)[sub][: BOX_WIDTH - 2]
        style = Style(bgcolor=background, color=colour if sub else "#e8e8e8", bold=sub == 1)
        if box in self.highlight:
            style += Style(reverse=True)
        return [Segment(f" {text:<{BOX_WIDTH - 2}} ", style)]
