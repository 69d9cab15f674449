"""The Assault variants of Shadows over Normandie (SoN p.17), played over the Assault rules
(SoN p.7; resolution/assault_roll.py):

* Brutal Assault N: at the end of its movement the unit assaults every enemy unit its counter
  covers, even partly, one after the other in the attacker's order, with N in place of its
  Assault value; a beaten infantry unit retreats; as soon as it loses, its activation ends and
  it goes back to the squares it held before the assaults. hon's readings: a tie ends the
  chain as a loss does (the square stays held), without the damage; having won them all, it
  stays on the squares it covers;
* Long Distance Assault N: it assaults an enemy up to N squares from where it stands after its
  move, never taking its place; with Brutal Assault, every enemy within N, one after the other;
* Assault on the Move -P: one assault during its Movement Action, P less to its attack bonus;
  unless it lost, it moves on with the points left (hon: towards the goal the action names).
  With Brutal Assault it may make several: the action names the enemies it assaults next,
  each as long as it wins and has the points to reach it.

A unit whose only Assault is one of these variants assaults with it (Brutal's value, or 0 for
Long Distance alone) and defends with two dice, as the Assault ability gives (p.7)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.heroes.rules.abilities import capture, poisoned_blade
from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.abilities.registry import assault_notes
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.actions import assault as assault_action
from builder.heroes.rules.actions import movement, transport
from builder.heroes.rules.actions.kinds import AssaultAction, AssaultOnTheMove, ChainAssault
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import Advance, AssaultVariant
from builder.heroes.rules.events.game import AdvanceEvent, AssaultEvent
from builder.heroes.rules.gear import veteran
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.mythos import terror_markers
from builder.heroes.rules.mythos.roll_modifiers import paralyzed, roll_modifiers
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.assault_roll import Assault, AssaultOutcome, DefenderMove, engage, resolve_assault
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal
from builder.heroes.rules.resolution.cover import _shared_cover, cover
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

BRUTAL, AFAR, ON_THE_MOVE = "assault-brutal", "assault-long-distance", "assault-on-the-move"


def variant_assault(piece: Piece) -> int | None:
    """The Assault value a unit with a variant fights with, None without any (SoN p.17)."""
    if piece.side.has(BRUTAL):
        return piece.side.ability_value(BRUTAL) or 0
    if piece.side.has(AFAR) or piece.side.has(ON_THE_MOVE):
        return piece.side.ability_value("assault") or 0
    return None


def covered(state: GameState, attacker: Piece, squares: tuple[Square, ...]) -> list[Piece]:
    """The enemy units a counter on `squares` covers, even partly."""
    on = set(squares)
    return sorted((e for e in state.enemies_of(attacker.owner) if on & set(e.squares)), key=lambda e: e.key)


def variant_assault_of(state: GameState, attacker: Piece, defender: Piece, bonuses: tuple[Modifier, ...]) -> Assault:
    """An assault as a variant fights it: the variant's value, the Mythos modifiers (SoN p.11-18)."""
    terrain = 0 if _shared_cover(state, attacker, defender) else cover(state, defender)
    defending = 1 if defender.side.has(BRUTAL) or defender.side.has(AFAR) else None
    return Assault(
        attacker,
        defender,
        terrain=terrain,
        granted_assault=variant_assault(attacker),
        defender_granted_assault=state.granted_assault.get(defender.owner) or defending,
        attacker_bonuses=(*roll_modifiers(state, attacker, defender), *bonuses),
        defender_bonuses=roll_modifiers(state, defender, attacker),
        defender_paralyzed=paralyzed(state, defender),
    )


