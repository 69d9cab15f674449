"""Running `hon` on hostile input, for the special-file, bad-input and fuzz tests.

`run_hon` calls the real command line, `builder.cli.main(argv)`, in this process with its
output captured and a time limit (a hang becomes a failure, not a stuck test run).
`run_hon_process` runs it in a child process, for inputs that could kill or exhaust the
process if hon regressed: a segfault in libyaml, or reading /dev/zero until memory runs out.
"""

from __future__ import annotations

import contextlib
import io
import resource
import signal
import subprocess
import sys
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from builder.cli import main

# Generous: a run takes a fraction of a second; only a hang gets anywhere near this.
SECONDS = 60
# What a child process may map before it fails (a MemoryError, seen as a failure).
CHILD_MEMORY = 3 * 1024**3
_MAIN = "import sys; from builder.cli import main; sys.exit(main(sys.argv[1:]))"


class Hung(BaseException):
    """Raised by the alarm: a BaseException, so no `except Exception` in hon can swallow it."""


@contextlib.contextmanager
def time_limit(seconds: int = SECONDS) -> Iterator[None]:
    """Raise Hung in the main thread if the block runs for more than `seconds` (a failure
    signal for a hang, not a measure of speed). SIGALRM interrupts a blocking open() too."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Outcome:
    code: int | None  # None: an exception escaped main
    out: str
    err: str
    escaped: str | None = None  # the traceback of what escaped main, or of the hang

    def problems(self, names: Sequence[str] = ()) -> list[str]:
        """What breaks hon's promise on bad input: an exception escaping `main`, a
        traceback printed, an exit code other than 0, 1 or 2, or an exit 2 whose stderr
        is not exactly one line naming one of `names` (when names are given)."""
        found: list[str] = []
        if self.escaped is not None:
            found.append(f"escaped main: {self.escaped.strip().splitlines()[-1]}")
        if "Traceback" in self.out or "Traceback" in self.err:
            found.append("printed a traceback")
        if self.code is not None and self.code not in (0, 1, 2):
            found.append(f"exit code {self.code}")
        if self.code == 2:
            lines = self.err.splitlines()
            if len(lines) != 1 or not self.err.endswith("\n"):
                found.append(f"exit 2 with {len(lines)} lines on stderr: {self.err[:300]!r}")
            elif not lines[0].startswith("hon: "):
                found.append(f"exit 2 without 'hon: ': {lines[0][:300]!r}")
            elif names and not any(name in lines[0] for name in names):
                found.append(f"exit 2 naming none of {list(names)}: {lines[0][:300]!r}")
        return found


def run_hon(args: Sequence[str | Path], seconds: int = SECONDS) -> Outcome:
    """`hon ARGS` through builder.cli.main, in this process."""
    out, err = io.StringIO(), io.StringIO()
    code: int | None = None
    escaped: str | None = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            with time_limit(seconds):
                code = main([str(arg) for arg in args])
        except BaseException:  # anything leaving main is what these tests look for
            escaped = traceback.format_exc()
    return Outcome(code, out.getvalue(), err.getvalue(), escaped)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def run_hon_process(args: Sequence[str | Path], seconds: int = SECONDS) -> Outcome:
    """`hon ARGS` through builder.cli.main in a child process with bounded memory and time.
    A crash (a segfault is return code -11) or a timeout is reported as `escaped`."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", _MAIN, *[str(arg) for arg in args]],
            capture_output=True,
            text=True,
            timeout=seconds,
            preexec_fn=_limit_memory,
        )
    except subprocess.TimeoutExpired:
        return Outcome(None, "", "", f"still running after {seconds} s")
    if done.returncode < 0:
        return Outcome(None, done.stdout, done.stderr, f"killed by signal {-done.returncode}")
    return Outcome(done.returncode, done.stdout, done.stderr)
