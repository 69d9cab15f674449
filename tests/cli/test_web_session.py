"""One browser tab of `hon serve`, without a server: the messages a tab may send, the size
its terminal may have, and the end of an app that will not quit.
(tests/cli/test_serve_hostile.py drives the same through the real server.)"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web
from textual_serve.download_manager import DownloadManager

from builder.cli import web_session
from builder.cli.web_session import (
    MAX_COLUMNS,
    MAX_ROWS,
    AppProcess,
    Focus,
    Keys,
    Ping,
    Refused,
    Resize,
    Size,
    parse_message,
)


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ((80, 24), (80, 24)),
        ((MAX_COLUMNS, MAX_ROWS), (MAX_COLUMNS, MAX_ROWS)),
        ((100_000, 100_000), (MAX_COLUMNS, MAX_ROWS)),
        ((10**30, 10**30), (MAX_COLUMNS, MAX_ROWS)),
        ((0, 0), (1, 1)),
        ((-5, -(10**12)), (1, 1)),
        ((120, 10**6), (120, MAX_ROWS)),
    ],
)
def test_a_terminal_size_is_clamped(asked: tuple[int, int], given: tuple[int, int]) -> None:
    assert Size.clamped(*asked) == Size(*given)
    message = parse_message(json.dumps(["resize", {"width": asked[0], "height": asked[1]}]))
    assert message == Resize(Size(*given))


def test_the_page_s_messages_are_read() -> None:
    assert parse_message('["stdin", "\\u001b[A"]') == Keys("\x1b[A")
    assert parse_message('["ping", "1700000000000"]') == Ping("1700000000000")
    assert parse_message('["focus"]') is Focus.GAINED
    assert parse_message('["blur"]') is Focus.LOST
    assert parse_message('["resize", {"width": 132, "height": 43}]') == Resize(Size(132, 43))


def test_a_kind_of_message_a_newer_page_may_send_is_passed_over() -> None:
    assert parse_message('["zoom", 2]') is None


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{not json",
        "[" * 100_000,
        "[1, 2]",
        "{}",
        "[]",
        '"stdin"',
        "null",
        '["stdin"]',
        '["stdin", 7]',
        '["stdin", "a", "b"]',
        '["ping", {}]',
        '["resize"]',
        '["resize", [80, 24]]',
        '["resize", {"width": 80}]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": 80.5, "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": NaN, "height": 24}]',
        '["resize", {"width": 1e999, "height": 24}]',
        '["resize", {"width": 1' + "0" * 5000 + ', "height": 24}]',  # beyond Python's digit limit
    ],
)
def test_a_message_the_page_never_sends_is_refused(text: str) -> None:
    with pytest.raises(Refused):
        parse_message(text)


async def test_an_app_that_will_not_quit_is_ended(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Deaf to the quit message and to SIGTERM: killed, within the two graces."""
    monkeypatch.setattr(web_session, "QUIT_GRACE", 0.5)
    deaf = tmp_path / "deaf"
    stubborn = (
        "import pathlib, signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        "pathlib.Path(sys.argv[1]).touch(); time.sleep(60)"
    )
    app = AppProcess([sys.executable, "-c", stubborn, str(deaf)], web.WebSocketResponse(), DownloadManager())
    await app.start(80, 24)
    while not deaf.exists():  # SIGTERM is ignored from then on
        await asyncio.sleep(0.02)

    started = time.monotonic()
    await app.stop()

    assert app._process is not None and app._process.returncode == -signal.SIGKILL
    assert time.monotonic() - started < 10  # not the 60 s the app would sleep
