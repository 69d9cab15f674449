"""What happens in a game of Heroes of Normandie, one model per kind of event: the rules
core builds them (turn.py, the actions/ modules, simulation.py), front ends choose how to show them by
their type, and `EVENT_LOG` reads a JSON event log (`hon simulate --json`) back into them.

The fields are the facts (unit keys, squares, outcomes, codes for the ways one kind is told,
each cited rule's page); front ends render the sentence from them (builder.render.
heroes_events). Their JSON is `GameEvent.to_json`'s, with the edge's sentence as "text": logs
written before still read, their "text" dropped and the facts they lack at their defaults.
The fighting events are in `combat`, Shadows over Normandie's in `mythos`;
this module names them all."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from builder.heroes.catalogue.cards import BonusKind
from builder.heroes.rules.events.combat import (
    AdvanceEvent,
    AssaultEvent,
    CrushEvent,
    DestroyedEvent,
    DestructionEvent,
    FireEvent,
    GearEvent,
    RetreatEvent,
    RubbleEvent,
    SniperEvent,
    TemplateEvent,
)
from builder.heroes.rules.events.mythos import (
    AidEvent,
    MadnessEvent,
    SearchEvent,
    SpellEvent,
    SubstituteEvent,
    TerrorEvent,
)
from builder.heroes.rules.events.phase import Phase, PhasedEvent
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.combat import FireOutcome
from builder.kernel.diagnostics import Issue
from builder.kernel.events import event_log

__all__ = [
    "EVENT_LOG",
    "AdvanceEvent",
    "AidEvent",
    "AssaultEvent",
    "BreaksEvent",
    "CardEvent",
    "CardUse",
    "ClearEvent",
    "ConcealEvent",
    "ControlEvent",
    "CrushEvent",
    "DeployEvent",
    "DestroyedEvent",
    "DestructionEvent",
    "DrawEvent",
    "EmbarkEvent",
    "EnterEvent",
    "ExitEvent",
    "FireEvent",
    "FlightEvent",
    "FlipEvent",
    "GearEvent",
    "HeroesEvent",
    "HoldEvent",
    "InitiativeEvent",
    "MadnessEvent",
    "MineEvent",
    "MoveEvent",
    "OrdersEvent",
    "Phase",
    "PhasedEvent",
    "PushWreckEvent",
    "RallyEvent",
    "RetreatEvent",
    "RevealEvent",
    "RubbleEvent",
    "ScenarioEvent",
    "SearchEvent",
    "SniperEvent",
    "SpellEvent",
    "SpotEvent",
    "SubstituteEvent",
    "SuddenDeathEvent",
    "TemplateEvent",
    "TerrorEvent",
    "TurnEvent",
    "VictoryEvent",
    "WorksEvent",
]


# --- The set-up -------------------------------------------------------------------------


class InitiativeEvent(PhasedEvent):
    """Who has the initiative on turn 1: the scenario's side (`roll` None), or the side whose
    die won the initiative rolls, `roll` its face (HoN core p.8)."""

    kind: Literal["initiative"] = "initiative"
    roll: int | None = None


class DeployEvent(PhasedEvent):
    """A side deployed; `units` are the pieces now on the battlefield, `crews` the Crew units
    riding in their vehicles (HoN core p.21, `crew_page`), `entering` those that will enter
    through the entry squares, `arriving` those a scenario event brings (the side's, all of
    them), `left` those that found no room and `problem` the deployment check's finding."""

    kind: Literal["deploy"] = "deploy"
    units: tuple[str, ...]
    crews: tuple[str, ...] = ()
    crew_page: str | None = None
    entering: tuple[str, ...] = ()
    arriving: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    problem: Issue | None = None


# --- The Order Phase --------------------------------------------------------------------


class Rotation(BaseModel):
    """The sides of a team taking its turns in rotation (SoN p.10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    team: str
    sides: tuple[str, ...]


class TurnEvent(PhasedEvent):
    """A Game Turn begins; `side` has the initiative (`page`). In a game of teams, the teams
    alternate and the sides of each take its turns in rotation (`rotations`, `teams_page`)."""

    kind: Literal["turn"] = "turn"
    page: str = ""
    rotations: tuple[Rotation, ...] = ()
    teams_page: str | None = None


class OrderDuty(StrEnum):
    """Why a unit must be given an order token every turn."""

    PERSONAL_ORDER = "personal-order"  # HoN core p.26
    HARDENED = "hardened"  # BfC p.09: one unit of the tile


class OwedToken(BaseModel):
    """A duty the placement met: `key` is the Personal Order unit's, or the Hardened tile's
    group key ("german/tiles[0]")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    duty: OrderDuty
    key: str
    page: str


