"""`hon serve` against hostile clients on this machine: the real server, driven through raw
sockets on 127.0.0.1 with malformed requests and websocket messages (hand-written cases,
then seeded random ones in bounded loops). The server must stay up, answer or close, log
at most one line per refused request and never a traceback (nor the locals Rich shows in
one), keep each app's terminal within bounds and end each app with its tab."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import suppress
from functools import partial
from pathlib import Path

import pytest

from builder.cli.web_server import MAX_TABS
from builder.cli.web_session import KEYS_AT_ONCE, MAX_BACKLOG, MAX_COLUMNS, MAX_ROWS, QUIT_GRACE
from builder.io.paths import DEFAULT_ARMY
from tests.cli.raw_web import (
    TIMEOUT,
    Tab,
    Watch,
    children,
    command_line,
    environment,
    exchange,
    peak_rss_mb,
    status,
    upgrade_request,
    wait_until,
)
from tests.cli.serving import Served, serving

# Within this an app ends once its tab is gone: asked to quit, then SIGTERM, then SIGKILL
# (QUIT_GRACE each), plus time for a loaded machine.
ENDED = 3 * QUIT_GRACE + 10
# Each app's peak memory, whatever its tab asks: 57 MB at 80 × 24 and 70 MB at the
# largest size allowed; asking for 100,000 × 100,000 cells grew it to 4 GB.
APP_MB = 250


def malformed_requests(port: int) -> dict[str, bytes]:
    """Requests that no browser sends, each with what is wrong with it as its name."""
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    get = b"GET / HTTP/1.1\r\n" + host
    post = b"POST / HTTP/1.1\r\n" + host
    return {
        "HTTP/9.9": b"GET / HTTP/9.9\r\n" + host + b"\r\n",
        "NUL in the path": b"GET /\x00 HTTP/1.1\r\n" + host + b"\r\n",
        "NUL in the Host": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\x00:1\r\n\r\n",
        "two Host headers": get + host + b"\r\n",
        "100 KB request line": b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
        "100 KB header": get + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n",
        "2,000 headers": get + b"".join(b"X-%d: a\r\n" % n for n in range(2000)) + b"\r\n",
        "negative Content-Length": post + b"Content-Length: -1\r\n\r\n",
        "Content-Length not a number": post + b"Content-Length: abc\r\n\r\n",
        "two Content-Lengths": post + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "Content-Length and chunked (smuggling)": post
        + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /ws HTTP/1.1\r\n\r\n",
        "chunked, then gzip": post + b"Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n",
        "space before the colon": post + b"Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
        "chunk size not hex": post + b"Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
        "chunk size of 20 digits": post + b"Transfer-Encoding: chunked\r\n\r\n" + b"f" * 20 + b"\r\na\r\n0\r\n\r\n",
        "negative chunk size": post + b"Transfer-Encoding: chunked\r\n\r\n-1\r\na\r\n0\r\n\r\n",
        "chunked on HTTP/1.0": b"POST / HTTP/1.0\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        "websocket without a key": upgrade_request(port, key=False),
        "websocket key not base64": upgrade_request(port, extra="Sec-WebSocket-Key: !!!!\r\n", key=False),
        "websocket of version 99": upgrade_request(port).replace(b"Version: 13", b"Version: 99"),
        "websocket by POST": upgrade_request(port).replace(b"GET", b"POST", 1),
        "not a websocket on /ws": b"GET /ws HTTP/1.1\r\n" + host + b"\r\n",
        "TLS hello": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),
        "binary garbage": b"\xff\xfe\x00\x01" * 256,
        "control character in a method": b"G\x01T / HTTP/1.1\r\n" + host + b"\r\n",
        "header without a colon": get + b"no colon here\r\n\r\n",
        "folded header": get + b"X-Folded: a\r\n b\r\n\r\n",
        "control character in a header": get + b"X-Bell: a\x07b\x1b[31m\r\n\r\n",
        "method alone": b"GET\r\n\r\n",
        "path beyond the static folder": b"GET /static/../../../../etc/passwd HTTP/1.1\r\n" + host + b"\r\n",
        "another site's page": get + b"Origin: https://evil.example\r\n\r\n",
        "another site's websocket": upgrade_request(port, extra="Origin: https://evil.example\r\n"),
        "another name for this machine": b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        "absolute URL of another host": b"GET http://evil.example/ HTTP/1.1\r\n" + host + b"\r\n",
    }


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path) as server:
        yield server


def log_lines(served: Served) -> list[str]:
    return served.output().splitlines()[1:]  # after "hon: open …"


def assert_clean_log(lines: list[str]) -> None:
    """One line each, in hon's voice, with no traceback and no frame's locals."""
    for line in lines:
        assert line.startswith("hon: "), lines
    text = "\n".join(lines)
    assert "Traceback" not in text and "locals" not in text and "╭" not in text, text


def assert_page(served: Served) -> None:
    """The server is up and serves its page."""
    assert status(exchange(served.port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())) == 200


def test_malformed_requests_are_refused_in_one_line_each(served: Served) -> None:
    for name, request in malformed_requests(served.port).items():
        before = log_lines(served)
        answer = exchange(served.port, request)

        code = status(answer)
        assert code is None or code >= 400, f"{name}: {answer[:200]!r}"
        assert_page(served)
        added = log_lines(served)[len(before) :]
        assert len(added) <= 1, f"{name}: {added}"
        assert_clean_log(added)
    assert children(served.pid) == []  # no app was started


def test_random_requests_leave_the_server_up_and_its_log_short(served: Served) -> None:
    """Valid requests cut, spliced and bit-flipped at random (seeded: the same every run)."""
    chooser = random.Random(31)
    seeds = [*malformed_requests(served.port).values(), upgrade_request(served.port)]
    sent = 0
    for _ in range(150):
        request = bytearray(chooser.choice(seeds)[:4096])
        for _ in range(chooser.randint(1, 4)):
            where = chooser.randrange(len(request) or 1)
            match chooser.randrange(3):
                case 0:
                    request[where : where + 1] = bytes([chooser.randrange(256)])
                case 1:
                    del request[where : where + chooser.randint(1, 16)]
                case _:
                    request[where:where] = chooser.choice([b"\r\n", b"\x00", b":", b" ", b"\xff", b"-1", b"9" * 30])
        exchange(served.port, bytes(request), finished=True)
        sent += 1
    assert_page(served)
    lines = log_lines(served)
    assert len(lines) <= sent
    assert_clean_log(lines)
    print(f"the server after {sent} random requests: peak {peak_rss_mb(served.pid):.0f} MB, {len(lines)} log lines")
    assert peak_rss_mb(served.pid) < 200


def alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists() and "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()


def apps(served: Served) -> list[int]:
    """The server's child processes that have become apps (a child just forked still runs the server)."""
    return [child for child in children(served.pid) if command_line(child) != command_line(served.pid)]


