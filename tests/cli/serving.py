"""`hon serve` started for a test: a server process of this checkout on a free port, in a
folder of the test's own, always stopped with its whole process group (the server and the
app it runs for each browser tab)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY = "hon: open "


@dataclass(frozen=True)
class Served:
    url: str
    port: int
    pid: int  # the server's
    folder: Path
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(folder: Path, *args: str, timeout: float = 30) -> Iterator[Served]:
    """`hon serve ARGS` run in `folder` until the block ends; its output goes to a log file
    (a pipe nobody reads could fill and stall it)."""
    port = free_port()
    log = folder / "serve.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "builder.cli", "serve", "--port", str(port), *args],
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    served = Served(f"http://127.0.0.1:{port}", port, process.pid, folder, log)
    try:
        deadline = time.monotonic() + timeout
        while READY not in served.output():
            assert process.poll() is None, f"hon serve stopped: {served.output()}"
            assert time.monotonic() < deadline, f"hon serve is not listening after {timeout} s: {served.output()}"
            time.sleep(0.05)
        yield served
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server (it tells the app of each tab to quit and waits for it), then
    SIGKILL to whatever is left of its process group."""
    with suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGTERM)
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
