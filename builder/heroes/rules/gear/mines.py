"""Mine markers (BfC p.09, the Minen gear option, restricted to infantry): when activated,
instead of a Firing or a Movement Action, a unit places a Mine marker on any square of its Zone
of Control. An allied or enemy unit that crosses or stops on that square suffers an attack with
the marker's combat values, without suppression, and the marker is discarded. An Engineer may
discard an adjacent Mine marker instead of a Firing or a Movement Action.

hon's readings, where the text is silent: the marker's combat values are printed on it, not in
the text (`MINE_COMBAT` is an example); the attack comes from under the unit, so no terrain
defensive bonus applies and a heavy vehicle is struck on its side defense, as by a template
(HoN core p.23); a mine goes off on a square a Movement Action enters (an assault's move
included), not under a Forced Move."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.actions.kinds import ClearMine, PlaceMine
from builder.heroes.rules.actions.legality import refuse
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import FiredBy
from builder.heroes.rules.events.game import FireEvent, MineEvent
from builder.heroes.rules.gear import veteran
from builder.heroes.rules.geometry.squares import neighbours_of
from builder.heroes.rules.geometry.zoc import zone_among
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import Facing, Shot
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

MINE = "mine"  # the marker's id, as the Minen option gives it (data/hon/options-bfc.yaml)
PAGE = "BfC p.09"
# The Mine marker's combat values (infantry, light, heavy) are printed on the marker, which the
# text does not reproduce: source example.
MINE_COMBAT = CombatValues(infantry=4, light=3, heavy=2)


def mine_squares(state: GameState, piece: Piece) -> list[Square]:
    """Where `piece` may place a Mine marker now: an infantry unit on the battlefield with a
    Mine marker of its option left, on a square of its Zone of Control that has none."""
    if not piece.is_infantry or piece.embarked_in is not None or not piece.squares:
        return []
    if state.gear_for(piece, MINE) is None:
        return []
    zone = zone_among(state.battlefield, piece, state.ruleset, state.pieces.values())
    return sorted(sq for sq in zone if sq not in state.mines)


def mines_to_clear(state: GameState, piece: Piece) -> list[Square]:
    """The Mine markers an Engineer may discard: those adjacent to it (BfC p.09)."""
    if not piece.side.has("engineer") or piece.embarked_in is not None or not piece.squares:
        return []
    around = set(neighbours_of(piece.squares))
    return sorted(sq for sq in state.mines if sq in around)


def mine_shot(target: Piece) -> Shot | None:
    """The Mine marker's attack on `target`, or None when its values have X against that colour."""
    value = MINE_COMBAT.against(target.colour)
    if value is None:
        return None
    facing = Facing.SIDE if target.side.defense is not None and target.side.defense.has_facings else None
    return Shot(target=target, combat=value, facing=facing)


def mine_placings(state: GameState, piece: Piece) -> Iterator[PlaceMine]:
    """A Mine marker placed on each square it may go on (`mine_squares`, BfC p.09)."""
    yield from (PlaceMine(square) for square in mine_squares(state, piece))


def mine_placing_refusal(state: GameState, piece: Piece, action: PlaceMine) -> Refusal | None:
    """Why the unit may not place a Mine marker there, or None (`mine_squares`)."""
    if action.square not in mine_squares(state, piece):
        return Refusal(Code.NOT_A_MINE_SQUARE, PAGE, unit=piece.key, square=action.square)
    return None


def mine_liftings(state: GameState, piece: Piece) -> Iterator[ClearMine]:
    """An Engineer discarding each Mine marker next to it (`mines_to_clear`, BfC p.09)."""
    yield from (ClearMine(square) for square in mines_to_clear(state, piece))


def mine_lifting_refusal(state: GameState, piece: Piece, action: ClearMine) -> Refusal | None:
    """Why the unit may not discard that Mine marker, or None (`mines_to_clear`)."""
    if action.square not in mines_to_clear(state, piece):
        return Refusal(Code.NO_MINE_IN_REACH, PAGE, unit=piece.key, square=action.square)
    return None


def place_mine(turn: Turn, piece: Piece, action: PlaceMine) -> None:
    state = turn.state
    refuse(Code.MAY_NOT_MINE, mine_placing_refusal(state, piece, action))
    pool = state.gear_for(piece, MINE)
    assert pool is not None  # mine_squares checked it
    state.spend(pool)
    state.mines[action.square] = piece.owner
    turn.add(
        MineEvent(
            turn=state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            square=action.square,
            what="placed",
            page=PAGE,
            source=pool.source,
            left=pool.count,
        )
    )


def clear_mine(turn: Turn, piece: Piece, action: ClearMine) -> None:
    state = turn.state
    refuse(Code.MAY_NOT_MINE, mine_lifting_refusal(state, piece, action))
    del state.mines[action.square]
    turn.add(
        MineEvent(
            turn=state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            square=action.square,
            what="cleared",
            page=PAGE,
        )
    )


def tread(turn: Turn, key: str, squares: tuple[Square, ...]) -> Piece | None:
    """The unit `key` has just moved onto `squares`: each Mine marker there goes off,
    attacking it without suppression, and is discarded (BfC p.09). The unit after it, None
    (or a wreck) when destroyed."""
    state = turn.state
    if not state.mines:
        return state.pieces.get(key)
    for square in squares:
        piece = state.pieces.get(key)
        if piece is None or piece.is_wreck or square not in state.mines:
            continue
        del state.mines[square]
        turn.add(
            MineEvent(
                turn=state.turn,
                phase=turn.phase,
                side=piece.owner,
                unit=key,
                square=square,
                what="triggered",
                page=PAGE,
            )
        )
        shot = mine_shot(piece)
        if shot is None:
            continue
        # Veteran markers (HoN core p.30): no firer, the unit's side rerolls a hit.
        result = fire(
            shot,
            turn.dice,
            state.ruleset,
            reroll=veteran.veteran_reroll(turn, None, shot),
            rerolls=veteran.veteran_rolls(turn, None, piece),
        )
        target = result.target
        if target is not None and target.suppressed != piece.suppressed:
            # "the unit only suffers the attack, without suppression"
            target = replace(target, suppressed=piece.suppressed)
        effect = Effect.NONE if result.effect is Effect.SUPPRESSED else result.effect
        result = replace(result, target=target, effect=effect, suppressed=0)
        turn.add(FireEvent.of(result, state.turn, turn.phase, piece.owner, fired_by=FiredBy.MINE))
        hits.hurt(turn, piece, target, effect)
    after = state.pieces.get(key)
    return None if after is None or after.is_wreck else after
