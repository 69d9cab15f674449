"""Action cards played during a turn: Battle Events and Alternate Bonuses (HoN core p.17)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules import victory_points
from builder.heroes.rules.action_cards import battle_events
from builder.heroes.rules.action_cards.deck import (
    ASSAULT_BONUSES,
    FIRE_BONUSES,
    CardPlay,
    bonus_cards,
    bonus_modifier,
    bonus_selections,
)
from builder.heroes.rules.action_cards.surprise import needs_card, windows_crossed
from builder.heroes.rules.actions import assault as assault_action
from builder.heroes.rules.actions import movement
from builder.heroes.rules.actions.legality import refuse
from builder.heroes.rules.decisions import AssaultBonus, BattleEvent, FireBonus, SecondChance, SurpriseExit
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import CardEvent, CardUse, Phase, PlayedFor
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import (
    Aim,
    FireOutcome,
    Shot,
)
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Offered
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


# The Battle Events played on a unit, and those the rules core plays at all (HoN core p.17).
ON_A_UNIT = frozenset(
    {
        CardEffectKind.FORCED_MOVE,
        CardEffectKind.REMOVE_SUPPRESSED,
        CardEffectKind.MOVE_AND_FIRE,
        CardEffectKind.FALL_BACK,
    }
)
PLAYED = ON_A_UNIT | {CardEffectKind.SPECIAL_ORDER, CardEffectKind.GRANT_ASSAULT, CardEffectKind.TAKE_INITIATIVE}


def battle_events_at(turn: Turn, side: str, moment: CardTiming, unit: Piece | None = None) -> None:
    """The side plays cards for their Battle Event at this moment of the turn (HoN core p.17),
    one at a time, asked each time which one, until it plays none or has none to play; `unit`:
    the unit activated, or that has just acted."""
    played: list[CardPlay] = []
    while turn.asking and side in turn.state.decks:
        if not _held_at(turn, side, moment):
            return  # no card of this moment in hand: nothing to play, nobody asked
        options = battle_event_plays(turn, side, moment)
        play = turn.ask(BattleEvent(side=side, options=options, moment=moment, unit=unit, played=tuple(played)))
        if play is None:
            return
        _play_event(turn, side, play, moment, weighed=not played)
        played.append(play)


def play_battle_events(turn: Turn, side: str, plays: Sequence[CardPlay], moment: CardTiming) -> None:
    """Play these cards for their Battle Event at this moment of the turn, in order (HoN core
    p.17); a play the rules do not allow is refused (ValueError) before anything of it is done."""
    for n, play in enumerate(plays):
        refuse(Code.MAY_NOT_PLAY, battle_event_refusal(turn, side, play, moment))
        _play_event(turn, side, play, moment, weighed=n == 0)


def _held_at(turn: Turn, side: str, moment: CardTiming) -> bool:
    deck = turn.state.decks.get(side)
    return deck is not None and any(c.effect is not None and c.timing is moment for c in deck.hand)


def battle_event_plays(turn: Turn, side: str, moment: CardTiming) -> Offered[CardPlay | None]:
    """The Battle Events the side may play now: none, or one of its cards of this moment on
    what its effect needs. Offered: the cards that need no Forced Move's path, on each unit
    they may go on, then none; any other play the rules allow is one too (a Forced Move on
    any path). Worked out only for a player that lists them."""

    def allows(play: object) -> bool:
        return play is None or (isinstance(play, CardPlay) and battle_event_refusal(turn, side, play, moment) is None)

    def offer() -> Iterator[CardPlay | None]:
        deck = turn.state.decks.get(side)
        ids = sorted({c.id for c in deck.hand if c.effect is not None and c.timing is moment}) if deck else []
        units = sorted(p.key for p in turn.state.units(side))
        candidates = [CardPlay(card) for card in ids] + [CardPlay(card, key) for card in ids for key in units]
        yield from (play for play in candidates if allows(play))
        yield None

    return Offered(offer, allows)


def battle_event_refusal(turn: Turn, side: str, play: CardPlay, moment: CardTiming) -> Refusal | None:
    """Why the side may not play `play` at this moment (HoN core p.17), or None when it may."""
    state = turn.state
    deck = state.decks.get(side)
    card = deck.holds(play.card) if deck is not None else None
    page = state.ruleset.cite("action-cards")
    if card is None or card.effect is None:
        return Refusal(Code.NOT_IN_HAND, page, side=side, other=play.card)
    refused = Refusal(
        Code.CARD_NOT_PLAYABLE, page, unit=play.unit or "", side=side, other=card.name, phase=moment.value
    )
    wanted = Phase.ORDER if moment is CardTiming.ORDER_START else Phase.ACTIVATION
    kind = card.effect.kind
    piece = state.pieces.get(play.unit) if play.unit is not None else None
    if card.timing is not moment:
        return refused
    if turn.phase is not wanted:
        return replace(refused, code=Code.WRONG_PHASE, phase=turn.phase.value)
    if kind in ON_A_UNIT and (piece is None or piece.owner != side or piece.is_wreck):
        return replace(refused, code=Code.NOT_ON_ITS_UNIT)
    if kind is CardEffectKind.MOVE_AND_FIRE and play.unit not in state.moved_only:
        return replace(refused, code=Code.MOVED_ONLY)
    if kind not in PLAYED:
        return refused
    if kind in (CardEffectKind.FORCED_MOVE, CardEffectKind.FALL_BACK) and piece is not None:
        return _forced_move_refusal(state, card, piece, play.path)
    if play.path is not None:
        return replace(refused, code=Code.MOVES_NO_UNIT)
    return None


def _forced_move_refusal(state: GameState, card: ActionCard, piece: Piece, path: Path | None) -> Refusal | None:
    """Why a card may not move `piece` along `path` (HoN core p.9, p.17), or None."""
    assert card.effect is not None
    value = card.effect.value
    if card.effect.kind is CardEffectKind.FALL_BACK:
        try:
            value = battle_events.falls_back(state, piece, path)  # HoN core p.17
        except RulesError as problem:
            return problem.refusal
    refused = Refusal(Code.BAD_PATH, state.ruleset.cite("action-cards"), unit=piece.key, other=card.name, limit=value)
    if path is None or path.positions[0].squares != piece.squares:
        return refused
    if path.cost > value:
        return replace(refused, code=Code.NOT_IN_REACH, value=path.cost)
    if piece.side.movement is None:
        return replace(refused, code=Code.NO_MOVEMENT_VALUE, page=state.ruleset.cite("forced-move"))
    if DamageLocation.TRACKS in piece.damage and len(path.positions) > 1:
        # Tracks hit: "may no longer execute Movement Actions" (HoN core p.15). A card's
        # Forced Move is no Movement Action, but it has no tracks to go on either: the
        # rules core keeps such a vehicle where it is (`movement.move` refuses it too).
        return replace(refused, code=Code.TRACKS_DAMAGED, page=state.ruleset.cite("damage"))
    if piece.embarked_in is not None:
        # Units on board a vehicle leave it only by their own Movement Action (HoN core
        # p.27); a card's Forced Move moves a unit standing on the battlefield.
        return replace(refused, code=Code.EMBARKED, page=state.ruleset.cite("transport"))
    return _forced_path_refusal(state, piece, path, value, refused)


def _forced_path_refusal(state: GameState, piece: Piece, path: Path, value: int, refused: Refusal) -> Refusal | None:
    """Why the unit may not go by `path` on its Forced Move of `value` squares, or
    None: to a position the Forced Move reaches, turned to its Inactive Side first (HoN core
    p.9-10), terrain counted but no Suppressed marker (p.17), at no less than the cheapest
    cost there; a one-square unit keeps no front (p.9). A square out of reach, or a path
    that claims less than it costs, was never the card's to give."""
    moving = inactive(piece) if piece.side.state is SideState.ACTIVE and len(piece.unit.sides) > 1 else piece
    paths = reachable(state.battlefield, state.pieces.values(), moving, state.ruleset, points=value)
    end = path.destination
    if len(piece.squares) == 1:
        end = Position(end.squares, moving.facing)
    if end in paths and path.cost >= paths.cost(end):
        return None
    return replace(refused, code=Code.NOT_IN_REACH, value=path.cost)


