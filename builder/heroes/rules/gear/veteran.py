"""Veteran markers (HoN core p.30; SoN p.16): "Each marker enables you to reroll any roll, yours
or your opponent's, if you don't like the result. You must keep the new result. You may use a
Veteran marker on a die roll you've just rerolled." hon offers the reroll on a Firing Action's
roll (the firer's side on a miss, the target's on a hit), on an assault's (the side about to
lose rolls its own again), and on every other roll between two units or at a structure: damage
location, destruction, scattering and the sniper's table (`veteran_rolls`:
the side the roll serves and the side it goes against, each asked with the exact chance a
reroll betters its lot), again after a reroll; and declares here what a side is asked about
the markers it spends. Also the Life Point a Character discards against an assault's hit
(BfC p.09)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.equipment import cited, life_points
from builder.heroes.rules.action_cards import battle_events, played
from builder.heroes.rules.decisions import VeteranAssault, VeteranFire, VeteranReroll
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault, AssaultOutcome, AssaultReroll, AssaultResult, _moves
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, Shot
from builder.heroes.rules.resolution.damage import Effect, Rerolls, Worth
from builder.heroes.rules.resolution.firing_roll import Reroll
from builder.kernel.decisions import YES_NO
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

LIFE_POINT_PAGE = "BfC p.09"


def _has_veteran(turn: Turn, piece: Piece) -> bool:
    """Whether `piece`'s side holds a Veteran marker it may spend (SoN's are tokens, p.16)."""
    return turn.state.gear_for(piece, turn.state.ruleset.veteran_marker) is not None


def rerolls(turn: Turn, shooter: Piece, shot: Shot) -> Reroll | None:
    """What may have a firing roll rolled again: the firer's action card (HoN core p.17),
    else a Veteran marker (`veteran_reroll`)."""
    card = played.second_chance(turn, shooter)
    veteran = veteran_reroll(turn, shooter, shot)
    asked: list[bool] = []  # the card is offered on the first roll only

    def ask(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        first = not asked
        asked.append(True)
        return (first and card is not None and card(plan, roll, outcome)) or veteran(plan, roll, outcome)

    return ask


def veteran_rolls(turn: Turn, *parties: Piece | None) -> Rerolls:
    """Veteran markers on the other rolls of an action between `parties` (the firer or
    attacker first): a roll against one of them serves the other, a roll against none (a
    structure, a landing spot) serves the first. The side it serves is asked first, then
    the side it goes against; each spends at most one marker a roll, and a reroll may be
    rerolled again (HoN core p.30)."""

    def rerolls(
        kind: str, faces: tuple[int, ...], worth: Worth, again: Callable[[], tuple[int, ...]], against: Piece | None
    ) -> tuple[int, ...]:
        serves = next((p for p in parties if p is not None and (against is None or p.key != against.key)), None)
        while _veteran_spent(turn, kind, faces, worth, serves, against):
            faces = again()
        return faces

    return rerolls


def _veteran_spent(
    turn: Turn, kind: str, faces: tuple[int, ...], worth: Worth, serves: Piece | None, against: Piece | None
) -> bool:
    """Whether a side spends a Veteran marker on these faces, and the marker spent."""
    askers = [
        (piece, sign)
        for piece, sign in ((serves, 1), (against, -1))
        if piece is not None and turn.asking and _has_veteran(turn, piece)
    ]
    if not askers:
        return False
    now = worth(faces)
    outcomes = [worth(c) for c in product(range(1, 7), repeat=len(faces))]
    for piece, sign in askers:
        better = sum(1 for w in outcomes if (w - now) * sign > 0) / len(outcomes)
        worse = sum(1 for w in outcomes if (w - now) * sign < 0) / len(outcomes)
        asked = VeteranReroll(side=piece.owner, options=YES_NO, unit=piece, roll=kind, better=better, worse=worse)
        if better and turn.ask(asked):
            alternate_fire.spend_marker(
                turn,
                piece,
                turn.state.ruleset.veteran_marker,
                turn.state.ruleset.cite("veteran"),
                GearUse.VETERAN_ROLL,
                roll=kind,
                faces=tuple(faces),
            )
            return True
    return False


def veteran_reroll(turn: Turn, shooter: Piece | None, shot: Shot) -> Reroll:
    """A Veteran marker of either side on a firing roll (p.30: "reroll any roll, yours or
    your opponent's"): hon asks the firer's side on a miss, the target's on a hit. A shot
    with no firer on the battlefield (a bomb) is rerolled by no one's Veteran but the target's."""

    def ask(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        piece = shot.target if outcome in (FireOutcome.HIT, FireOutcome.DOUBLE_HIT) else shooter
        if piece is None:
            return False
        if not turn.asking or not _has_veteran(turn, piece):
            return False
        if not turn.ask(
            VeteranFire(side=piece.owner, options=YES_NO, unit=piece, plan=plan, roll=roll, outcome=outcome)
        ):
            return False
        alternate_fire.spend_marker(
            turn,
            piece,
            turn.state.ruleset.veteran_marker,
            turn.state.ruleset.cite("veteran"),
            GearUse.VETERAN_FIRE,
            target=shooter.key if shooter is not None and piece.key != shooter.key else None,
            value=roll.total,
            against=plan.defense,
            outcome=outcome,
        )
        return True

    return ask


def assault_rerolls(turn: Turn, assault: Assault) -> AssaultReroll:
    """What may have an assault roll rolled again: Second Chance, the losing side's action
    card (HoN core p.17, builder.heroes.rules.action_cards.battle_events), else a Veteran marker."""
    card = battle_events.second_chance_assault(turn, assault)
    veteran = _veteran_assault(turn, assault)

    def ask(outcome: AssaultOutcome, attack: Roll, defence: Roll) -> str | None:
        return (card(outcome, attack, defence) if card is not None else None) or veteran(outcome, attack, defence)

    return ask


def _veteran_assault(turn: Turn, assault: Assault) -> AssaultReroll:
    """A Veteran marker on an assault roll: the attacker's side when it does not win, else
    the defender's, asked in that order; the reroll stands (HoN core p.30)."""

    def ask(outcome: AssaultOutcome, attack: Roll, defence: Roll) -> str | None:
        sides = ((assault.attacker, attack, defence, "attack"), (assault.defender, defence, attack, "defence"))
        for piece, mine, theirs, which in sides:
            losing = outcome is not AssaultOutcome.WIN if which == "attack" else outcome is AssaultOutcome.WIN
            if not losing or not turn.asking or not _has_veteran(turn, piece):
                continue
            if turn.ask(VeteranAssault(side=piece.owner, options=YES_NO, unit=piece, mine=mine, theirs=theirs)):
                alternate_fire.spend_marker(
                    turn,
                    piece,
                    turn.state.ruleset.veteran_marker,
                    turn.state.ruleset.cite("veteran"),
                    GearUse.VETERAN_ASSAULT,
                    value=mine.total,
                    against=theirs.total,
                )
                return which
        return None

    return ask


def life_point_assault(turn: Turn, result: AssaultResult) -> AssaultResult:
    """Life Point (BfC p.09): a Character that loses an assault discards one to cancel the
    hit it suffered; it still moves as the loser of the assault does (HoN core p.26)."""
    outcome = result.outcome
    if outcome is AssaultOutcome.WIN:
        before, effect = result.engagement.defender, result.defender_effect
    elif outcome is AssaultOutcome.LOSS:
        before, effect = result.assault.attacker, result.attacker_effect
    else:
        return result
    pool = life_points(turn.state, before) if effect in (Effect.FLIPPED, Effect.DESTROYED) else None
    if pool is None:  # a Character's (BfC p.09), any unit's in SoN (SoN p.16)
        return result
    page = cited(pool, LIFE_POINT_PAGE)
    alternate_fire.spend_marker(turn, before, pool.marker, page, GearUse.ASSAULT_HIT_CANCELLED, target=before.key)
    (attacker_moves, defender_moves), _ = _moves(
        result.assault.attacker, result.engagement.defender, outcome, Effect.NONE, turn.state.ruleset
    )
    if outcome is AssaultOutcome.WIN:
        return replace(result, defender=before, defender_effect=Effect.NONE, defender_moves=defender_moves)
    return replace(result, attacker=before, attacker_effect=Effect.NONE, attacker_moves=attacker_moves)
