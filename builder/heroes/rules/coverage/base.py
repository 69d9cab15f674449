"""The listing's vocabulary: the `Coverage` entry, its kinds, the games it covers, the helpers
that make entries and the test files they name (the sections of this package use them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from builder.heroes.catalogue.base import Game
from builder.kernel.coverage import Played as Played


class Kind(StrEnum):
    ABILITY = "ability"  # a special ability of the catalogue
    MARKER = "marker"  # a marker or token of the catalogue
    MECHANIC = "mechanic"  # a rule of the books: a phase, a chapter, a terrain effect


# The books each game's pages come from (see `Coverage.page_for`).
BOOKS: dict[Game, tuple[str, ...]] = {Game.HON: ("HoN core", "BfC"), Game.SON: ("SoN",)}
MAX_NOTE = 240  # one line


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
    tests: tuple[str, ...] = field(default=())  # "tests/heroes/rules/test_combat.py::test_…"

    def __post_init__(self) -> None:
        if self.played is not Played.PLAYED and not self.note:
            raise ValueError(f"{self.id}: a rule not fully played says what is missing")
        if self.played is not Played.NOT_PLAYED and not self.tests:
            raise ValueError(f"{self.id}: a rule played (even partly) names the tests that exercise it")
        if "\n" in self.note or len(self.note) > MAX_NOTE:
            raise ValueError(f"{self.id}: the note is one line of at most {MAX_NOTE} characters")

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

    def to_json(self, game: Game | None = None) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind.value,
            "games": sorted(g.value for g in self.games),
            "page": self.page_for(game),
            "played": self.is_played,
            "partial": self.is_partial,
            "note": self.note,
            "tests": list(self.tests),
        }


HON = frozenset({Game.HON})
SON = frozenset({Game.SON})
BOTH = frozenset({Game.HON, Game.SON})
PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED

# Test files, to keep the node ids short.
_R = "tests/heroes/rules/"
ASSAULT = _R + "test_assault.py::"
AIMING = _R + "test_aiming.py::"
POSITIONS = _R + "test_defensive_positions.py::"
BATTLE_EVENTS = _R + "test_battle_events.py::"
VEHICLE_WEAPONS = _R + "test_vehicle_weapons.py::"
COMBAT = _R + "test_combat.py::"
DEPLOYMENT = _R + "test_deployment.py::"
LISTED = _R + "test_listed_rules.py::"
LOS = _R + "test_los.py::"
MOVEMENT = _R + "test_movement.py::"
ODDS = _R + "test_odds.py::"
ORDERS = _R + "test_orders.py::"
FEROCIOUS = _R + "test_ferocious.py::"
CAPTURE = _R + "test_capture.py::"
SUBSTITUTE = _R + "test_substitute.py::"
TRANSPORT = _R + "test_transport.py::"
SIMULATE = _R + "test_simulate.py::"
TURN = _R + "test_turn.py::"
FIRE = _R + "test_fire_in_play.py::"
ACTIVATED = _R + "test_opportunity_activated.py::"
ZOC = _R + "test_zoc.py::"
CARDS = _R + "test_action_cards.py::"
DAMAGE = _R + "test_damage.py::"
RETREAT = _R + "test_retreat.py::"
SURPRISE = _R + "test_surprise.py::"
COVER = _R + "test_cover.py::"
EVENTS = _R + "test_scenario_events.py::"
TRENCHES = _R + "test_trenches.py::"
TEMPLATES = _R + "test_templates.py::"
STRUCTURES = _R + "test_structures.py::"
DESTRUCTION = _R + "test_destruction.py::"
VETERAN = _R + "test_veteran.py::"
WIRE = _R + "test_barbed_wire.py::"
HOLES = _R + "test_holes.py::"
TRENCH_GRENADES = _R + "test_trench_grenades.py::"
CREW = _R + "test_crew.py::"
MINES = _R + "test_mines.py::"
AVIATION = _R + "test_aviation.py::"
WORKS = _R + "test_engineering.py::"
CONCEALED = _R + "test_concealed.py::"
SCOUTING = _R + "test_scouting.py::"
BOARD = _R + "test_board.py::"
GEAR = _R + "test_gear.py::"
GEAR_ROLLS = _R + "test_gear_rolls.py::"
# The firing markers' combat values are printed on their backs only (HoN core p.28-29; BfC p.08).
GEAR_VALUES = "values are examples (printed on the marker's back)"
SUMMARY = "tests/heroes/army/test_summary.py::"
TERROR = _R + "test_terror.py::"
SPELLS = _R + "test_spells.py::"
SEARCH = _R + "test_search.py::"
SON_ABILITIES = _R + "test_son_abilities.py::"
VARIANTS = _R + "test_assault_variants.py::"
NIGHT_FOG = _R + "test_night_fog.py::"
THREE = _R + "test_three_players.py::"
VIEWS = _R + "test_views.py::"


def ability(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.ABILITY, games, page, played, note, tests)


def marker(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.MARKER, games, page, played, note, tests)


def mechanic(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.MECHANIC, games, page, played, note, tests)


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
