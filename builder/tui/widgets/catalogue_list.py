"""The catalogue browser's list of hits: a line per hit (its tag, name and cost), more where
a hit is wider than the list, indented under its name, drawn by the list itself (Textual's
Line API).

It is not an OptionList because of what an OptionList costs to show: it makes every line
through Content (wrapping, a style per run with the cell's offset for text selection, the
option's index as mouse metadata), about 0.3 ms a line, 10.6 ms of the builder's first
paint for the 34 lines the list shows (the most of any widget on the first screen). Here a
line is one Strip of the hit's runs in styles resolved once a paint, and a hit wider than
the list is wrapped once for its width, where Content wraps it (but for the indent under
its tag, which Content has not). Looks, keys, mouse and scrolling are an OptionList's: the
highlighted and hovered hits in the same component styles, up, down, page up, page down,
home and end moving the highlight (up and down wrapping round), enter or a click choosing,
the highlight kept in view."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rich._wrap import divide_line  # Content's own wrapping (textual/content.py)
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size, clamp
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style

Run = tuple[str, str]  # a run of a hit's text and its Rich style ("" for the list's own)
Prompt = tuple[Run, ...]  # a hit as the list shows it: its runs, one after the other

PLAIN, HIGHLIGHTED, HOVER = "", "catalogue-list--highlighted", "catalogue-list--hover"


TAB = 8  # the cells between tab stops (Content's tab_size)


def wrap(prompt: Prompt, width: int, indent: int = 0) -> list[Prompt]:
    """The lines of a hit at `width`, as Content wraps a prompt (Content._wrap_and_format):
    its tabs expanded, at its line breaks, then between words, a word wider than the line
    folded, and the spaces ending a line dropped (the last line's beyond the width). With
    an `indent`, the hit's first `indent` characters (its tag, a cell each) stand on the
    first line alone, and the rest is wrapped as Content wraps it in the column beside
    them, each line after the first starting `indent` blank cells in (in a list narrower
    than that, none)."""
    if not 0 < indent < width:
        return _wrapped(prompt, width)
    size = sum(len(run) for run, _ in prompt)
    first, *rest = _wrapped(_between(prompt, indent, size), width - indent)
    blank: Prompt = ((" " * indent, ""),)
    return [_between(prompt, 0, indent) + first, *(blank + line for line in rest)]


def _wrapped(prompt: Prompt, width: int) -> list[Prompt]:
    """`wrap` without an indent."""
    prompt = _expand_tabs(prompt)
    text = "".join(run for run, _ in prompt)
    lines: list[Prompt] = []
    start = 0
    for paragraph in text.split("\n"):
        cuts = [start, *(start + cut for cut in divide_line(paragraph, width, fold=True)), start + len(paragraph)]
        for begin, end in pairwise(cuts):
            piece = text[begin:end]
            kept = len(piece.rstrip())
            # The spaces ending a line are dropped, the last line's only beyond the width.
            end -= len(piece) - kept if end < cuts[-1] else min(len(piece) - kept, max(0, len(piece) - width))
            lines.append(_between(prompt, begin, end))
        start += len(paragraph) + 1
    return lines


def _expand_tabs(prompt: Prompt) -> Prompt:
    """A hit with each tab (a catalogue's names may hold them) made the spaces up to the next
    tab stop of its line, in its run's style, as Content.expand_tabs makes them."""
    if not any("\t" in run for run, _ in prompt):
        return prompt
    runs: list[Run] = []
    at = 0  # the cell of its line the next character is drawn at
    for run, style in prompt:
        chars: list[str] = []
        for char in run:
            if char == "\t":
                char = " " * (TAB - at % TAB)
            chars.append(char)
            at = 0 if char == "\n" else at + cell_len(char)
        runs.append(("".join(chars), style))
    return tuple(runs)


def _between(prompt: Prompt, start: int, end: int) -> Prompt:
    """The runs of a hit between two offsets of its text."""
    runs: list[Run] = []
    at = 0
    for run, style in prompt:
        first, last = max(start, at), min(end, at + len(run))
        if first < last:
            runs.append((run[first - at : last - at], style))
        at += len(run)
    return tuple(runs)


class CatalogueList(ScrollView, can_focus=True):
    """The hits of the catalogue browser; `highlighted` is the index of the one under the
    cursor, and a hit chosen (enter, a click) is announced by `Chosen`. A hit's lines after
    its first start `indent` cells in (`wrap`)."""

    ALLOW_SELECT = False
    BINDINGS = [  # an OptionList's keys
        Binding("down", "cursor_down", "Down", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page_down", "Page Down", show=False),
        Binding("pageup", "page_up", "Page Up", show=False),
        Binding("up", "cursor_up", "Up", show=False),
    ]
    # An OptionList's looks (its border is none in the browser, app.tcss).
    DEFAULT_CSS = """
    CatalogueList {
        color: $foreground;
        overflow-x: hidden;
        /* Hits are measured (wrapped) at the width left by the scroll bar before they are
           drawn: a scroll bar that came and went between the two would cut long hits,
           losing their cost and sub-faction. */
        scrollbar-gutter: stable;
        padding: 0 1;
        background: $surface;
        & > .catalogue-list--highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .catalogue-list--highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .catalogue-list--hover {
            background: $block-hover-background;
        }
    }
    """
    COMPONENT_CLASSES = {HIGHLIGHTED, HOVER}

    class Chosen(Message):
        """A hit chosen, by its index."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, prompts: Sequence[Prompt], *, indent: int = 0, id: str | None = None) -> None:
        super().__init__(id=id)
        self._indent = indent
        self._prompts: list[Prompt] = []
        self._highlighted: int | None = None
        self._hover: int | None = None  # the hit under the mouse
        self._width = 0  # the width the lines were measured at (0: to measure)
        self._lines: list[tuple[int, Prompt, int]] = []  # each line's hit, runs and width
        self._first: list[int] = []  # each hit's first line, and the end of the last
        self._bases: dict[str, Style] = {}  # this paint's line styles, by component class
        self._styles: dict[tuple[str, str], RichStyle] = {}  # this paint's run styles
        self.show(prompts)

    # --- what is listed -----------------------------------------------------------------

    def show(self, prompts: Sequence[Prompt]) -> None:
        """List other hits, the first highlighted, scrolled to the top."""
        self._prompts = list(prompts)
        self._width, self._lines, self._first = 0, [], []  # measured again at the next paint
        self._highlighted = None
        self._hover = None  # the mouse is over another hit, if any, once it moves
        self.scroll_y = 0
        self.refresh()
        self.highlighted = 0

    @property
    def count(self) -> int:
        """How many hits are listed."""
        return len(self._prompts)

    @property
    def highlighted(self) -> int | None:
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int | None) -> None:
        index = None if index is None or not self.count else clamp(index, 0, self.count - 1)
        if index != self._highlighted:
            self._highlighted = index
            self.refresh()
            self.scroll_to_highlight()

    # --- measuring ----------------------------------------------------------------------

    def _measure(self) -> None:
        """Which hit each line shows at the list's width, and the list's virtual size."""
        width = self.scrollable_content_region.width
        if not width or width == self._width:
            return
        self._width = width
        lines: list[tuple[int, Prompt, int]] = []
        first: list[int] = []
        for index, prompt in enumerate(self._prompts):
            first.append(len(lines))
            text = "".join(run for run, _ in prompt)
            cells = cell_len(text)
            if cells <= width and "\n" not in text and "\t" not in text:
                lines.append((index, prompt, cells))
            else:
                lines.extend(
                    (index, line, sum(cell_len(run) for run, _ in line)) for line in wrap(prompt, width, self._indent)
                )
        self._lines, self._first = lines, [*first, len(lines)]
        size = Size(width, len(lines))
        if size != self.virtual_size:
            self.virtual_size = size
            # Measured in a paint, after the layout that would have updated the scroll
            # bars (ScrollView._size_updated): update them as OptionList does when it
            # measures its lines (Textual's private Widget._scroll_update, pinned).
            self._scroll_update(size)

    # --- drawing ------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        self._measure()
        self._bases.clear()  # styles are resolved again each paint (focus, hover, theme)
        self._styles.clear()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        if not self._width:
            self._measure()
        try:
            index, runs, cells = self._lines[self.scroll_offset.y + y]
        except IndexError:
            return Strip.blank(self._width, self._base(PLAIN).rich_style)
        if index == self._highlighted:
            kind = HIGHLIGHTED
        elif index == self._hover:
            kind = HOVER
        else:
            kind = PLAIN
        segments = [Segment(text, self._run_style(kind, style)) for text, style in runs]
        room = self._width - cells
        if room < 0:  # wider characters than their count (Content truncates them too)
            return Strip(segments).crop(0, self._width)
        if room:
            segments.append(Segment(" " * room, self._base(kind).rich_style))
        return Strip(segments, self._width)

    def _base(self, kind: str) -> Style:
        """The style of a plain, highlighted or hovered line."""
        if (style := self._bases.get(kind)) is None:
            style = self._bases[kind] = self.get_visual_style(kind) if kind else self.get_visual_style()
        return style

    def _run_style(self, kind: str, style: str) -> RichStyle:
        """A run's style over its line's, as Content combines them."""
        key = (kind, style)
        if (rich := self._styles.get(key)) is None:
            base = self._base(kind)
            own = [Style.from_rich_style(self.app.console.get_style(style), self.app.ansi_theme)] if style else []
            rich = self._styles[key] = (base + Style.combine([base, *own])).rich_style
        return rich

    # --- keys ---------------------------------------------------------------------------

    def scroll_to_highlight(self) -> None:
        """Scroll the highlighted hit into view."""
        if self._highlighted is None or not self.is_mounted:
            return
        self._measure()
        if not self._width:
            return
        y, end = self._first[self._highlighted : self._highlighted + 2]
        region = Region(0, y, self._width, end - y)
        self.scroll_to_region(region, force=True, animate=False, immediate=True)

    def on_show(self) -> None:
        self.scroll_to_highlight()

    def action_cursor_up(self) -> None:
        count, at = self.count, self._highlighted
        self.highlighted = None if not count else count - 1 if at is None else (at - 1) % count

    def action_cursor_down(self) -> None:
        count, at = self.count, self._highlighted
        self.highlighted = None if not count else 0 if at is None else (at + 1) % count

    def action_first(self) -> None:
        self.highlighted = 0

    def action_last(self) -> None:
        self.highlighted = self.count - 1

    def action_page_up(self) -> None:
        self._move_page(-1)

    def action_page_down(self) -> None:
        self._move_page(1)

    def _move_page(self, direction: int) -> None:
        """Highlight the hit a page of lines above or below the highlighted one's first."""
        if self._highlighted is None:
            self.highlighted = 0 if direction < 0 else self.count - 1
            return
        self._measure()
        if not self._lines:
            return
        height = self.scrollable_content_region.height
        y = clamp(self._first[self._highlighted] + direction * height, 0, len(self._lines) - 1)
        self.highlighted = self._lines[y][0]

    def action_select(self) -> None:
        if self._highlighted is not None:
            self.post_message(self.Chosen(self._highlighted))

    # --- mouse --------------------------------------------------------------------------

    def _hit_at(self, event: events.MouseEvent) -> int | None:
        """The hit drawn under the mouse (none over the padding or below the last)."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x >= self._width:
            return None
        line = self.scroll_offset.y + offset.y
        return self._lines[line][0] if line < len(self._lines) else None

    def on_click(self, event: events.Click) -> None:
        index = self._hit_at(event)
        if index is not None:
            self.highlighted = index
            self.action_select()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._hit_at(event))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.refresh()
