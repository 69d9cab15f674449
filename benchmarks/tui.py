"""Benchmark: the army builder's responsiveness.

1. Keypress to repaint after an edit, on the largest example army (target: median <= 50 ms):
   undo and redo of a slot edit, each until its repaint, against a focus move measured in
   the same run.
2. Cold start to first paint of `hon` against a bare Textual app started the same way, in
   fresh interpreters, alternated (target: <= 1.3x); and cold start until the example army's
   tile cards are on screen against the same bare app's first paint (target: <= 2x).

Run: .venv/bin/python benchmarks/tui.py
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from builder.heroes.army.validate import check
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 9  # cold starts of each app, alternated; the figures are medians


def largest_army() -> Path:
    catalogue, _ = load_catalogue()
    armies = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))
    return max(armies, key=lambda p: check(load_army(p).army, catalogue)[1].points)


async def keypress_to_repaint(path: Path, rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds from a key press to the end of the repaint it causes: the screen's update
    methods are wrapped to note when they finish, so the pilot's own waiting for idle is
    not counted. The baseline is moving the focus to the next slot and back, which repaints
    without editing, measured the same way."""
    from builder.services.army_session import ArmySession
    from builder.tui.app import HonApp

    catalogue, _ = load_catalogue()
    app = HonApp(ArmySession.open(path, catalogue), None)
    edits: list[float] = []
    idle: list[float] = []
    settled: list[float] = []
    painted: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for name in ("_refresh_layout", "_compositor_refresh"):
            original = getattr(screen, name)

            def noted(*args: object, _original: Callable[..., object] = original, **kwargs: object) -> object:
                result = _original(*args, **kwargs)
                painted.append(time.perf_counter())
                return result

            setattr(screen, name, noted)
        builder = app.builder
        first = next(row for card in builder.cards for row in card.rows)
        builder.focus_path(first.path)
        await pilot.press("delete")  # one edit to undo and redo
        await pilot.pause()
        for n in range(rounds):
            edit_key, move_key = ("ctrl+z", "down") if n % 2 == 0 else ("ctrl+y", "up")
            for key, found in ((edit_key, edits), (move_key, idle)):
                painted.clear()
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                found.append(painted[0] - start)
                if found is edits:
                    settled.append(painted[-1] - start)
    return edits, idle, settled


# Each child notes the wall-clock time its screen first finishes painting (and, for hon,
# when the builder first finishes painting with the army's cards laid out); the parent
# subtracts the moment it started the child. Both are noted as the paint ends, so neither
# includes the pilot's waiting for the app to be idle (as the keypress figures above).
NOTE_FIRST_PAINT = """
import time
from textual.screen import Screen
painted = []
for name in ("_refresh_layout", "_compositor_refresh"):
    def noted(self, *args, _original=getattr(Screen, name), **kwargs):
        result = _original(self, *args, **kwargs)
        if not painted and self.children:
            painted.append(time.time())
        return result
    setattr(Screen, name, noted)
"""

START_HON = (
    NOTE_FIRST_PAINT
    + """
import asyncio
from builder.io.paths import DEFAULT_ARMY
from builder.tui.app import HonApp
army_painted = []
def army_noted(self, *args, _original=Screen._compositor_refresh, **kwargs):
    # The builder's module is not imported here: hon imports it after its first paint.
    result = _original(self, *args, **kwargs)
    cards = getattr(self, "cards", None) if type(self).__name__ == "ArmyBuilderScreen" else None
    if not army_painted and cards and cards[0].region.height:
        army_painted.append(time.time())
    return result
Screen._compositor_refresh = army_noted
app = HonApp.starting(None, None, None, template=DEFAULT_ARMY)
async def run():
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while not army_painted:
            await pilot.pause(0.005)
        print(painted[0])
        print(army_painted[0])
asyncio.run(run())
"""
)

START_BARE = (
    NOTE_FIRST_PAINT
    + """
import asyncio
from textual.app import App
from textual.widgets import Footer, Static
class Bare(App[None]):
    def compose(self):
        yield Static("hello")
        yield Footer()
app = Bare()
async def run():
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(painted[0])
asyncio.run(run())
"""
)


# A player's interpreter reads hon's modules from their bytecode cache after the first start;
# a shell that sets PYTHONDONTWRITEBYTECODE (as some test set-ups do) would make every run
# compile hon from source, which no player waits for twice.
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def cold_start(code: str) -> list[float]:
    """Seconds from starting a fresh interpreter to each moment the child prints."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True, env=CHILD_ENV
    )
    return [float(line) - start for line in done.stdout.split()]


def main() -> None:
    path = largest_army()
    edits, idle, settled = asyncio.run(keypress_to_repaint(path, 60))
    edit_ms, idle_ms = statistics.median(edits) * 1000, statistics.median(idle) * 1000
    print(f"largest example army: {path.name}")
    print(
        f"keypress to repaint after an edit: median {edit_ms:.1f} ms (target <= 50 ms), "
        f"last repaint {statistics.median(settled) * 1000:.1f} ms; "
        f"first repaint after a focus move: {idle_ms:.1f} ms; ratio {edit_ms / idle_ms:.2f}x"
    )
    first: list[float] = []
    ready: list[float] = []
    bare: list[float] = []
    cold_start(START_BARE), cold_start(START_HON)  # write the bytecode caches, warm the file cache
    for _ in range(ROUNDS):
        bare.append(cold_start(START_BARE)[0])
        painted, shown = cold_start(START_HON)
        first.append(painted)
        ready.append(shown)
    bare_ms = statistics.median(bare) * 1000
    first_ms, ready_ms = statistics.median(first) * 1000, statistics.median(ready) * 1000
    print(
        f"cold start to first paint: hon {first_ms:.0f} ms, bare Textual app {bare_ms:.0f} ms "
        f"-> {first_ms / bare_ms:.2f}x (target <= 1.30x)"
    )
    print(
        f"cold start until the example army is on screen: {ready_ms:.0f} ms "
        f"-> {ready_ms / bare_ms:.2f}x the bare app's first paint (target <= 2.00x)"
    )


if __name__ == "__main__":
    main()
