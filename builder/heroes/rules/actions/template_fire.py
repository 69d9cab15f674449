"""Templates and snipers: Howitzer and Indirect Fire, the Sniper, and structures turned to rubble (HoN core p.22-24)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import CombatValues, WeaponRole
from builder.heroes.rules.actions.kinds import Snipe, TemplateFire
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import Laid
from builder.heroes.rules.events.game import (
    FireEvent,
    RubbleEvent,
    SniperEvent,
    TemplateEvent,
)
from builder.heroes.rules.gear import defence, veteran
from builder.heroes.rules.geometry.grid import Point, corners
from builder.heroes.rules.geometry.los import Sight, line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.resolution import destruction, hits, templates
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal
from builder.heroes.rules.resolution.damage import DamageLocation, destroy
from builder.heroes.rules.resolution.firing_roll import FireResult
from builder.heroes.rules.resolution.structures import collapse, structure_of
from builder.heroes.rules.resolution.templates import (
    SCATTER_DIRECTIONS,
    Scatter,
    TemplateKind,
    check_template,
    covered,
    explosion_squares,
    lay_template,
    scatter,
)
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import PlacedElement
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def template_ability(piece: Piece) -> tuple[TemplateKind, int] | None:
    """The firer's explosion-template ability and, for Indirect Fire, its scattering distance."""
    value = piece.side.ability_value("indirect-fire")
    if piece.side.has("indirect-fire"):
        return TemplateKind.INDIRECT, value or 0
    if piece.side.has("howitzer"):
        return TemplateKind.HOWITZER, 0
    return None


def building_at(state: GameState, square: Square) -> PlacedElement | None:
    element = state.battlefield.element_at.get(square)
    return element if element is not None and element.effects.building else None


def building_key(state: GameState, square: Square) -> str | None:
    element = building_at(state, square)
    return element.key if element is not None else None


@dataclass(frozen=True)
class TemplatePlan:
    """A Howitzer or Indirect Fire shot at an interspace as the rules allow it from where the
    firer stands: direct when the firer sees the interspace, indirect (scattering) otherwise."""

    firer: Piece
    kind: TemplateKind  # HOWITZER: direct fire, no scatter; INDIRECT: it scatters
    at: Point
    combat: CombatValues
    penalties: tuple[Modifier, ...]  # obstacles obscuring a direct shot
    scatter: int  # interspaces, the Artillery Spotter's reduction taken off
    spotter: bool

    def landings(self) -> tuple[tuple[Point, float], ...]:
        """Where the template may land and how likely (HoN core p.23): 5-6 on target, 1-4 each
        direction of the scattering chart."""
        if self.kind is TemplateKind.HOWITZER or self.scatter == 0:
            return ((self.at, 1.0),)
        found = [(self.at, 2 / 6)]
        for direction in SCATTER_DIRECTIONS.values():
            dc, dr = STEPS[direction]
            found.append(((self.at[0] + dc * self.scatter, self.at[1] + dr * self.scatter), 1 / 6))
        return tuple(found)


def template_plan(state: GameState, firer: Piece, at: Point, occupancy: Occupancy | None = None) -> TemplatePlan | None:
    """The template shot `firer` could take at the interspace `at`, or None when the rules
    forbid it: no such ability, X combat values, a template inside a building, Indirect Fire
    from a building, Howitzer without LoS (HoN core p.23)."""
    ability = template_ability(firer)
    combat = firer.side.combat
    if ability is not None and combat is None:  # a vehicle's weapon carrying the ability
        usable = [
            w
            for w in firer.side.weapons
            if not (w.role is not WeaponRole.SECONDARY and DamageLocation.PRIMARY in firer.damage)
        ]
        combat = next((w.combat for w in usable if any(a.id == ability[0].rule for a in w.abilities)), None)
    if ability is None or combat is None or not firer.squares:
        return None
    squares = [sq for sq in sorted(explosion_squares(at)) if sq in state.battlefield.squares]
    if not squares:
        return None
    inside = {building_key(state, sq) for sq in explosion_squares(at)}
    into_building = len(inside) == 1 and None not in inside
    in_building = any(building_at(state, sq) is not None for sq in firer.squares)
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    found = [line_of_sight(state.battlefield, seen, firer, sq, state.ruleset) for sq in squares]
    sight = min(found, key=lambda s: (s.blocked, -s.penalty, s.range))
    kind, distance = ability
    if kind is TemplateKind.INDIRECT and sight.clear and state.ruleset.indirect_fires_direct:
        kind = TemplateKind.HOWITZER  # with a clear LoS it is fired directly (HoN core p.23)
    night_cap = state.ruleset.max_range
    if kind is TemplateKind.HOWITZER and night_cap is not None and sight.range > night_cap:
        return None  # a direct shot: night and fog cap its range, not Indirect Fire's (SoN p.11)
    try:
        check_template(
            kind,
            state.ruleset,
            firer,
            los=not sight.blocked,
            firer_in_building=in_building,
            into_building=into_building,
        )
    except IllegalAttack:
        return None
    limit = firer.side.ability_value("limited-range")
    if limit and sight.range > limit:
        return None
    if kind is TemplateKind.HOWITZER:
        return TemplatePlan(firer, kind, at, combat, sight.modifiers, 0, False)
    spotter = any(
        p.side.has("artillery-spotter")
        and any(line_of_sight(state.battlefield, seen, p, sq, state.ruleset).clear for sq in squares)
        for p in state.units(firer.owner)
        if p.squares and p.embarked_in is None
    )
    distance += state.ruleset.scatter_added  # night and fog: +2 interspaces (SoN p.11)
    return TemplatePlan(firer, kind, at, combat, (), max(0, distance - (1 if spotter else 0)), spotter)


