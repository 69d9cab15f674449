"""The listing's vocabulary: the books each game cites, the games an entry covers and the
helpers that make entries (the sections of this package use them)."""

from __future__ import annotations

from builder.heroes.catalogue.base import Game
from builder.kernel.coverage import Played as Played
from builder.kernel.coverage import Rule as Rule
from builder.kernel.coverage import RuleKind

# The books each game's pages come from (`Rule.page_for`).
BOOKS: dict[str, tuple[str, ...]] = {Game.HON.value: ("HoN core", "BfC"), Game.SON.value: ("SoN",)}

HON = frozenset({Game.HON})
SON = frozenset({Game.SON})
BOTH = frozenset({Game.HON, Game.SON})
PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED

# The firing markers' combat values are printed on their backs only (HoN core p.28-29; BfC p.08).
GEAR_VALUES = "values are examples (printed on the marker's back)"


def ability(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Rule:
    return Rule(entry_id, name, RuleKind.ABILITY, page, played, note, games)


def marker(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Rule:
    return Rule(entry_id, name, RuleKind.MARKER, page, played, note, games)


def mechanic(entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str = "") -> Rule:
    return Rule(entry_id, name, RuleKind.MECHANIC, page, played, note, games)


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
