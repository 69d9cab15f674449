"""What a hit does to a counter, and destruction rolls (HoN core p.15, p.22, p.26; SoN p.8,
p.17): infantry flips, vehicles are damaged, wrecked or destroyed, heavy vehicles roll where
the damage lands. Firing (resolution/combat.py) and assaults (resolution/assault_roll.py) both end here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier, Roll

DESTRUCTION_SUCCESS = 4  # each destruction die showing 4+ adds a point (HoN core p.22; SoN p.17)


class Effect(StrEnum):
    """What became of a counter."""

    NONE = "none"
    SUPPRESSED = "suppressed"  # only Suppressed markers
    FLIPPED = "flipped"  # turned over to its other side (infantry takes a hit)
    DAMAGED = "damaged"  # a heavy vehicle took a damage marker
    WRECKED = "wrecked"  # a destroyed vehicle turned over to its wreck side
    DESTROYED = "destroyed"  # removed from the game

    @property
    def destroyed(self) -> bool:
        return self in (Effect.WRECKED, Effect.DESTROYED)


class DamageLocation(StrEnum):
    """Heavy vehicle damage location: 1 crew, 2 tracks, 3-4 hull, 5 primary, 6+ (HoN core p.15)."""

    CREW = "crew"
    TRACKS = "tracks"
    HULL = "hull"
    PRIMARY = "primary"
    DESTRUCTION = "destruction"


def location_of(total: int) -> DamageLocation:
    if total >= 6:  # SoN p.8 prints "6+": Piercing can push a 6 to 7
        return DamageLocation.DESTRUCTION
    return {1: DamageLocation.CREW, 2: DamageLocation.TRACKS, 5: DamageLocation.PRIMARY}.get(total, DamageLocation.HULL)


# The ability whose owner chooses among two damage location dice (HoN core p.26). The book
# prints the effect under 6.4 without a name beside it; hon reads it as Positive Waves', the
# one defense ability the book names (data/hon/glossary.yaml says so).
OWNER_CHOOSES = "positive-waves"
OWNER_CHOOSES_LABEL = "Positive Waves (hon's reading of p.26): the owner's choice"
HULL_SUPPRESSED = 2  # a hull hit also gives two Suppressed markers (HoN core p.15)
# The owner's default choice under Positive Waves, least harmful first: crew (one weapon a
# turn), hull (two Suppressed markers that wear off), tracks (immobile), primary weapon.
HARM = (DamageLocation.CREW, DamageLocation.HULL, DamageLocation.TRACKS, DamageLocation.PRIMARY)

DamageChoice = Callable[[Piece, tuple[int, ...]], int]
Worth = Callable[[tuple[int, ...]], float]  # how good the faces are for the side the roll serves


class Rerolls(Protocol):
    """Veteran markers spent on a roll (HoN core p.30: "reroll any roll, yours or your
    opponent's ... You may use a Veteran marker on a die roll you've just rerolled"; SoN
    p.16): given the kind of roll, its faces, their `worth` to the side the roll serves, a
    way to roll `again`, and the unit the roll goes `against` (None: a structure, a landing
    spot), the faces that stand."""

    def __call__(
        self,
        kind: str,
        faces: tuple[int, ...],
        worth: Worth,
        again: Callable[[], tuple[int, ...]],
        against: Piece | None,
    ) -> tuple[int, ...]: ...


def roll_faces(
    dice: Dice, count: int, rerolls: Rerolls | None, kind: str, worth: Worth, against: Piece | None = None
) -> tuple[int, ...]:
    """Roll `count` dice, then the Veteran markers either side spends on them."""
    faces = dice.roll(count)
    return faces if rerolls is None else rerolls(kind, faces, worth, lambda: dice.roll(count), against)


def destroys(vehicle: Piece, location: DamageLocation) -> bool:
    """A 6, or a second damage marker of the same kind, destroys the vehicle (HoN core p.15)."""
    return location is DamageLocation.DESTRUCTION or location in vehicle.damage


def harm_of(vehicle: Piece, total: int) -> int:
    """How much a damage location result harms the vehicle: HARM's order, destruction worst."""
    location = location_of(total)
    return len(HARM) if destroys(vehicle, location) else HARM.index(location)


