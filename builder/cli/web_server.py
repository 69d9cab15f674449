"""The web server of `hon serve`: textual-serve's, with the page's addresses taken from the
request and the terminal's websocket refused to other sites.

textual-serve runs the app for anyone who opens its websocket, and browsers let any web
page open a websocket to 127.0.0.1: without the checks below, a page visited in another
tab could drive hon and save files. The page and its socket are served only to requests
from this server's own page (Origin the same as Host, or no Origin) and, on a loopback
address, only under a loopback host name, which also shuts out a hostile domain pointed
at 127.0.0.1 (DNS rebinding).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from urllib.parse import urlsplit

from aiohttp import web
from textual_serve.server import Server

LOOPBACK_NAMES = ("localhost", "ip6-localhost")


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
    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title="hon", public_url=address(host, port))
        self.loopback = is_loopback(host)
        self.sessions: set[asyncio.Task[object]] = set()  # one per browser tab

    def trusted(self, request: web.Request) -> bool:
        """Whether the request comes from this server's own page, under a name it may have."""
        if self.loopback and not is_loopback(host_name(request.host)):
            return False
        origin = request.headers.get("Origin")
        return origin is None or urlsplit(origin).netloc == request.host

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.trusted(request):
            raise web.HTTPForbidden(text="hon: this page may not drive hon.")
        session = asyncio.current_task()
        assert session is not None
        self.sessions.add(session)
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions.discard(session)

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping (ctrl+c): each tab's app is told to quit and is waited for."""
        for session in self.sessions:
            session.cancel()
        await asyncio.gather(*self.sessions, return_exceptions=True)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.trusted(request):
            raise web.HTTPForbidden(text="hon: open hon at the address `hon serve` printed.")
        # The page connects back to the address the browser used (a name, an IPv6
        # address, this machine seen from the network), not to the one listened on.
        self.public_url = f"{request.scheme}://{request.host}"
        response: web.StreamResponse = await super().handle_index(request)
        return response

    def initialize_logging(self) -> None:
        """Warnings and errors only: no line per request."""
        super().initialize_logging()
        logging.getLogger().setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(
            f"hon: open {self.public_url} in a browser; ctrl+c stops serving.", markup=False, soft_wrap=True
        )
