"""The listing's vocabulary: the `Coverage` entry, its kinds, the games it covers and the
helpers that make entries (the sections of this package use them)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from builder.heroes.catalogue.base import Game
from builder.heroes.rules.coverage.tested import TESTED
from builder.kernel.coverage import Played as Played
from builder.kernel.coverage import RuleJson, check_note, entry_json


class Kind(StrEnum):
    ABILITY = "ability"  # a special ability of the catalogue
    MARKER = "marker"  # a marker or token of the catalogue
    MECHANIC = "mechanic"  # a rule of the books: a phase, a chapter, a terrain effect


# The books each game's pages come from (see `Coverage.page_for`).
BOOKS: dict[Game, tuple[str, ...]] = {Game.HON: ("HoN core", "BfC"), Game.SON: ("SoN",)}


@dataclass(frozen=True)
class Coverage:
    """One special ability, marker effect or mechanic and whether the rules core plays it."""

    id: str
    name: str
    kind: Kind
    games: frozenset[Game]  # Game.HON, Game.SON or both
    page: str  # "HoN core p.24", several joined with "; "
    played: Played
    note: str = ""  # one line: what is missing, or the choice made where the book is silent

    def __post_init__(self) -> None:
        check_note(self)

    @property
    def is_played(self) -> bool:
        return self.played is Played.PLAYED

    @property
    def is_partial(self) -> bool:
        return self.played is Played.PARTIAL

    def page_for(self, game: Game | None = None) -> str:
        """The pages of `game`'s books (all of them when the entry cites none of those)."""
        if game is None or game not in BOOKS:
            return self.page
        parts = [part for part in self.page.split("; ") if part.startswith(BOOKS[game])]
        return "; ".join(parts) or self.page

    def summary(self, game: Game | None = None) -> str:
        """One line: "played (HoN core p.24)", "partly played (…): note", "not played: note"."""
        if self.played is Played.NOT_PLAYED:
            return f"not played: {self.note}"
        said = f"{self.played.label} ({self.page_for(game)})"
        return f"{said}: {self.note}" if self.note else said

    def to_json(self, game: Game | None = None) -> RuleJson:
        games = sorted(g.value for g in self.games)
        return entry_json(self, self.kind.value, games, self.page_for(game), TESTED)


HON = frozenset({Game.HON})
SON = frozenset({Game.SON})
BOTH = frozenset({Game.HON, Game.SON})
PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED

# The firing markers' combat values are printed on their backs only (HoN core p.28-29; BfC p.08).
GEAR_VALUES = "values are examples (printed on the marker's back)"


def ability(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Coverage:
    return Coverage(entry_id, name, Kind.ABILITY, games, page, played, note)


def marker(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Coverage:
    return Coverage(entry_id, name, Kind.MARKER, games, page, played, note)


def mechanic(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Coverage:
    return Coverage(entry_id, name, Kind.MECHANIC, games, page, played, note)


NO_MARKERS = "the markers are carried and counted on their option, but no game spends one"
NO_TEMPLATES = "explosion templates are not played"
NO_FLAME_VALUES = "no unit of the catalogue carries the flame template's combat values, so no game uses it"

SPECIAL_TOKENS = (
    "order 0 (the initiative player's first, then the opponent's #1) or held and played before any later token, "
    "the policy's choice (at once when an enemy is within its move and one); hon: one played later keeps the "
    "alternation"
)
DIFFICULT_PASSAGE = (
    "entering one ends the move; working one's way through (inside, or out of it) advances one square; a counter "
    "of several squares is judged by its leading end"
)