def least_harm(vehicle: Piece, totals: tuple[int, ...]) -> int:
    """The owner's pick among the damage location results (Positive Waves, HoN core p.26)."""
    return min(totals, key=lambda total: harm_of(vehicle, total))


@dataclass(frozen=True)
class DamageResult:
    roll: Roll
    location: DamageLocation
    effect: Effect  # DAMAGED, or WRECKED/DESTROYED
    suppressed: int  # markers the damage itself gave (two for the hull)
    piece: Piece | None  # the vehicle after; None when removed


def destroy(piece: Piece) -> tuple[Effect, Piece | None]:
    """A destroyed vehicle turns over to its wreck side; anything else leaves (HoN core p.15)."""
    for index, side in enumerate(piece.unit.sides):
        if side.state is SideState.WRECK:
            return Effect.WRECKED, replace(piece, side_index=index, suppressed=0)
    return Effect.DESTROYED, None


def locate_damage(
    vehicle: Piece,
    dice: Dice,
    ruleset: Ruleset = HON,
    piercing: bool = False,
    choose: DamageChoice = least_harm,
    rerolls: Rerolls | None = None,
) -> DamageResult:
    """The damage location roll: not affected by Suppressed markers (HoN core p.25); Piercing
    adds 1 (p.24); with Positive Waves the opponent rolls two dice and the owner picks (p.26:
    the book prints this description without its name; hon reads it as Positive Waves').
    `rerolls`: Veteran markers on it (p.30), the roll serving the side that deals the damage."""
    control = vehicle.side.has(OWNER_CHOOSES)
    modifiers: tuple[Modifier, ...] = (Modifier("Piercing", 1, ruleset.cite("piercing")),) if piercing else ()
    bonus = sum(m.value for m in modifiers)

    def kept(faces: tuple[int, ...]) -> int:
        return choose(vehicle, tuple(face + bonus for face in faces)) if control else faces[0] + bonus

    def worth(faces: tuple[int, ...]) -> float:
        return harm_of(vehicle, kept(faces))

    rolled = roll_faces(dice, 2 if control else 1, rerolls, "damage", worth, vehicle)
    total = kept(rolled)
    if control:
        modifiers += (Modifier(OWNER_CHOOSES_LABEL, 0, ruleset.cite(OWNER_CHOOSES)),)
    roll = Roll("damage", rolled, total - bonus, modifiers, total, ruleset.cite("damage"))
    location = location_of(total)
    if destroys(vehicle, location):
        effect, after = destroy(vehicle)
        return DamageResult(roll, location, effect, 0, after)
    markers = HULL_SUPPRESSED if location is DamageLocation.HULL else 0
    after = replace(vehicle, damage=(*vehicle.damage, location), suppressed=vehicle.suppressed + markers)
    return DamageResult(roll, location, Effect.DAMAGED, markers, after)


def suppress(piece: Piece | None, markers: int) -> Piece | None:
    """Give Suppressed markers to a piece still in play."""
    if piece is None or markers == 0:
        return piece
    return replace(piece, suppressed=piece.suppressed + markers)


@dataclass(frozen=True)
class DestructionResult:
    roll: Roll  # kept and total: the dice showing 4 or more
    points: int  # destruction points dealt
    structure_points: int  # the structure's points after
    destroyed: bool


def destruction_roll(
    count: int,
    dice: Dice,
    ruleset: Ruleset = HON,
    structure: int | None = None,
    points: int = 0,
    rerolls: Rerolls | None = None,
) -> DestructionResult:
    """Roll `count` dice against a structure: each 4+ adds a destruction point; it falls when
    its points reach its value (HoN core p.22; SoN p.17). Suppressed markers don't apply (p.25)."""
    if count < 1:
        raise RulesError(Code.BAD_COUNT, "a destruction roll uses at least one die")
    rolled = roll_faces(dice, count, rerolls, "destruction", _successes)
    dealt = sum(1 for face in rolled if face >= DESTRUCTION_SUCCESS)
    roll = Roll("destruction", rolled, dealt, (), dealt, ruleset.cite("destruction"))
    after = points + dealt
    return DestructionResult(roll, dealt, after, structure is not None and after >= structure)


def _successes(faces: tuple[int, ...]) -> float:
    return sum(1 for face in faces if face >= DESTRUCTION_SUCCESS)
