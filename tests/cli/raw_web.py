"""Raw clients for `hon serve`, on 127.0.0.1 only: HTTP requests sent byte for byte (so that
they may be malformed) and a websocket spoken by hand (so that its messages may be
hostile), and what the processes of a server use, read from /proc."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

TIMEOUT = 30.0  # seconds a reply may take on a loaded machine

CLOSE = 0x8
PING = 0x9
PONG = 0xA
TEXT = 0x1
BINARY = 0x2


def exchange(port: int, request: bytes, timeout: float = TIMEOUT, finished: bool = False) -> bytes:
    """Send `request`: the answer, up to the end of its body or the server's closing (empty
    if it closed without one). `finished`: say that nothing follows (the server would wait
    for the rest of a request cut short)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        with suppress(OSError):  # refused half-way through a long request: the answer is still there
            connection.sendall(request)
            if finished:
                connection.shutdown(socket.SHUT_WR)
        answer = b""
        with suppress(ConnectionResetError):
            while not answered(answer) and (chunk := connection.recv(65536)):
                answer += chunk
        return answer


def answered(answer: bytes) -> bool:
    """Whether `answer` holds a whole HTTP response (its head and the body it announces)."""
    head, found, body = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return True  # no length: an upgrade's head, or a body read to the close


def status(answer: bytes) -> int | None:
    """The status code of an HTTP answer; None if the server closed without one."""
    if not answer:
        return None
    version, code, *_ = answer.split(b"\r\n", 1)[0].split(b" ")
    assert version in (b"HTTP/1.0", b"HTTP/1.1"), answer[:80]
    return int(code)


def upgrade_request(port: int, path: str = "/ws", extra: str = "", key: bool = True) -> bytes:
    """A websocket handshake as a browser sends it, with `extra` header lines."""
    if key:
        extra = f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n{extra}"
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
        f"Sec-WebSocket-Version: 13\r\n{extra}\r\n"
    ).encode()


def frame(payload: bytes, opcode: int = TEXT) -> bytes:
    """One masked frame, as a browser sends it."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return header + mask + masked


@dataclass
class Tab:
    """A browser tab's websocket, spoken by hand."""

    connection: socket.socket
    status: int
    received: bytearray = field(default_factory=bytearray)  # frames not yet read
    count: int = 0  # bytes received in all

    @classmethod
    def open(cls, port: int, query: str = "width=80&height=24") -> Tab:
        connection = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        connection.sendall(upgrade_request(port, f"/ws?{query}"))
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = connection.recv(1)
            assert chunk, f"the server closed during the handshake: {head!r}"
            head += chunk
        return cls(connection, status(head) or 0)

    def send(self, message: object) -> None:
        self.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.connection.sendall(frame(text.encode("utf-8")))

    def read_for(self, seconds: float) -> int | None:
        """Read what the server sends for `seconds`; the close code if it closes the tab."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.connection.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                chunk = self.connection.recv(1 << 16)
            except TimeoutError:
                break
            if not chunk:
                return 1006  # closed without a close frame
            self.received += chunk
            self.count += len(chunk)
            code = self.close_code()
            if code is not None:
                return code
        return None

    def close_code(self) -> int | None:
        """Read the frames received so far (the server's are unmasked), answering its pings
        as a browser does: the code of a close frame among them."""
        data = self.received
        while len(data) >= 2:
            opcode, size, start = data[0] & 0x0F, data[1] & 0x7F, 2
            if size >= 126:
                start = 4 if size == 126 else 10
                if len(data) < start:
                    return None
                size = int.from_bytes(data[2:start], "big")
            if len(data) < start + size:
                return None
            payload = bytes(data[start : start + size])
            del data[: start + size]
            if opcode == PING:
                self.connection.sendall(frame(payload, PONG))
            elif opcode == CLOSE:
                return int.from_bytes(payload[:2], "big") if size >= 2 else 1005
        return None

    def close(self) -> None:
        self.connection.close()


def children(pid: int) -> list[int]:
    """The processes `pid` started (each tab's app)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:  # a thread that ended between the listing and the read
            continue
    return found


def peak_rss_mb(pid: int) -> float:
    """The most memory `pid` has held (VmHWM), in MB; 0 once it has ended (a zombie)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def environment(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(pair.decode().split("=", 1) for pair in pairs if b"=" in pair)


def command_line(pid: int) -> list[str]:
    """The process's arguments; none once it has ended."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    except (FileNotFoundError, ProcessLookupError):
        return []


def wait_until(done: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> float:
    """Poll `done()` until true; the seconds it took."""
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < timeout, f"{what}: not after {timeout} s"
        time.sleep(0.05)
    return time.monotonic() - start


class Watch(threading.Thread):
    """Polls the processes a server starts while a test runs: the most at once, and the
    peak memory of each (sampled every 50 ms, so a process shorter than that may be missed;
    VmHWM keeps each one's peak between samples)."""

    def __init__(self, server: int) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.most = 0
        self.peaks: dict[int, float] = {}
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.05):
            with suppress(FileNotFoundError, ProcessLookupError):
                found = children(self.server)
                self.most = max(self.most, len(found))
                for pid in found:
                    self.peaks[pid] = max(self.peaks.get(pid, 0.0), peak_rss_mb(pid))

    def __enter__(self) -> Watch:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.join()

    @property
    def peak_mb(self) -> float:
        return max(self.peaks.values(), default=0.0)
