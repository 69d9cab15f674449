"""Whether a rules core plays a rule of its book (`hon rules`): the vocabulary every game
system's listing shares (builder.heroes.rules.coverage, builder.tcg.rules.coverage,
builder.memoir.rules.coverage).

A listing is data keyed by rule id. The tests that exercise a rule say so themselves with
`@pytest.mark.rule("rule-id", ...)`; each system keeps the index of those marks that
`hon rules --json` prints in a generated module beside its listing (`tested.py`), and
tests/fixtures/rule_marks.py checks that every played rule has a test, that every mark names
a listed rule and that the index is the marks' own."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Protocol, TypedDict, TypeVar

# "opportunity-fire", "son-elder-sign": what a `rule` mark names.
RULE_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
ONE_LINE = 240  # the longest note of a listing that keeps one line per rule


class Played(StrEnum):
    PLAYED = "played"
    PARTIAL = "partial"
    NOT_PLAYED = "not-played"

    @property
    def label(self) -> str:
        return {"played": "played", "partial": "partly played", "not-played": "not played"}[self.value]


class Listed(Protocol):
    """What every listing's entry has: its rule id, name, whether it is played and the note."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def played(self) -> Played: ...

    @property
    def note(self) -> str: ...


Entry = TypeVar("Entry", bound=Listed)


class RuleJson(TypedDict):
    """One entry of `hon rules --json`, whatever the game."""

    id: str
    name: str
    kind: str  # "ability", "marker", "mechanic", "shooting-effect", "terrain"
    games: list[str]
    page: str  # that game's pages
    played: bool  # true only when all of it is played
    partial: bool  # part of it is played (played is then false)
    note: str
    tests: list[str]  # the tests marked with its id


def keyed(entries: Iterable[Entry]) -> Mapping[str, Entry]:
    """The entries by rule id, in their order. An id that is not kebab-case, or listed twice,
    is refused at import: a test's mark names exactly one rule."""
    found: dict[str, Entry] = {}
    for entry in entries:
        if not RULE_ID.fullmatch(entry.id):
            raise ValueError(f"{entry.id!r}: a rule id is kebab-case")
        if entry.id in found:
            raise ValueError(f"{entry.id}: listed twice")
        found[entry.id] = entry
    return MappingProxyType(found)


def check_note(entry: Listed, max_note: int | None = ONE_LINE) -> None:
    """Refuse an entry not fully played that does not say what is missing, or a note longer
    than `max_note` or of several lines (None: any length, the TCG's notes)."""
    if entry.played is not Played.PLAYED and not entry.note:
        raise ValueError(f"{entry.id}: a rule not fully played says what is missing")
    if max_note is not None and ("\n" in entry.note or len(entry.note) > max_note):
        raise ValueError(f"{entry.id}: the note is one line of at most {max_note} characters")


def entry_json(
    entry: Listed, kind: str, games: list[str], page: str, tested: Mapping[str, tuple[str, ...]]
) -> RuleJson:
    """An entry as `hon rules --json` prints it; `tested` is its system's index of marks."""
    return {
        "id": entry.id,
        "name": entry.name,
        "kind": kind,
        "games": games,
        "page": page,
        "played": entry.played is Played.PLAYED,
        "partial": entry.played is Played.PARTIAL,
        "note": entry.note,
        "tests": list(tested.get(entry.id, ())),
    }
