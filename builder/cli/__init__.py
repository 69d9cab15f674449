"""The `hon` command line (DESIGN.md 5). Exit codes: 0 ok or legal, 1 checked and found
illegal, 2 unreadable input or usage error (one clear line on stderr, never a traceback)."""

from __future__ import annotations

import sys

from builder.cli.app import app
from builder.io.save import ChangedOnDisk
from builder.io.yamlio import HonFileError

# Importing the command modules registers their commands on `app`.
from builder.cli import army_commands, catalogue_commands  # noqa: E402, F401, I001


def main(argv: list[str] | None = None) -> int:
    """Run `hon` with `argv`; return the exit code instead of exiting."""
    try:
        app(args=argv, prog_name="hon")
    except SystemExit as done:
        code = done.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    except (HonFileError, ChangedOnDisk) as problem:
        print(f"hon: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def run() -> None:
    sys.exit(main())
