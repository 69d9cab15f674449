"""What happens in a game of Heroes of Normandie, one model per kind of event: the rules
core builds them (turn.py, actions.py, simulation.py), front ends choose how to show them by
their type, and `EVENT_LOG` reads a JSON event log (`hon simulate --json`) back into them.

The fields are what front ends need to draw an event (unit keys, squares, outcomes); the
sentence and the rolls say the rest. Their JSON is `GameEvent.to_json`'s, unchanged since
events were one class with a data dictionary, so that logs written before still read."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from builder.heroes.rules.assault import AssaultOutcome, AssaultResult, AttackerMove, DefenderMove
from builder.heroes.rules.combat import FireOutcome, name
from builder.heroes.rules.damage import Effect
from builder.heroes.rules.firing_resolution import FireResult
from builder.heroes.rules.pieces import Square
from builder.kernel.events import GameEvent


class Phase(StrEnum):
    """When an event happens: the set-up, then each Game Turn's Order, Activation and Supply
    Phases (HoN core p.8-9, p.16)."""

    SETUP = "setup"
    ORDER = "order"
    ACTIVATION = "activation"
    SUPPLY = "supply"


class _HeroesEvent(GameEvent):
    phase: Phase


# --- The set-up -------------------------------------------------------------------------


class InitiativeEvent(_HeroesEvent):
    """Who has the initiative on turn 1: the scenario's side, or the initiative rolls."""

    kind: Literal["initiative"] = "initiative"


class DeployEvent(_HeroesEvent):
    """A side deployed; `units` are the pieces now on the battlefield."""

    kind: Literal["deploy"] = "deploy"
    units: tuple[str, ...]


# --- The Order Phase --------------------------------------------------------------------


class TurnEvent(_HeroesEvent):
    """A Game Turn begins."""

    kind: Literal["turn"] = "turn"


class OrdersEvent(_HeroesEvent):
    """The order tokens a side placed, by unit key (HoN core p.8)."""

    kind: Literal["orders"] = "orders"
    numbered: tuple[str, ...]  # order 1 first
    special: tuple[str, ...]
    bluffs: tuple[str, ...]


class SuddenDeathEvent(_HeroesEvent):
    """A side with no order token to place loses at once (HoN core p.8)."""

    kind: Literal["sudden-death"] = "sudden-death"


# --- The Activation and Supply Phases ---------------------------------------------------


class RevealEvent(_HeroesEvent):
    """An order token turned over (HoN core p.9): the unit acts, or nothing happens."""

    kind: Literal["reveal"] = "reveal"
    unit: str


class HoldEvent(_HeroesEvent):
    """An activated unit does nothing."""

    kind: Literal["hold"] = "hold"
    unit: str


class MoveEvent(_HeroesEvent):
    """A Movement Action: the squares the unit ends on, and the path it took there."""

    kind: Literal["move"] = "move"
    unit: str
    to: tuple[Square, ...]
    path: tuple[Square, ...]
    cost: int


class EnterEvent(_HeroesEvent):
    """A unit in reserve enters the battlefield on an entry square."""

    kind: Literal["enter"] = "enter"
    unit: str
    to: tuple[Square, ...]


class ExitEvent(_HeroesEvent):
    """A unit leaves the battlefield from its side's exit squares: it counts as exited."""

    kind: Literal["exit"] = "exit"
    unit: str


class ClearEvent(_HeroesEvent):
    """An Engineer removes a barbed hedgehog in its ZoC (BfC p.05, p.08): `squares` are the
    squares on either side of the line it took off the battlefield."""

    kind: Literal["clear"] = "clear"
    unit: str
    squares: tuple[Square, ...]


class MineEvent(_HeroesEvent):
    """A Mine marker placed on, discarded from or set off at `square` (BfC p.09)."""

    kind: Literal["mine"] = "mine"
    unit: str
    square: Square
    what: Literal["placed", "cleared", "triggered"]


class WorksEvent(_HeroesEvent):
    """A unit deploys an item on the battlefield: an Advanced Position (Military Engineering,
    BfC p.08) or a Forward Position (BfC p.09) on `squares`."""

    kind: Literal["works"] = "works"
    unit: str
    item: str
    squares: tuple[Square, ...]


