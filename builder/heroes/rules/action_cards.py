"""Action cards played during a turn: Battle Events and Alternate Bonuses (HoN core p.17)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules import assaulting, battle_events, moving, victory_points
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.cards import (
    ASSAULT_BONUSES,
    FIRE_BONUSES,
    CardPlay,
    bonus_cards,
    bonus_modifier,
)
from builder.heroes.rules.combat import (
    Aim,
    FireOutcome,
    Shot,
    name,
)
from builder.heroes.rules.events import (
    CardEvent,
    CardUse,
    Phase,
)
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.spotting import inactive
from builder.heroes.rules.surprise import SurpriseChoices, needs_card, windows_crossed
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def play_battle_events(turn: Turn, side: str, plays: Sequence[CardPlay], moment: CardTiming) -> None:
    """Play cards for their Battle Event at this moment of the turn (HoN core p.17)."""
    state = turn.state
    deck = state.decks.get(side)
    for play in plays:
        card = deck.holds(play.card) if deck is not None else None
        if deck is None or card is None:
            raise ValueError(f"{side} plays {play.card!r}, which is not in its hand")
        if card.effect is None or card.timing is not moment:
            raise ValueError(f"the rules core does not play {card.name} {moment.value}")
        wanted = Phase.ORDER if moment is CardTiming.ORDER_START else Phase.ACTIVATION
        if turn.phase is not wanted:
            raise ValueError(f"{card.name} is played in the {wanted.value} phase, not the {turn.phase.value} phase")
        piece = state.pieces.get(play.unit) if play.unit is not None else None
        kind, value = card.effect.kind, card.effect.value
        needs_unit = kind in (
            CardEffectKind.FORCED_MOVE,
            CardEffectKind.REMOVE_SUPPRESSED,
            CardEffectKind.MOVE_AND_FIRE,
            CardEffectKind.FALL_BACK,
        )
        if needs_unit and (piece is None or piece.owner != side or piece.is_wreck):
            raise ValueError(f"{card.name} is played on a unit of the {side} side on the battlefield")
        if kind is CardEffectKind.MOVE_AND_FIRE and play.unit not in state.moved_only:
            raise ValueError(f"{card.name} is played on a unit that has just moved without firing")
        if kind is CardEffectKind.FALL_BACK and piece is not None:
            value = battle_events.falls_back(state, piece, play.path)  # HoN core p.17
        deck.discard(card.id)
        page = state.ruleset.cite("action-cards")
        head = f"{side} plays {card.name} ({page})"
        if kind is CardEffectKind.SPECIAL_ORDER:
            state.special_orders[side] = state.special_orders.get(side, 0) + value
            tokens = "a Special Order token" if value == 1 else f"{value} Special Order tokens"
            card_event(
                turn,
                side,
                card,
                CardUse.BATTLE_EVENT,
                None,
                f"{head}: {tokens} this turn ({state.ruleset.cite('order-phase')}).",
            )
        elif kind is CardEffectKind.GRANT_ASSAULT:
            state.granted_assault[side] = max(state.granted_assault.get(side, 0), value)
            card_event(
                turn,
                side,
                card,
                CardUse.BATTLE_EVENT,
                play.unit,
                f"{head}: every unit of the {side} side has Assault +{value} until the end of the turn.",
            )
        elif kind is CardEffectKind.REMOVE_SUPPRESSED and piece is not None:
            taken = min(value, piece.suppressed)
            state.pieces[piece.key] = piece.marked(suppressed=piece.suppressed - taken)
            markers = "Suppressed marker" if taken == 1 else "Suppressed markers"
            card_event(
                turn, side, card, CardUse.BATTLE_EVENT, piece.key, f"{head}: {taken} {markers} off {name(piece)}."
            )
        elif kind is CardEffectKind.MOVE_AND_FIRE and piece is not None:
            # The Firing Action weighed as the card was chosen holds only when nothing
            # was played before it in this batch (a card played first changes the state).
            weighed = play.fire if len(plays) == 1 else None
            battle_events.burst(turn, side, card, piece, head, weighed)
        elif kind is CardEffectKind.TAKE_INITIATIVE:
            battle_events.take_initiative(turn, side, card, head)
        elif kind in (CardEffectKind.FORCED_MOVE, CardEffectKind.FALL_BACK) and piece is not None:
            _forced_move(turn, side, card, piece, play.path, value, head)
        else:
            raise ValueError(f"the rules core does not play {card.name} {moment.value}")


def _forced_move(
    turn: Turn, side: str, card: ActionCard, piece: Piece, path: Path | None, value: int, head: str
) -> None:
    """A card's Forced Move: an Active Side turns to its Inactive Side first (HoN core
    p.9-10); a unit whose Movement Value is X may not be moved so (p.9)."""
    if path is None or path.positions[0].squares != piece.squares or path.cost > value:
        raise ValueError(f"{card.name} moves {name(piece)} up to {value} squares from where it stands")
    if piece.side.movement is None:
        raise ValueError(f"{name(piece)} has a Movement Value of X and cannot be moved")
    if piece.embarked_in is not None:
        # Units on board a vehicle leave it only by their own Movement Action (HoN core
        # p.27); a card's Forced Move moves a unit standing on the battlefield.
        raise ValueError(f"{name(piece)} rides in a transport and cannot be moved by {card.name}")
    card_event(
        turn,
        side,
        card,
        CardUse.BATTLE_EVENT,
        piece.key,
        f"{head}: {name(piece)} makes a Forced Move of up to {value} squares.",
    )
    if piece.side.state is SideState.ACTIVE and len(piece.unit.sides) > 1:
        piece = replace(piece, side_index=1 - piece.side_index)
        turn.state.pieces[piece.key] = piece
    moving.move(turn, piece, path, interruptible=False)  # a Forced Move, no Movement Action (HoN core p.9, p.24)
    victory_points.update_control(turn)


def surprise(
    turn: Turn, piece: Piece, path: Path, card_ids: tuple[str, ...], action: str = "Movement Action", over: bool = False
) -> None:
    """Surprise cards played on a Movement Action or an assault (HoN core p.17): one for
    each window the path goes through; an Urban Fighter (BfC p.08) needs none, nor may any
    other unit go through a window without one. `over`: a Movement Action that jumps or
    flies over the terrain (leaping.py, SoN p.17-18) passes through no window."""
    side = piece.owner
    crossed = 0 if over else windows_crossed(turn.state.battlefield, path)
    if not needs_card(piece):
        if card_ids:
            raise ValueError(f"{name(piece)} is an Urban Fighter: it needs no card to go through a window")
        return
    if crossed != len(card_ids):
        raise ValueError(f"{name(piece)} goes through {crossed} window(s): one Surprise card each, not {len(card_ids)}")
    for card_id in card_ids:
        _play_surprise(turn, side, card_id, piece, f"{name(piece)} goes through a building's window on its {action}.")


def surprise_exit(turn: Turn, defender: Piece, options: list[Square]) -> bool:
    """Surprise (HoN core p.17): "This card also allows you to exit a building during a
    Forced Move after losing an Assault." Asked of the beaten unit's side when a window
    would take it to another square of `options` than the doors would (None: none, it is
    destroyed); whether it played one. An Urban Fighter needs none (BfC p.08)."""
    side = defender.owner
    deck, chooser = turn.state.decks.get(side), turn.players.get(side)  # players: mypy #12802
    if deck is None or not isinstance(chooser, SurpriseChoices) or not needs_card(inactive(defender)):
        return False
    if not any(c.effect is not None and c.effect.kind is CardEffectKind.WINDOWS for c in deck.hand):
        return False
    plain, _ = assaulting.landing(turn.state, defender, options)
    through, _ = assaulting.landing(turn.state, defender, options, windows=True)
    if through is None or through == plain:
        return False
    card_id = chooser.surprise_exit(turn.state, defender, plain, through)
    if card_id is None:
        return False
    _play_surprise(
        turn,
        side,
        card_id,
        defender,
        f"{name(defender)}, beaten in the assault, leaves its building through a window on its Forced Move.",
    )
    return True


def _play_surprise(turn: Turn, side: str, card_id: str, piece: Piece, what: str) -> None:
    deck = turn.state.decks.get(side)
    card = deck.holds(card_id) if deck is not None else None
    if deck is None or card is None or card.effect is None or card.effect.kind is not CardEffectKind.WINDOWS:
        raise ValueError(f"{side} cannot play {card_id!r} to go through a window")
    deck.discard(card.id)
    page = turn.state.ruleset.cite("action-cards")
    card_event(turn, side, card, CardUse.BATTLE_EVENT, piece.key, f"{side} plays {card.name} ({page}): {what}")


def card_event(
    turn: Turn, side: str, card: ActionCard, use: CardUse, unit: str | None, text: str, rolls: tuple[Roll, ...] = ()
) -> None:
    turn.add(
        CardEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=side,
            text=text,
            rolls=rolls,
            card=card.id,
            use=use,
            unit=unit,
            page=turn.state.ruleset.cite("action-cards"),
            source=card.source or "",
        )
    )


def play_bonus(turn: Turn, side: str, card: ActionCard, piece: Piece, what: str) -> None:
    deck = turn.state.decks[side]
    deck.discard(card.id)
    bonus = card.alternate_bonus
    squares = (
        "" if bonus is None or bonus.kind is not BonusKind.MOVEMENT else " square" if bonus.value == 1 else " squares"
    )
    value = f"+{bonus.value}{squares}" if bonus is not None else ""
    page = turn.state.ruleset.cite("action-cards")
    card_event(
        turn,
        side,
        card,
        CardUse.ALTERNATE_BONUS,
        piece.key,
        f"{side} plays {card.name} for its Alternate Bonus ({page}): {value} to {name(piece)}'s {what}.",
    )


def fire_bonus(turn: Turn, firer: Piece, shot: Shot) -> Shot:
    """Cards the firer's side plays on the shot before the dice: fire bonuses go on the
    combat value, "any roll" bonuses on the result (HoN core p.17, p.33)."""
    side = firer.owner
    chooser = turn.choices.get(side)
    deck = turn.state.decks.get(side)
    if chooser is None or deck is None or not deck.hand:
        return shot
    played = bonus_cards(deck, side, chooser.fire_bonus(turn.state, side, shot), FIRE_BONUSES)
    page = turn.state.ruleset.cite("action-cards")
    for card in played:
        play_bonus(turn, side, card, firer, "firing action")
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
    chooser = turn.choices.get(side)
    deck = turn.state.decks.get(side)
    if chooser is None or deck is None or not deck.hand:
        return None

    def reroll(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
        card_id = chooser.second_chance(turn.state, side, plan, roll, outcome)
        if card_id is None:
            return False
        card = deck.holds(card_id)
        if card is None or card.effect is None or card.effect.kind is not CardEffectKind.REROLL:
            raise ValueError(f"{side} cannot play {card_id!r} to roll again")
        deck.discard(card.id)
        page = turn.state.ruleset.cite("action-cards")
        card_event(
            turn,
            side,
            card,
            CardUse.BATTLE_EVENT,
            firer.key,
            f"{side} plays {card.name} ({page}): {name(firer)} rolls its firing action again "
            f"({roll.total} against {plan.defense}, a {outcome.value}).",
            (roll,),
        )
        return True

    return reroll


def assault_bonuses(turn: Turn, assault: Assault) -> Assault:
    """Each side's Alternate Bonuses on its assault roll, declared before the dice: the
    attacker's first, the defender's knowing them; told with the initiative player's
    card first (HoN core p.17)."""
    plays: list[tuple[str, ActionCard, Piece]] = []
    for attacking, piece in ((True, assault.attacker), (False, assault.defender)):
        side = piece.owner
        chooser = turn.choices.get(side)
        deck = turn.state.decks.get(side)
        if chooser is None or deck is None or not deck.hand:
            continue
        chosen = bonus_cards(deck, side, chooser.assault_bonus(turn.state, side, assault, attacking), ASSAULT_BONUSES)
        page = turn.state.ruleset.cite("action-cards")
        mods = tuple(bonus_modifier(card, page) for card in chosen)
        if attacking:
            assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *mods))
        else:
            assault = replace(assault, defender_bonuses=(*assault.defender_bonuses, *mods))
        plays += [(side, card, piece) for card in chosen]
    order = turn.state.initiative_order()
    for side, card, piece in sorted(plays, key=lambda p: order.index(p[0])):
        play_bonus(turn, side, card, piece, "assault roll")
    return assault
