"""The scenario file (DESIGN.md 3.3): the map, who deploys where, what must be taken, how
many turns, who wins, what arrives and when, and how a campaign goes on."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from builder.heroes.catalogue.base import Game, Id, Name, Text
from builder.heroes.catalogue.terrain import Area, Coordinate, Edge, Element, Line
from builder.heroes.scenario.changes import Change
from builder.heroes.scenario.conditions import Condition, Namer
from builder.kernel.diagnostics import the_side

SCENARIO_FORMAT: Literal["hon-scenario"] = "hon-scenario"
SCENARIO_VERSION: Literal[1] = 1
RANDOM = "random"
DRAW = "draw"

Square = tuple[Coordinate, Coordinate]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardPlacement(_Part):
    """A terrain board placed with its top-left square at `at`, turned clockwise."""

    board: Id
    at: Square = (0, 0)
    rotation: Literal[0, 90, 180, 270] = 0


class MapLayout(_Part):
    boards: list[BoardPlacement] = Field(min_length=1)
    # Terrain tiles laid over the boards; they cover what is printed beneath them.
    overlays: list[Element] = Field(default_factory=list)
    no_passage: list[Edge] = Field(default_factory=list)
    lines: list[Line] = Field(default_factory=list)


class ScenarioSide(_Part):
    id: Id
    name: Name
    faction: Id
    # Players with the same team play together against the others: "opposing teams of one
    # player against two players" (SoN p.10). None: the side plays alone.
    team: Id | None = None


class ZoneKind(StrEnum):
    DEPLOYMENT = "deployment"
    ENTRY = "entry"  # squares marked with an arrow: units enter the battlefield there
    EXIT = "exit"  # squares a side's units leave the battlefield from, off its `edge`


class Zone(_Part):
    id: Id
    side: Id
    kind: ZoneKind
    area: Area
    # For entry squares: the map edge the arrows come in from.
    edge: Literal["north", "east", "south", "west"] | None = None
    note: Text = ""


class ObjectiveKind(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    BONUS = "bonus"


class Objective(_Part):
    id: Id
    name: Name
    kind: ObjectiveKind
    owner: Id | None = None  # a side id; None is neutral
    at: Square | None = None
    element: Id | None = None  # a terrain element (a building…) by its id
    # The side that controls it when the game starts (a campaign's "objectives held"); None:
    # it starts neutral (BfC p.12).
    held: Id | None = None
    # Victory points its controller scores at the end of the game, where the scenario says so
    # (HoN core p.5-6: the free battle's objectives; its value is the scenario's).
    victory_points: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _one_place(self) -> Objective:
        if (self.at is None) == (self.element is None):
            raise ValueError("an objective is either on a square (at) or a terrain element (element)")
        return self


class TacticalBonus(_Part):
    id: Id
    at: Square
    note: Text = ""


class Turns(_Part):
    count: int = Field(ge=1, le=30)
    # "The game lasts at least N turns": an END marker may move the end further (BfC p.16).
    at_least: bool = False


class DeploymentStep(_Part):
    """One step of the set-up, in order: who deploys, where, and what."""

    side: Id
    zone: Id | None = None  # None: the side enters later through its entry squares
    units: list[Id] = Field(default_factory=list)  # only these units (a delayed Flak 36)
    note: Text = ""


class Setup(_Part):
    initiative: Id  # a side id, or "random"
    action_cards: dict[Id, int] = Field(default_factory=dict)
    turns: Turns
    deployment: list[DeploymentStep] = Field(default_factory=list)
    night: bool = False
    fog: bool = False
    # Victory points a side starts the game with, carried over from a campaign's last game.
    victory_points: dict[Id, int] = Field(default_factory=dict)


class Force(_Part):
    side: Id
    points: int = Field(ge=1, le=10000)
    label: Name | None = None  # "43rd Infantry Division"
    # An army list file, relative to the scenario file, fielded as it is.
    army: str | None = None
    # What a campaign's last result changed in the force (changes.ChangeUnits): units fielded
    # beside the army list, one counter each, and units of the list left out, one counter each.
    extra: list[Id] = Field(default_factory=list, max_length=100)
    removed: list[Id] = Field(default_factory=list, max_length=100)


class Phase(StrEnum):
    ORDER = "order"
    ACTIVATION = "activation"
    SUPPLY = "supply"


class Event(_Part):
    """A reinforcement or event: on a turn (or every turn), at a phase, for a side, where."""

    turn: int | None = Field(default=None, ge=1, le=30)  # None: every turn
    phase: Phase
    moment: Literal["start", "end"] = "start"
    side: Id | None = None
    zone: Id | None = None
    units: list[Id] = Field(default_factory=list)
    # Happens each time this holds, instead of on a turn ("each time the Commonwealth
    # player controls a secondary objective", BfC p.16).
    trigger: Condition | None = None
    what: Text
    # What the event does to the game, played by the turn engine (the `what` text tells it
    # to the players). `units` above enter play through `zone` when the event happens: they
    # are not deployed at the set-up and wait off the battlefield until then (BfC p.14).
    # The side may fill the empty slots of its recruitment tiles with options, after
    # discarding its option tiles at their breaking point or spent (BfC p.14, p.16): a
    # choice left to the player, made by the policy.
    options: bool = False
    # With a trigger: it happens the first time only (BfC p.16: the Secondary Objective
    # controlled is discarded, so it cannot be taken again).
    once: bool = False
    # Move the END marker down this many spaces: the game lasts that many more turns (BfC p.16).
    end_marker: int = Field(default=0, ge=0, le=30)
    # Objectives discarded when it happens (BfC p.16: "Discard the Secondary Objective"): no
    # unit takes one any more, and whoever controlled it keeps it for the victory conditions.
    discard: list[Id] = Field(default_factory=list)
    # Tactical bonuses (by id) placed when it happens (BfC p.14, p.16): off the battlefield until then.
    bonuses: list[Id] = Field(default_factory=list)

    def effects(self, name: Namer | None = None) -> str:
        """What the event does, in English ("" when it only tells the players something)."""
        said: list[str] = []
        unit = (lambda ident: name("unit", ident)) if name is not None else (lambda ident: ident)
        where = f" through {self.zone}" if self.zone else ""
        if self.units:
            said.append(f"{', '.join(unit(u) for u in self.units)} enter play{where}")
        if self.options:
            who = f"{name('side', self.side) if name is not None else self.side}" if self.side else "the side"
            said.append(
                f"{who} may discard its option tiles at their breaking point or spent and fill the empty slots "
                f"of its recruitment tiles with options, entering play{where}"
            )
        if self.discard:
            said.append(f"{', '.join(self.discard)} {'is' if len(self.discard) == 1 else 'are'} discarded")
        if self.bonuses:
            said.append(f"the Tactical Bonuses {', '.join(self.bonuses)} are placed")
        if self.once:
            said.append("it happens once only")
        if self.end_marker:
            turns = "turn" if self.end_marker == 1 else "turns"
            said.append(
                f"the END marker moves down {self.end_marker} spaces (the game lasts {self.end_marker} more {turns})"
            )
        return "; ".join(said)


class Outcome(_Part):
    """A result of the game, checked in order at the end: the first that holds wins."""

    winner: Id  # a side id, or "draw"
    label: Name  # "Minor German victory"
    condition: Condition


class GameEnd(_Part):
    """The game ends at the end of the last turn, or sooner when an `early` condition holds
    at the end of a supply phase (BfC p.18: "or at the end of any Supply Phase if either
    player has completed his objective")."""

    early: list[Condition] = Field(default_factory=list)


class Victory(_Part):
    outcomes: list[Outcome] = Field(min_length=1)
    otherwise: Id = DRAW  # the result when no outcome holds
    end: GameEnd = Field(default_factory=GameEnd)


class CampaignOutcome(_Part):
    """What one result of this scenario changes in the next one: `changes` as data (their
    English is generated from them), `effect` any words the data does not say."""

    result: Id  # the winning side id, or "draw"
    changes: list[Change] = Field(default_factory=list)
    effect: Text = ""
    # Where the book prints what this result does ("BfC p.13"), or `example`.
    source: str = "example"


class Campaign(_Part):
    name: Name
    part: int = Field(ge=1)
    of: int = Field(ge=1)
    previous: Id | None = None
    next: Id | None = None
    outcomes: list[CampaignOutcome] = Field(default_factory=list)


class SpecialRule(_Part):
    title: Name
    text: Text


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hon-scenario"] = SCENARIO_FORMAT
    version: Literal[1] = SCENARIO_VERSION
    id: Id
    title: Name
    game: Game
    front: Name = ""
    operation: Name = ""
    place: Name = ""
    date: Name = ""
    armies: Name = ""
    players: int = Field(default=2, ge=2, le=4)
    story: Text = ""
    source: str = "example"
    # Why the map looks as it does (the book's maps are pictures lost from the text).
    map_note: Text = ""
    sides: list[ScenarioSide] = Field(min_length=2)
    map: MapLayout
    zones: list[Zone] = Field(default_factory=list)
    objectives: list[Objective] = Field(default_factory=list)
    tactical_bonuses: list[TacticalBonus] = Field(default_factory=list)
    # Search tokens on the battlefield (SoN p.11): a unit on or next to one may search.
    search_tokens: list[Square] = Field(default_factory=list)
    setup: Setup
    forces: list[Force] = Field(default_factory=list)
    victory: Victory
    events: list[Event] = Field(default_factory=list)
    special_rules: list[SpecialRule] = Field(default_factory=list)
    campaign: Campaign | None = None

    def side(self, side_id: str) -> ScenarioSide | None:
        return next((s for s in self.sides if s.id == side_id), None)

    @property
    def teams(self) -> list[str]:
        """The teams the sides declare (SoN p.10), in order; none in a game of lone sides."""
        return list(dict.fromkeys(s.team for s in self.sides if s.team is not None))

    def team_of(self, side_id: str) -> str:
        """The team a side plays in (SoN p.10): its `team`, or the side itself when it plays
        alone; any other id (a team's own) is its own team."""
        side = self.side(side_id)
        return side.team if side is not None and side.team is not None else side_id

    def zone(self, zone_id: str) -> Zone | None:
        return next((z for z in self.zones if z.id == zone_id), None)

    def objective(self, objective_id: str) -> Objective | None:
        return next((o for o in self.objectives if o.id == objective_id), None)

    def force(self, side_id: str) -> Force | None:
        return next((f for f in self.forces if f.side == side_id), None)

    def namer(self, unit_name: Callable[[str], str] | None = None) -> Namer:
        """Names for `describe`: sides ("the Allies side", which takes a singular verb
        whatever the name) and objectives by their names here, units by `unit_name` (a
        catalogue's) or their id; an unknown id is its own name."""

        def name(kind: str, ident: str) -> str:
            if kind == "side":
                side = self.side(ident)
                members = [s.name for s in self.sides if s.team == ident]
                if side is None and members:  # a team (SoN p.10), by its players
                    return f"the team of {' and '.join(members)}"
                return the_side(side.name) if side else ident
            if kind == "objective":
                objective = self.objective(ident)
                return objective.name if objective else ident
            return unit_name(ident) if unit_name is not None else ident

        return name
