"""The events of fighting (HoN core p.13-15, p.22-26; BfC p.08; SoN p.17): Firing Actions,
templates, gear and snipers, assaults and what follows them, destroyed units, rubble and
structures, wrecks crushed. Part of the `HeroesEvent` union (`events.game`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from builder.heroes.rules.events.phase import Phase, PhasedEvent
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.assault_roll import AssaultOutcome, AssaultResult, AttackerMove, DefenderMove
from builder.heroes.rules.resolution.combat import FireOutcome
from builder.heroes.rules.resolution.damage import DamageLocation, Effect
from builder.heroes.rules.resolution.firing_roll import FireResult


class FiredBy(StrEnum):
    """What fires when it is not a unit's own Firing Action, or what frames a unit's shot."""

    TOXIC_CLOUD = "toxic-cloud"  # the Toxic Cloud attacks (SoN p.16: `by_page`)
    MINE = "mine"  # the Mine marker attacks (BfC p.09)
    CURSED_FLAMES = "cursed-flames"  # the cursed jet of flames of the Black Sun (SoN p.15)
    DROWNING = "drowning"  # a Drowning marker's attack, +`bonus` (SoN p.15)
    BOMB = "bomb"  # the bomb `marker` put on the target explodes (HoN core p.29)
    GEAR = "gear"  # a firing marker's Alternate Firing Action (`marker`, HoN core p.28)
    CHARGE = "charge"  # the firer fires before its assault (BfC p.08)


class Watched(BaseModel):
    """When Opportunity Fire was taken (HoN core p.24: `page`): at `unit` as it moved into
    `moving_into`, or after its Firing Action (`moving_into` None)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    unit: str
    moving_into: tuple[Square, ...] | None = None
    page: str


class FireNote(StrEnum):
    """What a heavy vehicle's damage changed about its Firing Action (HoN core p.15)."""

    PRIMARY_DESTROYED = "primary-destroyed"
    ONE_WEAPON = "one-weapon"  # its crew is hit: it fires one of its weapons only


class FireEvent(PhasedEvent):
    """A Firing Action, its rolls and what became of the target: the damage location, and
    the destruction points on the structure it stands in (`destruction` of `structure`, now
    `structure_points`). How the shot came: `fired_by` (with `by_page`, `bonus`, `marker`),
    Opportunity Fire (`opportunity`), Fire on the Move, Suppressive Fire, a Machine Gunner's
    `share` of its split, `ammo` markers spent (each with its page); what followed: the
    firer's damage `notes`, a `substitute` taking the hit, the target surviving a grenade
    that suppresses (`survives`, the marker's page)."""

    kind: Literal["fire"] = "fire"
    target: str
    outcome: FireOutcome
    effect: Effect
    suppressed: int  # Suppressed markers the target received
    defense: int  # what the roll had to reach
    firer: str | None = None  # None for an alternate firing action (HoN core p.14)
    damage: DamageLocation | None = None
    destruction: int | None = None
    structure_points: int | None = None
    structure: int | None = None
    fired_by: FiredBy | None = None
    by_page: str | None = None
    bonus: int | None = None
    marker: str | None = None
    opportunity: Watched | None = None
    on_the_move_page: str | None = None
    suppressive_page: str | None = None
    share: int | None = None
    share_page: str | None = None
    ammo: int | None = None
    ammo_page: str | None = None
    notes: tuple[FireNote, ...] | None = None
    notes_page: str | None = None
    substitute: str | None = None
    substitute_effect: Effect | None = None
    substitute_page: str | None = None
    survives_page: str | None = None

    @classmethod
    def of(cls, result: FireResult, turn: int, phase: Phase, side: str | None = None, **how: Any) -> FireEvent:
        """The event of a resolved Firing Action; `how` it came and what followed (fields)."""
        shot, destruction = result.shot, result.destruction
        return cls(
            turn=turn,
            phase=phase,
            side=side,
            rolls=result.rolls,
            target=shot.target.key,
            outcome=result.outcome,
            effect=result.effect,
            suppressed=result.suppressed,
            defense=result.aim.defense,
            firer=shot.firer.key if shot.firer is not None else None,
            damage=result.damage.location if result.damage is not None else None,
            destruction=destruction.points if destruction is not None else None,
            structure_points=destruction.structure_points if destruction is not None else None,
            structure=shot.structure if destruction is not None else None,
            **how,
        )


