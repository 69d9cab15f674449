"""Every decision a player of the Heroes System makes (DESIGN.md 7; builder.kernel.decisions):
the engine stops wherever the books give a player a choice and offers the legal options,
worked out by the rules; `HeroesDecision` is the union a player matches on.

Each kind carries what the chooser is told: the units concerned, the roll being rerolled,
the odds the rules worked out (exact odds are no secret: either player may count them). The
kinds follow the game's sequence: set-up and Order Phase, activation, during an action
(firing, assault, hits), the Supply Phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from builder.heroes.catalogue.cards import CardTiming
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.action_cards.deck import CardPlay
from builder.heroes.rules.actions.kinds import Action, Fire
from builder.heroes.rules.events.game import Concealing
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import Boon, Madness, Totem
from builder.heroes.rules.orders.tokens import Orders, Tokens
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, Shot
from builder.heroes.rules.setup.reinforcements import Offer
from builder.heroes.scenario.models import Event
from builder.kernel.decisions import Decision
from builder.kernel.events import Roll

# --- Set-up and the Order Phase -------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class InitiativeReroll(Decision[bool]):
    """Spend a Veteran marker to reroll a side's initiative die (HoN core p.8, p.30): `better`
    and `worse` are the expected gain and loss in the chooser's chance of the initiative."""

    kind: ClassVar[str] = "initiative-reroll"
    die_of: str
    face: int
    better: float
    worse: float


@dataclass(frozen=True, kw_only=True)
class Concealment(Decision[tuple[str, ...]]):
    """Which units to replace with Concealed markers (HoN core p.30), as the armies deploy or
    a Supply Phase begins (`moment`)."""

    kind: ClassVar[str] = "concealment"
    moment: Concealing


@dataclass(frozen=True, kw_only=True)
class ScoutMove(Decision[Path | None]):
    """A Scout's move once the armies are deployed (HoN core p.26), or None to stay."""

    kind: ClassVar[str] = "scout-move"
    unit: Piece


