"""Templates and the firing abilities that lay them, and the Sniper's table (HoN core p.22-24,
p.29): grenades, the flamethrower, Howitzer and Indirect Fire, with its scattering and the
Artillery Spotter.

A template is the set of squares it covers: every unit even partly under it is attacked,
each attack resolved on its own by firing_roll.fire with the template's combat values (HoN core
p.23, p.29, p.36 "Template"). Where the printed cardboard shapes did not survive the text
extraction, hon reads them as follows (and says so in `hon rules`):

* the explosion template covers the four squares around the interspace it is put on;
* the flame template runs from the firer's square straight on for FLAME_LENGTH squares in
  one of the eight directions, and stops at (and includes) the first square holding a vehicle;
* the scattering chart's 1 to 4 are north, east, south and west.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.errors import Code
from builder.heroes.rules.geometry.grid import Point, corners, neighbours, step
from builder.heroes.rules.geometry.passage import is_trench
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH, WEST, Piece, Square
from builder.heroes.rules.resolution.combat import Facing, IllegalAttack, Shot, name, result_penalties, take_hit
from builder.heroes.rules.resolution.damage import DamageResult, Effect, Rerolls, roll_faces, suppress
from builder.heroes.rules.resolution.firing_roll import FireResult, Reroll, fire
from builder.heroes.rules.resolution.trenches import TRENCH_PAGE, trench_blast, within_reach
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.heroes.scenario.battlefield import PlacedElement
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier, Roll

GRENADE_RANGE = 2  # interspaces, the target's counted (HoN core p.29)
RIFLE_GRENADE_RANGE = 7  # interspaces (HoN core p.29)
FLAME_LENGTH = 3  # squares beyond the firer's: hon's reading of the printed template
FLAME_MOVE_PENALTY = 1  # the flamethrower has Fire on the Move (-1) (HoN core p.22)
ON_TARGET = 5  # 5 or 6: the indirect shot is on target (HoN core p.23)


def _on_target(faces: tuple[int, ...]) -> float:
    """A scattering roll's worth to the firer: on target or not (hon's reading for its Veteran)."""
    return 1.0 if faces[0] >= ON_TARGET else 0.0


# The scattering chart on the back of the explosion template: hon's reading of 1-4.
SCATTER_DIRECTIONS: dict[int, int] = {1: NORTH, 2: EAST, 3: SOUTH, 4: WEST}
_POINT_STEPS = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}


class TemplateKind(StrEnum):
    GRENADE = "grenade"  # HoN core p.29: 2 interspaces, never scatters
    FLAME = "flamethrower"  # HoN core p.22
    HOWITZER = "howitzer"  # HoN core p.23: direct fire on an interspace, no range limit
    INDIRECT = "indirect-fire"  # HoN core p.23: without LoS, may scatter

    @property
    def rule(self) -> str:
        return self.value


def explosion_squares(interspace: Point) -> frozenset[Square]:
    """The four squares around an interspace: what an explosion template covers."""
    c, r = interspace
    return frozenset({(c - 1, r - 1), (c, r - 1), (c - 1, r), (c, r)})


def interspace_range(thrower: Sequence[Square], target: Point) -> int:
    """Interspaces counted from the thrower to the target, the target's included (HoN core
    p.29): a corner of the thrower's square is 1."""
    return 1 + min(max(abs(c - target[0]), abs(r - target[1])) for square in thrower for c, r in corners(square))


def flame_squares(
    origin: Square, facing: int, length: int = FLAME_LENGTH, stops: Callable[[Square], bool] = lambda _: False
) -> tuple[Square, ...]:
    """The squares under the flame template laid from `origin` towards `facing` (HoN core
    p.22): it is blocked as soon as it reaches a square where `stops` holds (a vehicle, an
    obstacle), which it still covers."""
    found: list[Square] = []
    for count in range(1, length + 1):
        square = step(origin, facing, count)
        found.append(square)
        if stops(square):
            break
    return tuple(found)


