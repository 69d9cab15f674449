"""What a form says under a field pydantic refused: one plain sentence a player can act
on, rather than pydantic's own wording ("String should match pattern '^[a-z0-9]+…'")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_core import ErrorDetails

from builder.heroes.catalogue.base import ID_PATTERN

PATTERNS = {
    ID_PATTERN: "An id is lowercase letters and digits joined by single hyphens, like us-rifle-squad.",
    r"^#[0-9a-fA-F]{6}$": "A colour is # and six hexadecimal digits, like #7a9a5a.",
    r"^\d{4}-\d{2}-\d{2}$": "A date is written year-month-day, like 2026-11-23.",
}


def _limit(error: ErrorDetails, key: str) -> Any:
    return (error.get("ctx") or {}).get(key)


def _pattern(error: ErrorDetails) -> str:
    return PATTERNS.get(str(_limit(error, "pattern")), "This text is not in the expected form.")


def _short_text(error: ErrorDetails) -> str:
    least = _limit(error, "min_length")
    return "This field cannot be empty." if least == 1 else f"Use at least {least} characters."


def _long_text(error: ErrorDetails) -> str:
    return f"Use at most {_limit(error, 'max_length')} characters."


def _item_count(error: ErrorDetails) -> str:
    few = error["type"] == "too_short"
    bound = _limit(error, "min_length" if few else "max_length")
    return f"Give {'at least' if few else 'at most'} {bound} item{'' if bound == 1 else 's'}."


# A number's bound in words, and the key pydantic gives its value under.
_BOUNDS = {
    "greater_than_equal": ("at least", "ge"),
    "greater_than": ("more than", "gt"),
    "less_than_equal": ("at most", "le"),
    "less_than": ("less than", "lt"),
}


def _number_bound(error: ErrorDetails) -> str:
    words, key = _BOUNDS[error["type"]]
    return f"Give a number {words} {_limit(error, key)}."


def _choices(error: ErrorDetails) -> str:
    return f"Choose one of {_limit(error, 'expected')}."


# What is said for each kind of error, by pydantic's name for it.
_SAID: dict[str, Callable[[ErrorDetails], str]] = {
    "missing": lambda _: "This field is required.",
    "extra_forbidden": lambda _: "This field is not part of the format.",
    "string_pattern_mismatch": _pattern,
    "string_too_short": _short_text,
    "string_too_long": _long_text,
    "too_short": _item_count,
    "too_long": _item_count,
    **dict.fromkeys(("int_parsing", "int_type", "int_from_float"), lambda _: "Give a whole number."),
    **dict.fromkeys(_BOUNDS, _number_bound),
    "literal_error": _choices,
    "enum": _choices,
    **dict.fromkeys(("bool_parsing", "bool_type"), lambda _: "Tick the box or leave it empty."),
}


def plain_message(error: ErrorDetails) -> str:
    """One sentence, ending with a full stop, for one of pydantic's errors."""
    said = _SAID.get(error["type"])
    if said is not None:
        return said(error)
    if error["type"] == "string_type" and error.get("input") is None:
        return "This field cannot be empty."
    message = str(error["msg"])
    # A validator's own sentence, less the "Value error, " pydantic puts before it.
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    message = message.rstrip(".")
    return (message[:1].upper() + message[1:] + ".") if message else "This value is not accepted."
