"""`hon` makes each command when it is first used (builder.cli.lazy): the help a player reads,
the options a command takes and the suggestions for a mistyped command are those of Typer's
group made all at once, and `hon --help` makes none of the commands."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import typer.main

import builder.cli  # registers every command on `app`
from builder.cli.app import app
from builder.cli.lazy import HonGroup, LazyCommands, lazy_group


def _command_lines() -> Iterator[list[str]]:
    """Every command line that asks for help: hon, each command, each command of a group."""
    full = typer.main.get_group(app)
    yield []
    for name, command in full.commands.items():
        yield [name]
        for sub in getattr(command, "commands", {}):
            yield [name, sub]


def _help(group: HonGroup | typer.core.TyperGroup, args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    group(args=[*args, "--help"], prog_name="hon", standalone_mode=False)
    return capsys.readouterr().out


@pytest.mark.parametrize("args", list(_command_lines()), ids=lambda args: " ".join(args) or "hon")
def test_each_help_is_the_one_typer_makes(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    lazy = _help(lazy_group(app), args, capsys)
    assert lazy == _help(typer.main.get_group(app), args, capsys)
    assert "Usage: hon" in lazy


def test_the_list_of_commands_makes_none_of_them(capsys: pytest.CaptureFixture[str]) -> None:
    group = lazy_group(app)
    listed = _help(group, [], capsys)
    assert isinstance(group.commands, LazyCommands)
    assert group.commands.made() == []
    assert all(f"  {name} " in listed for name in ("validate", "simulate", "balance", "scenario", "campaign"))


def test_a_command_run_makes_only_itself(capsys: pytest.CaptureFixture[str]) -> None:
    group = lazy_group(app)
    group(args=["games", "--json"], prog_name="hon", standalone_mode=False)
    assert "heroes" in {system["id"] for system in json.loads(capsys.readouterr().out)["systems"]}
    assert isinstance(group.commands, LazyCommands) and group.commands.made() == ["games"]


def test_a_mistyped_command_is_told_with_its_nearest_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert builder.cli.main(["scenaro", "check"]) == 2
    err = capsys.readouterr().err
    assert "scenaro" in err and "scenario" in err
    assert builder.cli.main(["scenario", "chek"]) == 2
    assert "check" in capsys.readouterr().err
