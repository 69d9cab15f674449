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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TypedDict

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


class RuleKind(StrEnum):
    """What a listed rule is, whatever the game."""

    ABILITY = "ability"  # a special ability of the catalogue or the cards
    MARKER = "marker"  # a marker or token
    MECHANIC = "mechanic"  # a rule of the books: a phase, a chapter, a terrain effect
    SHOOTING_EFFECT = "shooting-effect"  # the TCG's shooting effects
    TERRAIN = "terrain"  # a kind of terrain the TCG's boxes hold


@dataclass(frozen=True)
class Rule:
    """One rule of a book, with its page and whether the rules core plays it. `games` are
    the listing's games it belongs to (empty: all of them); `page` may cite several books,
    joined with "; " ("HoN core p.24; SoN p.7")."""

    id: str
    name: str
    kind: RuleKind
    page: str
    played: Played
    note: str = ""  # what is missing, or the choice made where the book is silent
    games: frozenset[str] = frozenset()

    def page_for(self, books: Sequence[str]) -> str:
        """The pages of `books` (all of them when the rule cites none of those, or no book asked)."""
        parts = [part for part in self.page.split("; ") if books and part.startswith(tuple(books))]
        return "; ".join(parts) or self.page


@dataclass(frozen=True)
class Listing:
    """What one system's rules core plays (`hon rules`): its rules keyed by id in the books'
    order, the index of the tests marked with each id (`tested.py`), and per game the books
    whose pages it cites."""

    rules: Mapping[str, Rule]
    tested: Mapping[str, tuple[str, ...]]
    books: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # game id -> book prefixes

    def of(self, game: str | None = None) -> list[Rule]:
        """The rules of `game` (all when None), in the listing's order."""
        return [rule for rule in self.rules.values() if game is None or not rule.games or game in rule.games]

    def json(self, rule: Rule, game: str) -> RuleJson:
        """A rule as `hon rules --json` prints it, citing `game`'s books."""
        return {
            "id": rule.id,
            "name": rule.name,
            "kind": rule.kind.value,
            "games": sorted(rule.games or {game}),
            "page": rule.page_for(self.books.get(game, ())),
            "played": rule.played is Played.PLAYED,
            "partial": rule.played is Played.PARTIAL,
            "note": rule.note,
            "tests": list(self.tested.get(rule.id, ())),
        }


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


def keyed(entries: Iterable[Rule], max_note: int | None = ONE_LINE) -> Mapping[str, Rule]:
    """The rules by id, in their order. An id that is not kebab-case or listed twice, a rule
    not fully played that does not say what is missing, or a note longer than `max_note` or
    of several lines (None: any length, the TCG's notes) is refused at import: a test's mark
    names exactly one rule, and a listing is read one line per rule."""
    found: dict[str, Rule] = {}
    for entry in entries:
        if not RULE_ID.fullmatch(entry.id):
            raise ValueError(f"{entry.id!r}: a rule id is kebab-case")
        if entry.id in found:
            raise ValueError(f"{entry.id}: listed twice")
        if entry.played is not Played.PLAYED and not entry.note:
            raise ValueError(f"{entry.id}: a rule not fully played says what is missing")
        if max_note is not None and ("\n" in entry.note or len(entry.note) > max_note):
            raise ValueError(f"{entry.id}: the note is one line of at most {max_note} characters")
        found[entry.id] = entry
    return MappingProxyType(found)
