"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action, an Assault, and every other
action a unit may take instead (HoN core p.9-26; BfC; SoN).

Each kind of action has one resolver, in the table `RESOLVERS`; every resolver checks its
action before it changes anything, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept with the action; each records the events that
narrate it, dice and modifiers included."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from builder.heroes.rules import victory_points
from builder.heroes.rules.abilities import medic, totems
from builder.heroes.rules.abilities.crew import AVIATOR, CREW
from builder.heroes.rules.abilities.leaping import crosses, leaps
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.actions import (
    assault,
    assault_variants,
    aviation,
    changes_of_state,
    firing,
    movement,
    template_fire,
    transport,
)
from builder.heroes.rules.actions.kinds import (
    Action,
    AssaultAction,
    AssaultOnTheMove,
    Board,
    ChainAssault,
    ChangeState,
    Clear,
    ClearMine,
    Deploy,
    Disembark,
    Embark,
    Enter,
    Fire,
    Fly,
    Hold,
    Leave,
    Move,
    PlaceMine,
    PushWreck,
    Snipe,
    TemplateFire,
)
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.game import HoldEvent, HoldReason, Phase
from builder.heroes.rules.gear import alternate_fire, field_works, fuel_and_map, mines
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos import casting, search_checks
from builder.heroes.rules.mythos.roll_modifiers import paralyzed
from builder.heroes.rules.mythos.state import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution import destruction
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.resolution.structures import Demolish
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Offered

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

A = TypeVar("A", bound=Action)


def perform(turn: Turn, key: str, action: Action) -> None:
    """Unit `key` (on the battlefield or in reserve) takes `action`, resolved by its kind's
    resolver; a unit that may not budge holds instead (`held`). Then control of the
    objectives is updated."""
    piece = turn.state.pieces.get(key) or turn.state.reserve[key]
    action = held(turn.state, piece, action) or action
    RESOLVERS[type(action)](turn, piece, action)
    victory_points.update_control(turn)


def held(state: GameState, piece: Piece, action: Action) -> Hold | None:
    """The holding that takes the place of `action` when the unit may not budge: a Paralyze
    marker keeps it from moving or fighting, a Mythos Barrier bars its way, an Aid marker
    keeps it where it is (SoN p.15, p.18); None when it takes `action`."""
    if paralyzed(state, piece) and not isinstance(action, Hold):
        return Hold(HoldReason.PARALYZED, state.ruleset.cite("spell-effects"))
    moves = (Move, AssaultAction, ChainAssault, AssaultOnTheMove)
    if isinstance(action, moves) and crosses(state, piece, action.path):
        return Hold(HoldReason.MYTHOS_BARRIER, state.ruleset.cite("spell-effects"))
    if piece.key in state.mythos.aid.values() and isinstance(action, moves):
        return Hold(HoldReason.AID_MARKER, state.ruleset.cite("medic"))
    return None


def _move(turn: Turn, piece: Piece, action: Move) -> None:
    """A Movement Action, the windows it goes through played as Surprise (HoN core p.17)."""
    if action.fire is None and turn.phase is Phase.ACTIVATION:
        turn.state.moved_only.add(piece.key)  # Burst Into Action may follow it (HoN core p.17)
    played.surprise(turn, piece, action.path, action.windows, over=leaps(piece))  # HoN core p.17
    movement.move(turn, piece, action.path, action.cards, shots=action.fire, fire_at=action.fire_at)


def _disembark(turn: Turn, piece: Piece, action: Disembark) -> None:
    """An Aviator leaves its airplane's cockpit (BfC p.10-11); any other unit its transport."""
    if piece.side.has(AVIATOR):
        aviation.leave_cockpit(turn, piece, action)
    else:
        transport.disembark(turn, piece, action)


def _hold(turn: Turn, piece: Piece, action: Hold) -> None:
    turn.add(
        HoldEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            why=action.why,
            page=action.page,
        )
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
STAYS = Hold(HoldReason.STAYS)


def _getting_off(state: GameState, piece: Piece) -> Iterable[Disembark]:
    """An Aviator leaves its airplane's cockpit (BfC p.10-11); any other unit its transport."""
    if piece.side.has(AVIATOR):
        return aviation.cockpit_exits(state, piece)
    return transport.disembarkings(state, piece)


