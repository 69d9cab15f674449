"""`hon`'s command group, made into Click commands one command at a time.

Typer turns every registered function into a Click command before it runs any: it reads
each signature and evaluates each type hint, about a third of `hon --help`'s time for 56
commands. Here the group Typer builds holds no command at first; a command is made when
Click looks it up to run it or to show its help, and the list in `hon --help` is written
from what the decorators registered (names, docstrings, hidden), which costs nothing to
read. `typer.main.get_command(app)` makes the same group all at once (tests compare them)."""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo, TyperInfo

if TYPE_CHECKING:
    # Typer vendors Click privately (pyproject pins the Typer minor version these
    # conversions were read from: typer.main's get_command_from_info and friends).
    from typer import _click as click
    from typer.core import MarkupMode

__all__ = ["HonGroup", "lazy_group"]


class LazyCommands(MutableMapping[str, "click.Command"]):
    """The group's commands by name, in the order they were registered, each made on first
    use. `listed` is the stand-in the command list reads: its name, help and flags only."""

    def __init__(self) -> None:
        self._made: dict[str, click.Command] = {}
        self._makers: dict[str, Callable[[], click.Command]] = {}
        self._listed: dict[str, click.Command] = {}

    def defer(self, name: str, make: Callable[[], click.Command], listed: click.Command) -> None:
        self._makers[name], self._listed[name] = make, listed

    def listed(self, name: str) -> click.Command | None:
        return self._made.get(name) or self._listed.get(name)

    def made(self) -> list[str]:
        """The commands made so far (`hon --help` makes none)."""
        return list(self._made)

    def __getitem__(self, name: str) -> click.Command:
        command = self._made.get(name)
        if command is None:
            command = self._made[name] = self._makers[name]()
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._made[name] = command
        self._makers.setdefault(name, lambda: command)

    def __delitem__(self, name: str) -> None:
        del self._makers[name]
        self._made.pop(name, None)
        self._listed.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


class HonGroup(TyperGroup):
    """Typer's group, whose command list is written from the stand-ins: listing the
    commands makes none of them."""

    _listing = False  # while the help lists the commands (`format_commands`)
    # Options whose value may be left out, by command: Typer's vendored Click has no
    # optional-value option, so a bare `--handicap` is given its default here.
    optional_values: dict[str, dict[str, str]] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)  # Typer's reads the items, which would make every command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        commands = self.commands
        if self._listing and isinstance(commands, LazyCommands):
            return commands.listed(cmd_name)
        return commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """`hon FILE` runs the command that opens a file of its format (`hon edit`, `hon
        design`) when the first argument is no command but a file, or names a YAML one.
        An option of `optional_values` left without its value is given its default."""
        if args and args[0] not in self.commands and _names_a_file(args[0]):
            from builder.cli.tui_commands import command_for  # reads the file's `format:`

            name = command_for(Path(args[0]))
            return name, self.commands[name], list(args)
        found, command, rest = super().resolve_command(ctx, args)
        return found, command, _with_optional_values(rest, self.optional_values.get(found or "", {}))


def _with_optional_values(args: list[str], defaults: dict[str, str]) -> list[str]:
    """`args` with each option of `defaults` given its default value where it stands last or
    right before another option (`--handicap --json`). Nothing after `--` is an option."""
    given: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            return given + args[index:]
        given.append(arg)
        following = args[index + 1] if index + 1 < len(args) else None
        if arg in defaults and (following is None or following.startswith("-")):
            given.append(defaults[arg])
    return given


def _names_a_file(arg: str) -> bool:
    return not arg.startswith("-") and (arg.lower().endswith((".yaml", ".yml")) or Path(arg).is_file())


def lazy_group(app: typer.Typer) -> HonGroup:
    """`app` as Typer's group would make it (the options and callback of the group itself
    made now), its commands and sub-groups made when first looked up."""
    shell = copy.copy(app)
    shell.registered_commands, shell.registered_groups = [], []
    group = typer.main.get_group(shell)
    if not isinstance(group, HonGroup):
        raise TypeError("the hon app must be made with cls=HonGroup")
    commands = LazyCommands()
    short, markup = app.pretty_exceptions_short, app.rich_markup_mode
    for info in app.registered_commands:
        name = info.name or typer.main.get_command_name(_callback(info).__name__)
        commands.defer(name, _command_maker(info, short, markup), _listed_command(name, info))
    for sub in app.registered_groups:
        solved = typer.main.solve_typer_info_defaults(sub)
        if not isinstance(solved.name, str):
            raise TypeError("a hon command group has no name")
        commands.defer(
            solved.name,
            _group_maker(sub, short, markup, app.suggest_commands),
            TyperCommand(name=solved.name, help=solved.help, short_help=solved.short_help, hidden=bool(solved.hidden)),
        )
    group.commands = commands
    return group


def _callback(info: CommandInfo) -> Callable[..., object]:
    if info.callback is None:
        raise TypeError("a hon command has no function")
    return info.callback


def _listed_command(name: str, info: CommandInfo) -> click.Command:
    """What the command list reads of a command, as `get_command_from_info` would set it."""
    help_text = info.help
    help_text = inspect.getdoc(_callback(info)) if help_text is None else inspect.cleandoc(help_text)
    return TyperCommand(
        name=name, help=help_text, short_help=info.short_help, hidden=info.hidden, deprecated=info.deprecated
    )


def _command_maker(info: CommandInfo, short: bool, markup: MarkupMode) -> Callable[[], click.Command]:
    def make() -> click.Command:
        return typer.main.get_command_from_info(info, pretty_exceptions_short=short, rich_markup_mode=markup)

    return make


def _group_maker(info: TyperInfo, short: bool, markup: MarkupMode, suggest: bool) -> Callable[[], click.Command]:
    def make() -> click.Command:
        return typer.main.get_group_from_info(
            info, pretty_exceptions_short=short, rich_markup_mode=markup, suggest_commands=suggest
        )

    return make