class OrdersEvent(PhasedEvent):
    """The order tokens a side placed, by unit key (HoN core p.8, `page`): `tokens` numbered
    ones it took; the sources of its special tokens whose grant the books do not print
    (`unprinted`, hon's example); its hit units whose damaged side prints fewer order stars
    (`stars_lost`: key and stars, SoN p.18, `stars_page`); the duties it met (`duties`)."""

    kind: Literal["orders"] = "orders"
    numbered: tuple[str, ...]  # order 1 first
    special: tuple[str, ...]
    bluffs: tuple[str, ...]
    tokens: int = 0
    page: str = ""
    unprinted: tuple[str, ...] = ()
    stars_lost: tuple[tuple[str, int], ...] = ()
    stars_page: str | None = None
    duties: tuple[OwedToken, ...] = ()


class SuddenDeathEvent(PhasedEvent):
    """A side with no order token to place loses at once (HoN core p.8, `page`)."""

    kind: Literal["sudden-death"] = "sudden-death"
    page: str = ""


# --- The Activation and Supply Phases ---------------------------------------------------


class RevealEvent(PhasedEvent):
    """An order token turned over (HoN core p.9, `page`): the unit acts, or (`idle`) it is
    gone or activated and nothing happens. `token` is the order's number, or the special
    token played as order 0 or between two activations (`special_page`), or an autonomous
    unit's turn."""

    kind: Literal["reveal"] = "reveal"
    unit: str
    token: str = ""
    idle: bool = False
    page: str | None = None
    special_page: str | None = None


class HoldReason(StrEnum):
    """Why an activated unit does nothing: its side's choice (the first ones), what the rules
    leave it (a marker on it, its damaged tracks), a Movement Action to where it stands
    (`MOVES_NOWHERE`), or its Jury-rigged material (SoN p.17: `value` and the roll)."""

    STAYS = "stays"
    NOTHING_TO_MOVE_TOWARDS = "nothing-to-move-towards"
    NO_BETTER_SQUARE = "no-better-square"
    HOLDS_OBJECTIVE = "holds-objective"
    CANNOT_MOVE = "cannot-move"
    ENTRY_TAKEN = "entry-taken"
    RIDES = "rides"  # in its transport
    CREWS = "crews"  # its vehicle
    MINE_IN_THE_WAY = "mine-in-the-way"
    NO_NEARER_AIRPLANE = "no-nearer-airplane"
    NO_WAY_TO_TAXI = "no-way-to-taxi"
    NO_AVIATOR = "no-aviator"  # BfC p.10-11
    TRACKS_DAMAGED = "tracks-damaged"  # HoN core p.15
    PARALYZED = "paralyzed"  # a Paralyze marker, SoN p.15
    MYTHOS_BARRIER = "mythos-barrier"  # SoN p.15
    AID_MARKER = "aid-marker"  # SoN p.18
    MOVES_NOWHERE = "moves-nowhere"
    JURY_RIGGED_HOLDS = "jury-rigged-holds"
    JURY_RIGGED_BREAKS = "jury-rigged-breaks"


class HoldEvent(PhasedEvent):
    """An activated unit does nothing, and why (`why`, with the rule's page when the rules
    hold it)."""

    kind: Literal["hold"] = "hold"
    unit: str
    why: HoldReason | None = None  # None in a log written before events said it
    page: str | None = None
    value: int | None = None


class MoveStop(StrEnum):
    """Why a Movement Action ended short of its path's end, or how it ended."""

    TRACKS = "tracks"  # its tracks hit on the way (HoN core p.15)
    HULL = "hull"  # its hull hit
    WORKING_THROUGH = "working-through"  # one square through a difficult passage, then it ends (p.18)
    DIFFICULT_PASSAGE = "difficult-passage"  # stopping at one


class MoveEvent(PhasedEvent):
    """A Movement Action: the squares the unit ends on, and the path it took there; why it
    stopped (`stopped`, the rule's `page`)."""

    kind: Literal["move"] = "move"
    unit: str
    to: tuple[Square, ...]
    path: tuple[Square, ...]
    cost: int
    stopped: MoveStop | None = None
    page: str | None = None
    scout_page: str | None = None  # a Scout's move once the armies are deployed (HoN core p.26)


