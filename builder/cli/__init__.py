"""The `hon` command line (DESIGN.md 5). Exit codes: 0 ok or legal, 1 checked and found
illegal (a balance run: a game failed), 2 unreadable input or usage error (one clear line
on stderr, never a traceback)."""

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
from builder.cli.terminal import say
from builder.cli.usage import UsageProblem, usage_sentence
from builder.io.errors import ChangedOnDisk, HonFileError
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
    except OSError as problem:  # a file the command could not even look at (a name too long, a loop)
        say(_os_problem(problem))
        return 2
    except KeyboardInterrupt:
        return 130
    return result if isinstance(result, int) else 0


def _os_problem(problem: OSError) -> str:
    """A system error as hon's sentence, naming the file when there is one."""
    reason = problem.strerror or str(problem)
    return f"{problem.filename}: {reason.lower()}." if problem.filename is not None else f"{reason}."


def run() -> None:
    sys.exit(main())
