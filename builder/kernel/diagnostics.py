"""The one diagnostic type every validator returns (DESIGN.md section 4).

An `Issue` says what is wrong, where, and what to do about it. Tests and the
TUI key on `code`, never on the wording of `message`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class Severity(StrEnum):
    """How bad an issue is: only errors make a list, scenario or placement illegal."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Issue(BaseModel):
    """One finding of a validator, tied to a place in the checked file."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    severity: Severity
    code: str
    path: str
    message: str
    hint: str | None = None
    line: int | None = None

    def at_line(self, line: int | None) -> Issue:
        """The same issue, located on a line of its file."""
        return self.model_copy(update={"line": line})


def error(code: str, path: str, message: str, hint: str | None = None) -> Issue:
    return Issue(severity=Severity.ERROR, code=code, path=path, message=message, hint=hint)


def warning(code: str, path: str, message: str, hint: str | None = None) -> Issue:
    return Issue(severity=Severity.WARNING, code=code, path=path, message=message, hint=hint)


def info(code: str, path: str, message: str, hint: str | None = None) -> Issue:
    return Issue(severity=Severity.INFO, code=code, path=path, message=message, hint=hint)


def is_legal(issues: Iterable[Issue]) -> bool:
    """Legal means no error; warnings and notes don't count."""
    return not any(issue.severity is Severity.ERROR for issue in issues)


def join_or(words: Iterable[str]) -> str:
    """'a', 'a or b', 'a, b or c' — for messages a player reads."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"


def join_and(words: Iterable[str]) -> str:
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def capitalised(text: str) -> str:
    """The text with its first letter in capitals, to start a sentence; the rest as it is."""
    return text[:1].upper() + text[1:]


def the_side(name: str, *, capital: bool = False, possessive: bool = False) -> str:
    """A side by the name its player gave it, as a phrase that takes a verb in the singular
    and a possessive whatever that name is ("US", "Germans", "Allies", "The Black Sun"): "the
    US side", "the Germans side's". Sentences are built on this, never on the bare name,
    whose number no rule can tell ("Axis" is one side, "Allies" many)."""
    words = name.split()
    if words and words[0].lower() == "the":
        words = words[1:]
    if not words or words[-1].lower() != "side":
        words.append("side")
    phrase = f"{'The' if capital else 'the'} {' '.join(words)}"
    return f"{phrase}'s" if possessive else phrase


def plural(count: int, singular: str, many: str | None = None) -> str:
    """'1 point', '3 points'."""
    word = singular if count == 1 else (many or f"{singular}s")
    return f"{count} {word}"