class Entering(StrEnum):
    """How a unit comes onto the battlefield."""

    FROM_RESERVE = "from-reserve"  # on an entry square
    BAILS_OUT = "bails-out"  # a Crew unit (or an Aviator) out of its destroyed `vehicle` (HoN core p.21)
    LIBERATED = "liberated"  # a captive, its captor (`vehicle`) destroyed (BfC p.12)


class EnterEvent(PhasedEvent):
    """A unit in reserve enters the battlefield on an entry square; or a Crew unit bails out
    of its destroyed vehicle; or a captive is liberated (`how`, the rule's `page`)."""

    kind: Literal["enter"] = "enter"
    unit: str
    to: tuple[Square, ...]
    how: Entering = Entering.FROM_RESERVE
    vehicle: str | None = None  # the destroyed vehicle or captor
    page: str | None = None


class ExitEvent(PhasedEvent):
    """A unit leaves the battlefield from its side's exit squares (`at`), with the units it
    carries (`riders`): they count as exited."""

    kind: Literal["exit"] = "exit"
    unit: str
    at: tuple[Square, ...] = ()
    riders: tuple[str, ...] = ()


class ClearEvent(PhasedEvent):
    """An Engineer removes a barbed hedgehog in its ZoC (BfC p.05, p.08: `page`): `squares` are
    the squares on either side of the line it took off the battlefield."""

    kind: Literal["clear"] = "clear"
    unit: str
    squares: tuple[Square, ...]
    page: str = ""


class MineEvent(PhasedEvent):
    """A Mine marker placed on, discarded from or set off at `square` (BfC p.09: `page`):
    placed by `card` (its rule's page `card_page`), or from the markers of an option
    (`source`, `left` of them after)."""

    kind: Literal["mine"] = "mine"
    unit: str
    square: Square
    what: Literal["placed", "cleared", "triggered"]
    page: str = ""
    card: str | None = None
    card_page: str | None = None
    source: str | None = None
    left: int | None = None


class WorksEvent(PhasedEvent):
    """A unit deploys an item on the battlefield: an Advanced Position (Military Engineering,
    BfC p.08) or a Forward Position (BfC p.09) on `squares`, or a barbed hedgehog (`page`)."""

    kind: Literal["works"] = "works"
    unit: str
    item: str
    squares: tuple[Square, ...]
    page: str = ""


class Flight(StrEnum):
    """What an airplane did (BfC p.10-11)."""

    SPEED = "speed"  # its Speed marker set (`was` before) at the beginning of its Movement Action
    WING_STRUCK = "wing-struck"  # a wing struck a building or a vehicle at `at`: destroyed
    TOOK_OFF = "took-off"  # after `speed` squares in a straight line, it leaves play


class FlightEvent(PhasedEvent):
    """An airplane's Speed marker changed at the beginning of its Movement Action (to take off:
    `taking_off`), a wing striking, or (`took_off`) the airplane taking off and leaving play
    (BfC p.10-11: `page`)."""

    kind: Literal["flight"] = "flight"
    unit: str
    speed: int | None
    took_off: bool = False
    flight: Flight | None = None  # None in a log written before events said it
    was: int | None = None
    taking_off: bool = False
    at: tuple[Square, ...] = ()
    page: str = ""


class Concealing(StrEnum):
    """When a side replaces units with Concealed markers (HoN core p.30)."""

    DEPLOYING = "deploying"
    SUPPLY_PHASE = "supply-phase"  # as it begins


class ConcealEvent(PhasedEvent):
    """A side replaces one of its infantry units with a Concealed marker (HoN core p.30: `page`)."""

    kind: Literal["conceal"] = "conceal"
    unit: str
    when: Concealing | None = None  # None in a log written before events said it
    page: str = ""


class SpotEvent(PhasedEvent):
    """A concealed unit is spotted and turned over onto its Inactive Side (HoN core p.21), or
    revealed by an Ambush Spotter activated by an order token (BfC p.08: `ambush`); `by` is
    the unit that spotted it, `at` where it stood; `marker` when a Concealed marker gave way
    to its counter (HoN core p.30). `page` is the rule's."""

    kind: Literal["spot"] = "spot"
    unit: str
    by: str
    at: tuple[Square, ...]
    marker: bool = False
    ambush: bool = False
    page: str = ""


