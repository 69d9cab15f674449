"""`hon serve`: the app in a browser. The command it runs per browser tab, its refusals on
the command line, its guard against other sites, and the builder driven in a real headless
Chromium (Debian's, through Playwright; skipped where either is missing)."""

from __future__ import annotations

import http.client
import logging
import os
import re
import shutil
import socket
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main, serve_commands
from builder.cli.web_server import OneLineLog, is_loopback
from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import load_army
from builder.io.paths import DEFAULT_ARMY
from tests.cli.serving import Served, free_port, serving

CHROMIUM = shutil.which("chromium")
try:
    from playwright.sync_api import Download, Page, Route, sync_playwright

    PLAYWRIGHT = True
except ImportError:  # pragma: no cover - the dev extra installs it
    PLAYWRIGHT = False

needs_browser = pytest.mark.skipif(
    CHROMIUM is None or not PLAYWRIGHT, reason="chromium or the playwright package is not installed"
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# textual-serve's page keeps its xterm.js terminal in a closure. This catches it as the page
# assigns it (`this.terminal = new Terminal(…)` in textual.js), so that the test reads the
# very buffer the canvas paints from.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    window.honTerminal = value;
  },
});
"""
SCREEN_TEXT = """() => {
  const terminal = window.honTerminal;
  if (!terminal) return "";
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = terminal.buffer.active.getLine(row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""
TIMEOUT = 45.0  # seconds per step, generous: the whole test takes 9 s on 2 idle cores, 30 s under load 9


# --- the command run for each browser tab -----------------------------------------------


def test_the_app_runs_on_this_python_with_every_path_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    hostile = "it's $(touch pwned); `touch pwned` \"\n| rm -rf x &.yaml"
    command = serve_commands.app_command(Path(hostile), Path("my catalogue;$HOME"))

    # Run without a shell (tests/cli/test_serve_hostile.py checks the process the server starts).
    army, catalogue = tmp_path / hostile, tmp_path / "my catalogue;$HOME"
    assert command == [sys.executable, "-m", "builder.cli", "edit", str(army), "--catalogue", str(catalogue)]
    assert serve_commands.app_command(None, None) == [sys.executable, "-m", "builder.cli"]


# --- refusals on the command line, before anything is served -----------------------------


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve_commands, "serve_app", lambda *a: calls.append(a))
    return calls


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("hon: ") and err.count("\n") == 1, err
    return err


def test_an_army_that_does_not_exist_is_one_line(
    served: list[tuple[Any, ...]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", str(tmp_path / "missing.yaml")]) == 2
    assert "missing.yaml" in one_line_error(capsys)
    assert served == []


def test_a_broken_army_is_one_line(
    served: list[tuple[Any, ...]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: hon-army\nversion: 1\nname: [unclosed\n", encoding="utf-8")
    assert main(["serve", str(broken)]) == 2
    assert "broken.yaml" in one_line_error(capsys)
    assert served == []


def test_a_catalogue_folder_that_does_not_exist_is_one_line(
    served: list[tuple[Any, ...]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--catalogue", str(tmp_path / "nowhere")]) == 2
    assert "nowhere" in one_line_error(capsys)
    assert served == []


def test_an_army_that_opens_is_served_on_localhost_by_default(served: list[tuple[Any, ...]]) -> None:
    assert main(["serve", str(DEFAULT_ARMY)]) == 0
    [(command, host, port)] = served
    assert (host, port) == ("127.0.0.1", 8000)
    assert command[-2:] == ["edit", str(DEFAULT_ARMY.resolve())]


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(served: list[tuple[Any, ...]], port: str) -> None:
    assert main(["serve", "--port", port]) == 2
    assert served == []


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert f"127.0.0.1:{port}" in one_line_error(capsys)


def test_serving_beyond_this_machine_warns_and_the_apps_import_this_checkout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from builder.cli.web_server import HonServer

    started: list[HonServer] = []
    monkeypatch.setattr(HonServer, "serve", lambda server: started.append(server))
    monkeypatch.setenv("PYTHONPATH", "elsewhere")
    port = free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port)]) == 0
    [server] = started
    assert (server.host, server.port) == ("0.0.0.0", port)
    assert f"port {port}" in one_line_error(capsys)  # the warning
    assert os.environ["PYTHONPATH"].split(os.pathsep) == [str(serve_commands.CHECKOUT), "elsewhere"]


def test_without_textual_serve_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "builder.cli.web_server", raising=False)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails as if not installed
    assert main(["serve", "--port", "8000"]) == 2
    assert "textual-serve" in one_line_error(capsys)


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("LocalHost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("example.org", False),
        ("localhost.example.org", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_a_log_record_with_an_exception_is_one_line_without_its_locals(capsys: pytest.CaptureFixture[str]) -> None:
    def crash(typed: str) -> None:
        raise ValueError(f"cannot take {typed}")

    try:
        crash("the player's \x1b[31msecret")
    except ValueError:
        record = logging.LogRecord(
            "aiohttp.server", logging.ERROR, "x", 1, "Unhandled %s", ("exception",), sys.exc_info()
        )
    OneLineLog().emit(record)

    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("hon: Unhandled exception") and "ValueError" in line and "test_serve.py:" in line
    assert "secret" not in line and "\x1b" not in line


# --- other sites ------------------------------------------------------------------------


def status(served: Served, path: str, headers: dict[str, str]) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=TIMEOUT)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace") if response.status != 101 else ""
        return response.status, body
    finally:
        connection.close()


def upgrade(origin: str | None, host: str) -> dict[str, str]:
    headers = {
        "Host": host,
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    return headers | ({"Origin": origin} if origin else {})


def test_only_its_own_page_may_drive_hon(tmp_path: Path) -> None:
    """Any web page may open a websocket to 127.0.0.1: hon's is refused to other sites,
    and to a hostile name pointed at this machine (DNS rebinding)."""
    with serving(tmp_path) as served:
        own = f"127.0.0.1:{served.port}"
        code, page = status(served, "/", {"Host": own})
        assert code == 200
        assert f'"ws://{own}/ws"' in page or f"ws://{own}/ws" in page
        assert status(served, "/", {"Host": f"localhost:{served.port}"})[0] == 200
        assert status(served, "/", {"Host": f"evil.example:{served.port}"})[0] == 403

        assert status(served, "/ws", upgrade("https://evil.example", own))[0] == 403
        assert status(served, "/ws", upgrade("null", own))[0] == 403
        rebound = f"evil.example:{served.port}"
        assert status(served, "/ws", upgrade(f"http://{rebound}", rebound))[0] == 403
        assert status(served, "/ws", upgrade(f"http://{own}", own))[0] == 101


def test_a_page_of_another_scheme_at_this_address_may_not_drive_hon(tmp_path: Path) -> None:
    """No page of hon's has such an origin (this server speaks no TLS, and `ws://` is no
    page's origin): only a forged request says so."""
    with serving(tmp_path) as served:
        own = f"127.0.0.1:{served.port}"
        for scheme in ("https", "ws", "wss", "file"):
            assert status(served, "/ws", upgrade(f"{scheme}://{own}", own))[0] == 403, scheme
            assert status(served, "/", {"Host": own, "Origin": f"{scheme}://{own}"})[0] == 403, scheme
        assert status(served, "/", {"Host": own, "Origin": f"http://{own}"})[0] == 200


ASSET = re.compile(r'(?:href|src)="([^"]+)"|url\("?([^")]+)"?\)')


def test_the_page_and_all_it_loads_come_from_this_server(tmp_path: Path) -> None:
    """Offline, the page is whole: it asks no other server for anything (textual-serve's
    asks Google Fonts for its font)."""
    with serving(tmp_path) as served:
        own = {"Host": f"127.0.0.1:{served.port}"}
        code, page = status(served, "/", own)
        assert code == 200
        assets = [found[0] or found[1] for found in ASSET.findall(page)]
        assert all(asset.startswith(f"{served.url}/static/") for asset in assets), assets
        fonts = [asset for asset in assets if asset.endswith(".ttf")]
        assert len(fonts) == 2  # upright and italic
        for asset in assets:
            code, body = status(served, asset.removeprefix(served.url), own)
            assert code == 200, asset
            if asset.endswith(".css"):
                assert all(not url.startswith(("http:", "https:", "//")) for _, url in ASSET.findall(body)), asset


# --- in a real browser ------------------------------------------------------------------


def wait_for(page: Page, found: Callable[[str], Any], what: str) -> Any:
    """Poll the terminal's text until `found` gives something true; that is returned."""
    deadline = time.monotonic() + TIMEOUT
    text = ""
    while time.monotonic() < deadline:
        text = page.evaluate(SCREEN_TEXT)
        if result := found(text):
            return result
        time.sleep(0.1)
    raise AssertionError(f"{what} is not on the page after {TIMEOUT} s; it shows:\n{text}")


def points(text: str) -> int | None:
    found = re.search(r"\b(\d+)/550 pts", text)
    return int(found.group(1)) if found else None


def first_result(text: str) -> str:
    """The first line of the catalogue's list: the one under its search box's bottom edge."""
    lines = text.splitlines()
    for edge, line in pairwise(lines):
        if "▁▁▁" in edge:
            return line.split("▎")[0].strip()
    return ""


@dataclass
class Browsed:
    page: Page
    served: Served
    elsewhere: list[str]  # what the page asked of other servers (refused)


@pytest.fixture
def browsed(tmp_path: Path) -> Iterator[Browsed]:
    assert PLAYWRIGHT and CHROMIUM is not None
    with serving(tmp_path) as served, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=TIMEOUT * 1000)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
            context.set_default_timeout(TIMEOUT * 1000)
            elsewhere: list[str] = []

            def offline(route: Route) -> None:
                """Nothing but hon's own server answers: as offline."""
                if route.request.url.startswith(served.url):
                    route.continue_()
                else:
                    elsewhere.append(route.request.url)
                    route.abort()

            context.route("**/*", offline)
            context.add_init_script(CATCH_TERMINAL)
            page = context.new_page()
            page.goto(served.url)
            yield Browsed(page, served, elsewhere)
        finally:
            browser.close()


@pytest.mark.browser
@needs_browser
def test_the_page_works_offline_with_its_own_font(browsed: Browsed) -> None:
    wait_for(browsed.page, points, "the builder's totals")
    loaded = browsed.page.evaluate(
        """async () => {
          await document.fonts.ready;
          return [...document.fonts].filter(f => f.family.includes("Roboto Mono") && f.status === "loaded").length;
        }"""
    )
    assert loaded >= 1
    assert browsed.elsewhere == []


@pytest.mark.browser
@needs_browser
def test_the_builder_in_a_browser_edits_saves_on_the_server_and_prints_to_the_browser(
    browsed: Browsed, bundled: Catalogue
) -> None:
    page, served = browsed.page, browsed.served
    example = load_army(DEFAULT_ARMY).army
    sherman = bundled.tiles["us-sherman-platoon"]

    before = wait_for(page, points, "the builder's totals")
    assert example.name in page.evaluate(SCREEN_TEXT)
    page.screenshot(path=str(served.folder / "painted.png"))

    # The catalogue search has the focus: find the tile, go down to it, add it.
    page.focus(".xterm-helper-textarea")
    page.keyboard.type(sherman.name)
    wait_for(page, lambda text: first_result(text).startswith(f"tile {sherman.name} {sherman.cost}"), "the search")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    after = wait_for(page, lambda text: points(text) if points(text) != before else None, "the new total")
    assert after == before + sherman.cost
    page.screenshot(path=str(served.folder / "edited.png"))

    # Saved where the server runs, as from a terminal: ctrl+s offers a path in its folder.
    target = served.folder / "omaha-the-morning-after.yaml"
    page.keyboard.press("Control+s")
    wait_for(page, lambda text: target.name in text, "the path to save at")
    page.keyboard.press("Enter")
    deadline = time.monotonic() + TIMEOUT
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    saved = load_army(target).army
    assert [t.tile for t in saved.tiles] == [*(t.tile for t in example.tiles), sherman.id]

    # Printed where the command line prints (exports/ beside it) and downloaded by the
    # browser: ctrl+r, the first format (PDF), enter in the folder box.
    downloads: list[Download] = []

    def arrived(download: Download) -> None:
        downloads.append(download)

    page.on("download", arrived)  # Chromium gives it to the page or to the tab it opens
    page.context.on("page", lambda popup: popup.on("download", arrived))
    # What the server sends, kept whole as it passes: Playwright cancels a download whose tab
    # closes before it ends (textual-serve delivers it through a tab it opens, and Chromium
    # closes that tab), and the server streams a file once, so it cannot be fetched again.
    delivered: list[bytes] = []

    def keep(route: Route) -> None:
        response = route.fetch()
        delivered.append(response.body())
        route.fulfill(response=response)

    page.context.route("**/download/**", keep)
    page.keyboard.press("Control+r")
    exports = served.folder / "exports"
    wait_for(page, lambda text: f"{served.folder.name}/exports" in text, "the print dialog's folder")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    deadline = time.monotonic() + TIMEOUT
    while not downloads and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert downloads, f"no download after {TIMEOUT} s"
    [printed] = exports.iterdir()
    assert printed.suffix == ".pdf"
    assert downloads[0].suggested_filename == printed.name
    [body] = delivered
    assert body == printed.read_bytes()
    assert body.startswith(b"%PDF-")
    page.screenshot(path=str(served.folder / "printed.png"))
