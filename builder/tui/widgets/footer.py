"""The footer of hon's screens (all but the catalogue editor's): the keys of what is focused
and of the screen, drawn as Textual's compact footer draws them, by one widget.

Textual's footer is a container of one widget per key, each styled, laid out and painted on
its own, and rebuilt whenever the screen's bindings are refreshed, which is at every change
of focus: on the builder that was a fifth of the work between the army being read and its
cards on screen, and on a form each Tab rebuilt it. This one draws the same line itself, and
redraws it only when the keys shown change."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class Key(NamedTuple):
    """A key the footer shows: what is pressed, how it reads, and what it does."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str

    @property
    def width(self) -> int:
        # Screen cells, not characters: a wide character takes two columns.
        return cell_len(self.display) + (1 + cell_len(self.description) if self.description else 0)


class Shown(NamedTuple):
    keys: tuple[Key, ...]
    palette: Key | None  # the command palette's key, at the right end


def shown_keys(screen: Screen[object]) -> Shown:
    """The keys Textual's footer would show on `screen`: one per action (the first key bound
    to it), in the order of the screen's active bindings, and the palette's key."""
    app = screen.app
    active = screen.active_bindings
    by_action: dict[str, Key] = {}
    for _, binding, enabled, tooltip in active.values():
        if binding.show and binding.action not in by_action:
            by_action[binding.action] = Key(
                binding.key, app.get_key_display(binding), binding.description, enabled, tooltip
            )
    palette = None
    if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
        _, binding, enabled, tooltip = active[app.COMMAND_PALETTE_BINDING]
        palette = Key(
            binding.key,
            app.get_key_display(binding),
            binding.description,
            enabled,
            binding.tooltip or binding.description,
        )
    return Shown(tuple(by_action.values()), palette)


class KeysFooter(Widget, can_focus=False):
    """Each key as `key description`, one column apart, cut at the palette's key, which is
    drawn at the right end behind a thin bar. Clicking a key presses it; a disabled key
    rings the bell, as in Textual's footer."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "keys-footer--hover",
        "keys-footer--bar",
    }
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--hover {
            background: $block-hover-background;
        }
        & > .keys-footer--bar {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown = Shown((), None)
        self._hover: Key | None = None
        self._spans: list[tuple[int, int, Key]] = []  # the columns each key takes

    def on_mount(self) -> None:
        self._shown = shown_keys(self.screen)
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen is not self.screen:
            return
        shown = shown_keys(screen)
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y or not width:
            return Strip.blank(width, self.rich_style)
        base = self.rich_style
        gap = Style(bgcolor=base.bgcolor)
        palette = self._shown.palette
        left_width = max(0, width - (1 + palette.width if palette is not None else 0))
        segments: list[Segment] = []
        self._spans = []
        x = 0
        for key in self._shown.keys:
            if x >= left_width:
                break
            segments.extend(self._key_segments(key))
            segments.append(Segment(" ", gap))
            # A key cut short by the palette takes only the columns still shown: clicks
            # on the palette's columns are the palette's.
            self._spans.append((x, min(x + key.width, left_width), key))
            x += key.width + 1
        strip = Strip(segments).crop_extend(0, left_width, gap)
        if palette is not None:
            bar = Segment("▏", self.get_component_rich_style("keys-footer--bar"))
            strip = Strip.join([strip, Strip([bar, *self._key_segments(palette)])])
            self._spans.append((left_width + 1, left_width + 1 + palette.width, palette))
        return strip.crop_extend(0, width, base)

    def _key_segments(self, key: Key) -> list[Segment]:
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        if key is self._hover:
            hover = Style(bgcolor=self.get_component_rich_style("keys-footer--hover").bgcolor)
            key_style, description_style = key_style + hover, description_style + hover
        if not key.enabled:
            dim = Style(dim=True)
            key_style, description_style = key_style + dim, description_style + dim
        segments = [Segment(key.display, key_style)]
        if key.description:
            segments.append(Segment(f" {key.description}", description_style))
        return segments

    def _key_at(self, x: int) -> Key | None:
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._key_at(event.x))

    def on_leave(self) -> None:
        self._set_hover(None)

    def _set_hover(self, key: Key | None) -> None:
        if key is not self._hover:
            self._hover = key
            self.tooltip = key.tooltip if key is not None and key.tooltip else None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
