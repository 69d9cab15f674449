"""One player's turn, in the summary's five steps (M44 summary, turn sequence): play a
command card, order the units it allows, move them, battle with them one at a time (close
assault, taking ground, armor overrun), then draw a command card. Every choice is asked
through the `Table` (builder.memoir.rules.decisions), with the options the rules allow."""

from __future__ import annotations

from builder.kernel.decisions import YES_NO, Selections
from builder.kernel.diagnostics import plural
from builder.kernel.dice import Dice
from builder.kernel.events import Roll
from builder.kernel.match import Table
from builder.memoir.catalogue import Side
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle import PAGE_RETREAT, battle_dice, pages, resolve, retreat, targets
from builder.memoir.rules.cards import PAGE_CARD, PAGE_DRAW, PAGE_ORDER, draw, orderable
from builder.memoir.rules.decisions import BattleTarget, MoveUnit, OrderUnits, PlayCard, RetreatMove, TakeGround
from builder.memoir.rules.events import (
    BattleEvent,
    CardEvent,
    DrawEvent,
    EliminatedEvent,
    LossEvent,
    MemoirEvent,
    MoveEvent,
    OrderEvent,
    Phase,
    RetreatEvent,
    TakeGroundEvent,
    TurnEvent,
)
from builder.memoir.rules.movement import PAGE as PAGE_MOVE
from builder.memoir.rules.movement import may_battle_after, reachable
from builder.memoir.rules.players import MemoirView
from builder.memoir.rules.state import GameState, Piece
from builder.memoir.rules.units import PAGE_GROUND

PAGE_TURN = "M44 summary: turn sequence"
PAGE_MEDALS = "M44 summary: Resolving battles (medals)"


def _at(piece: Piece) -> tuple[int, int]:
    return piece.place.row, piece.place.col


