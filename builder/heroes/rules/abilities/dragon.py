"""The Dragon (SoN p.16), Ariane's equipment: "This little dragon can move once per round, at
any phase of the game. Place an Activated marker on it to remind yourself of this rule. It can
move onto an allied unit to provide its support. Then return its token. It gives the
Terrifying and Mythos Hunter 1 Special Abilities (see p.19) to the unit on which it is placed."

hon's readings where the book is silent: the dragon flies once a round, at the start of the
Activation Phase (its one move of the round), onto any unit of its side or of an allied side
(a team's, SoN p.10); the first flight puts it in play (until then it gives nothing); its
carrier keeps the two abilities until the dragon flies on, and a carrier's loss leaves the
dragon to fly again next round. Mythos Hunter 1 adds
to the carrier's other Mythos Hunter bonuses (SoN p.18, `mythos.mythos_hunter`); Terrifying is
put on the carrier's counter, and taken off again when the dragon leaves it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.rules.abilities.ability import Ability, Source, Step
from builder.heroes.rules.decisions import DragonPerch
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent
from builder.heroes.rules.mythos.state import DRAGON, Perch
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState, GearPool

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

DRAGON_PAGE = "SoN p.16"
TERRIFYING = AbilityRef(id="terrifying")


class Dragon(Ability):
    id = DRAGON
    name = "Dragon"
    page = DRAGON_PAGE
    source = Source.GEAR
    steps = frozenset({Step.ACTIVATION_START})

    def at_step(self, turn: Turn, step: Step) -> None:
        dragons_fly(turn)


def dragon_pools(state: GameState, side: str) -> list[GearPool]:
    return [g for g in state.gear if g.marker == DRAGON and g.side == side and g.count > 0]


def carry(piece: Piece) -> tuple[Piece, tuple[bool, ...]]:
    """The carrier with Terrifying on each side of its counter, and on which it was added."""
    added = tuple(not s.has(TERRIFYING.id) for s in piece.unit.sides)
    sides = [
        s.model_copy(update={"abilities": [*s.abilities, TERRIFYING]}) if a else s
        for s, a in zip(piece.unit.sides, added, strict=True)
    ]
    return replace(piece, unit=piece.unit.model_copy(update={"sides": sides})), added


def drop(piece: Piece, added: tuple[bool, ...]) -> Piece:
    """The former carrier without the Terrifying the dragon gave it."""
    sides = [
        s.model_copy(update={"abilities": [a for a in s.abilities if a.id != TERRIFYING.id]}) if was else s
        for s, was in zip(piece.unit.sides, added, strict=True)
    ]
    return replace(piece, unit=piece.unit.model_copy(update={"sides": sides}))


def dragons_fly(turn: Turn) -> None:
    """Each side's dragon flies onto the unit its player names, once this round (SoN p.16)."""
    state = turn.state
    for side in state.initiative_order():
        if not turn.asking:
            continue
        for pool in dragon_pools(state, side):
            ident = f"{side}/{pool.group}"
            perch = state.mythos.dragons.get(ident)
            carrier = perch.carrier if perch is not None and perch.carrier in state.pieces else None
            team = state.team_of(side)
            perches = sorted(p.key for p in state.units() if state.team_of(p.owner) == team and p.key != carrier)
            target_key = turn.ask(DragonPerch(side=side, options=(*perches, None), carrier=carrier))
            if target_key is None:
                continue
            target = state.pieces[target_key]
            if perch is not None and carrier is not None:
                state.pieces[carrier] = drop(state.pieces[carrier], perch.added)
            state.pieces[target.key], added = carry(target)
            state.mythos.dragons[ident] = Perch(target.key, added)
            turn.add(
                GearEvent(
                    turn=state.turn,
                    phase=turn.phase,
                    side=side,
                    marker=DRAGON,
                    unit=target.key,
                    spent=0,
                    left=pool.count,
                    use=GearUse.DRAGON_PERCH,
                    page=DRAGON_PAGE,
                    target=target.key,
                )
            )