class FlipEvent(PhasedEvent):
    """A unit turns its counter over of its own will (HoN core p.21: `page`): `state` is the
    side now up ("active" or "inactive"), `concealed` when it went into hiding so."""

    kind: Literal["flip"] = "flip"
    unit: str
    state: str
    concealed: bool = False
    page: str = ""


class PushWreckEvent(PhasedEvent):
    """A vehicle pushes a wreck one square (HoN core p.11: `page`); `to` is None when it sinks."""

    kind: Literal["push-wreck"] = "push-wreck"
    unit: str
    wreck: str
    to: tuple[Square, ...] | None = None
    page: str = ""


class Boarding(StrEnum):
    """How a unit gets into or out of a transport (HoN core p.27) or an airplane's cockpit
    (BfC p.10-11)."""

    GETS_IN = "gets-in"
    GETS_OFF = "gets-off"
    BURNING = "burning"  # out of its destroyed transport, with a Suppressed marker
    TAKES_COCKPIT = "takes-cockpit"  # an Aviator ends its movement in its airplane, turned over
    LEAVES_COCKPIT = "leaves-cockpit"  # turned to its inactive side


class EmbarkEvent(PhasedEvent):
    """An infantry unit gets into (or, `out`, off) a transport (HoN core p.27): how, and the
    rule's `page`."""

    kind: Literal["embark"] = "embark"
    unit: str
    transport: str
    out: bool = False
    to: tuple[Square, ...] | None = None
    how: Boarding | None = None  # None in a log written before events said it
    page: str = ""


class BreaksEvent(PhasedEvent):
    """A combat group reaches its breaking point, `lost` counters destroyed; its opponents
    (`scorers`, a team once: SoN p.10) score its victory points (HoN core p.15, `page`)."""

    kind: Literal["breaks"] = "breaks"
    group: str  # "german/tiles[0]"
    victory_points: int
    lost: int = 0
    scorers: tuple[str, ...] = ()
    page: str = ""


class ControlEvent(PhasedEvent):
    """A side takes control of an objective; or, at the end of the game, holds it and scores
    the victory points the scenario gives it (`scored`, HoN core p.5-6: `page`)."""

    kind: Literal["control"] = "control"
    objective: str
    scored: int | None = None
    page: str = ""


class CardUse(StrEnum):
    """Each action card is played for one of two purposes, never both (HoN core p.17)."""

    BATTLE_EVENT = "battle-event"
    ALTERNATE_BONUS = "alternate-bonus"


class PlayedFor(StrEnum):
    """What a card played did, by the card's Battle Event or the roll its Alternate Bonus
    went on (HoN core p.17)."""

    SPECIAL_ORDERS = "special-orders"  # `value` Special Order tokens this turn (HoN core p.8: `rule_page`)
    GRANT_ASSAULT = "grant-assault"  # Assault +`value` to every unit of the side this turn
    REMOVE_SUPPRESSED = "remove-suppressed"  # `value` Suppressed markers off `unit`
    BURST = "burst"  # `unit` moved and now fires, every weapon, no Fire on the Move penalty
    TAKE_INITIATIVE = "take-initiative"  # the side has the initiative this turn (`rule_page`)
    FORCED_MOVE = "forced-move"  # `unit` makes a Forced Move of up to `value` squares
    WINDOW = "window"  # `unit` goes through a window on its Movement Action
    WINDOW_ASSAULT = "window-assault"  # … on its assault
    WINDOW_EXIT = "window-exit"  # `unit`, beaten in an assault, leaves its building by a window
    THROW_BACK = "throw-back"  # the grenade thrown back at `unit`, onto interspace `at`
    DESERTION = "desertion"  # `unit` takes another Suppressed marker and deserts
    PASS_ORDER = "pass-order"  # `fallen` is removed and its order token goes to `unit`
    ASSAULT_REROLL = "assault-reroll"  # `unit`'s assault roll (in `rolls`) again, `against` the other's
    FIRE_REROLL = "fire-reroll"  # `unit`'s firing action (in `rolls`) again, `against` its Defense: `outcome`
    MOVEMENT_BONUS = "movement-bonus"  # the Alternate Bonus (`bonus`, `value`) on `unit`'s Movement Action
    FIRE_BONUS = "fire-bonus"  # … on its firing action
    ASSAULT_BONUS = "assault-bonus"  # … on its assault roll