def _play_event(turn: Turn, side: str, play: CardPlay, moment: CardTiming, weighed: bool) -> None:
    """Play a card the rules allow now for its Battle Event. `weighed`: nothing was played
    before it at this moment, so a Firing Action chosen with the card still holds."""
    state = turn.state
    deck = state.decks[side]
    card = deck.discard(play.card)
    assert card.effect is not None
    piece = state.pieces.get(play.unit) if play.unit is not None else None
    kind, value = card.effect.kind, card.effect.value
    if kind is CardEffectKind.FALL_BACK and piece is not None:
        value = battle_events.falls_back(state, piece, play.path)  # HoN core p.17
    if kind is CardEffectKind.SPECIAL_ORDER:
        state.special_orders[side] = state.special_orders.get(side, 0) + value
        rule_page = state.ruleset.cite("order-phase")
        card_event(turn, side, card, None, PlayedFor.SPECIAL_ORDERS, value=value, rule_page=rule_page)
    elif kind is CardEffectKind.GRANT_ASSAULT:
        state.granted_assault[side] = max(state.granted_assault.get(side, 0), value)
        card_event(turn, side, card, play.unit, PlayedFor.GRANT_ASSAULT, value=value)
    elif kind is CardEffectKind.REMOVE_SUPPRESSED and piece is not None:
        taken = min(value, piece.suppressed)
        state.pieces[piece.key] = piece.marked(suppressed=piece.suppressed - taken)
        card_event(turn, side, card, piece.key, PlayedFor.REMOVE_SUPPRESSED, value=taken)
    elif kind is CardEffectKind.MOVE_AND_FIRE and piece is not None:
        battle_events.burst(turn, side, card, piece, play.fire if weighed else None)
    elif kind is CardEffectKind.TAKE_INITIATIVE:
        battle_events.take_initiative(turn, side, card)
    elif piece is not None and play.path is not None:  # a Forced Move or a Fall Back
        _forced_move(turn, side, card, piece, play.path, value)