def template_targets(state: GameState, lands: Point) -> tuple[list[Piece], frozenset[Square]]:
    """The units under an explosion template put on `lands` and the building squares that
    shelter their units from it (HoN core p.23: units inside a building are not affected by a
    template outside it)."""
    area = explosion_squares(lands)
    inside = {building_key(state, sq) for sq in area}
    within = next(iter(inside)) if len(inside) == 1 else None
    sheltered = frozenset(
        sq
        for element in state.battlefield.elements
        if element.effects.building and element.key != within
        for sq in element.cells
    )
    return covered(area, state.pieces.values(), sheltered), sheltered


def template_fires(state: GameState, firer: Piece) -> Iterator[TemplateFire]:
    """Howitzer or Indirect Fire (HoN core p.23) where the rules allow it from where the firer
    stands: a representative set, the interspaces at the corners of the enemies' squares (a
    template may go on any interspace; those by an enemy are the ones worth a shot)."""
    if template_ability(firer) is None:
        return
    occupancy = Occupancy(state.pieces.values())
    for at in sorted({pt for e in state.enemies_of(firer.owner) for sq in e.squares for pt in corners(sq)}):
        if template_plan(state, firer, at, occupancy) is not None:
            yield TemplateFire(at)


def template_refusal(state: GameState, firer: Piece, action: TemplateFire) -> Refusal | None:
    """Why `firer` may not fire a template at the interspace (`template_plan`), or None."""
    if template_plan(state, firer, action.at) is None:
        return Refusal(Code.TEMPLATE_PLACEMENT, state.ruleset.cite("howitzer"), unit=firer.key, square=tuple(action.at))
    return None


def template(turn: Turn, firer: Piece, action: TemplateFire) -> None:
    """Howitzer or Indirect Fire at an interspace: scatter if indirect, then attack every
    unit under the template, each on its own (HoN core p.23)."""
    state = turn.state
    plan = template_plan(state, firer, action.at)
    if plan is None:
        raise IllegalAttack(
            Code.NO_SHOT,
            f"{name(firer)} may not fire a template at interspace {list(action.at)}",
            state.ruleset.cite("howitzer"),
        )
    if firer.concealed:  # a concealed unit that takes a Firing Action turns over (HoN core p.21)
        firer = firer.revealed()
        state.pieces[firer.key] = firer
    scattered = None
    lands = action.at
    if plan.kind is TemplateKind.INDIRECT:
        scattered = scatter(
            action.at,
            plan.scatter + (1 if plan.spotter else 0),
            turn.dice,
            state.ruleset,
            plan.spotter,
            veteran.veteran_rolls(turn, firer),  # Veteran markers (HoN core p.30)
        )
        lands = scattered.lands
    targets, sheltered = template_targets(state, lands)
    area = explosion_squares(lands)
    night = {}
    if scattered is not None and state.ruleset.scatter_added and scattered.direction is not None:
        night = {"night": state.ruleset.scatter_added, "night_page": state.ruleset.cite("night")}
    turn.add(
        TemplateEvent(
            turn=state.turn,
            phase=turn.phase,
            side=firer.owner,
            rolls=(scattered.roll,) if scattered is not None else (),
            firer=firer.key,
            template=plan.kind.value,
            at=action.at,
            lands=lands,
            squares=tuple(sorted(sq for sq in area if sq in state.battlefield.squares)),
            laid=Laid.FIRED,
            under=tuple(t.key for t in targets),
            page=state.ruleset.cite(plan.kind.rule),
            **scattering(scattered),
            **night,
        )
    )
    result = lay_template(
        plan.kind,
        plan.combat,
        area,
        targets,
        turn.dice,
        state.ruleset,
        firer=firer,
        terrain=defence.shield_terrain(turn, plan.combat, firer),  # cover, and Additional Shielding (BfC p.09)
        penalties=plan.penalties,
        sheltered=sheltered,
        scattered=scattered,
        reroll=lambda shot: veteran.veteran_reroll(turn, firer, shot),  # Veteran markers (HoN core p.30)
        rerolls=lambda shot: veteran.veteran_rolls(turn, firer, shot.target),
    )
    for attack in result.attacks:
        kept = defence.life_points(turn, attack)  # a Character's Life Point (BfC p.09)
        turn.add(FireEvent.of(kept, state.turn, turn.phase, firer.owner))
        hits.hurt(turn, kept.shot.target, kept.target, kept.effect)
    # Structures under it, even partly, are affected too (HoN core p.23): Destruction dice (p.22).
    destruction.template_destruction(turn, firer, (sq for sq in area if sq in state.battlefield.squares))


