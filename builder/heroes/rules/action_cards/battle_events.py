"""Battle Events played at a moment of the game rather than on a unit's activation (HoN core
p.17, "Selected card explanations"): Initiative, Desertion, Dynamic, and Second Chance on an
assault roll.

The books print an explanation of each card, not the card: what the explanation leaves
out is the project's reading, listed in the card's `unprinted` and said here.

* Initiative: "This card does not allow you to take Initiative on a Special Order." Read:
  played at the start of the Order Phase, the side has the initiative for the turn (it
  places its tokens and reveals its #1 first); Special Order tokens keep the order the
  Initiative marker gives (HoN core p.8), and the marker passes on at the end of the turn
  from the side it named.
* Desertion: "can be played on a unit that already has at least one [Suppressed marker]
  only when the unit receives an additional [Suppressed marker]." Read: played on an enemy
  unit then, the unit deserts: removed from the game as Destroyed.
* Dynamic: "You may play this card when you are about to remove a Destroyed unit from the
  game. You may not remove the Numbered Order Token from an Activated Unit." Read: the
  destroyed unit's numbered Order Token, not yet revealed, goes to another unit of the side
  that has no token and no Activated marker, which is activated when it is revealed.
* Burst Into Action: "A Heavy Vehicle can fire all its weapons without any penalty. A unit
  that already has the Fire on the Move special ability cannot take two Firing Actions." Read:
  played on a unit of yours once it has taken a Movement Action without firing during it, the
  unit takes a Firing Action too - every weapon, no Fire on the Move penalty.
* Fall Back: "If the unit is on its Active Side, it must flip to its Inactive Side before
  moving. Its movement is a Forced Move. It takes into account penalties linked to the
  Terrain Elements, but not those linked to any [Suppressed marker]. If this movement forces
  the unit to leave the battlefield, it is Destroyed." Read: played on a unit of yours once it
  has acted, it moves up to its Inactive Side's Movement Value and ends no nearer any enemy
  than it started (it falls back); the path is the player's, so it never leaves the battlefield.
* Return to Sender: "This card enables you to throw back any type of grenade, including the
  Geballte Ladung." Read: when a grenade thrown by an enemy (not one fired, as a Rifle
  Grenade is) lands with units of yours under it, the card puts its template on an
  interspace at a corner of the thrower's square instead, where it explodes as thrown.
* Mine (ge): "This card can be used during the Supply Phase." Read: once the side's units
  have moved in the Supply Phase, it places a Mine marker - the marker of BfC p.09, its attack
  and its going off the same - on a free square of the Zone of Control of an infantry unit of
  its own, as the Minen option does.
* Second Chance: "If you rolled several dice, re-roll them all." On an assault either side
  may play it on its own roll, once both have rolled and before the result is applied: every
  die of that roll is rolled again and the new roll stands (as on a firing roll)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.catalogue.cards import ActionCard, CardEffectKind, CardTiming
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.action_cards.deck import playable_event
from builder.heroes.rules.actions import firing, template_fire
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.decisions import BurstFire, Desertion, Dynamic, MineCard, ReturnToSender, SecondChanceAssault
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import MineEvent, Phase, PlayedFor
from builder.heroes.rules.geometry.grid import Point, corners, range_between
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.zoc import zone_of_control
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.assault_roll import Assault, AssaultOutcome, AssaultReroll
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Checked
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def cards_for(state: GameState, side: str, kind: CardEffectKind, moment: CardTiming) -> list[ActionCard]:
    """The cards of the side's hand whose Battle Event, of this kind, the rules core plays now."""
    deck = state.decks.get(side)
    if deck is None:
        return []
    return [c for c in deck.hand if c.effect is not None and c.effect.kind is kind and playable_event(c, moment)]


def _ids(cards: list[ActionCard]) -> tuple[str, ...]:
    """Each card id once, in order: copies of a card are one option."""
    return tuple(sorted({c.id for c in cards}))


def may_receive_order(state: GameState, piece: Piece) -> bool:
    """A unit a passed Order Token may go to: on the battlefield, not a wreck, not activated,
    with no token of its own this turn (HoN core p.8: one token per unit)."""
    return not piece.activated and not piece.is_wreck and bool(piece.squares) and piece.key not in state.ordered