def _forced_move(turn: Turn, side: str, card: ActionCard, piece: Piece, path: Path, value: int) -> None:
    """A card's Forced Move, checked (`_forced_move_refusal`): an Active Side turns to its
    Inactive Side first (HoN core p.9-10)."""
    card_event(turn, side, card, piece.key, PlayedFor.FORCED_MOVE, value=value)
    if piece.side.state is SideState.ACTIVE and len(piece.unit.sides) > 1:
        piece = replace(piece, side_index=1 - piece.side_index)
        turn.state.pieces[piece.key] = piece
    movement.move(turn, piece, path, interruptible=False)  # a Forced Move, no Movement Action (HoN core p.9, p.24)
    victory_points.update_control(turn)


def surprise(
    turn: Turn, piece: Piece, path: Path, card_ids: tuple[str, ...], assault: bool = False, over: bool = False
) -> None:
    """Surprise cards played on a Movement Action or an assault (HoN core p.17): one for
    each window the path goes through; an Urban Fighter (BfC p.08) needs none, nor may any
    other unit go through a window without one. `over`: a Movement Action that jumps or
    flies over the terrain (leaping.py, SoN p.17-18) passes through no window."""
    refuse(Code.MAY_NOT_PLAY, surprise_refusal(turn.state, piece, path, card_ids, over))
    for card_id in card_ids:
        _play_surprise(turn, piece.owner, card_id, piece, PlayedFor.WINDOW_ASSAULT if assault else PlayedFor.WINDOW)


