"""What a game system is to the rest of hon (DESIGN.md 2): the `game` ids its files carry,
the file formats (and foreign file extensions) it reads and what it supports. Front ends
never assume a system: they ask the registry (builder.services.systems) which system a file
belongs to and whether it supports what the player asked for, and say so in one line when
it does not."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from builder.kernel.coverage import Listing


class Capability(StrEnum):
    """What a front end may ask of a system; each is one command of `hon` and a screen."""

    FORCE_CHECK = "force-check"  # hon validate: an army list or force judged legal or not
    SCENARIO_CHECK = "scenario-check"  # hon scenario check
    DEPLOY = "deploy"  # hon deploy: a deployment dry-run
    SIMULATE = "simulate"  # hon simulate: whole games played by a policy
    BALANCE = "balance"  # hon balance: a scenario played many times, each side's chance of winning
    ODDS = "odds"  # hon odds: exact probabilities of a roll
    ROSTER = "roster"  # hon roster: a printable army list
    SHEET = "sheet"  # hon scenario sheet: a printable scenario
    RULES = "rules"  # hon rules: every mechanic with its page and whether it is played
    CAMPAIGN = "campaign"  # hon campaign: scenarios played one after another, results carried over
    SEARCH = "search"  # hon simulate --policy search: a search agent plays

    @property
    def command(self) -> str:
        """The command of `hon` that asks for it."""
        return _COMMANDS[self]


_COMMANDS = {
    Capability.FORCE_CHECK: "hon validate",
    Capability.SCENARIO_CHECK: "hon scenario check",
    Capability.DEPLOY: "hon deploy",
    Capability.SIMULATE: "hon simulate",
    Capability.BALANCE: "hon balance",
    Capability.ODDS: "hon odds",
    Capability.ROSTER: "hon roster",
    Capability.SHEET: "hon scenario sheet",
    Capability.RULES: "hon rules",
    Capability.CAMPAIGN: "hon campaign",
    Capability.SEARCH: "hon simulate --policy search",
}


@dataclass(frozen=True)
class GameId:
    """One `game:` value a file may carry, and the book's title for it."""

    id: str
    title: str


class GameSystem(Protocol):
    """A game system: its own package of catalogue, forces, scenarios and rules core."""

    @property
    def id(self) -> str:
        """The system's id (`heroes`, `tcg`, `memoir`)."""
        ...

    @property
    def name(self) -> str:
        """Its name as a player knows it."""
        ...

    @property
    def games(self) -> tuple[GameId, ...]:
        """The `game:` ids its files carry, in the order they are shown."""
        ...

    @property
    def formats(self) -> tuple[str, ...]:
        """The `format:` tags of the files it reads."""
        ...

    @property
    def extensions(self) -> tuple[str, ...]:
        """File extensions that say a file is this system's without a `game:` or `format:`
        in it (the official hex-game editor's `.m44` JSON)."""
        ...

    @property
    def capabilities(self) -> frozenset[Capability]:
        """What it supports today."""
        ...

    def supports(self, capability: Capability) -> bool: ...

    def listing(self) -> Listing:
        """What its rules core plays (`hon rules`), imported when asked."""
        ...


class Unsupported(Exception):
    """A game hon does not play, or a system that cannot do what was asked: `str()` is one
    sentence naming the file (or option) and what is wrong."""

    def __init__(self, where: str | Path, message: str):
        super().__init__(f"{where}: {message}")