class Turn:
    """One side's turn: what it has done so far and the events it told."""

    def __init__(self, state: GameState, side: Side, table: Table[MemoirView], dice: Dice):
        self.state, self.side, self.table, self.dice = state, side, table, dice
        self.events: list[MemoirEvent] = []
        self.winner: Side | None = None

    def say(self, event: MemoirEvent) -> None:
        self.events.append(event)

    def play(self) -> list[MemoirEvent]:
        state, side = self.state, self.side
        state.turn += 1
        n = state.turn
        self.say(
            TurnEvent(
                turn=n, phase=Phase.CARD, side=side, text=f"Turn {n}: {state.scenario.side(side).name}.", page=PAGE_TURN
            )
        )
        hand = state.hands[side]
        if not hand:
            return self.events
        card = self.table.ask(PlayCard(side=side, options=tuple(hand)))
        hand.remove(card)
        self.say(
            CardEvent(
                turn=n,
                phase=Phase.CARD,
                side=side,
                text=f"plays {card.name} (up to {card.units} units).",
                card=card.id,
                section=card.section.value,
                units=card.units,
                page=PAGE_CARD,
            )
        )
        units = Selections(tuple(p.key for p in orderable(state, side, card)), most=card.units)
        ordered = [state.pieces[key] for key in self.table.ask(OrderUnits(side=side, options=units, card=card))]
        names = ", ".join(p.label for p in ordered) or "no unit"
        self.say(
            OrderEvent(
                turn=n,
                phase=Phase.ORDER,
                side=side,
                text=f"orders {names}.",
                units=tuple(p.key for p in ordered),
                page=PAGE_ORDER,
            )
        )
        moved = {piece.key: self.move(piece) for piece in ordered}
        for piece in ordered:
            if self.winner is not None:
                break
            if piece.key in state.pieces and may_battle_after(state, piece, moved[piece.key]):
                self.battle(piece, overrun_left=piece.rules.overruns)
        state.discard.append(card)
        if self.winner is None:
            drawn = draw(state, side, self.dice)
            if drawn is not None:
                self.say(
                    DrawEvent(
                        turn=n, phase=Phase.DRAW, side=side, text=f"draws {drawn.name}.", card=drawn.id, page=PAGE_DRAW
                    )
                )
        return self.events

    def move(self, piece: Piece) -> int:
        steps = sorted(reachable(self.state, piece).values(), key=lambda s: (s.hexes, s.place))
        step = self.table.ask(MoveUnit(side=self.side, options=tuple(steps), unit=piece.key))
        if step.hexes == 0:
            return 0
        start = _at(piece)
        self.state.move(piece, step.place)
        self.say(
            MoveEvent(
                turn=self.state.turn,
                phase=Phase.MOVE,
                side=self.side,
                text=f"{piece.label} moves {step.hexes} hex{'es' if step.hexes > 1 else ''} {start} -> {_at(piece)}.",
                unit=piece.key,
                start=start,
                end=_at(piece),
                hexes=step.hexes,
                page=PAGE_MOVE,
            )
        )
        return step.hexes

    def battle(self, piece: Piece, overrun_left: bool, overrun: bool = False) -> None:
        """One battle of `piece`, then taking ground and, for armor, its one overrun."""
        state = self.state
        choices = targets(state, piece)
        if not choices:
            return
        options = (*(t.key for t in choices), None)
        chosen = self.table.ask(BattleTarget(side=self.side, options=options, unit=piece.key, overrun=overrun))
        if chosen is None:
            return
        target = state.pieces[chosen]
        distance = piece.place.distance(target.place)
        count = battle_dice(state, piece, target)
        result = resolve(self.dice, count.count, target)
        word = "overruns" if overrun else ("close assaults" if distance == 1 else "fires at")
        roll = Roll("battle", result.pips, result.hits, count.modifiers, count.count, pages(distance))
        self.say(
            BattleEvent(
                turn=state.turn,
                phase=Phase.BATTLE,
                side=self.side,
                text=f"{piece.label} {word} {target.label} at {plural(distance, 'hex', 'hexes')}: "
                f"{plural(count.count, 'die', 'dice')}, {', '.join(f.value for f in result.faces) or 'none'}: "
                f"{plural(result.hits, 'hit')}, {plural(result.flags, 'flag')}.",
                rolls=(roll,),
                unit=piece.key,
                target=target.key,
                distance=distance,
                close_assault=distance == 1,
                overrun=overrun,
                dice=count.count,
                faces=tuple(f.value for f in result.faces),
                hits=result.hits,
                flags=result.flags,
                page=pages(distance),
            )
        )
        vacated = target.place
        self.lose(target, result.hits, pages(distance))
        if target.key in state.pieces and result.flags:
            start = _at(target)
            done = retreat(state, target, result.flags, lambda options, left: self.fall_back(target, options, left))
            self.say(
                RetreatEvent(
                    turn=state.turn,
                    phase=Phase.BATTLE,
                    side=target.side,
                    text=f"{target.label} retreats {start} -> {_at(target)}"
                    + (f", ignoring {done.ignored} flag" if done.ignored else "")
                    + (f"; {done.blocked} retreat move(s) blocked" if done.blocked else "")
                    + ".",
                    unit=target.key,
                    start=start,
                    end=_at(target),
                    ignored=done.ignored,
                    blocked=done.blocked,
                    page=PAGE_RETREAT,
                )
            )
            self.lose(target, done.blocked, PAGE_RETREAT)
        self.check_victory()
        if self.winner is not None or distance != 1 or vacated in state.occupied:
            return
        self.take_ground(piece, vacated, overrun_left)

    def take_ground(self, piece: Piece, vacated: Hex, overrun_left: bool) -> None:
        state = self.state
        if not piece.rules.takes_ground or state.battlefield.ground(vacated).impassable(piece.type):
            return
        if not self.table.ask(TakeGround(side=self.side, options=YES_NO, unit=piece.key, place=vacated)):
            return
        start = _at(piece)
        state.move(piece, vacated)
        self.say(
            TakeGroundEvent(
                turn=state.turn,
                phase=Phase.BATTLE,
                side=self.side,
                text=f"{piece.label} takes ground {start} -> {_at(piece)}.",
                unit=piece.key,
                start=start,
                end=_at(piece),
                page=PAGE_GROUND,
            )
        )
        ground = state.battlefield.ground(vacated)
        if overrun_left and not (ground.no_battle and not piece.rules.battles_on_entry):
            self.battle(piece, overrun_left=False, overrun=True)

    def fall_back(self, target: Piece, options: tuple[Hex, ...], left: int) -> Hex:
        return self.table.ask(RetreatMove(side=target.side, options=options, unit=target.key, flags=left))

    def lose(self, target: Piece, figures: int, page: str) -> None:
        if figures <= 0 or target.key not in self.state.pieces:
            return
        removed = min(figures, target.figures)
        target.figures -= removed
        state = self.state
        self.say(
            LossEvent(
                turn=state.turn,
                phase=Phase.BATTLE,
                side=target.side,
                text=f"{target.label} loses {removed} figure{'s' if removed > 1 else ''}, {target.figures} left.",
                unit=target.key,
                figures=removed,
                left=target.figures,
                page=page,
            )
        )
        if target.figures == 0:
            winner = state.scenario.other(target.side)
            state.remove(target)
            state.medals[winner] += 1
            self.say(
                EliminatedEvent(
                    turn=state.turn,
                    phase=Phase.BATTLE,
                    side=winner,
                    text=f"{target.label} is eliminated: a medal for {state.scenario.side(winner).name} "
                    f"({state.total_medals(winner)} of {state.scenario.side(winner).medals}).",
                    unit=target.key,
                    medals=state.total_medals(winner),
                    page=PAGE_MEDALS,
                )
            )

    def check_victory(self) -> None:
        self.winner = victor(self.state)


def victor(state: GameState) -> Side | None:
    """The side that has its medals (eliminated enemy units and objectives it holds), or
    whose enemy has no unit left."""
    for setup in state.scenario.sides:
        enemy = state.scenario.other(setup.id)
        if state.total_medals(setup.id) >= setup.medals or not any(True for _ in state.units(enemy)):
            return setup.id
    return None
