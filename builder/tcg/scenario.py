"""The Tactical Card Game scenario (TCG p.5-6): a board of boxes with its terrain and
markers, each side's reinforcement zone, deployment, deck, COMMAND and DIRECTIVE markers and
historical events, the number of turns, the first player and the victory conditions."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from builder.kernel.diagnostics import the_side
from builder.tcg.base import Box, Id, Name, Part, Sourced, Text
from builder.tcg.cards import EventEffect
from builder.tcg.conditions import Condition, english
from builder.tcg.terrain import Terrain

SCENARIO_FORMAT: Literal["tcg-scenario"] = "tcg-scenario"
SCENARIO_VERSION: Literal[1] = 1
FORCE_FORMAT: Literal["tcg-force"] = "tcg-force"
FORCE_VERSION: Literal[1] = 1
DRAW = "draw"
MAX_DIRECTIVES = 6  # never more than six DIRECTIVE markers in play (TCG p.5, p.13)
MIN_TURNS, MAX_TURNS = 4, 8  # TCG p.6
MAX_HQS = 2  # reinforcements by at most two HQs (TCG p.6)
MAX_COPIES = 20  # copies of one card in a deck: hon's bound on a file, not the book's
# A side's markers as the file holds them: the scenario sets both (TCG p.5) and the book
# prints no bounds; these are hon's, wide enough for any printed scenario.
COMMAND_MARKERS = (1, 6)
DIRECTIVE_MARKERS = (0, 20)


class Board(Part):
    columns: int = Field(ge=2, le=30)
    rows: int = Field(ge=2, le=30)

    def contains(self, box: Box) -> bool:
        return 0 <= box[0] < self.columns and 0 <= box[1] < self.rows


class TerrainBox(Part):
    box: Box
    terrain: Terrain


class MarkerKind(StrEnum):
    """The markers of TCG p.16 a scenario places on boxes."""

    OBJECTIVE = "objective"
    DEPOT = "depot"  # munitions depot: one DIRECTIVE marker to its controller each phase
    FORD = "ford"  # in a water box: it is flooded instead
    SHOOTING_BONUS = "shooting-bonus"  # value: added to attack rolls from the box
    DEFENCE_BONUS = "defence-bonus"  # value: the save value in the box
    BOMBARDMENT = "bombardment"  # a box targeted by a bombardment


VALUED_MARKERS = frozenset({MarkerKind.SHOOTING_BONUS, MarkerKind.DEFENCE_BONUS})


class Marker(Part):
    box: Box
    kind: MarkerKind
    id: Id | None = None  # objectives are named by id in the victory conditions
    name: Name | None = None
    value: int | None = Field(default=None, ge=1, le=6)
    victory_points: int = Field(default=0, ge=0, le=20)  # earned by its controller each turn
    # Marked with the Engineers icon: an Engineers card may remove it (TCG p.12, read by hon
    # in builder/tcg/rules/engineers.py).
    engineers: bool = False


class Placement(Part):
    """A card on the battlefield at the start: face up (visible) or face down (hidden)."""

    card: Id
    box: Box
    hidden: bool = False
    hero: Id | None = None  # a Hero Card already placed on it
    panzerfaust: bool = False  # a Panzerfaust marker on it: armour-piercing shooting (TCG p.16)
    hit_point_markers: int = Field(default=0, ge=0, le=3)  # each one an extra hit point (TCG p.16)


class DeckEntry(Part):
    card: Id
    count: int = Field(default=1, ge=1, le=MAX_COPIES)


class Force(Part):
    """A side's cards: those on the battlefield at the start, and the deck (the reserve)."""

    deployment: list[Placement] = Field(default_factory=list)
    deck: list[DeckEntry] = Field(default_factory=list)

    def deck_cards(self) -> list[str]:
        return [entry.card for entry in self.deck for _ in range(entry.count)]

    def placed(self, placement: Placement, decoy: bool = False) -> Force:
        """The force with `placement` on its box instead of what it had there; a card
        already deployed elsewhere moves (a decoy, of which a side has several, is added)."""
        kept = [p for p in self.deployment if p.box != placement.box and (decoy or p.card != placement.card)]
        return self.model_copy(update={"deployment": [*kept, placement]})


class HistoricalEvent(Part):
    """One of a scenario's historical events, chosen with a historical Event Card, once."""

    id: Id
    name: Name
    effect: EventEffect


class ScenarioEvent(Part):
    """A scenario-event marker on the turn track: what happens at the start of that turn."""

    turn: int = Field(ge=1, le=MAX_TURNS)
    side: Id
    effect: EventEffect
    text: Text = ""


class Side(Part):
    id: Id
    name: Name
    insignia: Id  # the army whose cards it plays
    command: int = Field(ge=COMMAND_MARKERS[0], le=COMMAND_MARKERS[1])  # COMMAND markers each turn (TCG p.5)
    directives: int = Field(default=0, ge=DIRECTIVE_MARKERS[0], le=DIRECTIVE_MARKERS[1])  # at the start
    reinforcement_zone: list[Box] = Field(default_factory=list)
    force: Force = Field(default_factory=Force)
    historical_events: list[HistoricalEvent] = Field(default_factory=list)
    destroyed_victory_points: int = Field(default=0, ge=0, le=10)  # earned per enemy card destroyed


class Scenario(Sourced):
    format: Literal["tcg-scenario"]
    version: Literal[1]
    game: Literal["tcg"]
    id: Id
    title: Name
    description: Text = ""
    board: Board
    terrain: list[TerrainBox] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    sides: list[Side] = Field(min_length=1, max_length=4)
    turns: int = Field(ge=1, le=20)
    first_player: Id
    victory: list[Condition] = Field(default_factory=list)
    otherwise: Id = DRAW  # who wins when nobody fulfils a condition: a side id or draw
    events: list[ScenarioEvent] = Field(default_factory=list)

    def side(self, side_id: str) -> Side | None:
        return next((side for side in self.sides if side.id == side_id), None)

    def terrain_at(self, box: Box) -> Terrain:
        return next((t.terrain for t in self.terrain if t.box == box), Terrain.OPEN)

    def objectives(self) -> list[Marker]:
        return [marker for marker in self.markers if marker.kind is MarkerKind.OBJECTIVE]

    def side_name(self, side_id: str) -> str:
        """ "the US side": a phrase that takes a singular verb, whatever the side's name."""
        found = self.side(side_id)
        return the_side(found.name) if found is not None else side_id

    def objective_name(self, objective_id: str) -> str:
        found = next((m for m in self.objectives() if m.id == objective_id), None)
        return (found.name or found.id or objective_id) if found is not None else objective_id

    def victory_text(self) -> list[str]:
        """The victory conditions in English, then what happens when none is fulfilled."""
        said = [english(c, self.side_name, self.objective_name) for c in self.victory]
        if self.otherwise == DRAW:
            said.append("Otherwise the game is a draw.")
        else:
            said.append(f"Otherwise {self.side_name(self.otherwise)} wins at the end of turn {self.turns}.")
        return [s[0].upper() + s[1:] for s in said]


class ForceFile(Part):
    """A side's force composed for a scenario (`hon validate`): its deployment and deck
    replace the scenario's for that side."""

    format: Literal["tcg-force"]
    version: Literal[1]
    game: Literal["tcg"]
    name: Name
    scenario: str = Field(min_length=1, max_length=400)  # the scenario file, relative to this one
    side: Id
    force: Force
