"""`python -m builder.cli …` runs `hon` from a checkout without installing it (worktrees,
CI scripts)."""

from builder.cli import run

run()