def one_app(served: Served) -> int:
    wait_until(lambda: len(apps(served)) == 1, "the tab's app")
    [app] = apps(served)
    return app


def test_a_huge_terminal_is_clamped_and_its_app_ends_with_its_tab(tmp_path: Path) -> None:
    army = tmp_path / "it's $(touch pwned); `touch pwned`.yaml"
    army.write_bytes(DEFAULT_ARMY.read_bytes())
    with serving(tmp_path, army.name) as served, Watch(served.pid) as watch:
        tab = Tab.open(served.port, "width=1000000&height=1000000")
        assert tab.status == 101
        app = one_app(served)
        # The app itself, not a shell: its file name is one word, and ending it ends the app.
        assert command_line(app) == [sys.executable, "-m", "builder.cli", "edit", str(army)]
        started = environment(app)
        assert (started["COLUMNS"], started["ROWS"]) == (str(MAX_COLUMNS), str(MAX_ROWS))

        for width, height in [(1_000_000, 1_000_000), (-5, -5), (100_000, 100_000), (10**12, 10**12)]:
            tab.send(["resize", {"width": width, "height": height}])
            assert tab.read_for(3) is None  # the app draws what it can, and the tab stays open
        tab.close()
        took = wait_until(lambda: not alive(app), "the app's end", timeout=ENDED)

        assert log_lines(served) == []
    print(f"an app asked for 10^12 × 10^12 cells: peak {watch.peak_mb:.0f} MB, ended {took:.1f} s after its tab")
    assert watch.most == 1 and watch.peak_mb < APP_MB
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(
    "message",
    [
        "{not json",
        "[" * 100_000,  # nested beyond Python's recursion limit
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["stdin", 7]',
        "[]",
    ],
    ids=["not JSON", "nested 100,000 deep", "width a string", "width a boolean", "keys a number", "empty"],
)
def test_a_malformed_message_closes_its_tab_in_one_line(served: Served, message: str) -> None:
    tab = Tab.open(served.port)
    app = one_app(served)
    tab.send_text(message)

    assert tab.read_for(ENDED) == 1003  # unsupported data
    wait_until(lambda: not alive(app), "the app's end", timeout=ENDED)
    [line] = log_lines(served)
    assert_clean_log([line])
    assert_page(served)


