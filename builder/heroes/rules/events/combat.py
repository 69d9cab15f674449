"""The events of fighting (HoN core p.13-15, p.22-26; BfC p.08; SoN p.17): Firing Actions,
templates, gear and snipers, assaults and what follows them, destroyed units, rubble and
structures, wrecks crushed. Part of the `HeroesEvent` union (`events.game`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from builder.heroes.rules.events.phase import Phase, PhasedEvent, TextEvent
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.assault_roll import AssaultOutcome, AssaultResult, AttackerMove, DefenderMove
from builder.heroes.rules.resolution.combat import FireOutcome, name
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.firing_roll import FireResult


class FireEvent(TextEvent):
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


class AssaultEvent(TextEvent):
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


class AdvanceEvent(TextEvent):
    """The winner of an assault takes the ground (HoN core p.26)."""

    kind: Literal["advance"] = "advance"
    unit: str
    to: tuple[Square, ...]


class RetreatEvent(TextEvent):
    """The loser of an assault retreats or is pushed aside (HoN core p.26); with nowhere to
    go, `to` is None and the unit is destroyed."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    to: tuple[Square, ...] | None = None


class DestroyedEvent(TextEvent):
    """A unit destroyed or wrecked (HoN core p.15)."""

    kind: Literal["destroyed"] = "destroyed"
    unit: str


class TemplateEvent(TextEvent):
    """A template laid (HoN core p.22-23, p.29): where it was aimed, where it landed after any
    scattering and the squares it covers; a FireEvent follows for each unit under it."""

    kind: Literal["template"] = "template"
    firer: str
    template: str  # "howitzer", "indirect-fire", "grenade", "flamethrower"
    at: tuple[int, int]  # the interspace aimed at
    lands: tuple[int, int]  # where the template was put
    squares: tuple[Square, ...]


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


class SniperEvent(TextEvent):
    """A Sniper's Alternate Firing Action read on its table (HoN core p.24)."""

    kind: Literal["sniper"] = "sniper"
    firer: str
    target: str
    outcome: str  # "no effect", "suppressed", "hit", "hit and suppressed"
    effect: Effect


class RubbleEvent(TextEvent):
    """A structure destroyed: a building turned over to its rubble side (HoN core p.22)."""

    kind: Literal["rubble"] = "rubble"
    element: str  # the terrain element's key on the battlefield
    squares: tuple[Square, ...]


class DestructionEvent(TextEvent):
    """Destruction dice rolled at a structure (HoN core p.22; SoN p.17): a building or a
    wreck fired at, assaulted in or under a template; `destroyed` when its points reach its
    value (a RubbleEvent follows for a building; a wreck is removed)."""

    kind: Literal["destruction"] = "destruction"
    unit: str
    structure: str  # a terrain element's key or a wreck's
    points: int
    total: int
    destroyed: bool


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
