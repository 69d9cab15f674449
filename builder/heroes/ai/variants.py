"""The simple policy's use of the Assault variants (SoN p.17): a Long Distance assault from
where the unit stands, else a Brutal Assault on the enemies its counter would cover, when the
first assault's odds favour it as an ordinary one must (`assault_edge`); an ordinary assault
by a unit with Assault on the Move carries on towards the side's goal when the penalty still
leaves the odds in its favour. Defenders as good, and goals as near, are taken in a drawn
order (builder.heroes.ai.greedy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai.common import _worth, by_key, itself
from builder.heroes.rules.actions.assault_variants import AFAR, BRUTAL, ON_THE_MOVE, covered, variant_assault_of
from builder.heroes.rules.actions.kinds import Action, AssaultAction, AssaultOnTheMove, ChainAssault
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.odds import odds_of_assault
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def _edge(
    policy: SimplePolicy, state: GameState, piece: Piece, defender: Piece, bonuses: tuple[Modifier, ...] = ()
) -> float | None:
    """P(win) - P(loss) of the assault, None when it does not favour the attacker."""
    try:
        odds = odds_of_assault(variant_assault_of(state, piece, defender, bonuses), state.ruleset)
    except (IllegalAttack, ValueError):
        return None
    edge = float(odds["win"] - odds["loss"])
    return edge if odds["win"] >= 0.5 and edge >= policy.assault_edge else None


def variant_assault(policy: SimplePolicy, state: GameState, piece: Piece) -> Action | None:
    reach = piece.side.ability_value(AFAR)
    if reach:
        here = Path((Position(piece.squares, piece.facing),), 0)
        scored = [
            (edge * _worth(e), e.key)
            for e in enemies_in_reach(state, piece, reach)
            if (edge := _edge(policy, state, piece, e)) is not None
        ]
        if scored:
            keys = [k for _, k in policy.ordered(scored, lambda s: -s[0], lambda s: s[1])]
            return ChainAssault(here, tuple(keys if piece.side.has(BRUTAL) else keys[:1]), from_afar=True)
    points = allowance(piece)
    if not piece.side.has(BRUTAL) or not points:
        return None
    for defender in policy.shuffled(list(enemies_in_reach(state, piece, points + 1)), by_key):
        if _edge(policy, state, piece, defender) is None:
            continue
        path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset)
        if path is None:
            continue
        others = [e for e in covered(state, piece, path.destination.squares) if e.key != defender.key]
        if all(_edge(policy, state, piece, e) is not None for e in others):
            return ChainAssault(path, (defender.key, *(e.key for e in others)))
    return None


def moving_on(
    policy: SimplePolicy, state: GameState, piece: Piece, assault: AssaultAction, goals: frozenset[Square]
) -> Action:
    """The assault, on the move when the unit may and would still have points to go on."""
    penalty = piece.side.ability_value(ON_THE_MOVE)
    points = allowance(piece) or 0
    # Kept whole when cards go with it: a Knife marker, Surprise cards for its windows (HoN core p.17).
    if (
        penalty is None
        or points <= assault.path.cost
        or not goals
        or assault.charge
        or assault.knife
        or assault.windows
    ):
        return assault
    malus = (Modifier("Assault on the Move", -abs(penalty), state.ruleset.cite("assault-variants")),)
    defender = state.pieces[assault.defender]
    if penalty and _edge(policy, state, piece, defender, malus) is None:
        return assault
    goal = policy.best_of(goals, lambda sq: range_between(defender.squares, (sq,)), itself)
    then: tuple[str, ...] = ()
    if piece.side.has(BRUTAL):  # several assaults in one move (SoN p.17): those that favour it
        near = policy.shuffled(list(enemies_in_reach(state, piece, points + 1)), by_key)
        then = tuple(e.key for e in near if e.key != defender.key and _edge(policy, state, piece, e, malus) is not None)
    return AssaultOnTheMove(assault.path, assault.defender, goal, then)
