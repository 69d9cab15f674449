"""The systems registry (DESIGN.md 2): which game system a file belongs to, and whether it
supports what the player asked for. Commands that take a file dispatch through `require`,
so a file of a game hon does not play, or a command its system does not support, is one
sentence and exit 2 instead of a traceback deep in the wrong loader."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.heroes.system import HEROES
from builder.io.yamlio import MAX_DEPTH, parse, read_text
from builder.kernel.diagnostics import join_or
from builder.kernel.system import Capability, GameSystem, Unsupported
from builder.memoir.system import MEMOIR
from builder.tcg.system import TCG

# Every system hon has, in the order `hon games` lists them.
SYSTEMS: tuple[GameSystem, ...] = (HEROES, TCG, MEMOIR)


HEAD_KEYS = ("format", "game")


@dataclass(frozen=True)
class FileHead:
    """What a file says it is, read before any system's loader sees it."""

    path: Path
    format: str | None
    game: str | None


def read_head(path: Path) -> FileHead:
    """The `format:` and `game:` of a file (None where absent or not text). An unreadable
    file raises the loader's own HonFileError. The head is read off the first lines where it
    can be (`yaml_loader.top_level_text`): the system's loader parses the file next, and a
    second parse of a big file here cost seconds."""
    from builder.io import yaml_loader

    text = read_text(path)
    found: Mapping[str, Any] | None = yaml_loader.top_level_text(text, HEAD_KEYS, MAX_DEPTH)
    if found is None:
        data: Any = parse(text, path).data
        fields: Mapping[Any, Any] = data if isinstance(data, Mapping) else {}
        found = {key: fields.get(key) for key in HEAD_KEYS}
    return FileHead(path, *(found[key] if isinstance(found[key], str) else None for key in HEAD_KEYS))


def system_of_game(game: str) -> GameSystem | None:
    return next((system for system in SYSTEMS if any(g.id == game for g in system.games)), None)


def system_of_format(tag: str) -> GameSystem | None:
    return next((system for system in SYSTEMS if tag in system.formats), None)


def system_of_extension(path: Path) -> GameSystem | None:
    return next((system for system in SYSTEMS if path.suffix.lower() in system.extensions), None)


def game_ids() -> list[str]:
    return [game.id for system in SYSTEMS for game in system.games]


def system_for(head: FileHead, capability: Capability) -> GameSystem:
    """The system that reads the file: the one of its `game`, else of its `format`, else of
    its extension (a `.m44` file). A file that says none goes to the first system that
    supports the capability, whose loader then says what is wrong with it."""
    if head.game is not None:
        system = system_of_game(head.game)
        if system is None:
            raise Unsupported(f"{head.path}, game", _unknown(head.game))
    else:
        system = system_of_format(head.format) if head.format is not None else system_of_extension(head.path)
    if system is None:
        system = next((s for s in SYSTEMS if s.supports(capability)), None)
        if system is None:
            raise Unsupported(head.path, f"no game system supports {capability.command} yet (see hon games).")
    if not system.supports(capability):
        game = head.game or system.name
        raise Unsupported(
            head.path, f"{capability.command} does not support {game} files yet (see hon games for what does)."
        )
    return system


def require(path: Path, capability: Capability) -> GameSystem:
    """The system a command dispatches to for `path`, or Unsupported (exit 2)."""
    return system_for(read_head(path), capability)


def require_game(game: str, capability: Capability) -> GameSystem:
    """The system of a game named on the command line (`--game`), or Unsupported."""
    system = system_of_game(game)
    if system is None:
        raise Unsupported("--game", _unknown(game))
    if not system.supports(capability):
        raise Unsupported("--game", f"{capability.command} does not support {game} yet (see hon games).")
    return system


def _unknown(game: str) -> str:
    return f"{game!r} is not a game hon plays; it knows {join_or(game_ids())} (see hon games)."
