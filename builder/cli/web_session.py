"""One browser tab of `hon serve`: the app process it drives and the messages it sends.

The page textual-serve serves sends JSON lists: `["stdin", text]`, `["resize", {"width": w,
"height": h}]`, `["ping", text]`, `["focus"]` and `["blur"]`. Anything on this machine may
open the socket and send anything, so each message is checked here, the terminal size is
clamped (a client asking for 100,000 × 100,000 cells grew its app to 4 GB), and the app
ends when its tab does, in bounded time, whatever state it is in. Input is never waited
for the app to take: a tab that waited could not see its own closing (aiohttp stops
reading a socket whose messages are not taken), so input the app is too far behind on
closes the tab instead.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal, TypeVar

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

# The largest terminal an app is given: a 3840 × 2160 screen at a 10-pixel font is about
# 640 × 180 cells. At 1000 × 500 the app's peak memory measured 70 MB (80 × 24: 57 MB).
MAX_COLUMNS = 1000
MAX_ROWS = 500
# Seconds an app has to quit once its tab is gone, then again after SIGTERM, before SIGKILL.
QUIT_GRACE = 3.0
# Input the app has not yet read, beyond which its tab is closed: a player typing, or
# pasting, while the app is busy is a few kilobytes behind; 4 MB of keys grew an app by 90 MB.
MAX_BACKLOG = 1 << 20
# Keys a tab may send at once, and then each second: a paste of many pages, and more than
# anyone types. The backlog above cannot bound the rest: an app reads its pipe as fast as it
# comes and keeps each key it has read and not yet handled in its own memory, which on a
# loaded machine grew an app by hundreds of bytes a key (a megabyte of keys: over 250 MB).
KEYS_AT_ONCE = 64 << 10
KEYS_A_SECOND = 16 << 10
# The largest message a tab may send (aiohttp's default is 4 MB): a paste of a long text.
MAX_MESSAGE = 256 << 10

T = TypeVar("T")


@dataclass(frozen=True)
class Size:
    columns: int
    rows: int

    @classmethod
    def clamped(cls, columns: int, rows: int) -> Size:
        """The size asked for, brought within 1 × 1 and MAX_COLUMNS × MAX_ROWS."""
        return cls(min(max(columns, 1), MAX_COLUMNS), min(max(rows, 1), MAX_ROWS))


class Refused(Exception):
    """Why a tab is closed: a message hon's page never sends, or input the app cannot keep up with."""


class Focus(Enum):
    GAINED = "focus"
    LOST = "blur"


@dataclass(frozen=True)
class Keys:
    text: str


@dataclass(frozen=True)
class Resize:
    size: Size


@dataclass(frozen=True)
class Ping:
    text: str


Message = Keys | Resize | Ping | Focus


def parse_message(text: str) -> Message | None:
    """The message in `text`; None for a well-formed kind this version does not know (a
    newer page's). Refused if it is not one hon's page sends."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        raise Refused("a message that is not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise Refused("a message that is not a list that starts with its kind")
    kind, arguments = envelope[0], envelope[1:]
    if kind == "stdin":
        return Keys(only(arguments, str))
    if kind == "ping":
        return Ping(only(arguments, str))
    if kind == "resize":
        size = only(arguments, dict)
        return Resize(Size.clamped(whole(size.get("width")), whole(size.get("height"))))
    if kind in ("focus", "blur"):
        return Focus(kind)
    return None


def only(arguments: list[object], kind: type[T]) -> T:
    """The one argument of a message, of type `kind`."""
    if len(arguments) != 1 or not isinstance(arguments[0], kind):
        raise Refused(f"a message that has not one {kind.__name__}")
    return arguments[0]


def whole(value: object) -> int:
    """A whole number from JSON (not a boolean, which Python counts as one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused("a size that is not a whole number")
    return value


@dataclass
class KeyBudget:
    """The keys a tab may still send (KEYS_AT_ONCE, refilled at KEYS_A_SECOND)."""

    left: float = KEYS_AT_ONCE
    at: float = field(default_factory=time.monotonic)

    def spend(self, count: int) -> None:
        """Take `count` bytes of keys from the budget; Refused when they are more than it holds."""
        now = time.monotonic()
        self.left = min(KEYS_AT_ONCE, self.left + (now - self.at) * KEYS_A_SECOND)
        self.at = now
        if count > self.left:
            raise Refused(f"keys faster than the app can take them (over {KEYS_A_SECOND >> 10} KB a second)")
        self.left -= count


class AppProcess(AppService):
    """textual-serve's app service, with the app run directly (no shell in between, so that
    ending the process ends the app) and ended in bounded time."""

    def __init__(self, argv: Sequence[str], websocket: web.WebSocketResponse, downloads: DownloadManager) -> None:
        async def close() -> None:  # when the app quits of itself
            await websocket.close()

        super().__init__(
            shlex.join(argv),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=downloads,
        )
        self.argv = tuple(argv)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
        )
        self._stdin = process.stdin
        return process

    async def send_bytes(self, data: bytes) -> bool:
        return self.send_packet(b"D", data)

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        return self.send_packet(b"M", json.dumps(data).encode("utf-8"))

    def send_packet(self, kind: Literal[b"D", b"M"], payload: bytes) -> bool:
        """Queue a packet for the app, without waiting for it to be read (see the module's
        docstring); False once the app has gone."""
        stdin = self.stdin
        if stdin.is_closing():
            return False
        if stdin.transport.get_write_buffer_size() > MAX_BACKLOG:
            raise Refused(f"more input than the app could read ({MAX_BACKLOG >> 20} MB behind)")
        stdin.write(self.encode_packet(kind, payload))
        return True

    async def stop(self) -> None:
        """Ask the app to quit; if it has not within QUIT_GRACE, SIGTERM; then SIGKILL."""
        task, process = self._task, self._process
        if task is None or process is None:
            return
        self._task = None
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        with suppress(Refused):  # too far behind to read it: ended below
            await self.send_meta({"type": "quit"})
        for end in (process.terminate, process.kill):
            if await ended(process):
                break
            with suppress(ProcessLookupError):
                end()
        await ended(process)
        with suppress(TimeoutError):  # its output ends with it, unless a child of its holds it open
            await asyncio.wait_for(task, QUIT_GRACE)


async def ended(process: asyncio.subprocess.Process) -> bool:
    """Whether `process` ends (and its output closes) within QUIT_GRACE."""
    try:
        await asyncio.wait_for(process.wait(), QUIT_GRACE)
    except TimeoutError:
        return False
    return True


async def relay(websocket: web.WebSocketResponse, app: AppProcess) -> None:
    """Pass the page's messages to its app until the tab closes. Refused ends the tab."""
    budget = KeyBudget()
    async for envelope in websocket:
        if envelope.type is not WSMsgType.TEXT:
            continue  # binary frames: the page sends none
        match parse_message(envelope.data):
            case Keys(text):  # a lone surrogate (JSON allows "\ud800") becomes "?"
                data = text.encode("utf-8", "replace")
                budget.spend(len(data))
                await app.send_bytes(data)
            case Resize(size):
                await app.set_terminal_size(size.columns, size.rows)
            case Ping(text):
                await websocket.send_json(["pong", text])
            case Focus.GAINED:
                await app.focus()
            case Focus.LOST:
                await app.blur()
