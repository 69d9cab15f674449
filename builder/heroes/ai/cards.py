"""The simple policy's action card choices (HoN core p.17): an Alternate Bonus when the exact
odds say it turns a likely miss (or lost assault) into a likely hit (or won one), or brings
a unit onto an objective; a Battle Event when its condition is useful (see each method);
cards it can never play are discarded at the end of the Supply Phase."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from builder.heroes.ai import assault, firing
from builder.heroes.ai.common import _bonus_cards, _gap, _hand
from builder.heroes.ai.movement import placed, wanted_objectives
from builder.heroes.army.summary import MAX_SPECIAL
from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.action_cards.deck import ASSAULT_BONUSES, FIRE_BONUSES, CardPlay, playable_event
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.orders.tokens import needs_no_order, tokens_for
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, IllegalAttack, Shot
from builder.heroes.rules.resolution.cover import cover_table, terrain_bonus
from builder.heroes.rules.resolution.odds import Odds, odds_of_aim, odds_of_assault, odds_of_shot
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier, Roll

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

FALL_BACK_NEAR = 2  # squares: an enemy this close makes a hurt unit fall back
LIKELY = Fraction(1, 2)  # an Alternate Bonus must lift the chance of success from below this to it
REROLL_WORTH = Fraction(1, 3)  # a missed shot is rolled again when a hit is at least this likely


def order_cards(policy: SimplePolicy, state: GameState, side: str) -> tuple[CardPlay, ...]:
    """High Command and the like when a unit would otherwise go without an order token,
    up to 2 Special Order tokens in all (HoN core p.8); Initiative when the other side has it."""
    hand = _hand(state, side)
    if not hand:
        return ()
    tokens = tokens_for(state, side)
    waiting = sum(1 for p in (*state.units(side), *state.reserve.values()) if p.owner == side and not needs_no_order(p))
    special, plays, seized = tokens.special, [], state.initiative == side
    for card in hand:
        if card.effect is None or not playable_event(card, CardTiming.ORDER_START):
            continue
        if card.effect.kind is CardEffectKind.TAKE_INITIATIVE and not seized:
            plays.append(CardPlay(card.id))
            seized = True
        if card.effect.kind is CardEffectKind.SPECIAL_ORDER:
            if special >= MAX_SPECIAL or tokens.numbered + special >= waiting:
                continue
            plays.append(CardPlay(card.id))
            special += card.effect.value
    return tuple(plays)


def action_cards(policy: SimplePolicy, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
    """As a unit is activated: take its Suppressed markers off; grant the side's units
    Assault when that gives this one an assault the odds favour and it had none. Once it
    has acted: a Forced Move that brings it onto an objective."""
    hand = _hand(state, piece.owner)
    if not hand:
        return ()
    if moment is CardTiming.ACTIVATION:
        return _before_acting(policy, state, piece, hand)
    if moment is CardTiming.AFTER_ACTION:
        return _after_acting(policy, state, piece, hand)
    return ()


def _before_acting(
    policy: SimplePolicy, state: GameState, piece: Piece, hand: list[ActionCard]
) -> tuple[CardPlay, ...]:
    plays: list[CardPlay] = []
    suppressed = piece.suppressed
    events = [c for c in hand if c.effect is not None and playable_event(c, CardTiming.ACTIVATION)]
    for card in events:
        if suppressed and card.effect is not None and card.effect.kind is CardEffectKind.REMOVE_SUPPRESSED:
            plays.append(CardPlay(card.id, piece.key))
            suppressed = max(0, suppressed - card.effect.value)
    fury = next((c for c in events if c.effect is not None and c.effect.kind is CardEffectKind.GRANT_ASSAULT), None)
    points = allowance(piece)
    if (
        fury is not None
        and fury.effect is not None
        and not state.granted_assault.get(piece.owner)
        and points is not None
        and next(enemies_in_reach(state, piece, points + 2 * (piece.suppressed - suppressed) + 1), None)
    ):
        ready = piece.marked(suppressed=suppressed)
        if (
            assault.best_assault(policy, state, ready) is None
            and assault.best_assault(policy, state, ready, fury.effect.value) is not None
        ):
            plays.append(CardPlay(fury.id, piece.key))
    return tuple(plays)


def _after_acting(policy: SimplePolicy, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
    burst = _burst(policy, state, piece, hand)
    if burst or piece.embarked_in is not None:  # a card moves no unit on board a vehicle (HoN core p.27)
        return burst
    return _fall_back(policy, state, piece, hand) or _forced_move(policy, state, piece, hand)


def _fall_back(policy: SimplePolicy, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
    """Fall Back a hurt (reduced or suppressed) unit with an enemy within 2 squares, off any
    objective, to the square farthest from the enemy it may reach, the best covered first
    (of those alike, one drawn)."""
    card = next((c for c in hand if c.effect is not None and c.effect.kind is CardEffectKind.FALL_BACK), None)
    hurt = piece.suppressed > 0 or piece.side.state is SideState.REDUCED
    if card is None or not hurt:
        return ()
    enemies = tuple(sq for p in state.enemies_of(piece.owner) for sq in p.squares)
    if not enemies or range_between(piece.squares, enemies) > FALL_BACK_NEAR:
        return ()
    if any(sq in area for area in state.objective_areas.values() for sq in piece.squares):
        return ()
    moving = inactive(piece)
    value = moving.side.movement
    # A side showing Movement X is moved by no card (HoN core p.9), whatever its other side.
    if value is None or piece.side.movement is None or moving.unit.footprint != 1:
        return ()
    paths = reachable(state.battlefield, state.pieces.values(), moving, state.ruleset, points=value)
    start = range_between(piece.squares, enemies)
    shelter = cover_table(state, moving.colour)  # `cover`'s table, once for every end weighed
    # Weighed by where each path ends, the one path taken traced alone (`Reach`).
    gaps = ((range_between(end.squares, enemies), end) for end in paths)
    farther = [(gap, end) for gap, end in gaps if gap > start]
    if not farther:
        return ()
    _, best = policy.best_of(
        farther,
        lambda found: (-found[0], -terrain_bonus(state, shelter, found[1].squares)),
        lambda found: placed(found[1]),
    )
    return (CardPlay(card.id, piece.key, paths[best]),)


def _burst(policy: SimplePolicy, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
    """Burst Into Action on a unit that just moved without firing, when it has a shot worth
    taking: that Firing Action, played with the card (`burst_fire` would work out the same
    one again: playing the card changes the hand and nothing a shot is chosen by)."""
    card = next(
        (c for c in hand if c.effect is not None and c.effect.kind is CardEffectKind.MOVE_AND_FIRE),
        None,
    )
    if card is None or piece.key not in state.moved_only or not playable_event(card, CardTiming.AFTER_ACTION):
        return ()
    fire, _ = firing.shots(policy, state, piece, Occupancy(state.pieces.values()))
    return (CardPlay(card.id, piece.key, fire=fire),) if fire is not None else ()


def _forced_move(policy: SimplePolicy, state: GameState, piece: Piece, hand: list[ActionCard]) -> tuple[CardPlay, ...]:
    """A Forced Move card (HoN core p.17) that brings the unit onto an objective its side
    wants, at one of the ends on it (drawn)."""
    card = next(
        (
            c
            for c in hand
            if c.effect is not None
            and c.effect.kind is CardEffectKind.FORCED_MOVE
            and playable_event(c, CardTiming.AFTER_ACTION)
        ),
        None,
    )
    if card is None or card.effect is None or piece.side.movement is None:
        return ()
    areas = state.objective_areas
    if any(sq in area for area in areas.values() for sq in piece.squares):
        return ()
    named = wanted_objectives(state, piece.owner) or set(areas)
    goals = frozenset(
        sq for oid, area in areas.items() if oid in named and state.control.get(oid) != piece.allegiance for sq in area
    )
    if not goals or _gap(piece.squares, tuple(goals)) > card.effect.value:
        return ()
    paths = reachable(state.battlefield, state.pieces.values(), piece, state.ruleset, points=card.effect.value)
    found = [p for p in paths if goals.intersection(p.squares)]
    if not found:
        return ()
    return (CardPlay(card.id, piece.key, paths[policy.drawn(found, placed)]),)


def fire_bonus(policy: SimplePolicy, state: GameState, side: str, shot: Shot) -> tuple[str, ...]:
    """Alternate Bonuses that turn a likely miss into a likely hit, by the exact odds."""
    if shot.suppressive:
        return ()
    cards = _bonus_cards(state, side, FIRE_BONUSES)
    if not cards:
        return ()

    def hits(extra: int) -> Fraction:
        bonus = (Modifier("card", extra, ""),) if extra else ()
        return _success(odds_of_shot(replace(shot, bonuses=(*shot.bonuses, *bonus)), state.ruleset))

    return _enough(cards, hits)


def assault_bonus(
    policy: SimplePolicy, state: GameState, side: str, assault: Assault, attacking: bool
) -> tuple[str, ...]:
    """Alternate Bonuses that turn a likely lost assault into a likely won one: for the
    attacker a win, for the defender anything else, by the exact odds."""
    cards = _bonus_cards(state, side, ASSAULT_BONUSES)
    if not cards:
        return ()

    def wins(extra: int) -> Fraction:
        bonus = (Modifier("card", extra, ""),) if extra else ()
        if attacking:
            odds = odds_of_assault(replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *bonus)))
            return odds.exact()["win"]
        odds = odds_of_assault(replace(assault, defender_bonuses=(*assault.defender_bonuses, *bonus)))
        return 1 - odds.exact()["win"]

    try:
        return _enough(cards, wins)
    except (IllegalAttack, ValueError):
        return ()


def second_chance(
    policy: SimplePolicy, state: GameState, side: str, plan: Aim, roll: Roll, outcome: FireOutcome
) -> str | None:
    """Roll a missed shot again when a hit is likely enough."""
    if outcome is not FireOutcome.MISS or plan.suppressive:
        return None
    card = next(
        (
            c
            for c in _hand(state, side)
            if c.effect is not None
            and c.effect.kind is CardEffectKind.REROLL
            and playable_event(c, CardTiming.AFTER_ROLL)
        ),
        None,
    )
    if card is None or _success(odds_of_aim(plan)) < REROLL_WORTH:
        return None
    return card.id


def discards(policy: SimplePolicy, state: GameState, side: str) -> tuple[str, ...]:
    """The cards it can never play: no Battle Event the rules core applies, no Alternate Bonus."""
    return tuple(c.id for c in _hand(state, side) if c.effect is None and c.alternate_bonus is None)


def _success(odds: Odds) -> Fraction:
    found = odds.exact()
    return found.get(FireOutcome.HIT.value, Fraction(0)) + found.get(FireOutcome.DOUBLE_HIT.value, Fraction(0))


def _enough(cards: list[ActionCard], chance: Callable[[int], Fraction]) -> tuple[str, ...]:
    """The fewest cards of one bonus type (HoN core p.17: never two types on one action)
    that lift `chance` from below LIKELY to it; none when it is likely already or no
    combination gets there."""
    if chance(0) >= LIKELY:
        return ()
    best: tuple[int, int, tuple[str, ...]] | None = None
    for kind in BonusKind:
        same = [c for c in cards if c.alternate_bonus is not None and c.alternate_bonus.kind is kind]
        chosen: list[ActionCard] = []
        total = 0
        single = next(
            (c for c in same if c.alternate_bonus is not None and chance(c.alternate_bonus.value) >= LIKELY), None
        )
        if single is not None and single.alternate_bonus is not None:
            chosen, total = [single], single.alternate_bonus.value
        else:
            for card in sorted(same, key=lambda c: -(c.alternate_bonus.value if c.alternate_bonus else 0)):
                chosen.append(card)
                total += card.alternate_bonus.value if card.alternate_bonus else 0
                if chance(total) >= LIKELY:
                    break
            else:
                continue
        option = (len(chosen), total, tuple(c.id for c in chosen))
        if best is None or option < best:
            best = option
    return best[2] if best is not None else ()