def flame_into(
    firer: Piece, element: PlacedElement, flames: Sequence[Square] = (), ruleset: Ruleset = HON
) -> frozenset[Square]:
    """The squares the flames reach in a terrain element, whose units get no defensive bonus
    from it (HoN core p.22). Into a one-room building from a square by one of its openings:
    every square of it. Into a defensive position from a square next to it or inside it: the
    flame template's `flames` within the element, and none outside it."""
    page = ruleset.cite("flamethrower")
    effects = element.effects
    if effects.building:
        if element.walls:
            raise IllegalAttack(
                Code.TEMPLATE_PLACEMENT, f"the flames only fill a one-room building, not {element.name}", page
            )
        openings = element.doors | element.windows
        if not any(sq in edge and (edge - {sq}) <= element.cells for edge in openings for sq in firer.squares):
            raise IllegalAttack(
                Code.NOT_BY_AN_OPENING, f"{name(firer)} must stand by an opening of {element.name}", page
            )
        return element.cells
    if not effects.shared_cover:
        raise IllegalAttack(Code.NOT_A_BUILDING, f"{element.name} is neither a building nor a defensive position", page)
    near = any(sq in element.cells or any(n in element.cells for n in neighbours(sq)) for sq in firer.squares)
    if not near:
        raise IllegalAttack(Code.NOT_ADJACENT, f"{name(firer)} must be next to or inside {element.name}", page)
    return frozenset(flames) & element.cells


def takes_grenades(element: PlacedElement) -> bool:
    """Whether a grenade may be thrown into the element at all (`grenade_into`): a building,
    a trench or a defensive position (HoN core p.29; BfC p.06)."""
    return element.effects.building or is_trench(element) or element.effects.shared_cover


def grenade_into(firer: Piece, element: PlacedElement, square: Square, ruleset: Ruleset = HON) -> frozenset[Square]:
    """The squares a grenade thrown into a terrain element reaches, whose units get no
    defensive bonus from it (HoN core p.29): into a building from a square by an opening,
    every square of it; into a defensive position from a square next to it, directly onto
    one of its squares, the explosion contained in it: hon reads the template put on a
    square as that square and the squares beside it, within the element."""
    page = ruleset.cite("grenade")
    if not firer.is_infantry:
        raise IllegalAttack(Code.NOT_INFANTRY, f"{name(firer)} is not infantry: only infantry throw grenades", page)
    if element.effects.building:
        openings = element.doors | element.windows
        if not any(sq in edge and (edge - {sq}) <= element.cells for edge in openings for sq in firer.squares):
            raise IllegalAttack(
                Code.NOT_BY_AN_OPENING, f"{name(firer)} must stand by an opening of {element.name}", page
            )
        return element.cells
    if is_trench(element):  # onto a square, the blast along the trench (BfC p.06)
        if square not in element.cells or not within_reach(firer.squares, square):
            raise IllegalAttack(
                Code.OUT_OF_RANGE, f"the grenade goes onto a square of {element.name} within 2", TRENCH_PAGE
            )
        return trench_blast(element, square)
    if not takes_grenades(element):
        raise IllegalAttack(Code.NOT_A_BUILDING, f"{element.name} is neither a building nor a defensive position", page)
    if square not in element.cells:
        raise IllegalAttack(Code.TEMPLATE_PLACEMENT, f"the grenade goes onto a square of {element.name}", page)
    if not any(n in element.cells for sq in firer.squares for n in neighbours(sq)) or any(
        sq in element.cells for sq in firer.squares
    ):
        raise IllegalAttack(Code.NOT_ADJACENT, f"{name(firer)} must be on a square next to {element.name}", page)
    c, r = square
    return frozenset({square, (c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)}) & element.cells


def covered(squares: Iterable[Square], pieces: Iterable[Piece], sheltered: Iterable[Square] = ()) -> list[Piece]:
    """The units even partly under a template (HoN core p.36): not concealed ones (p.21),
    not those carried in a vehicle, not wrecks, and not units wholly inside `sheltered`
    squares (a building the template was laid outside of, p.23, p.29)."""
    area, shelter = frozenset(squares), frozenset(sheltered)
    return [
        p
        for p in pieces
        if not p.is_wreck
        and not p.concealed
        and p.embarked_in is None
        and area.intersection(p.squares)
        and not (shelter and shelter.issuperset(p.squares))
    ]


@dataclass(frozen=True)
class Scatter:
    roll: Roll
    target: Point  # the interspace aimed at
    lands: Point  # where the template is put
    direction: int | None  # None: on target
    distance: int  # interspaces moved


def scatter(
    target: Point,
    distance: int,
    dice: Dice,
    ruleset: Ruleset = HON,
    spotter: bool = False,
    rerolls: Rerolls | None = None,
) -> Scatter:
    """Indirect Fire's scattering roll (HoN core p.23): 5 or 6 on target; 1 to 4 moves the
    template that way by the distance on the symbol, one less with an Artillery Spotter who
    sees the target interspace (p.22). Suppressed markers do not affect it. `rerolls`:
    Veteran markers (p.30), the roll serving the firer, who wants it on target."""
    (face,) = roll_faces(dice, 1, rerolls, "scatter", _on_target)
    modifiers: tuple[Modifier, ...] = ()
    if spotter:
        modifiers = (Modifier("Artillery Spotter: scatter -1 interspace", -1, ruleset.cite("artillery-spotter")),)
    roll = Roll("scatter", (face,), face, modifiers, face, ruleset.cite("indirect-fire"))
    if face >= ON_TARGET:
        return Scatter(roll, target, target, None, 0)
    moved = max(0, distance - (1 if spotter else 0))
    direction = SCATTER_DIRECTIONS[face]
    dc, dr = _POINT_STEPS[direction]
    return Scatter(roll, target, (target[0] + dc * moved, target[1] + dr * moved), direction, moved)