def surprise_refusal(
    state: GameState, piece: Piece, path: Path, card_ids: tuple[str, ...], over: bool = False
) -> Refusal | None:
    """Why these Surprise cards may not take the unit along `path`, or None: one card of the
    side's hand for each window it goes through, none for an Urban Fighter (`surprise`)."""
    crossed = 0 if over else windows_crossed(state.battlefield, path)
    if not needs_card(piece):
        return Refusal(Code.NEEDS_NO_CARD, "BfC p.08", unit=piece.key) if card_ids else None
    page = state.ruleset.cite("action-cards")
    if crossed != len(card_ids):
        return Refusal(Code.ONE_CARD_A_WINDOW, page, unit=piece.key, value=len(card_ids), limit=crossed)
    if not card_ids:
        return None  # no window, no card: nothing to look for in the hand (most moves)
    deck = state.decks.get(piece.owner)
    held = Counter(
        c.id
        for c in (deck.hand if deck is not None else ())
        if c.effect is not None and c.effect.kind is CardEffectKind.WINDOWS
    )
    missing = [card_id for card_id, count in Counter(card_ids).items() if held[card_id] < count]
    if missing:
        return Refusal(Code.NOT_IN_HAND, page, unit=piece.key, side=piece.owner, other=missing[0])
    return None


def surprise_exit(turn: Turn, defender: Piece, options: list[Square]) -> bool:
    """Surprise (HoN core p.17): "This card also allows you to exit a building during a
    Forced Move after losing an Assault." Asked of the beaten unit's side when a window
    opens a square of `options` its Forced Move may end on that the doors do not; whether
    it played one. An Urban Fighter needs none (BfC p.08)."""
    side = defender.owner
    deck = turn.state.decks.get(side)
    if deck is None or not turn.asking or not needs_card(inactive(defender)):
        return False
    cards = sorted({c.id for c in deck.hand if c.effect is not None and c.effect.kind is CardEffectKind.WINDOWS})
    if not cards:
        return False
    plain, _ = assault_action.landings(turn.state, defender, options)
    through, _ = assault_action.landings(turn.state, defender, options, windows=True)
    if set(through) <= set(plain):
        return False
    exit_ = SurpriseExit(side=side, options=(*cards, None), unit=defender, plain=plain, through=through)
    card_id = turn.ask(exit_)
    if card_id is None:
        return False
    _play_surprise(turn, side, card_id, defender, PlayedFor.WINDOW_EXIT)
    return True


def _play_surprise(turn: Turn, side: str, card_id: str, piece: Piece, played_for: PlayedFor) -> None:
    deck = turn.state.decks.get(side)
    card = deck.holds(card_id) if deck is not None else None
    if deck is None or card is None or card.effect is None or card.effect.kind is not CardEffectKind.WINDOWS:
        raise RulesError(Code.CARD_NOT_PLAYABLE, f"{side} cannot play {card_id!r} to go through a window")
    deck.discard(card.id)
    card_event(turn, side, card, piece.key, played_for)


def card_event(
    turn: Turn,
    side: str,
    card: ActionCard,
    unit: str | None,
    played_for: PlayedFor,
    rolls: tuple[Roll, ...] = (),
    **facts: Any,
) -> None:
    """The event of a card played for `unit` (if any): what it did and its facts, the
    fields of a CardEvent."""
    use = CardUse.ALTERNATE_BONUS if played_for in BONUSES else CardUse.BATTLE_EVENT
    turn.add(
        CardEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=side,
            rolls=rolls,
            card=card.id,
            use=use,
            unit=unit,
            page=turn.state.ruleset.cite("action-cards"),
            source=card.source or "",
            played_for=played_for,
            **facts,
        )
    )


# What a card played for its Alternate Bonus did: the roll it went on.
BONUSES = (PlayedFor.MOVEMENT_BONUS, PlayedFor.FIRE_BONUS, PlayedFor.ASSAULT_BONUS)


