"""The Suffocating Cloud (SoN p.16): the Overlord makes a cloud of toxic gases, choosing its
type. As with spells he takes the Suppressed markers printed on its token (and, as with
spells, casts it with an Order token in the Activation Phase, with no Suppressed marker on
him, SoN p.14); he puts the token on an interspace within the distance printed on it, or
into a building from a space by one of its openings, like a grenade (p.12). Every unit even
partly under the template suffers its effects:

* Hypnotic Cloud (2 Suppressed markers): each unit loses its Order token, or gets an
  Activated marker; the token is then discarded.
* Toxic Cloud (1 Suppressed marker): each unit undergoes an attack, with the combat values on
  the token, and gets a Suppressed marker, each resolved on its own. The token stays until the
  end of the Supply Phase: every unit entering it undergoes the same.

hon's readings (the tokens' printed values did not survive the text): the template is the
explosion template (the four squares around the interspace); the distance is CLOUD_RANGE
interspaces and the Toxic Cloud's combat values TOXIC, both examples; a unit losing its Order
gets an Activated marker (its token, if still hidden, is revealed to no effect); the Magician
ability and Blood Sigils lower a spell's penalty, not a cloud's; the Toxic Cloud's token goes
back to the Overlord when it leaves the board (the book discards only the Hypnotic one); units
inside a building are not touched by a cloud outside it (as for templates, HoN core p.23)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.actions import template_fire
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import FiredBy, Laid
from builder.heroes.rules.events.game import FireEvent, Phase, SpellEvent, TemplateEvent
from builder.heroes.rules.events.mythos import SpellAct
from builder.heroes.rules.geometry.grid import Point, corners
from builder.heroes.rules.mythos.state import Cast, LaidCloud
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import Facing, IllegalAttack, Shot, name, refusal
from builder.heroes.rules.resolution.damage import Effect, suppress
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.resolution.templates import covered, explosion_squares, grenade_into, interspace_range
from builder.heroes.rules.state import GameState, GearPool

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


class Cloud(StrEnum):
    """The two Suffocating Cloud tokens (SoN p.16), by their catalogue marker id."""

    HYPNOTIC = "son-hypnotic-cloud"
    TOXIC = "son-toxic-cloud"

    @property
    def penalty(self) -> int:
        return 2 if self is Cloud.HYPNOTIC else 1  # Suppressed markers (SoN p.16)

    @property
    def label(self) -> str:
        return "Hypnotic Cloud" if self is Cloud.HYPNOTIC else "Toxic Cloud"


CLOUDS = frozenset(c.value for c in Cloud)
CLOUD_RANGE = 4  # interspaces, the target's counted: source example (printed on the token)
TOXIC = CombatValues(infantry=2, light=1, heavy=0)  # source example (printed on the token)


def cloud_area(state: GameState, maker: Piece, at: Point) -> frozenset[Square]:
    """The squares the cloud put on `at` covers: the explosion template's, or every square of
    the building it is put into, the maker standing by one of its openings (SoN p.16, p.12).
    IllegalAttack when it may not be put there."""
    page = state.ruleset.cite("suffocating-cloud")
    if interspace_range(maker.squares, at) > CLOUD_RANGE:
        raise IllegalAttack(
            Code.OUT_OF_RANGE, f"a Suffocating Cloud goes on an interspace up to {CLOUD_RANGE} away", page
        )
    area = frozenset(sq for sq in explosion_squares(at) if sq in state.battlefield.squares)
    if not area:
        raise IllegalAttack(Code.OFF_THE_BATTLEFIELD, f"interspace {list(at)} is off the battlefield", page)
    inside = [state.battlefield.element_at.get(sq) for sq in area]
    building = inside[0]
    if building is not None and building.effects.building and all(e is building for e in inside):
        return grenade_into(maker, building, min(area), state.ruleset)  # like a grenade (SoN p.16)
    return area


def cloud_targets(state: GameState, at: Point, area: frozenset[Square]) -> list[Piece]:
    """The units under the cloud: not those sheltered inside a building it is outside of."""
    if any(sq not in explosion_squares(at) for sq in area):
        return covered(area, state.units())  # a building filled from its opening
    return template_fire.template_targets(state, at)[0]


def cloud_worth(state: GameState, side: str, kind: Cloud, under: list[Piece]) -> float:
    """How much a cloud over `under` is worth to `side`: each enemy it may hurt, less each
    friend (a Hypnotic Cloud hurts only units that have not acted)."""
    team = state.team_of(side)
    total = 0.0
    for piece in under:
        if kind is Cloud.HYPNOTIC and piece.activated:
            continue
        total += -1.0 if piece.allegiance == team else 1.0
    return total


def cloud_casts(state: GameState, maker: Piece) -> Iterator[Cast]:
    """The Suffocating Cloud of each kind the unit has a token of (SoN p.16), where the rules
    allow it (`check_cloud`): a representative set, the interspaces at the corners of the
    enemies' squares within its distance (it may go on any other)."""
    kinds = [kind for kind in Cloud if state.gear_for(maker, kind.value) is not None]
    if not kinds or not maker.squares:
        return
    spots = {pt for e in state.enemies_of(maker.owner) for sq in e.squares for pt in corners(sq)}
    for at in sorted(pt for pt in spots if interspace_range(maker.squares, pt) <= CLOUD_RANGE):
        for kind in kinds:
            action = Cast(kind.value, at=at)
            if refusal(partial(check_cloud, state, maker, action)) is None:
                yield action