@dataclass(frozen=True)
class TemplateResult:
    kind: TemplateKind
    squares: frozenset[Square]
    attacks: tuple[FireResult, ...]  # one per unit under it, in the order given
    scatter: Scatter | None = None

    @property
    def rolls(self) -> tuple[Roll, ...]:
        found = [self.scatter.roll] if self.scatter is not None else []
        for attack in self.attacks:
            found.extend(attack.rolls)
        return tuple(found)


def check_template(
    kind: TemplateKind,
    ruleset: Ruleset,
    firer: Piece | None = None,
    reach: int | None = None,
    limit: int | None = None,
    los: bool = True,
    firer_in_building: bool = False,
    into_building: bool = False,
) -> None:
    """The restrictions on laying a template (HoN core p.22-23, p.29): grenades and the
    flamethrower are for infantry, a grenade reaches 2 interspaces, Howitzer needs a clear
    or obscured LoS, Indirect Fire is not fired from inside a building, and no explosion
    template is put inside a building (grenades go into one by its opening, as a whole)."""
    page = ruleset.cite(kind.rule)
    if kind in (TemplateKind.GRENADE, TemplateKind.FLAME) and firer is not None and not firer.is_infantry:
        raise IllegalAttack(
            Code.NOT_INFANTRY, f"{name(firer)} is not infantry: only infantry throw grenades or flames", page
        )
    if limit is not None and reach is not None and reach > limit:
        raise IllegalAttack(Code.OUT_OF_RANGE, f"the target is {reach} interspaces away, more than {limit}", page)
    if kind is TemplateKind.HOWITZER and not los:
        raise IllegalAttack(
            Code.NO_LINE_OF_SIGHT, "Howitzer needs a clear or obscured LoS to the target interspace", page
        )
    if kind is TemplateKind.INDIRECT and firer_in_building:
        raise IllegalAttack(Code.FROM_A_BUILDING, "Indirect Fire may not be used from inside a building", page)
    if into_building and kind in (TemplateKind.HOWITZER, TemplateKind.INDIRECT):
        raise IllegalAttack(Code.TEMPLATE_PLACEMENT, "an explosion template may not be put inside a building", page)


def lay_template(
    kind: TemplateKind,
    combat: CombatValues,
    squares: Iterable[Square],
    pieces: Iterable[Piece],
    dice: Dice,
    ruleset: Ruleset = HON,
    firer: Piece | None = None,
    terrain: Callable[[Piece], int] = lambda _: 0,
    penalties: tuple[Modifier, ...] = (),
    sheltered: Iterable[Square] = (),
    scattered: Scatter | None = None,
    moving: bool = False,
    reroll: Callable[[Shot], Reroll | None] | None = None,
    rerolls: Callable[[Shot], Rerolls | None] | None = None,
) -> TemplateResult:
    """Attack every unit under the template, each on its own, with the template's combat
    values against its colour (HoN core p.23, p.29). Heavy vehicles are struck on their side
    defense (p.23). `terrain` gives each unit's defensive bonus: the caller gives none to
    units the flames or a grenade reach inside their element (p.22, p.29). The flames also
    give every unit a Suppressed marker, in addition to any damage (p.22). Units of a colour
    the values have X against are untouched. `movement`: flames fired during a Movement Action
    take the Fire on the Move penalty (-1) on the combat value. `reroll` gives, for each attack,
    what may have its roll rolled again (a Veteran marker, HoN core p.30)."""
    area = frozenset(squares)
    flames = kind is TemplateKind.FLAME
    attacks: list[FireResult] = []
    bonuses: tuple[Modifier, ...] = ()
    if flames and moving:
        bonuses = (Modifier("Flamethrower: Fire on the Move", -FLAME_MOVE_PENALTY, ruleset.cite("flamethrower")),)
    for target in covered(area, pieces, sheltered):
        value = combat.against(target.colour)
        if value is None:
            continue
        facing = Facing.SIDE if target.side.defense is not None and target.side.defense.has_facings else None
        shot = Shot(
            target=target,
            firer=firer,
            combat=value,
            facing=facing,
            terrain=terrain(target),
            bonuses=bonuses,
            penalties=penalties,
        )
        result = fire(
            shot,
            dice,
            ruleset,
            reroll=reroll(shot) if reroll is not None else None,
            rerolls=rerolls(shot) if rerolls is not None else None,
        )
        if flames and result.target is not None and not result.effect.destroyed:
            after = suppress(result.target, 1)
            effect = Effect.SUPPRESSED if result.effect is Effect.NONE else result.effect
            result = replace(result, target=after, suppressed=result.suppressed + 1, effect=effect)
        attacks.append(result)
    return TemplateResult(kind, area, tuple(attacks), scattered)