def test_input_faster_than_the_app_reads_closes_its_tab(served: Served) -> None:
    keys = ["stdin", "a" * (200 << 10)]
    sent = 0
    with Watch(served.pid) as watch:
        tab = Tab.open(served.port)
        app = one_app(served)
        with suppress(OSError):  # the server closes the tab while this is still sending
            while sent < 8 * MAX_BACKLOG:
                tab.send(keys)
                sent += len(keys[1])
        assert tab.read_for(ENDED) in (1003, 1006)  # 1006: closed before its close frame was read
        wait_until(lambda: not alive(app), "the app's end", timeout=ENDED)

    print(f"an app sent {sent >> 20} MB of keys at once: peak {watch.peak_mb:.0f} MB")
    assert watch.most == 1 and watch.peak_mb < APP_MB
    [line] = log_lines(served)
    assert_clean_log([line])
    assert_page(served)


def first_screen_drawn(tab: Tab) -> bool:
    """The tab's app has drawn its first screen: over 1000 bytes, then a pause."""
    return tab.read_for(0.1) is None and tab.count > 1000


def test_pastes_within_the_keys_a_tab_may_send_at_once_keep_their_tab(served: Served) -> None:
    # Three pastes of a third of the keys a tab may send at once (KEYS_AT_ONCE), one after
    # another: the tab stays and nothing is logged.
    paste = ["stdin", "a" * (KEYS_AT_ONCE // 3)]
    with Watch(served.pid) as watch:
        tab = Tab.open(served.port)
        app = one_app(served)
        for _ in range(3):
            tab.send(paste)
        assert tab.read_for(3) is None
        assert alive(app)
        tab.close()
        wait_until(lambda: not alive(app), "the app's end", timeout=ENDED)

    assert watch.most == 1 and watch.peak_mb < APP_MB
    assert log_lines(served) == []


def test_tabs_beyond_the_limit_are_refused_and_every_app_ends_with_its_tab(served: Served) -> None:
    with Watch(served.pid) as watch:
        tabs = [Tab.open(served.port) for _ in range(MAX_TABS)]
        assert [tab.status for tab in tabs] == [101] * MAX_TABS
        for tab in tabs:  # each app has started and drawn its first screen (18 s for all on 2 loaded cores)
            wait_until(partial(first_screen_drawn, tab), "a first screen", 4 * TIMEOUT)

        assert status(exchange(served.port, upgrade_request(served.port))) == 503
        [line] = log_lines(served)
        assert_clean_log([line])
        for tab in tabs:
            tab.close()
        wait_until(lambda: children(served.pid) == [], "every app's end", timeout=ENDED)

    print(f"{MAX_TABS} tabs at once: {watch.most} processes, peak {watch.peak_mb:.0f} MB each at most")
    assert watch.most == MAX_TABS  # one process per tab, and no more
    assert watch.peak_mb < APP_MB


def test_random_messages_of_the_page_s_kinds_keep_the_tab_and_its_app_bounded(served: Served) -> None:
    """Sizes anywhere in ±10^12, keys from many scripts (and half a surrogate pair), pings,
    focus, kinds unknown."""
    chooser = random.Random(312)
    keys = ["a", "Z", "7", " ", "é", "日本", "\u202e", "e\u0301", "🐻", "\ud800", "\x1b[A", "\x1b[B", "\x1b[C"]
    with Watch(served.pid) as watch:
        tab = Tab.open(served.port)
        app = one_app(served)
        for _ in range(200):
            match chooser.randrange(5):
                case 0:
                    size = {"width": chooser.randint(-(10**12), 10**12), "height": chooser.randint(-(10**12), 10**12)}
                    tab.send(["resize", size])
                case 1:
                    tab.send(["stdin", "".join(chooser.choices(keys, k=chooser.randint(1, 20)))])
                case 2:
                    tab.send(["ping", "".join(chooser.choices(keys, k=chooser.randint(0, 200)))])
                case 3:
                    tab.send([chooser.choice(["focus", "blur"])])
                case _:
                    tab.send([chooser.choice(["zoom", "log", "quit", ""]), chooser.randint(0, 9)])
            assert tab.read_for(0.01) is None

        assert tab.read_for(3) is None
        assert alive(app)
        tab.close()
        wait_until(lambda: not alive(app), "the app's end", timeout=ENDED)

    print(f"an app sent 200 random messages: peak {watch.peak_mb:.0f} MB")
    assert watch.most == 1 and watch.peak_mb < APP_MB
    assert log_lines(served) == []
