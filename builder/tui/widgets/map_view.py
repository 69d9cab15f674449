"""The battlefield drawn with Textual's Line API (ScrollView + render_line): one cell per
square, coloured by terrain, with zone tints, entry arrows, objectives and a cursor. A
map of thousands of squares costs one strip per visible line, never a widget per square."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.color import Color
from textual.events import Click, MouseDown, MouseMove, MouseUp
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import ObjectiveKind, Scenario, ZoneKind

Square = tuple[int, int]

OPEN_GROUND = "#5b7a3c"
OFF_MAP = "#101010"
# Tints for the sides' zones, in the order the scenario lists its sides.
SIDE_TINTS = ["#3c7bd9", "#d9443c", "#d9b43c", "#8f4fd9"]
OBJECTIVE_GLYPHS = {ObjectiveKind.PRIMARY: "◆", ObjectiveKind.SECONDARY: "◇", ObjectiveKind.BONUS: "★"}
ARROWS = {"west": "→", "east": "←", "north": "↓", "south": "↑", None: "•"}


@dataclass
class Cell:
    background: str
    glyph: str = " "
    foreground: str = "#f0f0f0"
    bold: bool = False


@dataclass
class Marks:
    """What the map shows on top of the terrain, built once per scenario change."""

    zones: dict[Square, str] = field(default_factory=dict)  # square -> tint
    glyphs: dict[Square, tuple[str, str]] = field(default_factory=dict)  # square -> (glyph, colour)


def marks_of(
    scenario: Scenario, battlefield: Battlefield, pieces: dict[Square, tuple[str, str]] | None = None
) -> Marks:
    tints = {side.id: SIDE_TINTS[i % len(SIDE_TINTS)] for i, side in enumerate(scenario.sides)}
    marks = Marks()
    for zone in scenario.zones:
        tint = tints.get(zone.side, "#888888")
        for square in zone.area.cells():
            marks.zones[square] = tint
            if zone.kind is ZoneKind.ENTRY:
                marks.glyphs[square] = (ARROWS[zone.edge], "#ffffff")
    for bonus in scenario.tactical_bonuses:
        marks.glyphs[bonus.at] = ("+", "#ffe066")
    for objective in scenario.objectives:
        colour = tints.get(objective.owner or "", "#ffffff")
        glyph = (OBJECTIVE_GLYPHS[objective.kind], colour)
        if objective.at is not None:
            marks.glyphs[objective.at] = glyph
        elif objective.element is not None:
            element = battlefield.element_by_id(objective.element)
            if element is not None:  # marked on every square of the building, wood…
                for square in element.cells:
                    marks.glyphs[square] = glyph
    if pieces:
        marks.glyphs.update(pieces)
    return marks


class MapView(ScrollView, can_focus=True):
    """A scrollable, zoomable map with a cursor square."""

    BINDINGS = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "apply", "Apply tool"),
        Binding("plus,equals_sign", "zoom(1)", "Zoom in"),
        Binding("minus", "zoom(-1)", "Zoom out"),
    ]

    cursor: reactive[Square] = reactive((0, 0))
    zoom: reactive[int] = reactive(1)

    class Applied(Message):
        """The tool is used on a square (key, click or drag)."""

        def __init__(self, square: Square, dragging: bool = False) -> None:
            self.square, self.dragging = square, dragging
            super().__init__()

    class Moved(Message):
        def __init__(self, square: Square) -> None:
            self.square = square
            super().__init__()

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.battlefield: Battlefield | None = None
        self.marks = Marks()
        self._rows: dict[int, Strip] = {}
        self._dragging = False
        self._last_drag: Square | None = None

    # --- content --------------------------------------------------------------------------

    def show(self, battlefield: Battlefield, marks: Marks) -> None:
        self.battlefield, self.marks = battlefield, marks
        self._rows.clear()
        self._resize()
        self.refresh()

    def _resize(self) -> None:
        if self.battlefield is None:
            return
        width, height = self.cell_size
        self.virtual_size = Size(self.battlefield.width * width, self.battlefield.height * height)

    @property
    def cell_size(self) -> tuple[int, int]:
        return (2, 1) if self.zoom == 1 else (4, 2)

    def watch_zoom(self) -> None:
        self._rows.clear()
        self._resize()
        self.refresh()

    def watch_cursor(self, old: Square, new: Square) -> None:
        for row in {old[1], new[1]}:
            for line in range(row * self.cell_size[1], (row + 1) * self.cell_size[1]):
                self._rows.pop(line, None)
        self.refresh()
        self._scroll_to_cursor()
        self.post_message(self.Moved(new))

    def _scroll_to_cursor(self) -> None:
        width, height = self.cell_size
        from textual.geometry import Region

        self.scroll_to_region(Region(self.cursor[0] * width, self.cursor[1] * height, width, height), animate=False)

    def cell(self, square: Square) -> Cell:
        field_ = self.battlefield
        if field_ is None or square not in field_.squares:
            return Cell(OFF_MAP)
        element = field_.element_at.get(square)
        cell = Cell(element.terrain.colour, element.terrain.glyph) if element else Cell(OPEN_GROUND)
        tint = self.marks.zones.get(square)
        if tint is not None:
            cell.background = Color.parse(cell.background).blend(Color.parse(tint), 0.45).hex
        mark = self.marks.glyphs.get(square)
        if mark is not None:
            cell.glyph, cell.foreground, cell.bold = mark[0], mark[1], True
        return cell

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        strip = self._rows.get(line)
        if strip is None:
            strip = self._render_row(line)
            self._rows[line] = strip
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def _render_row(self, line: int) -> Strip:
        if self.battlefield is None:
            return Strip.blank(self.size.width)
        width, height = self.cell_size
        row, sub = divmod(line, height)
        if row >= self.battlefield.height:
            return Strip.blank(self.virtual_size.width)
        segments = []
        for column in range(self.battlefield.width):
            cell = self.cell((column, row))
            style = Style(bgcolor=cell.background, color=cell.foreground, bold=cell.bold)
            if (column, row) == self.cursor and self.has_focus:
                style += Style(reverse=True)
            text = (cell.glyph + " " * (width - 1)) if sub == 0 else " " * width
            if width == 4 and sub == 0:
                text = f" {cell.glyph}  "
            segments.append(Segment(text, style))
        return Strip(segments, self.battlefield.width * width)

    def on_focus(self) -> None:
        self._rows.clear()
        self.refresh()

    def on_blur(self) -> None:
        self._rows.clear()
        self.refresh()

    # --- input ----------------------------------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.battlefield is None:
            return
        c = min(max(self.cursor[0] + dx, 0), self.battlefield.width - 1)
        r = min(max(self.cursor[1] + dy, 0), self.battlefield.height - 1)
        self.cursor = (c, r)

    def action_apply(self) -> None:
        self.post_message(self.Applied(self.cursor))

    def action_zoom(self, step: int) -> None:
        self.zoom = min(2, max(1, self.zoom + step))

    def square_at(self, x: int, y: int) -> Square | None:
        if self.battlefield is None:
            return None
        width, height = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        square = ((x + scroll_x) // width, (y + scroll_y) // height)
        if 0 <= square[0] < self.battlefield.width and 0 <= square[1] < self.battlefield.height:
            return square
        return None

    def on_mouse_down(self, event: MouseDown) -> None:
        square = self.square_at(event.x, event.y)
        if square is None:
            return
        self.focus()
        self._dragging, self._last_drag = True, square
        self.capture_mouse()
        self.cursor = square
        self.post_message(self.Applied(square))

    def on_mouse_move(self, event: MouseMove) -> None:
        if not self._dragging:
            return
        square = self.square_at(event.x, event.y)
        if square is not None and square != self._last_drag:
            self._last_drag = square
            self.cursor = square
            self.post_message(self.Applied(square, dragging=True))

    def on_mouse_up(self, event: MouseUp) -> None:
        self._dragging = False
        self.release_mouse()

    def on_click(self, event: Click) -> None:
        event.stop()  # handled on mouse down, so a click doesn't apply the tool twice
