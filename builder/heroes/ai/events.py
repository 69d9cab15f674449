"""The simple policy's Battle Events played at a moment of the game (HoN core p.17,
builder.heroes.rules.action_cards.battle_events): Desertion whenever it may, Dynamic to the unit nearest
the enemy, Second Chance on an assault roll about to lose when the new roll likely saves it,
Surprise to leave a building through a window after a lost assault when that saves the unit."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from builder.heroes.ai import firing
from builder.heroes.ai.cards import REROLL_WORTH
from builder.heroes.ai.common import _gap, by_key, itself
from builder.heroes.catalogue.cards import CardEffectKind, CardTiming
from builder.heroes.rules.action_cards.battle_events import card_mine_squares, cards_for, may_receive_order
from builder.heroes.rules.actions.assault import shelter_first
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.actions.template_fire import template_targets
from builder.heroes.rules.geometry.grid import Point, corners
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.squares import forced_move_zones
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState
from builder.kernel.choice import least_of
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def mine_card(policy: SimplePolicy, state: GameState, side: str) -> tuple[str, Square] | None:
    """The Mine marker on the square nearest the enemy (of those alike, one drawn), if any enemy."""
    cards = sorted(cards_for(state, side, CardEffectKind.PLACE_MINE, CardTiming.SUPPLY), key=lambda c: c.id)
    enemies = tuple(sq for p in state.enemies_of(side) for sq in p.squares)
    squares = card_mine_squares(state, side)
    if not cards or not enemies or not squares:
        return None

    def near(sq: Square) -> tuple[int, int]:
        straight = min((sq[0] - e[0]) ** 2 + (sq[1] - e[1]) ** 2 for e in enemies)
        return _gap((sq,), enemies), straight

    return cards[0].id, policy.best_of(squares, near, itself)


def return_to_sender(
    policy: SimplePolicy, state: GameState, side: str, thrower: Piece, lands: Point
) -> tuple[str, Point] | None:
    """Throw it back to the corner of the thrower's square that catches the most of its
    side's units and the fewest of ours (of those alike, one drawn), if that is better than
    where it lands."""
    cards = sorted(cards_for(state, side, CardEffectKind.THROW_BACK, CardTiming.GRENADE), key=lambda c: c.id)
    if not cards:
        return None

    def worth(at: Point) -> tuple[int, int]:
        under, _ = template_targets(state, at)
        theirs = sum(1 for p in under if p.owner == thrower.owner)
        ours = sum(1 for p in under if p.owner == side)
        return theirs - ours, -ours

    options = {pt for sq in thrower.squares for pt in corners(sq)}
    back = policy.best_of(options, lambda at: tuple(-n for n in worth(at)), itself)
    return (cards[0].id, back) if worth(back) > worth(lands) else None


def burst_fire(policy: SimplePolicy, state: GameState, piece: Piece) -> Fire | None:
    """The best Firing Action it has now, if one is worth taking."""
    fire, _ = firing.shots(policy, state, piece, Occupancy(state.pieces.values()))
    return fire


def surprise_exit(
    policy: SimplePolicy, state: GameState, piece: Piece, plain: tuple[Square, ...], through: tuple[Square, ...]
) -> str | None:
    """Surprise (HoN core p.17) out through a window when the doors leave the beaten unit
    nowhere to retreat (it would be destroyed), or only squares within an enemy Zone of
    Control that the window's best squares are out of: the squares it would take each way are
    those it would retreat to (`forced_move`, which draws among them)."""
    cards = sorted(cards_for(state, piece.owner, CardEffectKind.WINDOWS, CardTiming.MOVEMENT), key=lambda c: c.id)
    if not cards:
        return None
    if not plain:
        return cards[0].id
    landing = _landing(state, piece)
    door, window = landing(least_of(plain, landing)[0]), landing(least_of(through, landing)[0])
    return cards[0].id if door[1] and not window[1] else None


def forced_move(policy: SimplePolicy, state: GameState, piece: Piece, squares: Iterable[Square]) -> Square:
    """Where its Forced Move ends: into a transport, else the best covered square (HoN core
    p.18, p.26-27), out of an enemy Zone of Control if it may; of those alike, one drawn."""
    return policy.least(squares, key=_landing(state, piece), unit=1.0, order=itself)


def _landing(state: GameState, piece: Piece) -> Callable[[Square], tuple[int, bool]]:
    """A Forced Move's square ranked, the least first: sheltered (`shelter_first`), then out
    of an enemy Zone of Control (where it would stand next to the enemy)."""
    zones = forced_move_zones(state, piece)
    return lambda square: (shelter_first(state, piece, square), bool(zones.get(square)))


def desertion(policy: SimplePolicy, state: GameState, side: str, target: Piece) -> str | None:
    """An enemy unit gone is always worth the card."""
    cards = sorted(cards_for(state, side, CardEffectKind.DESERTION, CardTiming.SUPPRESSED), key=lambda c: c.id)
    return cards[0].id if cards else None


def dynamic(policy: SimplePolicy, state: GameState, side: str, fallen: Piece, token: str) -> tuple[str, str] | None:
    """The token to the unit nearest the enemy that has none (of those alike, one drawn)."""
    cards = sorted(cards_for(state, side, CardEffectKind.PASS_ORDER, CardTiming.DESTROYED), key=lambda c: c.id)
    enemies = tuple(sq for p in state.enemies_of(side) for sq in p.squares)
    heirs = [p for p in state.units(side) if p.key != fallen.key and may_receive_order(state, p)]
    if not cards or not heirs or not enemies:
        return None
    heir = policy.best_of(heirs, lambda p: _gap(p.squares, enemies), by_key)
    return cards[0].id, heir.key


def second_chance_assault(
    policy: SimplePolicy, state: GameState, side: str, mine: Roll, theirs: Roll, attacking: bool
) -> str | None:
    """Roll again when the new roll beats (attacking) or holds (defending) the other's at
    least REROLL_WORTH of the time: every die rolled, the best kept (HoN core p.25)."""
    cards = sorted(cards_for(state, side, CardEffectKind.REROLL, CardTiming.AFTER_ROLL), key=lambda c: c.id)
    if not cards:
        return None
    need = theirs.total + (1 if attacking else 0) - mine.modifier_total
    face = max(1, need)
    chance = Fraction(0) if face > 6 else 1 - Fraction(face - 1, 6) ** len(mine.dice)
    return cards[0].id if chance >= REROLL_WORTH else None