class FlightEvent(_HeroesEvent):
    """An airplane's Speed marker changed at the beginning of its Movement Action, or (`took_off`)
    the airplane taking off and leaving play (BfC p.10-11)."""

    kind: Literal["flight"] = "flight"
    unit: str
    speed: int | None
    took_off: bool = False


class ConcealEvent(_HeroesEvent):
    """A side replaces one of its infantry units with a Concealed marker (HoN core p.30)."""

    kind: Literal["conceal"] = "conceal"
    unit: str


class FireEvent(_HeroesEvent):
    """A Firing Action, its rolls and what became of the target."""

    kind: Literal["fire"] = "fire"
    target: str
    outcome: FireOutcome
    effect: Effect
    suppressed: int  # Suppressed markers the target received
    defense: int  # what the roll had to reach
    firer: str | None = None  # None for an alternate firing action (HoN core p.14)

    @classmethod
    def of(cls, result: FireResult, turn: int, phase: Phase, side: str | None = None) -> FireEvent:
        """The event that tells a resolved Firing Action."""
        shot = result.shot
        who = name(shot.firer) if shot.firer is not None else "An alternate firing action"
        what = {FireOutcome.MISS: "a miss", FireOutcome.HIT: "a hit", FireOutcome.DOUBLE_HIT: "a double hit"}.get(
            result.outcome, f"{result.suppressed} Suppressed marker(s)"
        )
        text = f"{who} fires at {name(shot.target)}: {result.roll.total} against {result.aim.defense}, {what}"
        if result.damage is not None:
            text += f", damage to the {result.damage.location.value}"
        if result.effect not in (Effect.NONE, Effect.SUPPRESSED):
            text += f"; {name(shot.target)} is {result.effect.value}"
        if result.destruction is not None:
            text += f"; {result.destruction.points} destruction point(s) on the structure"
            text += f" ({result.destruction.structure_points} of {shot.structure})"
        return cls(
            turn=turn,
            phase=phase,
            side=side,
            text=text + ".",
            rolls=result.rolls,
            target=shot.target.key,
            outcome=result.outcome,
            effect=result.effect,
            suppressed=result.suppressed,
            defense=result.aim.defense,
            firer=shot.firer.key if shot.firer is not None else None,
        )


class AssaultEvent(_HeroesEvent):
    """An assault, both rolls, and what became of each side (HoN core p.25-26)."""

    kind: Literal["assault"] = "assault"
    attacker: str
    defender: str
    outcome: AssaultOutcome  # from the attacker's side
    attacker_effect: Effect
    defender_effect: Effect
    attacker_moves: AttackerMove
    defender_moves: DefenderMove

    @classmethod
    def of(cls, result: AssaultResult, turn: int, phase: Phase, side: str | None = None) -> AssaultEvent:
        """The event that tells a resolved assault."""
        attacker, defender = name(result.assault.attacker), name(result.assault.defender)
        if result.attack is None or result.defence is None:
            text = f"{attacker} assaults {defender}, who cannot fight back"
        else:
            text = f"{attacker} assaults {defender}: {result.attack.total} against {result.defence.total}"
        text += {
            AssaultOutcome.WIN: ", the attacker wins",
            AssaultOutcome.TIE: ", a tie",
            AssaultOutcome.LOSS: ", the defender wins",
        }[result.outcome]
        return cls(
            turn=turn,
            phase=phase,
            side=side,
            text=text + ".",
            rolls=result.rolls,
            attacker=result.assault.attacker.key,
            defender=result.assault.defender.key,
            outcome=result.outcome,
            attacker_effect=result.attacker_effect,
            defender_effect=result.defender_effect,
            attacker_moves=result.attacker_moves,
            defender_moves=result.defender_moves,
        )


class AdvanceEvent(_HeroesEvent):
    """The winner of an assault takes the ground (HoN core p.26)."""

    kind: Literal["advance"] = "advance"
    unit: str
    to: tuple[Square, ...]


