"""What a form says under a field pydantic refused: one plain sentence a player can act
on, rather than pydantic's own wording ("String should match pattern '^[a-z0-9]+…'")."""

from __future__ import annotations

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


def plain_message(error: ErrorDetails) -> str:
    """One sentence, ending with a full stop, for one of pydantic's errors."""
    kind = error["type"]
    if kind == "missing":
        return "This field is required."
    if kind == "extra_forbidden":
        return "This field is not part of the format."
    if kind == "string_pattern_mismatch":
        pattern = str(_limit(error, "pattern"))
        return PATTERNS.get(pattern, "This text is not in the expected form.")
    if kind == "string_too_short":
        least = _limit(error, "min_length")
        return "This field cannot be empty." if least == 1 else f"Use at least {least} characters."
    if kind == "string_too_long":
        return f"Use at most {_limit(error, 'max_length')} characters."
    if kind in ("too_short", "too_long"):
        bound = _limit(error, "min_length" if kind == "too_short" else "max_length")
        return f"Give {'at least' if kind == 'too_short' else 'at most'} {bound} item{'' if bound == 1 else 's'}."
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return "Give a whole number."
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {
            "greater_than_equal": ("at least", "ge"),
            "greater_than": ("more than", "gt"),
            "less_than_equal": ("at most", "le"),
            "less_than": ("less than", "lt"),
        }[kind]
        return f"Give a number {words[0]} {_limit(error, words[1])}."
    if kind in ("literal_error", "enum"):
        return f"Choose one of {_limit(error, 'expected')}."
    if kind in ("bool_parsing", "bool_type"):
        return "Tick the box or leave it empty."
    if kind == "string_type" and error.get("input") is None:
        return "This field cannot be empty."
    message = str(error["msg"])
    # A validator's own sentence, less the "Value error, " pydantic puts before it.
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    message = message.rstrip(".")
    return (message[:1].upper() + message[1:] + ".") if message else "This value is not accepted."