class CardEvent(PhasedEvent):
    """An action card played (HoN core p.17): for its Battle Event, or for its Alternate
    Bonus before a roll or a Movement Action; `played_for` says what it did. `unit` is the unit it
    is played for, if any; `page` where the rule it follows is printed, `source` where the
    card is ("example" for a card the books do not print). A re-rolled roll is in `rolls`."""

    kind: Literal["card"] = "card"
    card: str  # the card's catalogue id
    use: CardUse
    unit: str | None = None
    page: str
    source: str
    played_for: PlayedFor | None = None  # None in a log written before events said it
    value: int | None = None
    bonus: BonusKind | None = None  # the Alternate Bonus's symbol
    fallen: str | None = None
    at: tuple[int, int] | None = None
    against: int | None = None
    outcome: FireOutcome | None = None  # a re-rolled firing action's
    rule_page: str | None = None


class DrawEvent(PhasedEvent):
    """A side draws action cards: its opening hand from its `deck` shuffled (none: it plays
    without), or at the end of the Supply Phase, after discarding those it wishes, up to the
    hand size the scenario gives (HoN core p.16-17, `page`); `reshuffled` when its discard
    pile became its draw pile. Card ids, which a player keeps hidden: the narration tells
    how many."""

    kind: Literal["draw"] = "draw"
    drawn: tuple[str, ...]
    discarded: tuple[str, ...] = ()
    hand: int  # cards in hand after the draw
    deck: int = 0
    reshuffled: bool = False
    page: str = ""


class RallyEvent(PhasedEvent):
    """A side takes one Suppressed marker off each of its units (HoN core p.16, `page`): off
    `units` of them."""

    kind: Literal["rally"] = "rally"
    units: int = 0
    page: str = ""


# --- The end of the turn ----------------------------------------------------------------


class VictoryEvent(PhasedEvent):
    """The game is over: the winner (a side id or "draw") and the victory points; the
    scenario's early end that held (`ended_early`, by its index) and its outcome that held
    (`outcome`, by index; None: none held, the scenario's `otherwise` wins)."""

    kind: Literal["victory"] = "victory"
    winner: str
    victory_points: dict[str, int]
    ended_early: int | None = None
    outcome: int | None = None


class Reinforced(StrEnum):
    """What a side did when a scenario event let it fill its empty slots (BfC p.14, p.16)."""

    NO_SLOT = "no-slot"  # none empty or freed
    DECLINED = "declined"
    TAKEN = "taken"  # the options `taken`


class Discarded(BaseModel):
    """An objective a scenario event discarded, and the side keeping it (BfC p.16)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    objective: str
    holder: str | None
    page: str


class ScenarioEvent(PhasedEvent):
    """One of the scenario's events (its index in the scenario, `index`), told, with what the
    engine played of it: the units it brought in (`entered`), the options a side took for
    its empty slots (`reinforced`, `taken`, BfC p.14: `page`), the objectives discarded, the
    Tactical Bonuses placed, the last turn once the END marker moved down (`ends_after`)."""

    kind: Literal["scenario-event"] = "scenario-event"
    index: int | None = None  # None in a log written before events said it
    entered: tuple[str, ...] = ()
    reinforced: Reinforced | None = None
    taken: tuple[str, ...] = ()
    page: str | None = None
    discarded: tuple[Discarded, ...] = ()
    bonuses: tuple[str, ...] = ()
    ends_after: int | None = None


HeroesEvent = (
    InitiativeEvent
    | DeployEvent
    | TurnEvent
    | OrdersEvent
    | SuddenDeathEvent
    | RevealEvent
    | HoldEvent
    | MoveEvent
    | EnterEvent
    | ClearEvent
    | MineEvent
    | WorksEvent
    | FlightEvent
    | ConcealEvent
    | ExitEvent
    | FireEvent
    | TemplateEvent
    | GearEvent
    | SniperEvent
    | AssaultEvent
    | AdvanceEvent
    | RetreatEvent
    | SpotEvent
    | FlipEvent
    | CrushEvent
    | PushWreckEvent
    | EmbarkEvent
    | DestroyedEvent
    | RubbleEvent
    | DestructionEvent
    | BreaksEvent
    | ControlEvent
    | RallyEvent
    | CardEvent
    | DrawEvent
    | VictoryEvent
    | ScenarioEvent
    | TerrorEvent
    | MadnessEvent
    | SpellEvent
    | AidEvent
    | SubstituteEvent
    | SearchEvent
)

# Reads the "events" of `hon simulate --json` back: each by its "kind".
EVENT_LOG: TypeAdapter[list[HeroesEvent]] = event_log(HeroesEvent)
