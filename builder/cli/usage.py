"""Usage errors as one hon sentence: what was wrong with which option or argument, and
where the help is. Click's and Typer's own wording ("Invalid value for '--format' / '-f':
Value error, …", pydantic's "Input should be a valid integer, …") never reaches the player."""

from __future__ import annotations

import re
from typing import Any

import typer

# Typer vendors click privately; its usage errors all derive from the ClickException
# that the public typer.BadParameter derives from.
UsageProblem: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")

# What a value that could not be read as the option's type is not (pydantic's error types).
_NOT_A = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "bool_parsing": "yes or no",
}
# A number outside an option's bounds (builder.cli.bounds), NaN among them, and an integer
# too long even to read.
_OUT_OF_RANGE = {"greater_than_equal", "less_than_equal", "int_parsing_size"}
LONGEST_QUOTED = 40  # characters of a value quoted in a message, the rest cut


def _quoted(value: object) -> str:
    """`value` as the message quotes it: its repr, cut when long."""
    said = repr(value)
    return said if len(said) <= LONGEST_QUOTED else f"{said[: LONGEST_QUOTED - 1]}…"


def _range(problem: Exception) -> str:
    """What the option takes: "a whole number from 1 to 1,000,000"."""
    param: Any = getattr(problem, "param", None)
    info = param.type_descriptor.parameter_info
    kind = "a whole number" if param.type_descriptor.annotation is int else "a number"
    return f"{kind} from {info.min:,} to {info.max:,}"


def usage_sentence(problem: Exception) -> str:
    """The one line `hon` prints for a usage error, without the leading "hon: "."""
    what = _what(problem)
    context = getattr(problem, "ctx", None)
    command = context.command_path if context is not None else "hon"
    return f"{what} (see {command} --help)."


def _what(problem: Exception) -> str:
    kind = type(problem).__name__
    if kind == "BadParameter":
        return f"{_where(problem)}: {_bad_value(problem)}"
    if kind == "MissingParameter":
        param = getattr(problem, "param", None)
        if param is not None and param.param_type_name == "option":
            return f"missing option {_where(problem)}"
        return f"missing argument {_where(problem)}"
    if kind == "NoSuchOption":
        from builder.kernel.diagnostics import join_or  # here: `hon --help` loads no pydantic

        possible = list(getattr(problem, "possibilities", None) or [])
        guess = f"; did you mean {join_or(possible)}?" if possible else ""
        return f"no option {problem.option_name}{guess}"  # type: ignore[attr-defined]
    return _reworded(_message(problem))


def _where(problem: Exception) -> str:
    """The option by its long name (--format), an argument by its name in capitals (ARMY)."""
    hint = getattr(problem, "param_hint", None)
    if isinstance(hint, str) and hint:
        return hint.split(" / ")[0].strip("'\"")
    param: Any = getattr(problem, "param", None)
    if param is None:
        return "a value"
    if param.param_type_name == "argument":
        return str(param.name).upper()
    return str(max(param.opts, key=len))


def _bad_value(problem: Exception) -> str:
    from pydantic import ValidationError  # here: `hon --help` loads no pydantic

    cause = problem.__cause__
    if isinstance(cause, ValidationError):
        error = cause.errors()[0]
        value = error.get("input")
        if error["type"] in _OUT_OF_RANGE:
            return f"{_quoted(value)} is not {_range(problem)}"
        if error["type"] in _NOT_A:
            return f"{_quoted(value)} is not {_NOT_A[error['type']]}"
        message = str(error["msg"]).removeprefix("Value error, ")
        choices = re.fullmatch(r"'.*' is not one of (.*?)\.?", message)
        if choices:
            names = re.findall(r"'([^']*)'", choices[1])
            return f"{_quoted(value)} is not one of {', '.join(names)}"
        return _clause(message)
    return _clause(_message(problem))


def _reworded(message: str) -> str:
    """Click's other usage messages, in hon's words."""
    command = re.fullmatch(r"No such command '(.*)'\.(?: Did you mean '(.*)'\?)?", message)
    if command:
        return f"no command {command[1]!r}" + (f"; did you mean {command[2]}?" if command[2] else "")
    extra = re.fullmatch(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", message)
    if extra:
        return f"unexpected extra argument {extra[1]}"
    needs = re.fullmatch(r"Option '(.*)' requires (an argument|\d+ arguments)\.", message)
    if needs:
        return f"{needs[1]} needs a value" if needs[2] == "an argument" else f"{needs[1]} needs {needs[2]}"
    return _clause(message)


def _message(problem: Exception) -> str:
    return str(getattr(problem, "message", None) or problem)


def _clause(message: str) -> str:
    """A message as the middle of a sentence: no final full stop, a lower-case start."""
    message = message.strip().removesuffix(".")
    return message[:1].lower() + message[1:] if message[1:2].islower() else message