def chain_assaults(state: GameState, attacker: Piece) -> Iterator[ChainAssault]:
    """Long Distance and Brutal Assaults (SoN p.17): from where the unit stands, at each
    enemy within its Long Distance value it may fight (with Brutal Assault, at all of them
    too, in turn); a Brutal Assault at the end of the move into each enemy it can reach, at
    every enemy its counter then covers. A representative set: the enemies may be fought in
    any order, and a Long Distance Assault may follow a move."""
    if not attacker.squares or attacker.embarked_in is not None:
        return
    reach = attacker.side.ability_value(AFAR)
    brutal = attacker.side.has(BRUTAL)
    if reach is not None:
        here = Path((Position(attacker.squares, attacker.facing),), 0)
        keys = [e.key for e in sorted(enemies_in_reach(state, attacker, reach), key=lambda e: e.key)]
        found = [ChainAssault(here, (key,), from_afar=True) for key in keys]
        found += [ChainAssault(here, tuple(keys), from_afar=True)] if brutal and len(keys) > 1 else []
        yield from allowed(state, attacker, found, chain_refusal)
    if not brutal or movement.movement_points(state, attacker) is None:
        return
    for defender in sorted(state.enemies_of(attacker.owner), key=lambda e: e.key):
        path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset)
        if path is None:
            continue
        around = covered(state, attacker, path.destination.squares)
        others = [e.key for e in around if e.key != defender.key and e.embarked_in is None]
        yield from allowed(state, attacker, [ChainAssault(path, (defender.key, *others))], chain_refusal)


def chain_refusal(state: GameState, attacker: Piece, action: ChainAssault) -> Refusal | None:
    """Why the unit may not make this chain of assaults (`check_chain`), or None."""
    return refusal(lambda: check_chain(state, attacker, action))


def check_chain(state: GameState, attacker: Piece, action: ChainAssault) -> None:
    """The chain of assaults checked, IllegalAttack when the rules refuse it (SoN p.17): Long
    Distance at enemies within its value of where the move leaves it, Brutal at enemies the
    counter covers at the end of its move, several only with Brutal Assault, each an enemy
    it may fight (`engage`)."""
    page = state.ruleset.cite("assault-variants")
    reach = attacker.side.ability_value(AFAR)
    if action.from_afar and reach is None:
        raise IllegalAttack(Code.NO_ABILITY, f"{name(attacker)} has no Long Distance Assault", page)
    if not action.from_afar and not attacker.side.has(BRUTAL):
        raise IllegalAttack(Code.NO_ABILITY, f"{name(attacker)} has no Brutal Assault", page)
    if not action.defenders or (len(action.defenders) > 1 and not attacker.side.has(BRUTAL)):
        raise IllegalAttack(Code.NO_ABILITY, "one enemy is assaulted, several only with Brutal Assault", page)
    end = action.path.destination.squares
    for key in action.defenders:
        defender = state.pieces.get(key)
        if defender is None or defender.is_wreck or defender.allegiance == attacker.allegiance:
            raise IllegalAttack(Code.NO_TARGET, f"no enemy unit {key!r} to assault", page)
        if action.from_afar and range_between(end, defender.squares) > (reach or 0):
            raise IllegalAttack(Code.OUT_OF_RANGE, f"{name(defender)} is beyond Long Distance {reach}", page)
        if not action.from_afar and not set(end) & set(defender.squares):
            raise IllegalAttack(Code.NOT_IN_CONTACT, f"{name(attacker)} does not cover {name(defender)}", page)
        engage(variant_assault_of(state, attacker, defender, ()), state.ruleset)


