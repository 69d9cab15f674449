"""Search checks (SoN p.11, p.18): a unit on or next to a Search token, with no enemy unit
adjacent, may search instead of acting: with its Order in the Activation Phase, or instead
of its move in the Supply Phase. It rolls a die: a 6, or with the Search ability its value
or more, draws a customization or spell from the Search bag (mythos/bags.py), which goes to a tile
of its army with an empty slot bordered by a white or green band.

hon's readings, where the book is silent: the first such tile in the army list whose
Character is on the battlefield takes it (else the first such tile); with no such tile, it
goes back into the bag and the token stays; a Search token that gave something is used up;
a spell found is cast by that tile's Character like any other (mythos/spells.py); a customization
found gives the Character the abilities it grants (Faith, Magician, Mythos Hunter, Search),
its markers and other effects are not played."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.recruitment import OptionKind, RecruitmentOption
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.game import SearchEvent
from builder.heroes.rules.gear import veteran
from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.mythos.bags import draw_search
from builder.heroes.rules.mythos.state import KnownSpell, SearchCheck
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal
from builder.heroes.rules.resolution.damage import roll_faces
from builder.heroes.rules.setup.placement import GRANTED_ON_THE_COUNTER
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier, Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

UNTRAINED = 6  # the roll a unit without the Search ability needs (SoN p.11)


def search_token_by(state: GameState, piece: Piece) -> Square | None:
    """The Search token the unit stands on or next to, None when there is none."""
    tokens = state.mythos.search_tokens
    if not tokens:
        return None
    near = set(piece.squares) | {n for sq in piece.squares for n in neighbours(sq)}
    return min((t for t in tokens if t in near), default=None)


def may_search(state: GameState, piece: Piece) -> str | None:
    """Why the unit may not make a Search check now, None when it may."""
    if search_token_by(state, piece) is None:
        return "no Search token on or next to it"
    near = {n for sq in piece.squares for n in neighbours(sq)}
    if any(near & set(e.squares) for e in state.enemies_of(piece.owner)):
        return "an enemy unit is adjacent"
    if not state.mythos.search_bag:
        return "the Search bag is empty"
    return None


def needed(piece: Piece) -> int:
    """The roll to reach: the Search ability's value, else a 6."""
    value = piece.side.ability_value("search")
    return value if value else UNTRAINED


def searches(state: GameState, piece: Piece) -> Iterator[SearchCheck]:
    """A Search check by a unit on or next to a Search token, when it may (SoN p.11)."""
    if may_search(state, piece) is None:
        yield SearchCheck()


def search_refusal(state: GameState, piece: Piece, action: SearchCheck) -> Refusal | None:
    """Why the unit may not make a Search check (`check_search`), or None."""
    return refusal(lambda: check_search(state, piece))


def check_search(state: GameState, piece: Piece) -> None:
    """IllegalAttack when the unit may not make a Search check (`may_search`)."""
    why = may_search(state, piece)
    if why is not None:
        raise IllegalAttack(
            Code.MAY_NOT_SEARCH, f"{name(piece)} may not search: {why}", state.ruleset.cite("search-checks")
        )


def search(turn: Turn, piece: Piece, action: SearchCheck) -> None:
    state, cite = turn.state, turn.state.ruleset.cite
    check_search(state, piece)
    token = search_token_by(state, piece)
    assert token is not None
    target = needed(piece)
    penalties = tuple(
        Modifier(f"Suppressed x{piece.suppressed}", -2 * piece.suppressed, cite("suppressed"))
        for _ in range(1 if piece.suppressed else 0)
    )

    def finds(faces: tuple[int, ...]) -> float:
        return 1.0 if faces[0] + sum(m.value for m in penalties) >= target else 0.0

    face = roll_faces(turn.dice, 1, veteran.veteran_rolls(turn, piece), "search", finds)[0]  # Veteran tokens (SoN p.16)
    total = face + sum(m.value for m in penalties)
    roll = Roll(f"search (needs {target})", (face,), face, penalties, total, cite("search-checks"))
    drawn = draw_search(state.mythos, turn.dice) if total >= target else None
    found, group = None, None
    if drawn is not None and not state.mythos.open_slots.get(piece.owner):
        state.mythos.search_bag.append(drawn)  # hon: no tile may take it, back into the bag
    elif drawn is not None:
        state.mythos.search_tokens.discard(token)
        found, group = drawn, _keep(turn, piece.owner, drawn)
    trained = target != UNTRAINED
    turn.add(
        SearchEvent(
            turn=state.turn,
            phase=turn.phase,
            side=piece.owner,
            rolls=(roll,),
            unit=piece.key,
            found=found.id if found is not None else None,
            at=token,
            needed=target,
            trained=trained,
            search_page=cite("search") if trained else None,
            page=cite("search-checks"),
            drawn=drawn.id if drawn is not None else None,
            group=group,
            spell=found is not None and found.kind is OptionKind.SPELL,
        )
    )


def _keep(turn: Turn, side: str, found: RecruitmentOption) -> str:
    """Put what was found on a tile with an empty white or green slot: that tile's group key."""
    state = turn.state
    slots = state.mythos.open_slots[side]
    alive = {p.group for p in state.units(side) if p.unit.is_character}
    group = next((g for g in slots if g in alive), slots[0])
    slots.remove(group)
    state.mythos.found.append((side, group, found))
    if found.kind is OptionKind.SPELL:
        state.mythos.spells.append(KnownSpell(side, group, found, found=True))
        return f"{side}/{group}"
    granted = [ref for ref in found.grants.abilities if ref.id in GRANTED_ON_THE_COUNTER]
    for piece in [p for p in state.units(side) if p.group == group and p.unit.is_character]:
        sides = [
            s.model_copy(update={"abilities": [*s.abilities, *(g for g in granted if not s.has(g.id))]})
            for s in piece.unit.sides
        ]
        state.pieces[piece.key] = replace(piece, unit=piece.unit.model_copy(update={"sides": sides}))
    return f"{side}/{group}"
