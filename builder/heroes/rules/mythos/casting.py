"""Casting a spell in play (SoN p.14-15), and what its markers do at the Supply Phase: the
Drowning marker's second attack at its start, the Paralyze marker discarded and the Enchant
Unit marker turned to its Mythos Hunter 1 side (then discarded a round later) at its end.
The rules of each spell are in mythos/spells.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import FiredBy, Laid
from builder.heroes.rules.events.game import FireEvent, Phase, SpellEvent, TemplateEvent
from builder.heroes.rules.events.mythos import SpellAct
from builder.heroes.rules.gear import defence, veteran
from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.geometry.squares import may_stand, neighbours_of
from builder.heroes.rules.mythos import clouds
from builder.heroes.rules.mythos.black_sun import BLACK_SUN, FLAMES, flames_from
from builder.heroes.rules.mythos.clouds import CLOUDS
from builder.heroes.rules.mythos.spells import (
    DROWNING_ATTACKS,
    RULES,
    Aim,
    castable,
    check_cast,
    drowning_attack,
    fogged,
    group_key,
    marker_for,
    penalty,
    restored,
    rule_of,
    spells_of,
    targets,
)
from builder.heroes.rules.mythos.state import Cast, KnownSpell, SpellMarker, manifestation
from builder.heroes.rules.mythos.summoning import summon_at, summon_spots, summoned_piece
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import IllegalAttack, refusal, take_hit
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.resolution.templates import TemplateKind, lay_template
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

DROWNING, PARALYZE, ENCHANT = "son-drowning", "son-paralyze", "son-enchant-unit"
HYDRA, BARRIER = "son-blessing-of-hydra", "son-mythos-barrier"
AUTONOMOUS = AbilityRef(id="autonomous")
DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def casts(state: GameState, caster: Piece) -> Iterator[Cast]:
    """A Character's spells (SoN p.14-15), each cast as the rules allow it (`check_cast`): at
    each unit in its reach, on each adjacent space, in each of the eight directions, its
    creature onto each spot; a representative set, no Blood Sigil spent (it may spend some,
    p.14). Then the Overlord's Suffocating Clouds (`clouds.cloud_casts`)."""
    found: dict[Cast, None] = {}
    for spell in spells_of(state, caster):
        if castable(state, caster, spell) is None:
            found.update(dict.fromkeys(_ways(state, caster, spell)))
    yield from allowed(state, caster, found, cast_refusal)
    yield from clouds.cloud_casts(state, caster)


def _ways(state: GameState, caster: Piece, spell: KnownSpell) -> list[Cast]:
    """Every way the spell is aimed (SoN p.15), before the rules check each."""
    spell_id, rule = spell.option.id, rule_of(spell.option)
    if rule is None or rule.aim is Aim.NOTHING:
        return [Cast(spell_id)] if rule is not None else []
    if rule.aim is Aim.SQUARE:
        return [Cast(spell_id, at=square) for square in neighbours_of(caster.squares)]
    if rule.aim is Aim.DIRECTION:
        return [Cast(spell_id, facing=facing) for facing in range(len(DIRECTIONS))]
    if rule.aim is Aim.SUMMON:
        return [Cast(spell_id, at=at, facing=facing) for at, facing in summon_spots(state, caster, spell.option)]
    return [Cast(spell_id, target.key) for target in targets(state, caster, spell)]


def cast_refusal(state: GameState, caster: Piece, action: Cast) -> Refusal | None:
    """Why the Character may not cast the spell so, or None (`check_cast`; a Suffocating
    Cloud, `clouds.check_cloud`). The Activation Phase's alone (SoN p.14): the caller
    knows the phase."""
    if action.spell in CLOUDS:
        return refusal(lambda: clouds.check_cloud(state, caster, action))
    return refusal(lambda: check_cast(state, caster, action))