class RetreatEvent(_HeroesEvent):
    """The loser of an assault retreats or is pushed aside (HoN core p.26); with nowhere to
    go, `to` is None and the unit is destroyed."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    to: tuple[Square, ...] | None = None


class SpotEvent(_HeroesEvent):
    """A concealed unit is spotted and turned over onto its Inactive Side (HoN core p.21), or
    revealed by an Ambush Spotter activated by an order token (BfC p.08); `by` is the unit
    that spotted it, `at` where it stood."""

    kind: Literal["spot"] = "spot"
    unit: str
    by: str
    at: tuple[Square, ...]


class FlipEvent(_HeroesEvent):
    """A unit turns its counter over of its own will (HoN core p.21): `state` is the side
    now up ("active" or "inactive")."""

    kind: Literal["flip"] = "flip"
    unit: str
    state: str


class CrushEvent(_HeroesEvent):
    """A heavy vehicle drives over a wreck and deals it destruction points (HoN core p.10);
    `removed` when they reach its structure value."""

    kind: Literal["crush"] = "crush"
    unit: str
    wreck: str
    points: int
    removed: bool


class PushWreckEvent(_HeroesEvent):
    """A vehicle pushes a wreck one square (HoN core p.11); `to` is None when it sinks."""

    kind: Literal["push-wreck"] = "push-wreck"
    unit: str
    wreck: str
    to: tuple[Square, ...] | None = None


class EmbarkEvent(_HeroesEvent):
    """An infantry unit gets into (or, `out`, off) a transport (HoN core p.27)."""

    kind: Literal["embark"] = "embark"
    unit: str
    transport: str
    out: bool = False
    to: tuple[Square, ...] | None = None


class DestroyedEvent(_HeroesEvent):
    """A unit destroyed or wrecked (HoN core p.15)."""

    kind: Literal["destroyed"] = "destroyed"
    unit: str


class TemplateEvent(_HeroesEvent):
    """A template laid (HoN core p.22-23, p.29): where it was aimed, where it landed after any
    scattering and the squares it covers; a FireEvent follows for each unit under it."""

    kind: Literal["template"] = "template"
    firer: str
    template: str  # "howitzer", "indirect-fire", "grenade", "flamethrower"
    at: tuple[int, int]  # the interspace aimed at
    lands: tuple[int, int]  # where the template was put
    squares: tuple[Square, ...]


class GearEvent(_HeroesEvent):
    """A gear marker spent (HoN core p.28; BfC p.08-09): which, by which unit, how many are
    left on its option; what it did follows (a FireEvent, a TemplateEvent, a re-roll…)."""

    kind: Literal["gear"] = "gear"
    marker: str  # "panzerfaust", "veteran", "life-point"…
    unit: str | None = None  # the unit that used it
    spent: int = 1
    left: int = 0  # markers of the kind left on the option


class SniperEvent(_HeroesEvent):
    """A Sniper's Alternate Firing Action read on its table (HoN core p.24)."""

    kind: Literal["sniper"] = "sniper"
    firer: str
    target: str
    outcome: str  # "no effect", "suppressed", "hit", "hit and suppressed"
    effect: Effect


class RubbleEvent(_HeroesEvent):
    """A structure destroyed: a building turned over to its rubble side (HoN core p.22)."""

    kind: Literal["rubble"] = "rubble"
    element: str  # the terrain element's key on the battlefield
    squares: tuple[Square, ...]


class DestructionEvent(_HeroesEvent):
    """Destruction dice rolled at a structure (HoN core p.22; SoN p.17): a building or a
    wreck fired at, assaulted in or under a template; `destroyed` when its points reach its
    value (a RubbleEvent follows for a building; a wreck is removed)."""

    kind: Literal["destruction"] = "destruction"
    unit: str
    structure: str  # a terrain element's key or a wreck's
    points: int
    total: int
    destroyed: bool


class BreaksEvent(_HeroesEvent):
    """A combat group reaches its breaking point; its opponents score (HoN core p.15)."""

    kind: Literal["breaks"] = "breaks"
    group: str  # "german/tiles[0]"
    victory_points: int


class ControlEvent(_HeroesEvent):
    """A side takes control of an objective."""

    kind: Literal["control"] = "control"
    objective: str


