"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action, an Assault, and every other
action a unit may take instead (HoN core p.9-26; BfC; SoN).

Each kind of action has one resolver, in the table `RESOLVERS`; every resolver checks its
action before it changes anything, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept with the action; each records the events that
narrate it, dice and modifiers included."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from builder.heroes.rules import (
    action_cards,
    assault_variants,
    assaulting,
    aviation,
    casting,
    concealment,
    destruction,
    engineering,
    firing,
    gear_firing,
    gear_moving,
    medic,
    mines,
    moving,
    searching,
    templating,
    totems,
    transport,
    victory_points,
)
from builder.heroes.rules.actions import (
    Action,
    AssaultAction,
    ChangeState,
    Clear,
    Disembark,
    Embark,
    Enter,
    Fire,
    Hold,
    Leave,
    Move,
    PushWreck,
    Snipe,
    TemplateFire,
)
from builder.heroes.rules.assault_kinds import AssaultOnTheMove, ChainAssault
from builder.heroes.rules.combat import name
from builder.heroes.rules.crew import CREW
from builder.heroes.rules.damage import DamageLocation
from builder.heroes.rules.events import HoldEvent, Phase
from builder.heroes.rules.gear import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.leaping import crosses, leaps
from builder.heroes.rules.mythos import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.mythos_rolls import paralyzed
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.heroes.rules.structures import Demolish
from builder.heroes.rules.works import Board, ClearMine, Deploy, Fly, PlaceMine
from builder.kernel.decisions import Offered

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

A = TypeVar("A", bound=Action)


def perform(turn: Turn, key: str, action: Action) -> None:
    """Unit `key` (on the battlefield or in reserve) takes `action`, resolved by its kind's
    resolver; a unit that may not budge holds instead. Then control of the objectives is
    updated."""
    piece = turn.state.pieces.get(key) or turn.state.reserve[key]
    if paralyzed(turn.state, piece) and not isinstance(action, Hold):
        action = Hold(f"a Paralyze marker: it cannot move or fight, {turn.state.ruleset.cite('spell-effects')}")
    moves = (Move, AssaultAction, ChainAssault, AssaultOnTheMove)
    if isinstance(action, moves) and crosses(turn.state, piece, action.path):
        action = Hold(f"a Mythos Barrier bars its way, {turn.state.ruleset.cite('spell-effects')}")
    if piece.key in turn.state.mythos.aid.values() and isinstance(action, moves):
        action = Hold(f"an Aid marker: it cannot budge until treated, {turn.state.ruleset.cite('medic')}")
    RESOLVERS[type(action)](turn, piece, action)
    victory_points.update_control(turn)


def _move(turn: Turn, piece: Piece, action: Move) -> None:
    """A Movement Action, the windows it goes through played as Surprise (HoN core p.17)."""
    if action.fire is None and turn.phase is Phase.ACTIVATION:
        turn.state.moved_only.add(piece.key)  # Burst Into Action may follow it (HoN core p.17)
    action_cards.surprise(turn, piece, action.path, action.windows, over=leaps(piece))  # HoN core p.17
    moving.move(turn, piece, action.path, action.cards, shots=action.fire, fire_at=action.fire_at)


def _disembark(turn: Turn, piece: Piece, action: Disembark) -> None:
    """An Aviator leaves its airplane's cockpit (BfC p.10-11); any other unit its transport."""
    if piece.side.has("aviator"):
        aviation.leave_cockpit(turn, piece, action)
    else:
        transport.disembark(turn, piece, action)


def _hold(turn: Turn, piece: Piece, action: Hold) -> None:
    turn.add(
        HoldEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            text=f"{name(piece)} holds ({action.reason}).",
            unit=piece.key,
        )
    )


def _on(
    kind: type[A], resolve: Callable[[Turn, Piece, A], None]
) -> tuple[type[object], Callable[[Turn, Piece, Any], None]]:
    """A kind of action and its resolver (mypy checks that the resolver takes that kind)."""
    return kind, resolve


