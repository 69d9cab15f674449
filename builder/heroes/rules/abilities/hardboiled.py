"""Hardboiled (SoN p.16), a Character trait: "Discard a Hardboiled token to remove a Suppressed
marker from one of your units. You can play several Hardboiled tokens at the same time." The
units of the trait's tile use them, the whole army's on an Officer tile (SoN p.14, General
rules). The book lets them be played at any moment: hon plays them as a unit is activated,
before it acts, and at the Supply Phase's Terror step for a unit that would have to check (a
unit with no Suppressed marker does not, SoN p.11), when its side's player wishes
(`HardboiledTokens`), a token a marker."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.ability import Ability, Source, Step
from builder.heroes.rules.decisions import HardboiledTokens
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.mythos.terror import must_check, terrifying_sight
from builder.heroes.rules.pieces import Piece

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

HARDBOILED = "son-hardboiled"
HARDBOILED_PAGE = "SoN p.16"


class Hardboiled(Ability):
    id = HARDBOILED
    name = "Hardboiled"
    page = HARDBOILED_PAGE
    source = Source.GEAR
    steps = frozenset({Step.BEFORE_TERROR})

    def on_activation(self, turn: Turn, piece: Piece) -> Piece:
        return rally_hardboiled(turn, piece)

    def at_step(self, turn: Turn, step: Step) -> None:
        hardboiled_before_terror(turn)


def rally_hardboiled(turn: Turn, piece: Piece) -> Piece:
    """The unit about to act as its side leaves it after discarding Hardboiled tokens, each
    taking one of its Suppressed markers off (SoN p.16)."""
    pool = turn.state.gear_for(piece, HARDBOILED) if piece.suppressed else None
    if pool is None or not turn.asking:
        return piece
    most = min(pool.count, piece.suppressed)
    count = turn.ask(HardboiledTokens(side=piece.owner, options=tuple(range(most + 1)), unit=piece, held=pool.count))
    if count <= 0:
        return piece
    alternate_fire.spend_marker(
        turn, piece, HARDBOILED, HARDBOILED_PAGE, GearUse.HARDBOILED, count, target=piece.key, value=count
    )
    rallied = replace(piece, suppressed=piece.suppressed - count)
    turn.state.pieces[piece.key] = rallied
    return rallied


def hardboiled_before_terror(turn: Turn) -> None:
    """Before the Supply Phase's Terror checks: Hardboiled tokens for the units that see a
    Mythos Manifestation with Suppressed markers on them (SoN p.11, p.16)."""
    state = turn.state
    for side in state.initiative_order():
        if not any(g.marker == HARDBOILED and g.count > 0 and g.side == side for g in state.gear):
            continue
        occupancy = Occupancy(state.pieces.values())
        for piece in sorted(state.units(side), key=lambda p: p.key):
            if must_check(piece) and terrifying_sight(state, piece, occupancy) is not None:
                rally_hardboiled(turn, piece)