def snipes(state: GameState, firer: Piece) -> Iterator[Snipe]:
    """The Sniper's Alternate Firing Action (HoN core p.24) at each enemy it may snipe at."""
    if not firer.side.has("sniper") or not firer.squares:
        return
    targets = sorted(state.enemies_of(firer.owner), key=lambda t: t.key)
    yield from allowed(state, firer, (Snipe(target.key) for target in targets), snipe_refusal)


def snipe_refusal(state: GameState, firer: Piece, action: Snipe) -> Refusal | None:
    """Why the Sniper may not snipe at `action.target` (`check_snipe`), or None."""
    return refusal(lambda: check_snipe(state, firer, action))


def check_snipe(state: GameState, firer: Piece, action: Snipe) -> tuple[Piece, Sight]:
    """The target and the line of sight to it, IllegalAttack when the rules refuse the shot:
    an enemy unit on the battlefield it may target (`templates.check_sniper`) and sees (HoN
    core p.24)."""
    target = state.pieces.get(action.target)
    if target is None or target.is_wreck or target.allegiance == firer.allegiance:
        raise IllegalAttack(
            Code.NO_TARGET, f"no enemy unit {action.target!r} to snipe at", state.ruleset.cite("sniper")
        )
    templates.check_sniper(firer, target, state.ruleset)
    sight = line_of_sight(state.battlefield, state.pieces.values(), firer, target, state.ruleset)
    if sight.blocked:
        raise IllegalAttack(
            Code.NO_LINE_OF_SIGHT, f"{name(firer)} does not see {name(target)}", state.ruleset.cite("line-of-sight")
        )
    return target, sight


def snipe(turn: Turn, firer: Piece, action: Snipe) -> None:
    """The Sniper's table (HoN core p.24) against a target the sniper sees."""
    state = turn.state
    target, sight = check_snipe(state, firer, action)
    result = templates.snipe(
        firer,
        target,
        turn.dice,
        state.ruleset,
        penalties=sight.modifiers,
        rerolls=veteran.veteran_rolls(turn, firer, target),
    )
    result = defence.life_point_sniped(turn, target, result)  # a Character's Life Point (BfC p.09)
    turn.add(
        SniperEvent(
            turn=state.turn,
            phase=turn.phase,
            side=firer.owner,
            page=state.ruleset.cite("sniper"),
            rolls=result.rolls,
            firer=firer.key,
            target=target.key,
            outcome=result.outcome.value,
            effect=result.effect,
        )
    )
    hits.hurt(turn, target, result.target, result.effect)


def scattering(scattered: Scatter | None) -> dict[str, int]:
    """How far a scattered template went, and which way, for its event (none on target)."""
    if scattered is None or scattered.direction is None:
        return {}
    return {"distance": scattered.distance, "direction": scattered.direction}


def after_fire(turn: Turn, result: FireResult) -> None:
    if result.firer is not None:
        turn.state.pieces[result.firer.key] = result.firer
    hits.hurt(turn, result.shot.target, result.target, result.effect)
    shot_destruction(turn, result)


def shot_destruction(turn: Turn, result: FireResult) -> None:
    """The destruction points a shot at a unit inside a structure deals it (HoN core p.22)."""
    if result.destruction is not None:
        where = result.target or result.shot.target
        element = structure_of(turn.state.battlefield, where)
        if element is not None:
            damage_structure(turn, element, result.destruction.points)


def damage_structure(turn: Turn, element: PlacedElement, points: int) -> None:
    """Destruction points on a structure; when they reach its value a building turns over
    to its rubble side: infantry inside are suppressed, vehicles on it destroyed (HoN core
    p.22). The state's battlefield is replaced, so the tables kept per battlefield follow."""
    state = turn.state
    total = state.structure_points.get(element.key, 0) + points
    state.structure_points[element.key] = total
    if element.effects.structure is None or total < element.effects.structure:
        return
    fallen = collapse(state.battlefield, element, list(state.pieces.values()), state.rubble)
    state.battlefield = fallen.battlefield
    state.ruined.append(element.key)
    state.structure_points.pop(element.key, None)
    for piece in fallen.suppressed:
        state.pieces[piece.key] = piece
    turn.add(
        RubbleEvent(
            turn=state.turn,
            phase=turn.phase,
            element=element.key,
            squares=tuple(sorted(element.cells)),
            suppressed=tuple(p.key for p in fallen.suppressed),
            page=state.ruleset.cite("destruction"),
        )
    )
    for vehicle in fallen.destroyed:
        effect, after = destroy(vehicle)
        hits.hurt(turn, vehicle, after, effect)