def cast(turn: Turn, caster: Piece, action: Cast) -> None:
    state, cite = turn.state, turn.state.ruleset.cite
    if action.spell in CLOUDS:
        clouds.cloud(turn, caster, action)  # SoN p.16
        return
    if turn.phase != Phase.ACTIVATION:
        raise IllegalAttack(
            Code.WRONG_PHASE, "spells are cast in the Activation Phase, with an Order token", cite("spells")
        )
    spell = check_cast(state, caster, action)
    taken = penalty(state, caster, spell.option, action.sigils)
    if action.sigils:
        pool = state.gear_for(caster, "son-blood-sigil")
        assert pool is not None  # checked by check_cast
        state.spend(pool, action.sigils)
    target = state.pieces.get(action.target) if action.target is not None else None
    reduced = (spell.option.penalty or 0) - taken
    turn.add(
        SpellEvent(
            turn=state.turn,
            phase=turn.phase,
            side=caster.owner,
            unit=caster.key,
            spell=spell.option.id,
            penalty=taken,
            target=target.key if target is not None else None,
            act=SpellAct.CAST,
            page=cite("spell-effects"),
            reduced=reduced,
            reduced_page=cite("magician") if reduced else None,
            penalty_page=cite("spells"),
        )
    )
    # The penalty, successful or not (SoN p.14); Life Drain may then restore the caster.
    state.pieces[caster.key] = replace(caster, suppressed=caster.suppressed + taken)
    if spell.option.id == BLACK_SUN:
        assert action.facing is not None  # checked by check_cast
        _black_sun(turn, caster, action.facing)  # its markers come after the cast: no penalty on the flames
        return
    if spell.option.summons is not None:
        assert action.at is not None  # checked by check_cast
        _summon(turn, caster, spell, action.at, action.facing or 0)
        return
    _spell_effect(turn, state.pieces[caster.key], spell, target, action.at)


def _summon(turn: Turn, caster: Piece, spell: KnownSpell, front: Square, facing: int) -> None:
    """Summoning (SoN p.15): the creature put on the battlefield; its token is out of hand
    until it is eliminated."""
    state = turn.state
    squares = summon_at(state, caster, spell.option, front, facing)
    assert squares is not None  # checked by check_cast
    creature = summoned_piece(state, caster, spell.option, squares, facing)
    state.pieces[creature.key] = creature
    state.mythos.summoned[creature.key] = (group_key(spell), spell.option.id)
    _told(turn, creature, spell.option.id, SpellAct.SUMMONED, squares=squares)


def _black_sun(turn: Turn, caster: Piece, facing: int) -> None:
    """Blessing of the Black Sun (SoN p.15): every unit under the flame template is attacked,
    gets a Suppressed marker and loses its Order (mythos/black_sun.py)."""
    state, cite = turn.state, turn.state.ruleset.cite
    flames = flames_from(state, caster, facing)
    touched = flames.touched(state)
    turn.add(
        TemplateEvent(
            turn=state.turn,
            phase=turn.phase,
            side=caster.owner,
            firer=caster.key,
            template=TemplateKind.FLAME.value,
            at=caster.squares[0],
            lands=caster.squares[0],
            squares=flames.squares,
            laid=Laid.CURSED_FLAMES,
            under=tuple(t.key for t in touched),
            page=cite("spell-effects"),
            element=flames.building.key if flames.building is not None else None,
            facing=facing % 8,
        )
    )
    shelter = defence.shield_terrain(turn, FLAMES, caster)
    result = lay_template(
        TemplateKind.FLAME,
        FLAMES,
        flames.squares,
        touched,
        turn.dice,
        state.ruleset,
        firer=caster,
        terrain=(lambda _: 0) if flames.building is not None else shelter,  # no cover inside (HoN core p.22)
    )
    for attack in result.attacks:
        turn.add(FireEvent.of(attack, state.turn, turn.phase, caster.owner, fired_by=FiredBy.CURSED_FLAMES))
        hits.hurt(turn, attack.shot.target, attack.target, attack.effect)
    for piece in touched:
        after = state.pieces.get(piece.key)
        if after is not None and not after.is_wreck and not after.activated:
            state.pieces[piece.key] = replace(after, activated=True)
            _told(turn, after, BLACK_SUN, SpellAct.LOSES_ORDER)


def _spell_effect(turn: Turn, caster: Piece, spell: KnownSpell, target: Piece | None, at: Square | None = None) -> None:
    state, spell_id = turn.state, spell.option.id
    mythos = state.mythos
    if spell_id == "son-fog":
        fogged(state)
        return
    assert target is not None or spell_id == BARRIER
    if RULES[spell_id].moves_marker:
        for where, marker in mythos.out(group_key(spell), spell_id):
            if isinstance(where, str):
                mythos.take(where, marker)  # recast: the marker moves to the new target (p.15)
                if spell_id == HYDRA:
                    _bless(turn, where, False)
            else:
                del mythos.barriers[where]
    if spell_id == BARRIER:
        assert at is not None
        mythos.barriers[at] = marker_for(spell, state.turn)
        _bar(turn, at)
        return
    assert target is not None
    if RULES[spell_id].marker:
        mythos.put(target.key, marker_for(spell, state.turn))
    if spell_id == "son-life-drain":
        effect, after, _ = take_hit(target, turn.dice, state.ruleset)
        aided = dict(mythos.aid)
        hits.hurt(turn, target, after, effect)
        taken = effect if mythos.aid == aided else None  # a Medic's Aid may take it
        _told(turn, target, spell_id, SpellAct.VITAL_ENERGY, effect=taken)
        mended = restored(state.pieces.get(caster.key, caster))
        if mended is not caster and caster.key in state.pieces:
            state.pieces[caster.key] = mended
            _told(turn, mended, spell_id, SpellAct.RESTORED)
    elif spell_id == HYDRA:
        _bless(turn, target.key, True)
    elif spell_id == DROWNING:
        state.pieces[target.key] = replace(target, suppressed=target.suppressed + 1)
        _drown(turn, caster.owner, state.pieces[target.key], DROWNING_ATTACKS[0])


