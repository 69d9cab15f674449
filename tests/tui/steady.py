"""Snapshots that don't depend on when they are taken.

A focused Input (or TextArea) blinks its cursor on a 0.5 s wall-clock timer that starts
when it gets the focus. A picture taken more than half a second later (a loaded machine,
a slow worker) catches the cursor hidden, one taken sooner catches it shown. Textual has
no app-wide switch for blinking, and no event when a widget mounts that an app could use
to switch it off early, so `snapshot` drives the app, lets it settle, and only then sets
`cursor_blink = False` on every text field of the screen stack: that pauses each field's
blink timer and shows its cursor. From then on nothing runs on the clock, so a focused
field always shows its cursor and an unfocused one never does, however late the picture."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, TextArea

from builder.tui.screens.viewer import GameViewer

# pytest-textual-snapshot's `snap_compare` fixture: it takes the app, `press`,
# `terminal_size` and `run_before`, though the plugin declares its type with the app alone.
SnapCompare = Callable[..., bool]
ScreenT = TypeVar("ScreenT", bound=Screen[Any])
G = TypeVar("G")


async def still_cursors(pilot: Pilot[Any]) -> None:
    """Let the app settle, then stop every text cursor blinking (it stays drawn)."""
    await pilot.pause()
    for screen in pilot.app.screen_stack:
        for text_input in screen.query(Input):
            text_input.cursor_blink = False
        for text_area in screen.query(TextArea):
            text_area.cursor_blink = False


def snapshot(
    snap_compare: SnapCompare,
    app: App[Any],
    size: tuple[int, int],
    *,
    press: Iterable[str] = (),
    run_before: Callable[[Pilot[Any]], Awaitable[None]] | None = None,
) -> bool:
    """`snap_compare` with the keys pressed inside `run_before`, followed by `still_cursors`:
    snap_compare presses its own `press` keys after `run_before`, too late to still a
    cursor that they focus or a screen that they open."""

    async def drive(pilot: Pilot[Any]) -> None:
        if run_before is not None:
            await run_before(pilot)
        await pilot.press(*press)
        await still_cursors(pilot)

    return snap_compare(app, terminal_size=size, run_before=drive)


async def showing(pilot: Pilot[Any], kind: type[ScreenT], tries: int = 50) -> ScreenT:
    """The screen of `kind` once the app shows it (a worker may push it a few frames after the
    key that asked for it, more on a loaded machine)."""
    for _ in range(tries):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, kind):
            return screen
    raise AssertionError(f"no {kind.__name__} shown; the screen is {pilot.app.screen!r}")


async def played(pilot: Pilot[Any], screen: GameViewer[G]) -> G:
    """The simulation viewer's game once its worker has played it."""
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if screen.game is not None:
            return screen.game
    raise AssertionError(f"no game shown: {screen.problem}")


async def found(pilot: Pilot[Any], selector: str, tries: int = 50) -> Widget:
    """The widget `selector` names on the app's screen once it has been mounted."""
    for _ in range(tries):
        await pilot.pause()
        matches = pilot.app.screen.query(selector)
        if matches:
            return matches.first()
    raise AssertionError(f"no {selector} on {pilot.app.screen!r}")


@dataclass
class Held:
    """A function held back in the worker thread that calls it until the test lets it go:
    `started` is set once it is called, and it runs once `release` is set (30 s at most: a
    test that never lets it go fails rather than hangs)."""

    started: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    calls: int = 0


def hold(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> Held:
    """`owner.name` (a class's method, a module's function) replaced, for the test, by the
    same held (`Held`)."""
    held, method = Held(), getattr(owner, name)

    def waiting(*args: Any, **kwargs: Any) -> Any:
        held.calls += 1
        held.started.set()
        held.release.wait(timeout=30)
        return method(*args, **kwargs)

    monkeypatch.setattr(owner, name, waiting)
    return held
