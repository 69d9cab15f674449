"""The web server of `hon serve`: textual-serve's, with the page's addresses taken from the
request, the terminal's websocket refused to other sites, hon's own page (nothing fetched
from another server) and one line of log per refused request.

textual-serve runs the app for anyone who opens its websocket, and browsers let any web
page open a websocket to 127.0.0.1: without the checks below, a page visited in another
tab could drive hon and save files. The page and its socket are served only to requests
from this server's own page (Origin exactly `http://` and the Host asked for, or no Origin)
and, on a loopback address, only under a loopback host name, which also shuts out a
hostile domain pointed at 127.0.0.1 (DNS rebinding). An Origin of another scheme on the
same host and port is refused too: no page of hon's has it (this server speaks no TLS, and
`ws://` is never a page's origin), so only a client that forges it sends it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import shlex
import socket
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from signal import SIGINT, SIGTERM
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.server import Server, to_int

from builder.cli.web_session import MAX_MESSAGE, AppProcess, Refused, Size, relay
from builder.io.errors import one_line

log = logging.getLogger("hon.serve")

LOOPBACK_NAMES = ("localhost", "ip6-localhost")
# hon's page (textual-serve's, with its fonts from this server, not from Google's).
PAGE = Path(__file__).parent / "web"
# Browser tabs served at once, each its own app (about 60 MB): one more is refused.
MAX_TABS = 8


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, IPv6 with or without brackets) is this machine only."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_name(netloc: str) -> str:
    """The host of `host:port` (or `[v6]:port`), without the port."""
    try:
        return urlsplit(f"//{netloc}").hostname or ""
    except ValueError:  # a malformed Host header
        return ""


def address(host: str, port: int) -> str:
    """The address a browser opens to reach `host`:`port`."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return f"http://{host}:{port}"
    if ip.is_unspecified:  # every address of this machine: name one of them
        return f"http://{socket.gethostname()}:{port}"
    return f"http://[{host}]:{port}" if ip.version == 6 else f"http://{host}:{port}"


class HonServer(Server):
    def __init__(self, argv: Sequence[str], host: str, port: int) -> None:
        super().__init__(
            shlex.join(argv), host=host, port=port, title="hon", public_url=address(host, port), templates_path=PAGE
        )
        self.argv = tuple(argv)
        self.loopback = is_loopback(host)
        self.sessions: set[asyncio.Task[object]] = set()  # one per browser tab

    def trusted(self, request: web.Request) -> bool:
        """Whether the request comes from this server's own page, under a name it may have."""
        if self.loopback and not is_loopback(host_name(request.host)):
            return False
        origin = request.headers.get("Origin")
        return origin is None or origin.lower() == f"{request.scheme}://{request.host}".lower()

    def refuse(self, request: web.Request, error: type[web.HTTPException], why: str) -> web.HTTPException:
        """A refusal, logged as one line."""
        log.warning("refused %s %s from %s: %s", request.method, request.path, request.remote, why)
        return error(text=f"hon: {why}\n")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The terminal of one browser tab: its app runs until the tab closes."""
        if not self.trusted(request):
            raise self.refuse(request, web.HTTPForbidden, f"not hon's own page ({page(request)}).")
        if len(self.sessions) >= MAX_TABS:
            raise self.refuse(request, web.HTTPServiceUnavailable, f"{MAX_TABS} tabs are open; close one first.")
        session = asyncio.current_task()
        assert session is not None
        self.sessions.add(session)  # before any wait, so that tabs opened at once are counted
        try:
            websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
            try:
                await websocket.prepare(request)
            except web.HTTPException as refused:  # not a websocket handshake
                raise self.refuse(request, type(refused), "not a websocket handshake.") from None
            await self.run_tab(request, websocket)
        finally:
            self.sessions.discard(session)
        return websocket

    async def run_tab(self, request: web.Request, websocket: web.WebSocketResponse) -> None:
        """The tab's app, from its opening to its closing, or to a message that closes it."""
        size = Size.clamped(to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24))
        app = AppProcess(self.argv, websocket, self.download_manager)
        refused = False
        try:
            await app.start(size.columns, size.rows)
            await relay(websocket, app)
        except Refused as problem:
            log.warning("closed a tab of %s: it sent %s.", request.remote, problem)
            refused = True
        except ConnectionError:
            pass  # the tab is gone
        finally:
            # Both at once: the app, once it quits, would close the tab with 1000 (normal);
            # and closing waits for the client's answer.
            closing = [websocket.close(code=WSCloseCode.UNSUPPORTED_DATA)] if refused else []
            await asyncio.gather(app.stop(), *closing)

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping (ctrl+c): each tab's app is told to quit and is waited for."""
        for session in self.sessions:
            session.cancel()
        await asyncio.gather(*self.sessions, return_exceptions=True)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.trusted(request):
            raise self.refuse(
                request, web.HTTPForbidden, f"open hon at the address `hon serve` printed ({page(request)})."
            )
        # The page connects back to the address the browser used (a name, an IPv6
        # address, this machine seen from the network), not to the one listened on.
        self.public_url = f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        return response

    def initialize_logging(self) -> None:
        """Warnings and errors only (no line per request), each one line."""
        logging.basicConfig(level=logging.WARNING, handlers=[OneLineLog()], force=True)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to say yet: the socket listens only once start-up is over (`serve`)."""

    def serve(self, debug: bool = False) -> None:
        """textual-serve's, but the address is told once the socket listens: said from
        start-up, as textual-serve does, a browser (or a test) that opened it at once was
        refused."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for signal in (SIGINT, SIGTERM):
            loop.add_signal_handler(signal, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *_: self._listening(),
        )

    def _listening(self) -> None:
        self.console.print(
            f"hon: open {self.public_url} in a browser; ctrl+c stops serving.", markup=False, soft_wrap=True
        )


def page(request: web.Request) -> str:
    """The page a request says it comes from, cut short for a log line."""
    return f"Origin {request.headers.get('Origin', 'none')[:100]}, Host {request.host[:100]}"


class OneLineLog(logging.Handler):
    """Each record as one line on stderr, never a traceback: a frame's locals (which Rich's
    tracebacks show) can hold what the player typed, and a client that sends garbage in a
    loop must not fill the log."""

    def emit(self, record: logging.LogRecord) -> None:
        print(f"hon: {one_line(describe(record))}", file=sys.stderr, flush=True)


def describe(record: logging.LogRecord) -> str:
    """The record's message, and of its exception only the type and where it was raised."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):  # aiohttp refusing a request it cannot read
        remote = record.args[0] if isinstance(record.args, tuple) and record.args else "a client"
        return f"refused a malformed request from {remote} ({error.code} {type(error).__name__})."
    if error is None:
        return record.getMessage()
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{record.getMessage()} ({type(error).__name__}{where})"
