"""The `hon` command line (DESIGN.md 5). Exit codes: 0 ok or legal, 1 checked and found
illegal, 2 unreadable input or usage error (one clear line on stderr, never a traceback)."""

from __future__ import annotations

import sys

import typer

# Importing the command modules registers their commands on `app`.
from builder.cli import (  # noqa: F401
    army_commands,
    balance_commands,
    campaign_commands,
    catalogue_commands,
    deploy_commands,
    games_commands,
    memoir_commands,
    odds_commands,
    roster_commands,
    rules_commands,
    scenario_commands,
    serve_commands,
    simulate_commands,
    tui_commands,
)
from builder.cli.app import app
from builder.cli.lazy import lazy_group
from builder.cli.usage import UsageProblem, usage_sentence
from builder.io.errors import ChangedOnDisk, HonFileError, one_line
from builder.kernel.system import Unsupported


def main(argv: list[str] | None = None) -> int:
    """Run `hon` with `argv`; return the exit code instead of exiting."""
    try:
        result = lazy_group(app)(args=argv, prog_name="hon", standalone_mode=False)
    except UsageProblem as problem:
        say(usage_sentence(problem))
        code: int = problem.exit_code  # type: ignore[attr-defined]
        return code
    except typer.Abort:
        say("aborted.")
        return 1
    except (HonFileError, ChangedOnDisk, Unsupported) as problem:
        say(str(problem))
        return 2
    except KeyboardInterrupt:
        return 130
    return result if isinstance(result, int) else 0


def say(message: str) -> None:
    """The one line a failed command prints: control characters in a path or a value
    quoted from a hostile file are written as escapes, never sent to the terminal."""
    print(f"hon: {one_line(message)}", file=sys.stderr)


def run() -> None:
    sys.exit(main())