def _bless(turn: Turn, key: str, given: bool) -> None:
    """Blessing of Hydra: the unit gains Autonomous while the marker is on it (SoN p.15)."""
    piece = turn.state.pieces.get(key)
    if piece is None:
        return
    sides = []
    for side in piece.unit.sides:
        kept = [a for a in side.abilities if a is not AUTONOMOUS]
        sides.append(side.model_copy(update={"abilities": [*kept, AUTONOMOUS] if given else kept}))
    turn.state.pieces[key] = replace(piece, unit=piece.unit.model_copy(update={"sides": sides}))


def _bar(turn: Turn, at: Square) -> None:
    """A Mythos Manifestation on the barrier's space moves to an adjacent one with a
    Suppressed marker, or is eliminated if it cannot (SoN p.15)."""
    state = turn.state
    standing = next((p for p in state.units() if at in p.squares and manifestation(p) is not None), None)
    if standing is None or len(standing.squares) > 1:
        if standing is not None:  # hon: a counter of several squares cannot step aside
            hits.hurt(turn, standing, None, Effect.DESTROYED, hit=False)
        return
    free = [sq for sq in neighbours(at) if sq not in state.mythos.barriers and may_stand(state, standing, (sq,))]
    if not free:
        _told(turn, standing, BARRIER, SpellAct.BARRIER_ELIMINATED)
        hits.hurt(turn, standing, None, Effect.DESTROYED, hit=False)
        return
    moved = replace(standing.moved((min(free),)), suppressed=standing.suppressed + 1)
    state.pieces[standing.key] = moved
    _told(turn, moved, BARRIER, SpellAct.BARRIER_DRIVEN)


def _drown(turn: Turn, side: str, target: Piece, bonus: int) -> None:
    """A Drowning marker's attack (SoN p.15)."""
    attack = drowning_attack(turn.state, target, bonus)
    result = fire(  # Veteran tokens (SoN p.16): the target's side rerolls a hit
        attack,
        turn.dice,
        turn.state.ruleset,
        reroll=veteran.veteran_reroll(turn, None, attack),
        rerolls=veteran.veteran_rolls(turn, None, target),
    )
    page = turn.state.ruleset.cite("spell-effects")
    turn.add(
        FireEvent.of(result, turn.state.turn, turn.phase, side, fired_by=FiredBy.DROWNING, bonus=bonus, by_page=page)
    )
    hits.hurt(turn, result.shot.target, result.target, result.effect)


def spells_at_supply_start(turn: Turn) -> None:
    """The Drowning markers turned over: a second attack at +1, then discarded (SoN p.15)."""
    mythos = turn.state.mythos
    mythos.sweep(set(turn.state.pieces))
    for key in sorted(mythos.on_units):
        for marker in mythos.markers_on(key, DROWNING):
            mythos.take(key, marker)
            target = turn.state.pieces.get(key)
            if target is not None and not target.is_wreck:
                _drown(turn, marker.group.split("/")[0], target, DROWNING_ATTACKS[1])


def spells_at_supply_end(turn: Turn) -> None:
    """Paralyze markers are discarded; an Enchant Unit marker turns to its Mythos Hunter 1
    side, and is discarded at the end of the next round's Supply Phase (SoN p.15). The
    Toxic Clouds leave the board (SoN p.16)."""
    clouds.clouds_clear(turn)
    mythos = turn.state.mythos
    for key in sorted(mythos.on_units):
        for marker in mythos.markers_on(key):
            if marker.spell == PARALYZE:
                mythos.take(key, marker)
            elif marker.spell == ENCHANT:
                mythos.take(key, marker)
                if marker.value > 1:
                    mythos.put(key, SpellMarker(marker.spell, marker.group, marker.turn, marker.value - 1))


def _told(turn: Turn, piece: Piece, spell: str, act: SpellAct, **facts: Any) -> None:
    """What `spell` did to `piece` (`act`) and its facts (SpellEvent's fields)."""
    turn.add(
        SpellEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            spell=spell,
            penalty=0,
            act=act,
            page=turn.state.ruleset.cite("spell-effects"),
            **facts,
        )
    )