class CardUse(StrEnum):
    """Each action card is played for one of two purposes, never both (HoN core p.17)."""

    BATTLE_EVENT = "battle-event"
    ALTERNATE_BONUS = "alternate-bonus"


class CardEvent(_HeroesEvent):
    """An action card played (HoN core p.17): for its Battle Event, or for its Alternate
    Bonus before a roll or a Movement Action. `unit` is the unit it is played for, if any;
    `page` where the rule it follows is printed, `source` where the card is ("example" for
    a card the books do not print). A re-rolled roll is in `rolls`."""

    kind: Literal["card"] = "card"
    card: str  # the card's catalogue id
    use: CardUse
    unit: str | None = None
    page: str
    source: str


class DrawEvent(_HeroesEvent):
    """A side draws action cards: its opening hand, or at the end of the Supply Phase, after
    discarding those it wishes, up to the hand size the scenario gives (HoN core p.16-17).
    Card ids, which a player keeps hidden: the narration tells how many."""

    kind: Literal["draw"] = "draw"
    drawn: tuple[str, ...]
    discarded: tuple[str, ...] = ()
    hand: int  # cards in hand after the draw


class RallyEvent(_HeroesEvent):
    """A side takes one Suppressed marker off each of its units (HoN core p.16)."""

    kind: Literal["rally"] = "rally"


# --- The end of the turn ----------------------------------------------------------------


class VictoryEvent(_HeroesEvent):
    """The game is over: the winner (a side id or "draw") and the victory points."""

    kind: Literal["victory"] = "victory"
    winner: str
    victory_points: dict[str, int]


class ScenarioEvent(_HeroesEvent):
    """One of the scenario's events, told, with what the engine played of it (builder.heroes.rules.turn)."""

    kind: Literal["scenario-event"] = "scenario-event"


# --- Shadows over Normandie: terror, madness, spells, search (SoN p.11, p.14-15, p.18) ----


class TerrorEvent(_HeroesEvent):
    """A Terror check (SoN p.11): the unit, the Manifestation it saw, whether it resisted,
    and the Madness token it drew if it did not (None: resisted, or the bag was empty)."""

    kind: Literal["terror"] = "terror"
    unit: str
    manifestation: str
    terror: int  # the Manifestation's value, the number to reach
    resisted: bool
    madness: str | None = None  # the Madness token's marker id


class MadnessEvent(_HeroesEvent):
    """A Madness token acting on its unit (SoN p.11): Rage, Paranoia, Fear, Suicide,
    Catatonia or Hysteria, or being discarded."""

    kind: Literal["madness"] = "madness"
    unit: str
    madness: str  # the Madness token's marker id


class SpellEvent(_HeroesEvent):
    """A Character casts a spell (SoN p.14-15): its Suppressed markers taken, its target."""

    kind: Literal["spell"] = "spell"
    unit: str  # the caster
    spell: str  # the spell option id
    penalty: int  # Suppressed markers the caster took
    target: str | None = None  # a unit key
    at: Square | None = None  # a square (Mythos Barrier)


class AidEvent(_HeroesEvent):
    """A Medic's Aid marker put on a unit that took a hit, or taken back (SoN p.18)."""

    kind: Literal["aid"] = "aid"
    unit: str  # the unit treated
    medic: str
    removed: bool = False


class SubstituteEvent(_HeroesEvent):
    """A Substitute suffers a hit in place of a Heavy Weapon unit (BfC p.08)."""

    kind: Literal["substitute"] = "substitute"
    unit: str  # the Substitute
    weapon: str  # the Heavy Weapon it stands in for


class SearchEvent(_HeroesEvent):
    """A Search check (SoN p.11, p.18) and what it found in the Search bag."""

    kind: Literal["search"] = "search"
    unit: str
    found: str | None = None  # the option id drawn


HeroesEvent = Annotated[
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
    | SearchEvent,
    Field(discriminator="kind"),
]

# Reads the "events" of `hon simulate --json` back: each by its "kind".
EVENT_LOG: TypeAdapter[list[HeroesEvent]] = TypeAdapter(list[HeroesEvent])
