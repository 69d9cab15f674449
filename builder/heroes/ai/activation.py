"""What the simple policy has an activated unit do, in order of preference: enter from
reserve, take to the air, assault, fire (or a template, a gear marker or a spell that promises
more), demolish, topple a Totem, clear a hedgehog, search or care, lift or lay a mine, deploy
field works, turn over, else advance; and its move in the Supply Phase (HoN core p.16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai import assault, aviation, destruction, firing, gear, magic, movement, son_gear, variants, works
from builder.heroes.ai.common import itself
from builder.heroes.rules.abilities.crew import CREW
from builder.heroes.rules.actions.kinds import Action, Clear, Hold, Move
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.squares import hedgehogs_in_reach
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def activate(policy: SimplePolicy, state: GameState, piece: Piece) -> Action:
    """The first of the module's preferences that offers an action; advancing always does."""
    if piece.key in state.reserve:
        return movement.enter(policy, state, piece)
    flight = aviation.flight(policy, state, piece)  # Aviators and airplanes (BfC p.10-11)
    if flight is not None:
        return flight
    occupancy = Occupancy(state.pieces.values())
    if piece.embarked_in is not None:
        return _from_vehicle(policy, state, piece, occupancy)
    if movement.exits_for(state, piece):
        return movement.advance(policy, state, piece)
    attack = _attack(policy, state, piece, occupancy)
    if attack is not None:
        return attack
    task = _task(policy, state, piece, occupancy)
    if task is not None:
        return task
    return _advance(policy, state, piece, occupancy)


def _from_vehicle(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Action:
    """A unit inside a vehicle: a crew's abilities are the vehicle's (HoN core p.21); a
    passenger may assault or fire from it (p.27)."""
    if piece.side.has(CREW):
        return Hold(HoldReason.CREWS)
    launched = assault.best_assault(policy, state, piece)
    if launched is not None:
        return launched
    riding, _ = firing.firing_action(policy, state, piece, occupancy)
    return riding if riding is not None else Hold(HoldReason.RIDES)


def _attack(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Action | None:
    """An assault, moving on after it when it may (SoN p.17), a variant assault (Brutal, Long
    Distance, SoN p.17), else the best shot (`_shoot`)."""
    attack = assault.best_assault(policy, state, piece)
    if attack is not None:
        return variants.moving_on(policy, state, piece, attack, movement.goal_squares(state, piece.owner))
    variant = variants.variant_assault(policy, state, piece)
    if variant is not None:
        return variant
    return _shoot(policy, state, piece, occupancy)


def _shoot(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Action | None:
    """The Firing Action worth most (with Recce Gear Ammo, BfC p.09), unless a template, the
    sniper's table or a firing marker (HoN core p.23-24, p.28-31) or a spell (SoN p.14-15)
    promises more."""
    fire, worth = firing.firing_action(policy, state, piece, occupancy)
    if fire is not None:
        fire = gear.with_recce_ammo(policy, state, piece, fire)
    special = firing.alternate(policy, state, piece, occupancy)
    marker = gear.gear_alternate(policy, state, piece, occupancy, worth)
    if marker is not None and (special is None or marker[0] > special[0]):
        special = marker
    if special is not None and special[0] > worth and special[0] >= policy.fire_threshold:
        return special[1]
    cast = magic.best_spell(policy, state, piece, max(worth, special[0] if special is not None else 0.0))
    return cast if cast is not None else fire


def _task(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Action | None:
    """With nothing to attack: demolish a structure enemies hold (HoN core p.22), topple an
    enemy Totem in sight (SoN p.16-17), an Engineer clears a barbed hedgehog in its ZoC (of
    several, one drawn: BfC p.05), a Search check (SoN p.11) or a Medic's care (p.18), an Engineer lifts an enemy
    Mine marker (BfC p.09)."""
    demolish = destruction.demolish(policy, state, piece, occupancy)
    if demolish is not None:
        return demolish
    topple = son_gear.topple(policy, state, piece)
    if topple is not None:
        return topple
    hedgehogs = hedgehogs_in_reach(state, piece)
    if hedgehogs:
        return Clear(policy.drawn(hedgehogs, itself))
    search = magic.search_here(state, piece) or magic.medic_care(policy, state, piece, supply=False)
    if search is not None:
        return search
    return works.lift_mine(policy, state, piece)


def _advance(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Action:
    """Towards the objectives, with movement gear (BfC p.09); holding its ground, it lays a
    Mine marker (BfC p.09); else field works (BfC p.08-09), turning the counter over (HoN
    core p.21), short of known mines, firing on the move when it can (p.23)."""
    advance = gear.with_movement_gear(policy, state, piece, movement.advance(policy, state, piece))
    if isinstance(advance, Hold):
        laid = works.lay_mine(policy, state, piece)
        if laid is not None:
            return laid
    built = works.field_works(policy, state, piece, advance)
    if built is not None:
        return built
    flip = movement.change_state(policy, state, piece, advance, occupancy)
    if flip is not None:
        return flip
    advance = works.short_of_mines(state, piece, advance)
    if isinstance(advance, Move):
        return firing.on_the_move(policy, state, piece, advance)
    return advance


def supply_move(policy: SimplePolicy, state: GameState, piece: Piece) -> Action:
    if piece.key in state.reserve:
        return movement.enter(policy, state, piece)
    flight = aviation.flight(policy, state, piece)
    if flight is not None:
        return flight
    if piece.embarked_in is not None:
        return Hold(HoldReason.RIDES)
    found = magic.search_here(state, piece) or magic.medic_care(policy, state, piece, supply=True)
    if found is not None:
        return found  # a Search check (SoN p.11), a Medic's care (p.18)
    advance = movement.advance(policy, state, piece)
    built = works.field_works(policy, state, piece, advance)
    return built if built is not None else works.short_of_mines(state, piece, advance)
