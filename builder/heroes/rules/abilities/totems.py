"""The Deep Ones' Totems in play (SoN p.16; standing_totems.py says what they are): put down in the
first round's Supply Phase, their advantage chosen at the beginning of each Order Phase, and
destroyed by a unit with the Destruction ability firing at one (SoN p.17: "Every time they
fire at a structure directly … roll a number of dice equal to the value … For each result
equal to or greater than 4, place a Destruction marker on the structure. If the number of
markers reaches the value of the structure, it is destroyed"; a Totem has 1)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from builder.heroes.rules.abilities.ability import Ability, Source, Step
from builder.heroes.rules.abilities.standing_totems import MAX_TOTEMS, TOTEM, TOTEM_PAGE, standing, totems_given
from builder.heroes.rules.actions.firing import weapons_of
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.decisions import TotemBoon, TotemSite
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.mythos.state import Boon, FireAtTotem, Totem
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal
from builder.heroes.rules.resolution.damage import DESTRUCTION_SUCCESS
from builder.heroes.rules.resolution.templates import explosion_squares, interspace_range
from builder.heroes.rules.state import GameState
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

DESTRUCTION = "destruction"


class Totems(Ability):
    id = TOTEM
    name = "Totems"
    page = TOTEM_PAGE
    source = Source.GEAR
    steps = frozenset({Step.ORDER_START, Step.SUPPLY_START})

    def at_step(self, turn: Turn, step: Step) -> None:
        if step is Step.ORDER_START:
            totem_boons(turn)
        elif turn.state.turn == 1:  # put down in the first round's Supply Phase (SoN p.16)
            raise_totems(turn)


def destruction_of(piece: Piece) -> int:
    """The unit's Destruction value (SoN p.17): its side's or its best weapon's, 0 without."""
    values = [piece.side.ability_value(DESTRUCTION) or 0]
    values += [
        next((a.value or 1 for a in w.abilities if a.id == DESTRUCTION), 0) for w in weapons_of(piece) if w is not None
    ]
    return max(values)


def totem_in_sight(state: GameState, piece: Piece, totem: Totem, occupancy: Occupancy | None = None) -> bool:
    """Whether `piece` may fire at the Totem: a standing enemy one within its range (the
    night's or fog's cap), one of the squares about its interspace in its line of sight."""
    reach = state.ruleset.max_range
    if (
        not totem.standing
        or not piece.squares
        or (reach is not None and interspace_range(piece.squares, totem.at) > reach)
    ):
        return False
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    around = [sq for sq in sorted(explosion_squares(totem.at)) if sq in state.battlefield.squares]
    return any(not line_of_sight(state.battlefield, seen, piece, sq, state.ruleset).blocked for sq in around)


def raise_totems(turn: Turn) -> None:
    """The first round's Supply Phase: each side puts its Totems on the interspaces its
    player names, never more than two (SoN p.16)."""
    state = turn.state
    for side in state.initiative_order():
        if not turn.asking:
            continue
        for _ in range(min(totems_given(state, side), MAX_TOTEMS) - len(standing(state, side))):
            at = turn.ask(TotemSite(side=side, options=(*totem_sites(state), None)))
            if at is None:
                break
            state.mythos.totems.append(Totem(side, at))
            _tell_totem(turn, side, GearUse.TOTEM_RAISED, at, len(standing(state, side)))


def totem_sites(state: GameState) -> tuple[Point, ...]:
    """The interspaces a Totem may stand on: any with a square of the battlefield about it."""
    width, height = state.battlefield.width, state.battlefield.height
    points = ((x, y) for y in range(height + 1) for x in range(width + 1))
    return tuple(at for at in points if any(sq in state.battlefield.squares for sq in explosion_squares(at)))


def totem_boons(turn: Turn) -> None:
    """The beginning of the Order Phase: each standing Totem gives an Order token or
    draws an Action card, as its side chooses (SoN p.16)."""
    state = turn.state
    for totem in state.mythos.totems:
        if not totem.standing or not turn.asking:
            totem.boon = None
            continue
        totem.boon = turn.ask(TotemBoon(side=totem.side, options=(Boon.ORDER, Boon.CARD), totem=totem))
        deck = state.decks.get(totem.side)
        drawn = totem.boon is Boon.CARD and deck is not None and bool(deck.pile)
        if drawn and deck is not None:
            deck.hand.append(deck.pile.pop(0))
        use = GearUse.TOTEM_CARD if totem.boon is Boon.CARD else GearUse.TOTEM_ORDER
        _tell_totem(turn, totem.side, use, totem.at, len(standing(state)), value=int(drawn))


def totem_fires(state: GameState, piece: Piece) -> Iterator[FireAtTotem]:
    """A unit with Destruction firing at each enemy Totem it may fire at (SoN p.16-17)."""
    if not destruction_of(piece):
        return
    totems = sorted(standing(state), key=lambda t: t.at)
    yield from allowed(state, piece, (FireAtTotem(totem.at) for totem in totems), totem_refusal)


def totem_refusal(state: GameState, piece: Piece, action: FireAtTotem) -> Refusal | None:
    """Why the unit may not fire at the Totem there (`check_totem_fire`), or None."""
    return refusal(lambda: check_totem_fire(state, piece, action))


def check_totem_fire(state: GameState, piece: Piece, action: FireAtTotem) -> tuple[Totem, int]:
    """The Totem and the Destruction dice rolled at it, IllegalAttack when the rules refuse
    the shot: Destruction, at a standing Totem of another team in sight (`totem_in_sight`,
    SoN p.16-17)."""
    team = state.team_of(piece.owner)
    totem = next((t for t in standing(state) if t.at == action.at and state.team_of(t.side) != team), None)
    dice = destruction_of(piece)
    if totem is None or not dice or not totem_in_sight(state, piece, totem):
        raise IllegalAttack(
            Code.NO_SHOT, f"{name(piece)} has no Destruction shot at a Totem on {list(action.at)}", TOTEM_PAGE
        )
    return totem, dice


def fire_at_totem(turn: Turn, piece: Piece, action: FireAtTotem) -> None:
    """A unit with Destruction fires at an enemy Totem instead of a Firing Action: a die
    per point of Destruction, each 4+ a Destruction marker; one destroys it (SoN p.16-17)."""
    state = turn.state
    totem, dice = check_totem_fire(state, piece, action)
    faces = turn.dice.roll(dice)
    hits = sum(1 for f in faces if f >= DESTRUCTION_SUCCESS)
    roll = Roll("destruction", faces, max(faces), (), max(faces), state.ruleset.cite("destruction"))
    totem.standing = hits == 0
    _tell_totem(
        turn,
        piece.owner,
        GearUse.TOTEM_FIRED_AT,
        action.at,
        len(standing(state, totem.side)),
        (roll,),
        target=piece.key,
        value=dice,
        faces=tuple(faces),
        destroyed=not totem.standing,
    )


def _tell_totem(
    turn: Turn, side: str, use: GearUse, at: Point, left: int, rolls: tuple[Roll, ...] = (), **facts: Any
) -> None:
    turn.add(
        GearEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=side,
            rolls=rolls,
            marker=TOTEM,
            spent=0,
            left=left,
            use=use,
            page=TOTEM_PAGE,
            point=at,
            **facts,
        )
    )