def check_cloud(state: GameState, maker: Piece, action: Cast) -> tuple[GearPool, Point, frozenset[Square]]:
    """The token, the interspace and the squares of the cloud, IllegalAttack when the rules
    refuse it: a token of it to spend, no Suppressed marker on the unit, an interspace
    `cloud_area` takes (SoN p.16). The Activation Phase's alone: the caller knows the phase."""
    page = state.ruleset.cite("suffocating-cloud")
    kind = Cloud(action.spell)
    pool = state.gear_for(maker, kind.value)
    if pool is None:
        raise IllegalAttack(Code.NO_MARKER, f"{name(maker)} has no {kind.label} token", page)
    if maker.suppressed:
        raise IllegalAttack(
            Code.SUPPRESSED, "a Character with a Suppressed marker cannot make a cloud, as with spells", page
        )
    if action.at is None:
        raise IllegalAttack(Code.NOT_AN_INTERSPACE, "a Suffocating Cloud is put on an interspace", page)
    return pool, action.at, cloud_area(state, maker, action.at)


def cloud(turn: Turn, maker: Piece, action: Cast) -> None:
    state, cite = turn.state, turn.state.ruleset.cite
    page = cite("suffocating-cloud")
    kind = Cloud(action.spell)
    if turn.phase != Phase.ACTIVATION:
        raise IllegalAttack(
            Code.WRONG_PHASE, "a Suffocating Cloud is made in the Activation Phase, with an Order token", page
        )
    pool, at, area = check_cloud(state, maker, action)
    state.spend(pool)
    under = cloud_targets(state, at, area)
    state.pieces[maker.key] = replace(maker, suppressed=maker.suppressed + kind.penalty)
    turn.add(
        SpellEvent(
            turn=state.turn,
            phase=turn.phase,
            side=maker.owner,
            unit=maker.key,
            spell=kind.value,
            penalty=kind.penalty,
            at=at,
            act=SpellAct.CLOUD,
            page=page,
        )
    )
    turn.add(
        TemplateEvent(
            turn=state.turn,
            phase=turn.phase,
            side=maker.owner,
            firer=maker.key,
            template=kind.value,
            at=at,
            lands=at,
            squares=tuple(sorted(area)),
            laid=Laid.CLOUD,
            under=tuple(p.key for p in under),
            page=page,
        )
    )
    for piece in under:
        if kind is Cloud.HYPNOTIC:
            _hypnotised(turn, piece)
        else:
            _choke(turn, maker.owner, piece)
    if kind is Cloud.TOXIC:
        state.mythos.clouds[at] = LaidCloud(maker.owner, pool.group, area)


def _hypnotised(turn: Turn, piece: Piece) -> None:
    """A Hypnotic Cloud: the unit loses its Order token or gets an Activated marker."""
    current = turn.state.pieces.get(piece.key)
    if current is None or current.is_wreck or current.activated:
        return
    turn.state.pieces[piece.key] = replace(current, activated=True)
    turn.add(
        SpellEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=current.owner,
            unit=current.key,
            spell=Cloud.HYPNOTIC.value,
            penalty=0,
            act=SpellAct.LOSES_ORDER,
            page=turn.state.ruleset.cite("suffocating-cloud"),
        )
    )


def _choke(turn: Turn, side: str, piece: Piece) -> None:
    """A Toxic Cloud's attack and its Suppressed marker (SoN p.16)."""
    value = TOXIC.against(piece.colour)
    if value is None:
        return
    facing = Facing.SIDE if piece.side.defense is not None and piece.side.defense.has_facings else None
    result = fire(Shot(target=piece, combat=value, facing=facing), turn.dice, turn.state.ruleset)
    if result.target is not None and not result.effect.destroyed:
        effect = Effect.SUPPRESSED if result.effect is Effect.NONE else result.effect
        result = replace(result, target=suppress(result.target, 1), suppressed=result.suppressed + 1, effect=effect)
    page = turn.state.ruleset.cite("suffocating-cloud")
    turn.add(FireEvent.of(result, turn.state.turn, turn.phase, side, fired_by=FiredBy.TOXIC_CLOUD, by_page=page))
    hits.hurt(turn, piece, result.target, result.effect)


def breathe(turn: Turn, key: str, was: tuple[Square, ...], squares: tuple[Square, ...]) -> Piece | None:
    """The unit `key` has just moved from `was` onto `squares`: entering a Toxic Cloud it
    undergoes its attack and gets a Suppressed marker (SoN p.16). The unit after it."""
    for cloud in list(turn.state.mythos.clouds.values()):
        piece = turn.state.pieces.get(key)
        if piece is None or piece.is_wreck:
            break
        if cloud.squares.intersection(squares) and not cloud.squares.intersection(was):
            _choke(turn, cloud.side, piece)
    return turn.state.pieces.get(key)


def clouds_clear(turn: Turn) -> None:
    """The end of the Supply Phase: the Toxic Clouds leave the board and their tokens go
    back to the Overlord's option (hon's reading, SoN p.16)."""
    mythos = turn.state.mythos
    for cloud in mythos.clouds.values():
        pool = next(
            (g for g in turn.state.gear if g.side == cloud.side and g.group == cloud.group and g.marker == Cloud.TOXIC),
            None,
        )
        if pool is not None:
            pool.count += 1
    mythos.clouds.clear()
