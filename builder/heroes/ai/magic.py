"""The simple policy's Shadows over Normandie choices: which spell a Character casts and at
whom (SoN p.14-15), and when a unit searches by a Search token (p.11).

A spell is weighed like a shot, in expected hits, less what its Suppressed markers cost the
caster (SPELL_MARKER_COST each); Blood Sigils are spent to bring the penalty down to 1. The
weights are hon's: Life Drain is a sure hit on the enemy infantry worth most, Drowning about
two attacks' worth, Rust and Paralyze pay when a vehicle or an enemy is near, Enchant Unit
when a friend is close to an enemy Mythos Manifestation, Blessing of Hydra on a friend that
still needs an Order token; Blessing of the Black Sun in the direction with the most enemies
(less friends) under its flames; Fog when enemies farther than the fog lets anyone shoot see
more friendly units than friends see enemies (fog.py); Mythos Barrier on an adjacent enemy Manifestation, worth
most when it has nowhere to step aside and is eliminated; the Overlord's Suffocating Cloud on
the interspace with the most enemies (less friends) under it; a summoning whenever a creature
token is in hand, the creature put as near the enemy as it may. A unit searches when nothing better is in
reach, the bag holds something and its army has an empty white or green slot to put it in."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.ai.common import _worth, by_key, itself
from builder.heroes.ai.movement import placed
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.abilities.medic import may_treat, patient_of
from builder.heroes.rules.actions.kinds import Action, ChangeState, Move
from builder.heroes.rules.geometry.grid import corners, footprint_squares, neighbours, range_between
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.mythos.black_sun import BLACK_SUN, flames_from
from builder.heroes.rules.mythos.casting import BARRIER
from builder.heroes.rules.mythos.clouds import CLOUD_RANGE, CLOUDS, Cloud, cloud_area, cloud_targets, cloud_worth
from builder.heroes.rules.mythos.fog import FOG_SPELL as FOG
from builder.heroes.rules.mythos.fog import fog_gain
from builder.heroes.rules.mythos.search_checks import may_search
from builder.heroes.rules.mythos.spells import castable, penalty, spells_of, targets
from builder.heroes.rules.mythos.state import Cast, KnownSpell, SearchCheck, Treat, manifestation, mythos_hunter
from builder.heroes.rules.mythos.summoning import creature_of, summon_spots
from builder.heroes.rules.mythos.terror import must_check
from builder.heroes.rules.mythos.terror_markers import AMULET_TERROR, ELDER_SIGN_HUNTER
from builder.heroes.rules.orders.tokens import needs_no_order
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.spotting import may_change_state
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

SUMMONING = "summoning"  # every summoning tile (SoN p.15)
SPELL_MARKER_COST = 0.1  # expected hits a Suppressed marker on the caster is worth losing
WEIGHTS = {
    BLACK_SUN: 0.8,  # per enemy under the flames, less per friend: a likely hit, a Suppressed marker, an Order
    FOG: 0.4,  # per friendly unit it shelters from long shots more than enemy ones, at most FOG_MOST
    SUMMONING: 1.2,  # a whole unit more on the battlefield
    BARRIER: 0.4,  # an adjacent Manifestation driven off, three times that when it is eliminated
    Cloud.TOXIC.value: 0.7,  # per enemy under it, less per friend: an attack and a Suppressed marker
    Cloud.HYPNOTIC.value: 0.5,  # per enemy under it that has not acted, less per friend: its Order
    "son-life-drain": 1.0,
    "son-drowning": 0.6,
    "son-rust": 0.3,
    "son-paralyze": 0.35,
    "son-enchant-unit": 0.3,
    "son-blessing-of-hydra": 0.5,  # an Order token spared every turn after
}
FOG_MOST = 6
NEAR = 4  # squares: an enemy this close makes a Paralyze or an Enchant Unit worth it


def best_spell(policy: SimplePolicy, state: GameState, piece: Piece, worth: float) -> Cast | None:
    """The best spell worth more than `worth` (what the unit's best shot promises), of those
    alike one drawn."""
    if piece.suppressed or not (state.mythos.spells or any(g.marker in CLOUDS for g in state.gear)):
        return None
    least = max(worth, policy.fire_threshold)
    found: list[tuple[float, tuple[str, str], Cast]] = []  # value, an order of its own, the cast
    for value, key, action in _clouds(state, piece):  # the Overlord's (SoN p.16)
        value -= SPELL_MARKER_COST * Cloud(action.spell).penalty
        if value > least:
            found.append((value, (action.spell, key), action))
    for spell in spells_of(state, piece):
        played = spell.option.id in WEIGHTS or spell.option.summons is not None
        if not played or castable(state, piece, spell) is not None:
            continue
        sigils = _sigils(state, piece, spell)
        cost = SPELL_MARKER_COST * penalty(state, piece, spell.option, sigils)
        for value, key, action in _spell_casts(policy, state, piece, spell):
            if value - cost > least:
                found.append((value - cost, (action.spell, key), replace(action, sigils=sigils)))
    return policy.best_of(found, lambda f: -f[0], lambda f: f[1])[2] if found else None


def _spell_casts(
    policy: SimplePolicy, state: GameState, piece: Piece, spell: KnownSpell
) -> list[tuple[float, str, Cast]]:
    """Each way to cast the spell worth weighing: its value, a key giving it an order of its
    own among the casts of the spell, the cast."""
    spell_id = spell.option.id
    if spell_id == BLACK_SUN:
        return _flames(state, piece)
    if spell_id == FOG:
        gain = fog_gain(state, piece.owner)
        return [(WEIGHTS[FOG] * min(gain, FOG_MOST), "", Cast(FOG))] if gain > 0 else []
    if spell.option.summons is not None:
        return _summons(policy, state, piece, spell)
    if spell_id == BARRIER:
        return [(v, str(at), Cast(BARRIER, at=at)) for v, at in _barriers(state, piece)]
    return [(v, t.key, Cast(spell_id, t.key)) for v, t in _spell_targets(policy, state, piece, spell)]


def _clouds(state: GameState, piece: Piece) -> list[tuple[float, str, Cast]]:
    """A Suffocating Cloud on each interspace by an enemy within reach, worth its enemies
    under it less its friends (clouds.py)."""
    kinds = [kind for kind in Cloud if state.gear_for(piece, kind.value) is not None]
    if not kinds or not piece.unit.is_character:
        return []
    spots = {
        corner
        for enemy in state.enemies_of(piece.owner)
        if enemy.squares and range_between(piece.squares, enemy.squares) <= CLOUD_RANGE + 1
        for square in enemy.squares
        for corner in corners(square)
    }
    found = []
    for at in sorted(spots):
        try:
            area = cloud_area(state, piece, at)
        except IllegalAttack:
            continue
        under = cloud_targets(state, at, area)
        for kind in kinds:
            value = cloud_worth(state, piece.owner, kind, under)
            if value > 0:
                found.append((WEIGHTS[kind.value] * value, f"{kind.value}{at}", Cast(kind.value, at=at)))
    return found


def _summons(policy: SimplePolicy, state: GameState, piece: Piece, spell: KnownSpell) -> list[tuple[float, str, Cast]]:
    """Summoning (SoN p.15): a new unit, put as near the enemy as the spell allows (of the
    spots alike, one drawn)."""
    spots = summon_spots(state, piece, spell.option)
    enemies = state.enemies_of(piece.owner)
    if not spots or not enemies:
        return []
    creature = creature_of(state, spell.option)
    assert creature is not None
    squares = {spot: footprint_squares(spot[0], spot[1], creature.footprint) for spot in spots}
    front, facing = policy.best_of(spots, lambda s: min(range_between(squares[s], e.squares) for e in enemies), itself)
    return [(WEIGHTS[SUMMONING], spell.option.id, Cast(spell.option.id, at=front, facing=facing))]


def _flames(state: GameState, piece: Piece) -> list[tuple[float, str, Cast]]:
    """Blessing of the Black Sun (SoN p.15): each direction, worth its enemies under the
    flames less its friends."""
    found = []
    for facing in range(8):
        touched = flames_from(state, piece, facing).touched(state)
        team = state.team_of(piece.owner)
        value = sum(-_worth(t) if t.allegiance == team else _worth(t) for t in touched)
        if touched and value > 0:
            found.append((WEIGHTS[BLACK_SUN] * value, str(facing), Cast(BLACK_SUN, facing=facing)))
    return found


def _barriers(state: GameState, piece: Piece) -> list[tuple[float, Square]]:
    """Mythos Barrier (SoN p.15) on an adjacent enemy Mythos Manifestation: driven off with
    a Suppressed marker, or eliminated when it cannot step aside."""
    found = []
    for enemy in state.enemies_of(piece.owner):
        if manifestation(enemy) is None or range_between(piece.squares, enemy.squares) != 1:
            continue
        for square in enemy.squares:
            if range_between(piece.squares, (square,)) != 1 or square in state.mythos.barriers:
                continue
            trapped = len(enemy.squares) > 1 or not any(
                may_stand(state, enemy, (sq,)) for sq in neighbours(square) if sq not in state.mythos.barriers
            )
            found.append((WEIGHTS[BARRIER] * _worth(enemy) * (3 if trapped else 1), square))
    return found


def _spell_targets(
    policy: SimplePolicy, state: GameState, piece: Piece, spell: KnownSpell
) -> list[tuple[float, Piece]]:
    weight = WEIGHTS[spell.option.id]
    enemies = state.enemies_of(piece.owner)
    found: list[tuple[float, Piece]] = []
    for target in targets(state, piece, spell):
        mine = target.owner == piece.owner
        if spell.option.id == "son-blessing-of-hydra":
            if mine and target.key != piece.key and not needs_no_order(target):
                found.append((weight * _worth(target), target))  # one order token fewer needed
        elif spell.option.id == "son-enchant-unit":
            foes = [e for e in enemies if manifestation(e) and range_between(e.squares, target.squares) <= NEAR]
            if mine and foes and not state.mythos.markers_on(target.key, spell.option.id):
                found.append((weight, target))
        elif not mine:
            if spell.option.id == "son-paralyze" and state.mythos.markers_on(target.key, spell.option.id):
                continue
            found.append((weight * _worth(target), target))
    return found


def _sigils(state: GameState, piece: Piece, spell: KnownSpell) -> int:
    """Blood Sigils to spend: enough to bring the penalty down to 1, as many as there are."""
    pool = state.gear_for(piece, "son-blood-sigil")
    if pool is None:
        return 0
    return max(0, min(pool.count, penalty(state, piece, spell.option) - 1))


def medic_care(policy: SimplePolicy, state: GameState, piece: Piece, supply: bool) -> Action | None:
    """A Medic (SoN p.18): treats its patient when it may (Supply Phase), else walks up to
    it (the cheapest way, of those alike one drawn); with its Aid marker at hand, turns to
    its active side to be ready."""
    if not piece.side.has("medic"):
        return None
    patient = patient_of(state, piece)
    if patient is not None:
        if supply and may_treat(state, piece):
            return Treat()
        if range_between(piece.squares, patient.squares) > 1:
            reach = movement_reach(state, piece)
            near = [p for p in reach if range_between(p.squares, patient.squares) == 1]
            if near:
                return Move(reach[policy.best_of(near, reach.cost, placed)])
        return None
    if piece.side.state is SideState.INACTIVE and may_change_state(piece):
        return ChangeState()
    return None


def transfer_aid(state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
    """Move the Aid marker when the new hit is worse than the one it saved the patient
    from (it eliminates), or as bad on a unit worth more (SoN p.18)."""
    before = state.mythos.avoided.get(medic.key, False)
    return (destroyed, _worth(hit)) > (before, _worth(patient))


def elder_signs(state: GameState, piece: Piece, short: int, held: int) -> int:
    """Enough Elder Signs for a throw of 4 to succeed (SoN p.14), if there are enough."""
    needed = -(-short // ELDER_SIGN_HUNTER)
    return needed if 0 < needed <= held else 0


def amulets(policy: SimplePolicy, state: GameState, side: str, held: int) -> tuple[str, ...]:
    """Enemy units likely to fail (a 4 would not do), the most Suppressed first (SoN p.16),
    those alike in a drawn order."""
    likely = [
        p
        for p in state.enemies_of(side)
        if must_check(p) and 4 - 2 * p.suppressed + mythos_hunter(state.mythos, p) < AMULET_TERROR
    ]
    return tuple(p.key for p in policy.ordered(likely, lambda p: -p.suppressed, by_key))[:held]


def search_here(state: GameState, piece: Piece) -> SearchCheck | None:
    """Search when the unit stands by a Search token and may search there."""
    if not state.mythos.search_tokens or not state.mythos.open_slots.get(piece.owner):
        return None  # nothing found could be kept: no empty white or green slot (SoN p.11)
    if may_search(state, piece) is not None:
        return None
    return SearchCheck()
