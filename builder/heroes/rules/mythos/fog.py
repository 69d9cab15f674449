"""The Fog spell's reach (SoN p.11, p.15): once cast, the fog rules stay for the rest of the
game, and no shot reaches farther than the fog's maximum range. `fog_shelters` counts the
units of a side that an enemy sees from beyond that range today: those the fog would put out
of reach; `fog_gain` weighs them against the enemy units the fog would shelter in turn:
what a player reckons before casting it."""

from __future__ import annotations

from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.los import Occupancy, line_of_sight
from builder.heroes.rules.ruleset import FOG
from builder.heroes.rules.state import GameState

FOG_SPELL = "son-fog"
FOG_RANGE = int(FOG["max_range"])  # squares (SoN p.11)


def fogged_already(state: GameState) -> bool:
    """Night or fog already caps every shot at the fog's range or less (SoN p.11)."""
    cap = state.ruleset.max_range
    return cap is not None and cap <= FOG_RANGE


def fog_shelters(state: GameState, side: str) -> int:
    """The side's units seen (clear or obscured) by an enemy farther than the fog's range:
    none once night or fog already holds."""
    if fogged_already(state):
        return 0
    team = state.team_of(side)
    enemies = [
        e for e in state.enemies_of(side) if e.squares and e.embarked_in is None and (e.side.combat or e.side.weapons)
    ]
    seen = Occupancy(state.pieces.values())
    count = 0
    for friend in state.units():
        if friend.allegiance != team or not friend.squares or friend.embarked_in is not None or friend.concealed:
            continue
        far = [e for e in enemies if range_between(e.squares, friend.squares) > FOG_RANGE]
        if any(not line_of_sight(state.battlefield, seen, e, friend, state.ruleset).blocked for e in far):
            count += 1
    return count


def fog_gain(state: GameState, side: str) -> int:
    """How many more of the side's units than of its enemies' the fog would shelter."""
    mine = fog_shelters(state, side)
    if not mine:
        return 0
    enemy_sides = {p.owner for p in state.enemies_of(side)}
    theirs = max((fog_shelters(state, other) for other in sorted(enemy_sides)), default=0)
    return mine - theirs