def falls_back(state: GameState, piece: Piece, path: Path | None) -> int:
    """The squares Fall Back moves `piece` (its Inactive Side's Movement Value), the path checked
    to end no nearer any enemy than it starts."""
    value = inactive(piece).side.movement
    enemies = tuple(sq for p in state.enemies_of(piece.owner) for sq in p.squares)
    if value is None or path is None:
        raise RulesError(Code.NO_PATH, Refusal(Code.NO_PATH, state.ruleset.cite("action-cards"), unit=piece.key))
    if enemies and range_between(path.destination.squares, enemies) < range_between(piece.squares, enemies):
        page = state.ruleset.cite("action-cards")
        raise RulesError(Code.NEARER_THE_ENEMY, Refusal(Code.NEARER_THE_ENEMY, page, unit=piece.key))
    return value


def card_mine_squares(state: GameState, side: str) -> dict[Square, str]:
    """Where a Mine card may place its marker: a free square with no marker in the Zone of
    Control of an infantry unit of the side on the battlefield, and the key of that unit (the
    first by key)."""
    taken = {sq for p in state.pieces.values() for sq in p.squares}
    found: dict[Square, str] = {}
    for piece in sorted(state.units(side), key=lambda p: p.key):
        if piece.is_infantry and piece.embarked_in is None and piece.squares:
            for sq in zone_of_control(state.battlefield, piece, state.ruleset):
                if sq not in taken and sq not in state.mines:
                    found.setdefault(sq, piece.key)
    return found


def take_initiative(turn: Turn, side: str, card: ActionCard) -> None:
    """Initiative: the side has it for this turn; the marker still names its own side."""
    state = turn.state
    if state.initiative_marker is None:
        state.initiative_marker = state.initiative
    state.initiative = side
    played.card_event(turn, side, card, None, PlayedFor.TAKE_INITIATIVE, rule_page=state.ruleset.cite("initiative"))


def burst(turn: Turn, side: str, card: ActionCard, piece: Piece, chosen: Fire | None = None) -> None:
    """Burst Into Action: a unit that moved without firing fires too, every weapon, no penalty.
    `chosen`: the Firing Action the side chose as it played the card, the state unchanged
    since but for the card (its side is asked otherwise)."""
    state = turn.state
    state.moved_only.discard(piece.key)  # checked before the card was discarded
    played.card_event(turn, side, card, piece.key, PlayedFor.BURST)
    action = chosen
    if action is None and turn.asking:
        legal = Checked((None,), lambda fire: fire is None or firing.aims_legally(state, piece, fire))
        action = turn.ask(BurstFire(side=side, options=legal, unit=piece))
    if action is not None and action.shots:
        firing.fire(turn, piece, action)


def return_to_sender(turn: Turn, thrower: Piece, lands: Point) -> Point:
    """Return to Sender: a side with units under the grenade's template may throw it back
    to a corner of the thrower's square; where the template goes now."""
    under, _ = template_fire.template_targets(turn.state, lands)
    for side in turn.state.initiative_order():
        cards = _ids(cards_for(turn.state, side, CardEffectKind.THROW_BACK, CardTiming.GRENADE))
        if side not in turn.state.opponents(thrower.owner) or not any(p.owner == side for p in under):
            continue
        if not turn.asking or not cards:
            continue
        backs = sorted({pt for sq in thrower.squares for pt in corners(sq)})
        options = (*((c, b) for c in cards for b in backs), None)
        chosen = turn.ask(ReturnToSender(side=side, options=options, thrower=thrower, lands=lands))
        if chosen is None:
            continue
        card_id, back = chosen
        card = _event_card(turn, side, card_id, CardEffectKind.THROW_BACK)
        played.card_event(turn, side, card, thrower.key, PlayedFor.THROW_BACK, at=back)
        return back
    return lands


def mine_cards(turn: Turn, side: str) -> None:
    """Mine (HoN core p.17): the side may place a Mine marker in the Supply Phase."""
    cards = _ids(cards_for(turn.state, side, CardEffectKind.PLACE_MINE, CardTiming.SUPPLY))
    holders = card_mine_squares(turn.state, side)
    if not turn.asking or not cards or turn.phase is not Phase.SUPPLY:
        return
    chosen = turn.ask(MineCard(side=side, options=(*((c, sq) for c in cards for sq in sorted(holders)), None)))
    if chosen is None:
        return
    card_id, square = chosen
    card = _event_card(turn, side, card_id, CardEffectKind.PLACE_MINE)
    turn.state.mines[square] = side
    turn.add(
        MineEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=side,
            unit=holders[square],
            square=square,
            what="placed",
            page="BfC p.09",  # the Mine marker's rule
            card=card.id,
            card_page=turn.state.ruleset.cite("action-cards"),
        )
    )