def play_bonus(turn: Turn, side: str, card: ActionCard, piece: Piece, played_for: PlayedFor) -> None:
    """A card played for its Alternate Bonus on `piece`'s roll or Movement Action (`played_for`)."""
    turn.state.decks[side].discard(card.id)
    bonus = card.alternate_bonus
    card_event(
        turn,
        side,
        card,
        piece.key,
        played_for,
        bonus=bonus.kind if bonus is not None else None,
        value=bonus.value if bonus is not None else None,
    )


def fire_bonus(turn: Turn, firer: Piece, shot: Shot) -> Shot:
    """Cards the firer's side plays on the shot before the dice: fire bonuses go on the
    combat value, "any roll" bonuses on the result (HoN core p.17, p.33)."""
    side = firer.owner
    deck = turn.state.decks.get(side)
    if not turn.asking or deck is None or not deck.hand:
        return shot
    chosen = turn.ask(FireBonus(side=side, options=bonus_selections(deck, side, FIRE_BONUSES), shot=shot))
    played = bonus_cards(deck, side, chosen, FIRE_BONUSES)
    page = turn.state.ruleset.cite("action-cards")
    for card in played:
        play_bonus(turn, side, card, firer, PlayedFor.FIRE_BONUS)
        # A Machine Gunner's share stands for the whole modified combat value, split before
        # any card is played (HoN core p.24): its fire bonus goes on that shot's result
        # instead (hon's reading; the book does not say).
        split = shot.machine_gunner_share is not None
        if card.alternate_bonus is not None and card.alternate_bonus.kind is BonusKind.FIRE and not split:
            shot = replace(shot, bonuses=(*shot.bonuses, bonus_modifier(card, page)))
        else:
            shot = replace(shot, penalties=(*shot.penalties, bonus_modifier(card, page)))
    return shot


def second_chance(turn: Turn, firer: Piece) -> Callable[[Aim, Roll, FireOutcome], bool] | None:
    side = firer.owner
    deck = turn.state.decks.get(side)
    if not turn.asking or deck is None or not deck.hand:
        return None

    def reroll(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        cards = sorted({c.id for c in deck.hand if c.effect is not None and c.effect.kind is CardEffectKind.REROLL})
        if not cards:
            return False
        asked = SecondChance(side=side, options=(*cards, None), plan=plan, roll=roll, outcome=outcome)
        card_id = turn.ask(asked)
        if card_id is None:
            return False
        card = deck.holds(card_id)
        assert card is not None  # one of the options
        deck.discard(card.id)
        card_event(turn, side, card, firer.key, PlayedFor.FIRE_REROLL, (roll,), against=plan.defense, outcome=outcome)
        return True

    return reroll


def assault_bonuses(turn: Turn, assault: Assault) -> Assault:
    """Each side's Alternate Bonuses on its assault roll, declared before the dice: the
    attacker's first, the defender's knowing them; told with the initiative player's
    card first (HoN core p.17)."""
    plays: list[tuple[str, ActionCard, Piece]] = []
    for attacking, piece in ((True, assault.attacker), (False, assault.defender)):
        side = piece.owner
        deck = turn.state.decks.get(side)
        if not turn.asking or deck is None or not deck.hand:
            continue
        options = bonus_selections(deck, side, ASSAULT_BONUSES)
        picked = turn.ask(AssaultBonus(side=side, options=options, assault=assault, attacking=attacking))
        chosen = bonus_cards(deck, side, picked, ASSAULT_BONUSES)
        page = turn.state.ruleset.cite("action-cards")
        mods = tuple(bonus_modifier(card, page) for card in chosen)
        if attacking:
            assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *mods))
        else:
            assault = replace(assault, defender_bonuses=(*assault.defender_bonuses, *mods))
        plays += [(side, card, piece) for card in chosen]
    order = turn.state.initiative_order()
    for side, card, piece in sorted(plays, key=lambda p: order.index(p[0])):
        play_bonus(turn, side, card, piece, PlayedFor.ASSAULT_BONUS)
    return assault
