"""The address of a Ray cluster, checked before Ray is asked to join it (issue 31, point 3):
its form, Ray Client's extra for `ray://`, and that a gRPC server (Ray's protocol) answers
there within CONNECT_SECONDS. Ray itself retries an address that does not answer for
minutes, in a call that nothing in Python can interrupt. Light to import: `hon balance
--help` states the forms and the time from here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.io.network import ip_version, is_host

CONNECT_SECONDS = 10  # how long a Ray cluster has to answer before hon gives up on it
FORMS = "ray://HOST:PORT (Ray Client, 10001 on the head), HOST:PORT on a node of the cluster (6379), or auto"
_ADDRESS = re.compile(r"(?:(?P<scheme>[^:/]*)://)?(?P<host>\[[^\]]*\]|[^:\[\]/]*):(?P<port>[0-9]{1,5})")
# The opening of an HTTP/2 connection and an empty SETTINGS frame: a gRPC server answers
# with a SETTINGS frame of its own (frame type 4), whatever service it is.
_HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


class RayUnavailable(Exception):
    """Ray cannot play this run: `str()` says why in one sentence, `option` which option
    of `hon balance` it is about."""

    def __init__(self, reason: str, option: str = "--backend") -> None:
        super().__init__(reason)
        self.option = option


@dataclass(frozen=True)
class Endpoint:
    """Where an address says the cluster answers."""

    host: str  # without the brackets of an IPv6 address
    port: int
    client: bool  # ray://: through Ray Client


def parse_address(text: str) -> Endpoint:
    """The host and port of `text`, refused in one sentence when it is not one of FORMS."""
    found = _ADDRESS.fullmatch(text)
    said = text if len(text) <= 80 else f"{text[:80]}…"
    wrong = RayUnavailable(f"{said!r} is not a Ray address: give {FORMS}", "--address")
    if found is None or found["scheme"] not in (None, "ray") or not 1 <= int(found["port"]) <= 65535:
        raise wrong
    host = found["host"]
    bracketed = host.startswith("[")
    host = host[1:-1] if bracketed else host
    if not (ip_version(host) == 6 if bracketed else is_host(host)):
        raise wrong
    return Endpoint(host, int(found["port"]), found["scheme"] == "ray")


def check_address(text: str) -> str:
    """`text` once it is known to name a cluster that answers: its form, the client extra
    for ray://, then a gRPC answer within CONNECT_SECONDS. `auto` is the cluster Ray finds
    for this machine (RAY_ADDRESS, or the one started here)."""
    from importlib.util import find_spec

    endpoint = parse_address(_auto() if text == "auto" else text)
    if endpoint.client and find_spec("grpc") is None:
        raise RayUnavailable(
            f"{text} joins through Ray Client, which Ray installs apart: pip install 'ray[client]'", "--address"
        )
    why = _unanswered(endpoint, CONNECT_SECONDS)
    if why is not None:
        raise RayUnavailable(f"no Ray cluster answered at {text} within {CONNECT_SECONDS} s ({why})", "--address")
    return text


def _auto() -> str:
    """The address `auto` stands for, as Ray itself finds it."""
    try:
        from ray._private.services import canonicalize_bootstrap_address
    except ImportError:  # a Ray that moved it: let Ray find the cluster itself
        return "auto"
    try:
        found = canonicalize_bootstrap_address("auto")
    except ConnectionError:
        found = None
    if found is None:
        raise RayUnavailable("no Ray cluster runs on this machine to join (auto): give its address", "--address")
    return str(found)


def _unanswered(endpoint: Endpoint, seconds: float) -> str | None:
    """None when a gRPC server answers at `endpoint` within `seconds`; else why not. The
    look-up of the host name is bounded too: it runs in a thread left behind on time out."""
    import threading

    said: list[str | None] = []
    asking = threading.Thread(target=lambda: said.append(_ask(endpoint, seconds)), daemon=True)
    asking.start()
    asking.join(seconds)
    return said[0] if said else "no answer"


def _ask(endpoint: Endpoint, seconds: float) -> str | None:
    import socket

    try:
        with socket.create_connection((endpoint.host, endpoint.port), timeout=seconds) as connection:
            connection.sendall(_HTTP2_HELLO)
            frame = connection.recv(9)
    except TimeoutError:
        return "no answer"
    except OSError as problem:
        return str(problem.strerror or problem).lower()
    if len(frame) < 4 or frame[3] != 4:
        return "what answers there is not Ray"
    return None