# --- Sniper (HoN core p.24) -------------------------------------------------------------------


class SniperOutcome(StrEnum):
    NOTHING = "no effect"  # 1
    SUPPRESSED = "suppressed"  # 2-3
    HIT = "hit"  # 4-5
    HIT_AND_SUPPRESSED = "hit and suppressed"  # 6+


def sniper_outcome(total: int) -> SniperOutcome:
    if total >= 6:
        return SniperOutcome.HIT_AND_SUPPRESSED
    if total >= 4:
        return SniperOutcome.HIT
    if total >= 2:
        return SniperOutcome.SUPPRESSED
    return SniperOutcome.NOTHING


@dataclass(frozen=True)
class SniperResult:
    roll: Roll
    outcome: SniperOutcome
    effect: Effect
    target: Piece | None
    firer: Piece
    damage: DamageResult | None = None

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return (self.roll,) if self.damage is None else (self.roll, self.damage.roll)


def check_sniper(firer: Piece, target: Piece, ruleset: Ruleset = HON) -> None:
    """The Sniper's Alternate Firing Action (HoN core p.24) checked, IllegalAttack when the
    rules refuse it: a Sniper on its visible side, at an infantry unit neither concealed
    (p.21) nor inside a vehicle (p.27)."""
    page = ruleset.cite("sniper")
    if not firer.side.has("sniper"):
        raise IllegalAttack(Code.NO_ABILITY, f"{name(firer)} has no Sniper ability on its visible side", page)
    if not target.is_infantry:
        raise IllegalAttack(Code.TARGET_TYPE, f"a sniper can only target infantry, not {name(target)}", page)
    if target.concealed:
        raise IllegalAttack(
            Code.CONCEALED, f"{name(target)} is concealed and may not be targeted", ruleset.cite("ambush")
        )
    if target.embarked_in is not None:
        raise IllegalAttack(
            Code.EMBARKED, f"{name(target)} is inside a vehicle and may not be targeted", ruleset.cite("transport")
        )


def snipe(
    firer: Piece,
    target: Piece,
    dice: Dice,
    ruleset: Ruleset = HON,
    obscured: Sequence[tuple[Square, int]] = (),
    penalties: Sequence[Modifier] = (),
    rerolls: Rerolls | None = None,
) -> SniperResult:
    """The Sniper's Alternate Firing Action (HoN core p.24): infantry only; one die, modified
    by the sniper's Suppressed markers and the obstacles, read on the table: 1 nothing, 2-3 a
    Suppressed marker, 4-5 a hit, 6+ a hit and a Suppressed marker if it survives. A sniper
    concealed on its sniper side stays concealed."""
    page = ruleset.cite("sniper")
    check_sniper(firer, target, ruleset)
    modifiers = result_penalties(
        ruleset, firer.suppressed, [(f"Obscured LoS at {list(sq)}", value) for sq, value in obscured], False, penalties
    )
    bonus = sum(m.value for m in modifiers)

    def worth(faces: tuple[int, ...]) -> float:
        return list(SniperOutcome).index(sniper_outcome(faces[0] + bonus))

    (face,) = roll_faces(dice, 1, rerolls, "sniper", worth, target)  # Veteran markers (HoN core p.30)
    total = face + bonus
    roll = Roll("sniper", (face,), face, modifiers, total, page)
    outcome = sniper_outcome(total)
    after: Piece | None = target
    effect, damage = Effect.NONE, None
    if outcome in (SniperOutcome.HIT, SniperOutcome.HIT_AND_SUPPRESSED):
        effect, after, damage = take_hit(target, dice, ruleset, rerolls=rerolls)
    if outcome is SniperOutcome.SUPPRESSED or (outcome is SniperOutcome.HIT_AND_SUPPRESSED and not effect.destroyed):
        after = suppress(after, 1)
        effect = Effect.SUPPRESSED if effect is Effect.NONE else effect
    return SniperResult(roll, outcome, effect, after, firer, damage)