def _getting_off_refusal(state: GameState, piece: Piece, action: Disembark) -> Refusal | None:
    """`_disembark`'s check: an Aviator's out of the cockpit, any other unit's out of its transport."""
    if piece.side.has(AVIATOR):
        return aviation.cockpit_refusal(state, piece, action)
    return transport.disembark_refusal(state, piece, action)


Check = Callable[[GameState, Piece, Any], Refusal | None]  # why the rules refuse an action, None when they allow it


def _on(
    kind: type[A],
    resolve: Callable[[Turn, Piece, A], None],
    check: Callable[[GameState, Piece, A], Refusal | None] | None = None,
) -> tuple[type[object], Callable[[Turn, Piece, Any], None], Check | None]:
    """A kind of action, its resolver and the check the resolver makes before it changes
    anything (mypy checks that both take that kind)."""
    return kind, resolve, check


# Every kind of action in the `Action` union, the function that resolves it and why the rules
# refuse one as the resolver would (None: it may take it); an assault and holding need none
# of the engine's (`engage` judges an assault as it is fought).
_KINDS = (
    _on(Move, _move, movement.move_refusal),
    _on(Enter, movement.enter, movement.entry_refusal),
    _on(Fire, firing.fire, firing.fire_refusal),
    _on(AssaultAction, assault.assault),
    _on(TemplateFire, template_fire.template, template_fire.template_refusal),
    _on(Snipe, template_fire.snipe, template_fire.snipe_refusal),
    _on(ChangeState, changes_of_state.change_state, changes_of_state.change_refusal),
    _on(Embark, transport.embark, transport.embarking_refusal),
    _on(Disembark, _disembark, _getting_off_refusal),
    _on(PushWreck, transport.push_wreck, transport.pushing_refusal),
    _on(Clear, movement.clear, movement.clearing_refusal),
    _on(Leave, movement.leave, movement.leaving_refusal),
    _on(GearFire, alternate_fire.gear_fire, alternate_fire.gear_fire_refusal),
    _on(GearThrow, alternate_fire.gear_throw, alternate_fire.gear_throw_refusal),
    _on(GearMove, fuel_and_map.gear_move, fuel_and_map.gear_move_refusal),
    _on(GrenadeInto, alternate_fire.grenade_into, alternate_fire.grenade_into_refusal),
    _on(PlaceMine, mines.place_mine, mines.mine_placing_refusal),
    _on(ClearMine, mines.clear_mine, mines.mine_lifting_refusal),
    _on(Deploy, field_works.deploy, field_works.deploy_refusal),
    _on(Board, aviation.board, aviation.boarding_refusal),
    _on(Fly, aviation.fly, aviation.flight_refusal),
    _on(Cast, casting.cast, casting.cast_refusal),
    _on(FireAtTotem, totems.fire_at_totem, totems.totem_refusal),
    _on(SearchCheck, search_checks.search, search_checks.search_refusal),
    _on(Treat, medic.treat, medic.treat_refusal),
    _on(ChainAssault, assault_variants.chain, assault_variants.chain_refusal),
    _on(AssaultOnTheMove, assault_variants.on_the_move, assault_variants.on_the_move_refusal),
    _on(
        Demolish, destruction.demolish, destruction.demolition_refusal
    ),  # a Firing Action at a structure (HoN core p.22)
    _on(Hold, _hold),
)
RESOLVERS: dict[type[object], Callable[[Turn, Piece, Any], None]] = {kind: resolve for kind, resolve, _ in _KINDS}
REFUSALS: dict[type[object], Check] = {kind: check for kind, _, check in _KINDS if check is not None}