@dataclass(frozen=True, kw_only=True)
class BattleEvent(Decision[CardPlay | None]):
    """An action card played for its Battle Event at a moment of the turn (HoN core p.17), or
    None to play no more: at the start of the Order Phase, as `unit` is activated, or once it
    has acted. Asked again after each card played; `played`: those played at this moment."""

    kind: ClassVar[str] = "battle-event"
    moment: CardTiming
    unit: Piece | None = None
    played: tuple[CardPlay, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TotemBoon(Decision[Boon]):
    """What a standing Totem gives its side this round: an Order token or an Action card (SoN p.16)."""

    kind: ClassVar[str] = "totem-boon"
    totem: Totem


@dataclass(frozen=True, kw_only=True)
class Reinforcement(Decision[tuple[Offer, ...]]):
    """The support options the side puts in the empty slots of its recruitment tiles, a
    scenario event allowing it (BfC p.14, p.16): at most one a slot, their units entering play."""

    kind: ClassVar[str] = "reinforcement"
    event: Event


@dataclass(frozen=True, kw_only=True)
class OrderTokens(Decision[Orders]):
    """Where the side places its order tokens this turn (HoN core p.8, step 3)."""

    kind: ClassVar[str] = "order-tokens"
    tokens: Tokens


@dataclass(frozen=True, kw_only=True)
class MedallionDiscard(Decision[str | None]):
    """The enemy Manifestation whose Order token an Elder Sign Medallion discards (SoN p.14)."""

    kind: ClassVar[str] = "medallion"
    wearer: Piece


# --- The Activation Phase -------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SpecialOrder(Decision[bool]):
    """Play the special order token on `unit` now: as order 0 before the first token is
    revealed, else between two activations (HoN core p.8)."""

    kind: ClassVar[str] = "special-order"
    unit: Piece


@dataclass(frozen=True, kw_only=True)
class ActivationAction(Decision[Action]):
    """What an activated unit does: its action (HoN core p.9-26); in the Supply Phase
    (`supply`) a Movement Action, never a firing action nor an assault (p.16)."""

    kind: ClassVar[str] = "action"
    unit: Piece
    supply: bool = False


@dataclass(frozen=True, kw_only=True)
class HardboiledTokens(Decision[int]):
    """How many Hardboiled tokens the side discards for `unit`, about to act (SoN p.16)."""

    kind: ClassVar[str] = "hardboiled"
    unit: Piece
    held: int


@dataclass(frozen=True, kw_only=True)
class IchorHeal(Decision[bool]):
    """Discard an Eldritch Ichor to flip the damaged character back, now (SoN p.14)."""

    kind: ClassVar[str] = "ichor-heal"
    character: Piece


@dataclass(frozen=True, kw_only=True)
class HeroicAgain(Decision[bool]):
    """Discard a Heroic token to activate `unit` again, now (SoN p.16)."""

    kind: ClassVar[str] = "heroic"
    unit: Piece


@dataclass(frozen=True, kw_only=True)
class AmuletsOfDagon(Decision[tuple[str, ...]]):
    """The enemy units the side forces to a Terror check, an Amulet of Dagon each (SoN p.16)."""

    kind: ClassVar[str] = "amulets"
    held: int


# --- During an action ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class NextTarget(Decision[str | None]):
    """The target of a vehicle's further weapon in its Firing Action, or None to hold it
    (HoN core p.19): `planned` is the first weapon's target."""

    kind: ClassVar[str] = "next-target"
    firer: Piece
    weapon: Weapon | None
    planned: str


@dataclass(frozen=True, kw_only=True)
class BurstFire(Decision[Fire | None]):
    """The Firing Action Burst Into Action lets a unit that has just moved take (HoN core p.17)."""

    kind: ClassVar[str] = "burst-fire"
    unit: Piece


@dataclass(frozen=True, kw_only=True)
class FireBonus(Decision[tuple[str, ...]]):
    """Action cards played for their Alternate Bonus on a Firing Action, before the dice (HoN core p.17)."""

    kind: ClassVar[str] = "fire-bonus"
    shot: Shot


@dataclass(frozen=True, kw_only=True)
class AssaultBonus(Decision[tuple[str, ...]]):
    """Action cards played for their Alternate Bonus on one side's assault roll, before the
    dice; the defender knows the attacker's (HoN core p.17)."""

    kind: ClassVar[str] = "assault-bonus"
    assault: Assault
    attacking: bool


@dataclass(frozen=True, kw_only=True)
class PoisonedBlades(Decision[int]):
    """How many Poisoned Blade markers the attacker discards on this assault (SoN p.16)."""

    kind: ClassVar[str] = "poisoned-blades"
    attacker: Piece
    assault: Assault
    held: int


@dataclass(frozen=True, kw_only=True)
class OpportunityFire(Decision[Fire | None]):
    """The Firing Action a non-activated unit takes at an enemy that just came into its
    sight, or None to let it be (HoN core p.24)."""

    kind: ClassVar[str] = "opportunity-fire"
    firer: Piece
    target: Piece


@dataclass(frozen=True, kw_only=True)
class KnifeDefence(Decision[bool]):
    """Discard a Knife marker for the assaulted unit's +2 (HoN core p.31)."""

    kind: ClassVar[str] = "knife"
    defender: Piece
    assault: Assault


@dataclass(frozen=True, kw_only=True)
class AidTransfer(Decision[bool]):
    """Move a Medic's Aid marker from `patient` to `hit`, a unit that just took a hit
    (`destroyed`: one that eliminates it); the patient then suffers the damage it avoided (SoN p.18)."""

    kind: ClassVar[str] = "aid-transfer"
    medic: Piece
    patient: Piece
    hit: Piece
    destroyed: bool


@dataclass(frozen=True, kw_only=True)
class ElderSigns(Decision[int]):
    """How many Elder Signs a unit plays on a throw against a Manifestation that a 4 would
    miss by `short` (SoN p.14)."""

    kind: ClassVar[str] = "elder-signs"
    unit: Piece
    short: int
    held: int


@dataclass(frozen=True, kw_only=True)
class Substitution(Decision[Piece | None]):
    """Which Substitute suffers the hit in place of the Heavy Weapon, or None (BfC p.08);
    `destroyed`: the hit destroys the weapon; `double`: a double hit."""

    kind: ClassVar[str] = "substitute"
    weapon: Piece
    destroyed: bool
    double: bool


@dataclass(frozen=True, kw_only=True)
class VeteranFire(Decision[bool]):
    """Spend a Veteran marker to reroll a Firing Action's dice (HoN core p.30)."""

    kind: ClassVar[str] = "veteran-fire"
    unit: Piece
    plan: Aim
    roll: Roll
    outcome: FireOutcome


@dataclass(frozen=True, kw_only=True)
class VeteranAssault(Decision[bool]):
    """Spend a Veteran marker to reroll one's losing assault roll (HoN core p.30)."""

    kind: ClassVar[str] = "veteran-assault"
    unit: Piece
    mine: Roll
    theirs: Roll


@dataclass(frozen=True, kw_only=True)
class VeteranReroll(Decision[bool]):
    """Spend a Veteran marker to reroll any other roll (damage, destruction, scatter, the
    sniper's table...: `roll`), which betters the chooser's lot with chance `better` and
    worsens it with chance `worse` (HoN core p.30)."""

    kind: ClassVar[str] = "veteran-reroll"
    unit: Piece | None
    roll: str
    better: float
    worse: float


@dataclass(frozen=True, kw_only=True)
class Shielding(Decision[bool]):
    """Spend Additional Shielding on a shot at the vehicle (BfC p.09)."""

    kind: ClassVar[str] = "shielding"
    vehicle: Piece
    shot: Shot


@dataclass(frozen=True, kw_only=True)
class ShieldingAssault(Decision[bool]):
    """Spend Additional Shielding for +2 in an assault on the vehicle (BfC p.09)."""

    kind: ClassVar[str] = "shielding-assault"
    vehicle: Piece
    assault: Assault


@dataclass(frozen=True, kw_only=True)
class SecondChance(Decision[str | None]):
    """An action card that has the Firing Action's dice rolled again, or None (HoN core p.17)."""

    kind: ClassVar[str] = "second-chance"
    plan: Aim
    roll: Roll
    outcome: FireOutcome


@dataclass(frozen=True, kw_only=True)
class SecondChanceAssault(Decision[str | None]):
    """An action card that has the side's losing assault roll rolled again, or None (HoN core p.17)."""

    kind: ClassVar[str] = "second-chance-assault"
    mine: Roll
    theirs: Roll
    attacking: bool


@dataclass(frozen=True, kw_only=True)
class Desertion(Decision[str | None]):
    """Desertion, played as an enemy unit takes another Suppressed marker, or None (HoN core p.17)."""

    kind: ClassVar[str] = "desertion"
    target: Piece


@dataclass(frozen=True, kw_only=True)
class Dynamic(Decision[tuple[str, str] | None]):
    """Dynamic: the card and the unit a destroyed unit's order token passes to, or None (HoN core p.17)."""

    kind: ClassVar[str] = "dynamic"
    fallen: Piece
    token: str


@dataclass(frozen=True, kw_only=True)
class ReturnToSender(Decision[tuple[str, Point] | None]):
    """Return to Sender: the card and the corner of the thrower's square the grenade goes
    back to, or None (HoN core p.17)."""

    kind: ClassVar[str] = "return-to-sender"
    thrower: Piece
    lands: Point


@dataclass(frozen=True, kw_only=True)
class SurpriseExit(Decision[str | None]):
    """A Surprise card that lets the beaten unit leave its building through a window, or None
    (HoN core p.17): its Forced Move may end on `plain` through the doors, on `through` with
    the card (`through` holds a square `plain` does not)."""

    kind: ClassVar[str] = "surprise-exit"
    unit: Piece
    plain: tuple[Square, ...]
    through: tuple[Square, ...]


@dataclass(frozen=True, kw_only=True)
class ForcedMove(Decision[Square]):
    """Where a unit's Forced Move of one square ends, of its owner's choice among the squares
    the rule under `rule` lets it end on: a retreat after a lost assault (HoN core p.26), or
    making way for a vehicle or a pushed wreck (p.10-11). Asked only when there are two or more."""

    kind: ClassVar[str] = "forced-move"
    unit: Piece
    rule: str  # the rule id: "assault-results", "running-over", "pushing-wrecks"


@dataclass(frozen=True, kw_only=True)
class IchorShield(Decision[bool]):
    """Discard a character's Eldritch Ichor to spare `hit`, a unit next to it, its hit (SoN p.14)."""

    kind: ClassVar[str] = "ichor-shield"
    character: Piece
    hit: Piece


# --- The Supply Phase, and the Mythos -------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PoisonMadness(Decision[Madness]):
    """The Madness a poisoned unit draws takes, among those drawn (SoN p.16)."""

    kind: ClassVar[str] = "poison-madness"
    victim: Piece


@dataclass(frozen=True, kw_only=True)
class DragonPerch(Decision[str | None]):
    """The unit of the side the dragon flies onto this round, or None to stay (SoN p.16)."""

    kind: ClassVar[str] = "dragon-perch"
    carrier: str | None


@dataclass(frozen=True, kw_only=True)
class TotemSite(Decision[Point | None]):
    """The interspace the side puts its next Totem on, in the first round's Supply Phase (SoN p.16)."""

    kind: ClassVar[str] = "totem-site"


@dataclass(frozen=True, kw_only=True)
class MineCard(Decision[tuple[str, Square] | None]):
    """The Mine card and the square of the Mine marker it places, or None (HoN core p.17)."""

    kind: ClassVar[str] = "mine-card"


@dataclass(frozen=True, kw_only=True)
class Discards(Decision[tuple[str, ...]]):
    """The action cards discarded before drawing at the end of the Supply Phase (HoN core p.16, step 7)."""

    kind: ClassVar[str] = "discards"


HeroesDecision = (
    InitiativeReroll
    | Concealment
    | ScoutMove
    | BattleEvent
    | TotemBoon
    | Reinforcement
    | OrderTokens
    | MedallionDiscard
    | SpecialOrder
    | ActivationAction
    | HardboiledTokens
    | IchorHeal
    | HeroicAgain
    | AmuletsOfDagon
    | NextTarget
    | BurstFire
    | FireBonus
    | AssaultBonus
    | PoisonedBlades
    | OpportunityFire
    | KnifeDefence
    | AidTransfer
    | ElderSigns
    | Substitution
    | VeteranFire
    | VeteranAssault
    | VeteranReroll
    | Shielding
    | ShieldingAssault
    | SecondChance
    | SecondChanceAssault
    | Desertion
    | Dynamic
    | ReturnToSender
    | SurpriseExit
    | ForcedMove
    | IchorShield
    | PoisonMadness
    | DragonPerch
    | TotemSite
    | MineCard
    | Discards
)