def chain(turn: Turn, attacker: Piece, action: ChainAssault) -> None:
    state, cite = turn.state, turn.state.ruleset.cite
    check_chain(state, attacker, action)
    end = action.path.destination.squares
    reach = attacker.side.ability_value(AFAR)
    approach: Path | None = action.path
    if not action.from_afar:
        approach = Path(action.path.positions[:-1], action.path.cost) if len(action.path.positions) > 1 else None
    if approach is not None and approach.destination.squares != attacker.squares:
        movement.move(turn, attacker, approach, ends_action=False)
    attacker_now = state.pieces.get(attacker.key)
    if attacker_now is None or attacker_now.is_wreck:
        return
    held = attacker_now.squares
    won_all = True
    for key in dict.fromkeys(action.defenders):  # never the same enemy twice
        attacker_now, defender = state.pieces.get(attacker.key), state.pieces.get(key)
        if attacker_now is None or attacker_now.is_wreck:
            return
        if defender is None or defender.is_wreck:
            continue
        if action.from_afar:
            if range_between(attacker_now.squares, defender.squares) > (reach or 0):
                raise IllegalAttack(
                    Code.OUT_OF_RANGE, f"{name(defender)} is beyond Long Distance {reach}", cite("assault-variants")
                )
        elif not set(end) & set(defender.squares):
            raise IllegalAttack(
                Code.NOT_IN_CONTACT, f"{name(attacker)} does not cover {name(defender)}", cite("assault-variants")
            )
        variant = AssaultVariant.LONG_DISTANCE if action.from_afar else AssaultVariant.BRUTAL
        outcome = _variant_fight(turn, attacker_now, defender, held, variant)
        if outcome is not AssaultOutcome.WIN:
            won_all = False
            break
    attacker_now = state.pieces.get(attacker.key)
    if won_all and not action.from_afar and attacker_now is not None and not covered(state, attacker_now, end):
        _advance_onto(turn, attacker_now, end, action.path.destination.facing)


def _variant_fight(
    turn: Turn,
    attacker: Piece,
    defender: Piece,
    held: tuple[Square, ...],
    variant: AssaultVariant,
    bonuses: tuple[Modifier, ...] = (),
) -> AssaultOutcome:
    """One assault of a chain, resolved where both stand; a beaten infantry unit retreats
    away from `held`, the squares the attacker assaults from."""
    state = turn.state
    assault = terror_markers.signed_assault(turn, variant_assault_of(state, attacker, defender, bonuses))
    assault, blades = poisoned_blade.poisoned_blades(turn, assault)  # Poisoned Blade markers (SoN p.16)
    result = resolve_assault(
        played.assault_bonuses(turn, assault),
        turn.dice,
        state.ruleset,
        reroll=veteran.assault_rerolls(turn, assault),  # Veteran markers (HoN core p.30; SoN p.16)
        rerolls=veteran.veteran_rolls(turn, attacker, defender),
    )
    page, notes = state.ruleset.cite("assault-variants"), assault_notes(result, state.ruleset)
    how = {"variant": variant, "variant_page": page, "notes": notes}
    turn.add(AssaultEvent.of(result, state.turn, turn.phase, attacker.owner, **how))
    hits.hurt(turn, attacker, result.attacker, result.attacker_effect, assault=True)
    if result.outcome is AssaultOutcome.WIN and capture.capture(turn, attacker, defender):  # BfC p.12
        return result.outcome
    hits.hurt(turn, defender, result.defender, result.defender_effect, assault=True)
    poisoned_blade.poison(turn, attacker, defender, blades)  # a survivor keeps them (SoN p.16)
    beaten = state.pieces.get(defender.key)
    if result.defender_moves is DefenderMove.RETREATS and beaten is not None and not beaten.is_wreck:
        assault_action.retreat(turn, beaten, held)
    return result.outcome


def _advance_onto(turn: Turn, attacker: Piece, squares: tuple[Square, ...], facing: int) -> None:
    turn.state.pieces[attacker.key] = attacker.moved(squares, facing)
    turn.add(
        AdvanceEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=attacker.owner,
            unit=attacker.key,
            to=squares,
            how=Advance.COVERED,
        )
    )