# Every kind of action in the `Action` union and the function that resolves it.
RESOLVERS: dict[type[object], Callable[[Turn, Piece, Any], None]] = dict(
    [
        _on(Move, _move),
        _on(Enter, lambda turn, piece, action: moving.enter(turn, piece, action.position)),
        _on(Fire, firing.fire),
        _on(AssaultAction, assaulting.assault),
        _on(TemplateFire, templating.template),
        _on(Snipe, templating.snipe),
        _on(ChangeState, concealment.change_state),
        _on(Embark, transport.embark),
        _on(Disembark, _disembark),
        _on(PushWreck, transport.push_wreck),
        _on(Clear, lambda turn, piece, action: moving.clear(turn, piece, action.line)),
        _on(Leave, lambda turn, piece, action: moving.leave(turn, piece)),
        _on(GearFire, gear_firing.gear_fire),
        _on(GearThrow, gear_firing.gear_throw),
        _on(GearMove, gear_moving.gear_move),
        _on(GrenadeInto, gear_firing.grenade_into),
        _on(PlaceMine, mines.place_mine),
        _on(ClearMine, mines.clear_mine),
        _on(Deploy, engineering.deploy),
        _on(Board, aviation.board),
        _on(Fly, aviation.fly),
        _on(Cast, casting.cast),
        _on(FireAtTotem, totems.fire_at_totem),
        _on(SearchCheck, lambda turn, piece, action: searching.search(turn, piece)),
        _on(Treat, lambda turn, piece, action: medic.treat(turn, piece)),
        _on(ChainAssault, assault_variants.chain),
        _on(AssaultOnTheMove, assault_variants.on_the_move),
        _on(Demolish, destruction.demolish),  # a Firing Action at a structure (HoN core p.22)
        _on(Hold, _hold),
    ]
)


# Never in the Supply Phase: a firing action or an assault (HoN core p.16, "the absolute rule").
FIRING_OR_ASSAULT = (
    Fire,
    AssaultAction,
    TemplateFire,
    Snipe,
    GearFire,
    GearThrow,
    GrenadeInto,
    Demolish,
    ChainAssault,
    AssaultOnTheMove,
    FireAtTotem,
)
STAYS = Hold("it stays where it is")


def action_choices(state: GameState, piece: Piece, supply: bool) -> Offered[Action]:
    """What the activated unit may do (HoN core p.9-26), in the Supply Phase (`supply`) a
    Movement Action only (p.16): holding, or any action the rules allow. Offered: holding,
    entering from reserve, a move to each square in reach, leaving by an exit, each Firing
    Action and each assault; the rules' other actions (gear, works, spells, templates…) are
    taken when the rules allow them, but not yet listed."""

    def allows(action: object) -> bool:
        return action_refusal(state, piece, action, supply) is None

    def offer() -> Iterator[Action]:
        yield STAYS
        if piece.key in state.reserve:
            yield from moving.entries(state, piece)
            return
        if piece.embarked_in is not None and piece.side.has(CREW):
            return  # its abilities are the vehicle's (HoN core p.21)
        yield from moving.moves(state, piece)
        if moving.may_leave(state, piece):
            yield Leave()
        if not supply and not paralyzed(state, piece):
            yield from firing.fires(state, piece)
            yield from assaulting.assaults(state, piece)

    return Offered(lambda: (action for action in offer() if allows(action)), allows)


def action_refusal(state: GameState, piece: Piece, action: object, supply: bool) -> str | None:
    """Why `piece` may not take `action` now, or None when it may."""
    if type(action) not in RESOLVERS:
        return f"{action!r} is no action of the rules"
    if supply and (isinstance(action, FIRING_OR_ASSAULT) or (isinstance(action, Move) and action.fire is not None)):
        return f"never a firing action nor an assault in the Supply Phase ({state.ruleset.cite('supply-phase')})"
    path = action.move.path if isinstance(action, GearMove) else getattr(action, "path", None)
    if isinstance(path, Path) and len(path.positions) > 1 and DamageLocation.TRACKS in piece.damage:
        return f"the tracks of {name(piece)} are damaged: no more Movement Actions ({state.ruleset.cite('damage')})"
    return None
