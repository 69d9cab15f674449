"""Summoning (SoN p.15): the spell puts the creature its tile names on a space (or the spaces
of a large creature) at most the tile's distance from the caster. Its penalty and uses are
the tile's; with limited uses it is cast as long as tokens of the creature remain, and again
as soon as one is retrieved.

hon's readings: the tile's `uses` is its number of creature tokens, one retrieved when a
creature it summoned leaves the battlefield (eliminated); the distance is counted as a shot's,
and every one of the creature's squares must be within it; the creature is placed on free squares it may stand
on (not in a building, p.19), facing any way; it belongs to no combat group (it has no
breaking point of its own) and arrives without an Order token: it acts from the next Order
Phase, or moves in the Supply Phase like any unit without one."""

from __future__ import annotations

from builder.heroes.catalogue.recruitment import RecruitmentOption
from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.geometry.grid import footprint_squares, range_between
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState

SUMMONED = "summoned"  # the group path of summoned creatures


def creature_of(state: GameState, option: RecruitmentOption) -> Unit | None:
    """The creature a summoning tile calls, from the catalogue's units."""
    return state.mythos.summonable.get(option.summons) if option.summons is not None else None


def summoned_by(state: GameState, group: str, spell: str) -> list[str]:
    """The keys of the creatures the tile's summoning has on the battlefield: their tokens
    are out of hand."""
    return [
        key
        for key, origin in state.mythos.summoned.items()
        if origin == (group, spell) and key in state.pieces and not state.pieces[key].is_wreck
    ]


def summon_at(
    state: GameState, caster: Piece, option: RecruitmentOption, front: Square, facing: int
) -> tuple[Square, ...] | None:
    """The creature's squares with its front on `front`, or None when it may not be put there."""
    creature = creature_of(state, option)
    if creature is None or option.reach is None:
        return None
    squares = footprint_squares(front, facing, creature.footprint)
    if any(range_between(caster.squares, (sq,)) > option.reach for sq in squares):
        return None
    probe = Piece(key="", unit=creature, owner=caster.owner, squares=squares, facing=facing)
    if not all(sq in state.battlefield.squares for sq in squares) or not may_stand(state, probe, squares):
        return None
    return squares


def summon_spots(state: GameState, caster: Piece, option: RecruitmentOption) -> list[tuple[Square, int]]:
    """Every (front square, facing) the creature may be summoned on."""
    if option.reach is None:
        return []
    reach = option.reach
    cols = [c for c, _ in caster.squares]
    rows = [r for _, r in caster.squares]
    found = []
    for c in range(min(cols) - reach, max(cols) + reach + 1):
        for r in range(min(rows) - reach, max(rows) + reach + 1):
            if (c, r) not in state.battlefield.squares:
                continue
            for facing in (0, 2, 4, 6):
                if summon_at(state, caster, option, (c, r), facing) is not None:
                    found.append(((c, r), facing))
    return found


def summoned_piece(
    state: GameState, caster: Piece, option: RecruitmentOption, squares: tuple[Square, ...], facing: int
) -> Piece:
    """The creature put on the battlefield: a new piece of the caster's side, keyed
    `side/summoned/unit/n`."""
    creature = creature_of(state, option)
    assert creature is not None
    n = 1 + sum(
        1 for key in (*state.pieces, *state.destroyed) if key.startswith(f"{caster.owner}/{SUMMONED}/{creature.id}/")
    )
    return Piece(
        key=f"{caster.owner}/{SUMMONED}/{creature.id}/{n}",
        unit=creature,
        owner=caster.owner,
        squares=squares,
        facing=facing,
        group=SUMMONED,
        team=caster.team,
    )
