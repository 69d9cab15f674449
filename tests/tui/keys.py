"""Keys pressed as a player types them, without a pause and a redraw after each one.

`Pilot.press` waits for the app to go idle after every key, so the screen is laid out and
drawn once per key: on a screen over another (a modal form, whose background is drawn
again too) a Tab costs a third of a second of CPU. `tab_through` sends its Tabs to the app
the way the terminal driver does, one Key event each, in order. Each goes the way a typed Tab
goes, to the screen's Tab binding (Textual hands a key to the widget focused when it reads
it, and none of the forms' fields takes Tab), which moves the focus; the screen is drawn once
at the end. What each Tab focused is seen by a watcher on the screen's `focused`, as it
happens; a test that sends too few Tabs still fails on the fields it did not reach."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widget import Widget


async def tab_through(pilot: Pilot[Any], presses: int) -> set[str | None]:
    """The ids of the widgets focused by `presses` Tabs from the current focus, with the id
    of the widget focused before the first one (None for no widget or a widget without id)."""
    app = pilot.app
    reached: set[str | None] = {app.focused.id if app.focused is not None else None}

    def focused(widget: Widget | None) -> None:
        reached.add(widget.id if widget is not None else None)

    app.screen.watch(app.screen, "focused", focused, init=False)
    for _ in range(presses):
        app.post_message(events.Key("tab", "\t"))
    await pilot.pause()
    return reached