class AssaultVariant(StrEnum):
    """An assault of a chain (SoN p.17)."""

    BRUTAL = "brutal"  # Brutal Assault
    LONG_DISTANCE = "long-distance"  # Long Distance Assault


class AssaultNote(BaseModel):
    """What an ability adds to an assault (`ability`, its catalogue id, with its page): Terrifying's
    `markers` Suppressed markers put by `unit` on `other` (SoN p.19)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ability: str
    unit: str
    other: str
    markers: int
    page: str


class AssaultEvent(PhasedEvent):
    """An assault, both rolls (their totals `attack` and `defence`: None when the defender
    cannot fight back), and what became of each side (HoN core p.25-26); the Knife markers
    discarded (`knives`, by the units' keys, `knife_page`), the abilities' `notes`, and the
    `variant` of a chain of assaults (`variant_page`)."""

    kind: Literal["assault"] = "assault"
    attacker: str
    defender: str
    outcome: AssaultOutcome  # from the attacker's side
    attacker_effect: Effect
    defender_effect: Effect
    attacker_moves: AttackerMove
    defender_moves: DefenderMove
    attack: int | None = None
    defence: int | None = None
    knives: tuple[str, ...] = ()
    knife_page: str | None = None
    notes: tuple[AssaultNote, ...] = ()
    variant: AssaultVariant | None = None
    variant_page: str | None = None

    @classmethod
    def of(cls, result: AssaultResult, turn: int, phase: Phase, side: str | None = None, **how: Any) -> AssaultEvent:
        """The event of a resolved assault; `how` it came and what it added (fields)."""
        fought = result.attack is not None and result.defence is not None
        return cls(
            turn=turn,
            phase=phase,
            side=side,
            rolls=result.rolls,
            attacker=result.assault.attacker.key,
            defender=result.assault.defender.key,
            outcome=result.outcome,
            attacker_effect=result.attacker_effect,
            defender_effect=result.defender_effect,
            attacker_moves=result.attacker_moves,
            defender_moves=result.defender_moves,
            attack=result.attack.total if fought and result.attack is not None else None,
            defence=result.defence.total if fought and result.defence is not None else None,
            **how,
        )


class Advance(StrEnum):
    """How the winner of an assault takes the ground (HoN core p.26; SoN p.17)."""

    TAKES_GROUND = "takes-ground"  # (getting off its `transport` first, p.27)
    WRECK_TAKES_PLACE = "wreck-takes-place"  # the wreck of a vehicle beaten by infantry moves in
    COVERED = "covered"  # the ground a chain of assaults covered


class AdvanceEvent(PhasedEvent):
    """The winner of an assault takes the ground (HoN core p.26): how, and the rule's page."""

    kind: Literal["advance"] = "advance"
    unit: str
    to: tuple[Square, ...]
    how: Advance = Advance.TAKES_GROUND
    transport: str | None = None
    page: str | None = None


class Displaced(StrEnum):
    """Why a unit leaves its square, or is destroyed for want of one, outside a Movement Action."""

    RETREAT = "retreat"  # the loser of an assault (HoN core p.26)
    PUSHED_ASIDE = "pushed-aside"  # a defender that tied
    RUN_OVER = "run-over"  # by the vehicle `by` (p.10)
    WRECK_PUSHED = "wreck-pushed"  # in the way of the wreck `by` (p.11)
    SHELTERS = "shelters"  # retreats into the transport `by` (p.27)
    PUSHED_BACK = "pushed-back"  # by the attacker `by`'s `ability` though it did not lose (BfC p.09)
    BACK_THROUGH_WINDOW = "back-through-window"  # to the square it assaulted from (HoN core p.17)
    CAPTURED = "captured"  # by `by`: it stays with it (BfC p.12)
    TRAPPED = "trapped"  # no way out of the burning transport `by` (p.27): destroyed


class Stuck(StrEnum):
    """Why a unit that must leave its square has none to go to: it is destroyed."""

    X_MOVEMENT = "x-movement"  # an X Movement Value: a Forced Move destroys it (HoN core p.9)
    ZONE_OF_CONTROL = "zone-of-control"  # the squares `within` would move it within an enemy ZoC
    NO_SQUARE = "no-square"


class RetreatEvent(PhasedEvent):
    """The loser of an assault retreats or is pushed aside (HoN core p.26), or another unit
    displaced (`why`, by the unit `by`); with nowhere to go, `to` is None and the unit is
    destroyed (`stuck`). `page` is the rule's, `suppressed` when it gains a Suppressed marker."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    to: tuple[Square, ...] | None = None
    why: Displaced | None = None  # None in a log written before events said it
    by: str | None = None
    stuck: Stuck | None = None
    within: tuple[Square, ...] | None = None
    suppressed: bool | None = None  # True when it gains a Suppressed marker
    ability: str | None = None
    page: str | None = None


class DestroyedEvent(PhasedEvent):
    """A unit destroyed or wrecked (HoN core p.15): `effect`."""

    kind: Literal["destroyed"] = "destroyed"
    unit: str
    effect: Effect | None = None  # None in a log written before events said it


class Laid(StrEnum):
    """How a template came onto the battlefield."""

    FIRED = "fired"  # a Howitzer or Indirect Fire template (HoN core p.23)
    THROWN = "thrown"  # a Grenade marker (`marker`, p.29)
    RIFLE_GRENADE = "rifle-grenade"  # fired from the rifle
    INTO_BUILDING = "into-building"  # a Grenade into the building `element`, no Defensive Bonus
    CURSED_FLAMES = "cursed-flames"  # the Black Sun's jet of flames toward `facing` (into `element`)
    CLOUD = "cloud"  # a Suffocating Cloud (SoN p.16)


class TemplateEvent(PhasedEvent):
    """A template laid (HoN core p.22-23, p.29): where it was aimed, where it landed after any
    scattering (`distance` toward `direction`, none when it lands on target; `night` more for
    night or fog, `night_page`), the squares it covers and the units `under` it (`page`); a
    FireEvent follows for each unit under it."""

    kind: Literal["template"] = "template"
    firer: str
    template: str  # "howitzer", "indirect-fire", "grenade", "flamethrower"
    at: tuple[int, int]  # the interspace aimed at
    lands: tuple[int, int]  # where the template was put
    squares: tuple[Square, ...]
    laid: Laid | None = None  # None in a log written before events said it
    under: tuple[str, ...] = ()
    page: str = ""
    distance: int | None = None
    direction: int | None = None
    night: int | None = None
    night_page: str | None = None
    marker: str | None = None
    element: str | None = None
    facing: int | None = None


class GearUse(StrEnum):
    """What a marker was spent (or a marker-like piece of SoN used) for; the fields each reads."""

    DEFENSIVE_BONUS = "defensive-bonus"  # Additional Shielding: +`value` Defensive Bonus
    HITS_CANCELLED = "hits-cancelled"  # `value` Hits on `target` cancelled
    SNIPER_HIT_CANCELLED = "sniper-hit-cancelled"  # on `target`
    ASSAULT_HIT_CANCELLED = "assault-hit-cancelled"  # on `target` (a Life Point, BfC p.09)
    RECCE_AMMO = "recce-ammo"  # +2 against light vehicles, +1 against heavy
    HEDGEROW = "hedgerow"  # a Passage marker: it drives through the hedgerow at `at`
    BARBED_WIRE = "barbed-wire"  # … through the barbed hedgehogs at `at`, discarded (hon's reading)
    FUEL = "fuel"  # +`value` squares
    TACTICAL_MAP = "tactical-map"  # `target` ignores every Difficult Passage
    ALTERNATE_FIRE = "alternate-fire"  # an Alternate Firing Action at `target`
    AT_STRUCTURE = "at-structure"  # … at the structure `element`
    BOMB = "bomb"  # put on `target`, it explodes at the end of the Supply Phase
    FIRED_AT = "fired-at"  # a template fired at interspace `point`
    THROWN_AT = "thrown-at"  # … thrown
    THROWN_INTO = "thrown-into"  # a grenade thrown into the building `element`
    VETERAN_ROLL = "veteran-roll"  # the `roll` roll (its faces `faces`) rolled again
    VETERAN_FIRE = "veteran-fire"  # `target`'s firing roll (`value` against `against`, `outcome`) again
    VETERAN_ASSAULT = "veteran-assault"  # its assault roll (`value` against `against`) again
    VETERAN_INITIATIVE = "veteran-initiative"  # the initiative roll of side `roll`, `faces` [old, new]
    HEROIC = "heroic"  # `target` is activated again, without an Order
    HARDBOILED = "hardboiled"  # `value` Suppressed markers taken off `target`
    POISONED_BLADE = "poisoned-blade"  # +`value` to its assault
    POISON_KEPT = "poison-kept"  # `target` survives, keeping `value` markers: `left` Terror checks
    ICHOR_HEALS = "ichor-heals"  # `target` flips back to its unharmed side
    ICHOR_PREVENTS = "ichor-prevents"  # the hit on `target` is prevented
    MEDALLION = "medallion"  # the Elder Sign Medallion discards the Order token on `target`
    DRAGON_PERCH = "dragon-perch"  # the Dragon flies onto `target`
    TOTEM_RAISED = "totem-raised"  # on interspace `point`
    TOTEM_CARD = "totem-card"  # the Totem at `point` draws 1 Action card (`value` 0: none left)
    TOTEM_ORDER = "totem-order"  # … gives an additional Order token
    TOTEM_FIRED_AT = "totem-fired-at"  # `target` fires at the Totem at `point`, Destruction `value`; `destroyed`


class GearEvent(PhasedEvent):
    """A gear marker spent (HoN core p.28; BfC p.08-09): which, by which unit, how many are
    left on its option (`source`), and what for (`use`, the rule's `page`); what it did
    follows (a FireEvent, a TemplateEvent, a re-roll…)."""

    kind: Literal["gear"] = "gear"
    marker: str  # "panzerfaust", "veteran", "life-point"…
    unit: str | None = None  # the unit that used it
    spent: int = 1
    left: int = 0  # markers of the kind left on the option
    use: GearUse | None = None  # None in a log written before events said it
    source: str | None = None
    page: str = ""
    target: str | None = None
    value: int | None = None
    against: int | None = None
    outcome: FireOutcome | None = None
    roll: str | None = None
    faces: tuple[int, ...] = ()
    at: tuple[Square, ...] = ()
    point: tuple[int, int] | None = None
    element: str | None = None
    destroyed: bool = False


class SniperEvent(PhasedEvent):
    """A Sniper's Alternate Firing Action read on its table (HoN core p.24)."""

    kind: Literal["sniper"] = "sniper"
    firer: str
    target: str
    outcome: str  # "no effect", "suppressed", "hit", "hit and suppressed"
    effect: Effect
    page: str = ""


class RubbleEvent(PhasedEvent):
    """A structure destroyed: a building turned over to its rubble side (HoN core p.22:
    `page`), the infantry units inside `suppressed`."""

    kind: Literal["rubble"] = "rubble"
    element: str  # the terrain element's key on the battlefield
    squares: tuple[Square, ...]
    suppressed: tuple[str, ...] = ()
    page: str = ""


class Demolition(StrEnum):
    """How a unit rolls Destruction dice at a structure (HoN core p.22-23)."""

    FIRES_AT = "fires-at"  # its own Destruction (or a firing `marker`'s)
    ASSAULTED_IN = "assaulted-in"
    TEMPLATE = "template"  # it drops its template on it


class DestructionEvent(PhasedEvent):
    """Destruction dice rolled at a structure (HoN core p.22; SoN p.17): a building or a
    wreck fired at, assaulted in or under a template; `destroyed` when its points reach its
    value (a RubbleEvent follows for a building; a wreck is removed)."""

    kind: Literal["destruction"] = "destruction"
    unit: str
    structure: str  # a terrain element's key or a wreck's
    points: int
    total: int
    destroyed: bool
    how: Demolition | None = None  # None in a log written before events said it
    marker: str | None = None
    dice: int = 0
    value: int = 0  # the structure's value
    wreck: bool = False  # a wreck, not a terrain element
    page: str = ""


class Crushing(StrEnum):
    """How a vehicle deals a wreck destruction points."""

    DRIVES_OVER = "drives-over"  # a heavy vehicle (HoN core p.10)
    TAKES_SQUARE = "takes-square"  # the winner of an assault takes its square (p.26)


class CrushEvent(PhasedEvent):
    """A heavy vehicle drives over a wreck and deals it destruction points (HoN core p.10);
    `removed` when they reach its structure value."""

    kind: Literal["crush"] = "crush"
    unit: str
    wreck: str
    points: int
    removed: bool
    how: Crushing = Crushing.DRIVES_OVER
    total: int = 0  # its destruction points in all
    page: str = ""