# The rules' other actions, each family listed by the module of its concept (as a Movement
# Action's ends are by `movement.moves`): those a unit takes in the Activation Phase or in the
# Supply Phase (a Movement Action, or what the rules let it take instead, HoN core p.16)...
ANY_PHASE: tuple[Callable[[GameState, Piece], Iterable[Action]], ...] = (
    movement.bonus_moves,
    movement.window_moves,
    changes_of_state.changes_of_state,
    transport.embarkings,
    _getting_off,
    transport.pushes,
    fuel_and_map.gear_moves,
    aviation.boardings,
    aviation.flights,
    field_works.deployments,
    movement.clearings,
    mines.mine_placings,
    mines.mine_liftings,
    search_checks.searches,
)
# ... those never in the Supply Phase: firing actions, assaults (p.16), spells (SoN p.14) ...
ACTIVATION_ONLY: tuple[Callable[[GameState, Piece], Iterable[Action]], ...] = (
    firing.fires,
    assault.assaults,
    movement.firing_moves,
    template_fire.template_fires,
    template_fire.snipes,
    alternate_fire.gear_fires,
    alternate_fire.gear_throws,
    alternate_fire.grenades_into,
    destruction.demolitions,
    totems.totem_fires,
    assault_variants.chain_assaults,
    assault_variants.assaults_on_the_move,
    casting.casts,
)
# ... and a Medic's treatment, which hon plays in the Supply Phase (medic.py, SoN p.18).
SUPPLY_ONLY: tuple[Callable[[GameState, Piece], Iterable[Action]], ...] = (medic.treatments,)


def action_choices(state: GameState, piece: Piece, supply: bool) -> Offered[Action]:
    """What the activated unit may do (HoN core p.9-26), in the Supply Phase (`supply`) a
    Movement Action only (p.16): holding, or any action the rules allow (`action_refusal`).
    Offered: holding, entering from reserve, a move to each square in reach, leaving by an
    exit, then each family of the rules' other actions the phase allows (`ANY_PHASE`,
    `ACTIVATION_ONLY`, `SUPPLY_ONLY`), each legal; where a family's options are too many
    (every interspace of a template, every move before a push) its function lists a
    representative set and says so. A unit a Paralyze marker holds is offered no more than
    holding and leaving: it cannot move or fight (SoN p.15)."""

    def offer() -> Iterator[Action]:
        yield STAYS
        if piece.key in state.reserve:
            yield from movement.entries(state, piece)
            return
        if piece.embarked_in is not None and piece.side.has(CREW):
            return  # its abilities are the vehicle's (HoN core p.21)
        yield from movement.moves(state, piece)
        if movement.may_leave(state, piece):
            yield Leave()
        if paralyzed(state, piece):
            return
        for family in (*ANY_PHASE, *(SUPPLY_ONLY if supply else ACTIVATION_ONLY)):
            yield from family(state, piece)

    return Offered(offer, lambda action: action_refusal(state, piece, action, supply) is None)


def action_refusal(state: GameState, piece: Piece, action: object, supply: bool) -> Refusal | None:
    """Why `piece` may not take `action` now, or None when it may: an action of the rules,
    of the phase (`FIRING_OR_ASSAULT` and spells never in the Supply Phase, a Medic's
    treatment only then), a Movement Action only with its tracks whole (HoN core p.15), and
    one its resolver would take (`REFUSALS`) unless the unit holds instead (`held`)."""
    if not isinstance(action, Action) or type(action) not in RESOLVERS:
        return Refusal(Code.NOT_AN_ACTION, unit=piece.key, other=type(action).__name__)
    if supply and (isinstance(action, FIRING_OR_ASSAULT) or (isinstance(action, Move) and action.fire is not None)):
        return Refusal(Code.FIRING_IN_SUPPLY_PHASE, state.ruleset.cite("supply-phase"), unit=piece.key)
    if supply and isinstance(action, Cast):
        page = state.ruleset.cite("spells")
        return Refusal(Code.WRONG_PHASE, page, unit=piece.key, other="a spell", phase=Phase.SUPPLY.value)
    if not supply and isinstance(action, Treat):
        return Refusal(Code.TREAT_IN_SUPPLY_PHASE, state.ruleset.cite("medic"), unit=piece.key)
    path = action.move.path if isinstance(action, GearMove) else getattr(action, "path", None)
    if isinstance(path, Path) and len(path.positions) > 1 and DamageLocation.TRACKS in piece.damage:
        return Refusal(Code.TRACKS_DAMAGED, state.ruleset.cite("damage"), unit=piece.key)
    check = REFUSALS.get(type(action))
    if check is None or held(state, piece, action) is not None:
        return None
    return check(state, piece, action)
