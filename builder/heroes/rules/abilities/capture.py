"""Capturing a unit (BfC p.12, "Jump in Carpiquet"): "To capture Willi Herold, the Canadian
player must win an Assault against him. Once captured, Willi Herold remains with the Unit that
defeated him (place him on his counter). If the German player destroys that Unit (by a Firing
Action, an Assault, or any other method), Willi Herold is liberated and the Canadian player must
capture him again. The Canadian player may remove the Unit holding Willi Herold from one of the
squares marked with an arrow to prevent Herold from being liberated."

A unit is captured only where a scenario's victory names it in a `capture` condition for the
assaulting side. hon's readings where the book is silent: the captive is taken whole, instead
of the winner's hit and retreat (a hit might destroy him, and then he could not be captured),
and the captor takes his square; a captive freed is put back on its captor's last square, or
the nearest square it may stand on, as it was when captured."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.heroes.rules.events.combat import Displaced
from builder.heroes.rules.events.game import EnterEvent, Entering, RetreatEvent
from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import Captive
from builder.heroes.scenario.conditions import AllOf, AnyOf, Capture, Condition, Not
from builder.heroes.scenario.models import Scenario

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

CAPTURE_PAGE = "BfC p.12"


def captures_in(condition: Condition) -> Iterator[Capture]:
    if isinstance(condition, Capture):
        yield condition
    elif isinstance(condition, (AllOf, AnyOf)):
        for part in condition.of:
            yield from captures_in(part)
    elif isinstance(condition, Not):
        yield from captures_in(condition.condition)


def wanted(scenario: Scenario) -> frozenset[tuple[str, str]]:
    """(side, unit id): the units each side's victory asks it to capture."""
    conditions = [*(o.condition for o in scenario.victory.outcomes), *scenario.victory.end.early]
    return frozenset((c.side, c.unit) for condition in conditions for c in captures_in(condition))


def capture(turn: Turn, attacker: Piece, defender: Piece) -> bool:
    """Capture `defender` if the attacker's side (or a team-mate's) is asked to: it leaves
    the battlefield and stays with the attacker (BfC p.12)."""
    state = turn.state
    team = state.team_of(attacker.owner)
    if not any(u == defender.unit.id and state.team_of(s) == team for s, u in wanted(state.scenario)):
        return False
    state.pieces.pop(defender.key, None)
    state.captives[defender.key] = Captive(defender, attacker.key, attacker.owner)
    turn.add(
        RetreatEvent(
            turn=state.turn,
            phase=turn.phase,
            side=attacker.owner,
            unit=defender.key,
            why=Displaced.CAPTURED,
            by=attacker.key,
            page=CAPTURE_PAGE,
        )
    )
    return True


def free_captives(turn: Turn, captor: Piece) -> None:
    """Its captor destroyed, a captive is liberated where the captor stood (BfC p.12)."""
    state = turn.state
    for key, captive in list(state.captives.items()):
        if captive.captor != captor.key:
            continue
        del state.captives[key]
        square = _free_square(turn, captive.piece, captor.squares)
        if square is None:
            continue  # hon: nowhere on the battlefield to stand, it stays off it
        state.pieces[key] = captive.piece.moved((square,))
        turn.add(
            EnterEvent(
                turn=state.turn,
                phase=turn.phase,
                side=captive.piece.owner,
                unit=key,
                to=(square,),
                how=Entering.LIBERATED,
                vehicle=captor.key,
                page=CAPTURE_PAGE,
            )
        )


def _free_square(turn: Turn, piece: Piece, around: tuple[Square, ...]) -> Square | None:
    """The captor's square if it may stand there, else the nearest ring out that has one."""
    ring, seen = sorted(set(around)), set(around)
    while ring:
        found = [sq for sq in ring if may_stand(turn.state, piece, (sq,))]
        if found:
            return found[0]
        ring = sorted({n for sq in ring for n in neighbours(sq) if turn.state.battlefield.is_square(n)} - seen)
        seen.update(ring)
    return None