def assaults_on_the_move(state: GameState, attacker: Piece) -> Iterator[AssaultOnTheMove]:
    """Assault on the Move (SoN p.17): each assault the unit may launch from the battlefield
    (`assault.assaults`, no Charge nor Knife), then, unless it lost, the rest of its move
    towards each objective, or no further. A representative set: with Brutal Assault it may
    name more enemies to assault on the way."""
    if attacker.side.ability_value(ON_THE_MOVE) is None or attacker.embarked_in is not None:
        return
    goals = [None, *sorted(min(area) for area in state.objective_areas.values() if area)]
    for launched in assault_action.assaults(state, attacker):
        if not launched.charge and not launched.knife:
            yield from (AssaultOnTheMove(launched.path, launched.defender, goal) for goal in goals)


def on_the_move_refusal(state: GameState, attacker: Piece, action: AssaultOnTheMove) -> Refusal | None:
    """Why the unit may not assault so on the move (`check_on_the_move`), or None."""
    return refusal(lambda: check_on_the_move(state, attacker, action))


def check_on_the_move(state: GameState, attacker: Piece, action: AssaultOnTheMove) -> None:
    """The assaults on the move checked, IllegalAttack when the rules refuse them (SoN p.17):
    with the ability, several enemies only with Brutal Assault, each an enemy it may assault
    (`assault.engages`); the first from its transport only when it is next to the enemy
    (`transport.launch_refusal`, HoN core p.27)."""
    page = state.ruleset.cite("assault-variants")
    if attacker.side.ability_value(ON_THE_MOVE) is None:
        raise IllegalAttack(Code.NO_ABILITY, f"{name(attacker)} has no Assault on the Move", page)
    if action.then and not attacker.side.has(BRUTAL):
        raise IllegalAttack(Code.NO_ABILITY, "only with Brutal Assault are several assaults made on the move", page)
    granted = state.granted_assault.get(attacker.owner)
    for key in (action.defender, *action.then):
        defender = state.pieces.get(key)
        if defender is None or defender.is_wreck or defender.allegiance == attacker.allegiance:
            raise IllegalAttack(Code.NO_TARGET, f"no enemy unit {key!r} to assault", page)
        if not assault_action.engages(state, attacker, defender, granted):
            raise IllegalAttack(
                Code.MAY_NOT_ASSAULT,
                f"{name(attacker)} may not assault {name(defender)}",
                state.ruleset.cite("assault"),
            )
    launch = transport.launch_refusal(state, attacker, state.pieces[action.defender]) if attacker.embarked_in else None
    if launch is not None:
        raise IllegalAttack(Code.NO_LAUNCH, launch)


def on_the_move(turn: Turn, attacker: Piece, action: AssaultOnTheMove) -> None:
    state, cite = turn.state, turn.state.ruleset.cite
    check_on_the_move(state, attacker, action)
    penalty = attacker.side.ability_value(ON_THE_MOVE) or 0
    left = allowance(attacker) or 0
    bonuses = (Modifier("Assault on the Move", -abs(penalty), cite("assault-variants")),) if penalty else ()
    path, target = action.path, action.defender
    waiting = list(action.then)
    while True:
        before = len(turn.frames)
        assault_action.assault(turn, attacker, AssaultAction(path, target, bonuses=bonuses))
        fought = [f.event for f in turn.frames[before:] if isinstance(f.event, AssaultEvent)]
        moved = state.pieces.get(attacker.key)
        left -= path.cost
        if not fought or fought[-1].outcome is AssaultOutcome.LOSS or moved is None or left <= 0:
            return  # it lost, or has no point left: its move stops (SoN p.17)
        attacker = moved
        following = state.pieces.get(waiting.pop(0)) if waiting else None
        found = None
        if following is not None:
            found = assault_path(state.battlefield, state.pieces.values(), moved, following, state.ruleset)
        if following is None or found is None or found.cost > left:
            break
        path, target = found, following.key
    goal = action.goal
    if goal is None:
        return
    reach = movement_reach(state, attacker, points=left)
    best = min(reach, key=lambda p: (range_between(p.squares, (goal,)), reach.cost(p), p.squares), default=None)
    if best is not None and range_between(best.squares, (goal,)) < range_between(attacker.squares, (goal,)):
        movement.move(turn, attacker, reach[best])