def deserts(turn: Turn, before: Piece, after: Piece | None) -> bool:
    """Desertion: an enemy of the unit, given a Suppressed marker while it has one, may play
    the card; the unit is then removed from the game as Destroyed. True when it deserted."""
    if after is None or before.suppressed < 1 or after.suppressed <= before.suppressed or after.is_wreck:
        return False
    for side in turn.state.initiative_order():
        if side not in turn.state.opponents(before.owner):
            continue
        cards = _ids(cards_for(turn.state, side, CardEffectKind.DESERTION, CardTiming.SUPPRESSED))
        if not turn.asking or not cards:
            continue
        card_id = turn.ask(Desertion(side=side, options=(*cards, None), target=after))
        if card_id is None:
            continue
        card = _event_card(turn, side, card_id, CardEffectKind.DESERTION)
        played.card_event(turn, side, card, before.key, PlayedFor.DESERTION)
        turn.state.pieces[before.key] = after
        hits.hurt(turn, after, None, Effect.DESTROYED, hit=False)
        return True
    return False


def pass_order(turn: Turn, fallen: Piece) -> None:
    """Dynamic: a destroyed unit's numbered Order Token, not yet revealed, passes to another
    unit of its side (never from nor to an activated unit)."""
    state = turn.state
    token = state.unrevealed.get(fallen.key)
    cards = _ids(cards_for(state, fallen.owner, CardEffectKind.PASS_ORDER, CardTiming.DESTROYED))
    if turn.phase is not Phase.ACTIVATION or token is None or fallen.activated or not turn.asking or not cards:
        return
    heirs = sorted(p.key for p in state.units(fallen.owner) if p.key != fallen.key and may_receive_order(state, p))
    options = (*((c, h) for c in cards for h in heirs), None)
    chosen = turn.ask(Dynamic(side=fallen.owner, options=options, fallen=fallen, token=token))
    if chosen is None:
        return
    card_id, key = chosen
    card = _event_card(turn, fallen.owner, card_id, CardEffectKind.PASS_ORDER)
    heir = state.pieces[key]
    del state.unrevealed[fallen.key]
    state.unrevealed[heir.key] = token
    state.passed_orders[fallen.key] = heir.key
    state.ordered.add(heir.key)
    played.card_event(turn, fallen.owner, card, heir.key, PlayedFor.PASS_ORDER, fallen=fallen.key)


def second_chance_assault(turn: Turn, assault: Assault) -> AssaultReroll | None:
    """Second Chance on an assault: the side about to lose (the attacker when it does not
    win, else the defender) may have its own roll rolled again; the new roll stands."""
    sides = [p.owner for p in (assault.attacker, assault.defender)]
    if not any(cards_for(turn.state, s, CardEffectKind.REROLL, CardTiming.AFTER_ROLL) for s in sides):
        return None

    def ask(outcome: AssaultOutcome, attack: Roll, defence: Roll) -> str | None:
        attacking = outcome is not AssaultOutcome.WIN
        piece, mine, theirs = (assault.attacker, attack, defence) if attacking else (assault.defender, defence, attack)
        side = piece.owner
        cards = _ids(cards_for(turn.state, side, CardEffectKind.REROLL, CardTiming.AFTER_ROLL))
        if not turn.asking or not cards:
            return None
        asked = SecondChanceAssault(side=side, options=(*cards, None), mine=mine, theirs=theirs, attacking=attacking)
        card_id = turn.ask(asked)
        if card_id is None:
            return None
        card = _event_card(turn, side, card_id, CardEffectKind.REROLL)
        played.card_event(turn, side, card, piece.key, PlayedFor.ASSAULT_REROLL, (mine,), against=theirs.total)
        return "attack" if attacking else "defence"

    return ask


def _event_card(turn: Turn, side: str, card_id: str, kind: CardEffectKind) -> ActionCard:
    """Take the card played out of the hand, checked to be one whose event is `kind`."""
    deck = turn.state.decks[side]
    card = deck.holds(card_id)
    if card is None or card.effect is None or card.effect.kind is not kind:
        raise RulesError(Code.CARD_NOT_PLAYABLE, f"{side} cannot play {card_id!r} for a {kind.value} Battle Event")
    deck.discard(card.id)
    return card
