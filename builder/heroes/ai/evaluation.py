"""How well a game of the Heroes System stands for a side: the search agent's score at the
end of a play-out (builder.heroes.ai.search). In the game's own terms, for both sides alike,
what one side gains the other loses, counted in armies' worth (the mean points of the armies
in play, what the books price units in, HoN core p.6):

* the game won or lost, once it is over;
* the outcome the scenario's victory conditions give if the game ended now (the first that
  holds, HoN core p.5-6), and each objective controlled (p.5);
* victory points: a broken combat group gives its printed points to the opponent (p.6, p.15);
* units lost, at what their recruitment tile or support option costs a counter: destroyed,
  captured (BfC p.12) or wrecked in full, a counter turned to its reduced side or a heavy
  vehicle's damage marker (p.15) in part, a Suppressed marker (p.16) a little;
* each objective a side's nearest unit could reach sooner than the enemy's, in turns at its
  Movement Value (p.9), up to one: who is about to contest it.

The weights are hon's reading, not the books': a won game outweighs a whole army, an
objective is worth a tenth of one. Read from the state a play-out reached, which the search
samples from the side's view: nothing in it is what the side may not know."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.army.summary import points_of
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import Facts, GameState
from builder.heroes.scenario.conditions import holds

# In armies' worth.
WON = 2.0  # the game won (lost, less)
HOLDING = 0.25  # the outcome that would hold if the game ended now
OBJECTIVE = 0.1  # an objective controlled
VICTORY_POINT = 0.02  # a victory point scored
PRESENCE = 0.05  # an objective a side's units reach a turn sooner than the enemy's
FAR = 100.0  # turns to an objective for a side with no unit that moves
# In the counter's own worth: how much of it a loss takes.
REDUCED = 0.5  # turned to its reduced side (HoN core p.15)
DAMAGE = 0.25  # a heavy vehicle's damage marker (p.15)
SUPPRESSED = 0.1  # a Suppressed marker (p.16)


@dataclass
class Evaluation:
    """A side's standing in a game, higher better (see the module). What each army's
    counters are worth is worked out once, kept with the army it was read from."""

    _prices: dict[str, tuple[ResolvedArmy, Prices]] = field(default_factory=dict)

    def __call__(self, state: GameState, side: str) -> float:
        """In armies' worth (the mean points of the armies in play: 1 is a whole army)."""
        army = self._army(state)
        team = state.team_of(side)
        score = self._result(state, team) + sum(sign * value for sign, value in self._losses(state, team)) / army
        held = Counter(state.team_of(holder) for holder in state.control.values() if holder is not None)
        score += OBJECTIVE * sum(count if who == team else -count for who, count in held.items())
        points = state.victory_points
        score += VICTORY_POINT * sum(vp if who == team else -vp for who, vp in points.items())
        return score + PRESENCE * sum(_nearer(state, area, team) for area in state.objective_areas.values())

    def _result(self, state: GameState, team: str) -> float:
        """The game won (over) or the outcome holding now, for `team`: + its own, - another's."""
        if state.over:
            winner, weight = state.winner, WON
        else:
            facts = Facts(state)
            found = next((o for o in state.scenario.victory.outcomes if holds(o.condition, facts)), None)
            winner, weight = (found.winner if found is not None else None), HOLDING
        if winner is None or winner == "draw":
            return 0.0
        return weight if state.team_of(winner) == team else -weight

    def _losses(self, state: GameState, team: str) -> Iterable[tuple[int, float]]:
        """Each loss of a counter, its worth taken: +1 for an enemy's, -1 for one of `team`."""
        gone = {**state.destroyed, **{key: captive.piece for key, captive in state.captives.items()}}
        for piece in gone.values():
            yield (-1 if piece.allegiance == team else 1), self._worth(state, piece)
        for piece in state.pieces.values():
            part = _lost_part(piece)
            if part and piece.key not in gone:
                yield (-1 if piece.allegiance == team else 1), part * self._worth(state, piece)

    def _army(self, state: GameState) -> float:
        """The mean points of the armies in play (1 when none is priced)."""
        totals = [self._priced(side, resolved).total for side, resolved in state.armies.items()]
        return max(sum(totals) / len(totals), 1.0) if totals else 1.0

    def _worth(self, state: GameState, piece: Piece) -> float:
        """What the counter's group costs a counter; a counter of no priced group (a
        campaign's), the army's mean."""
        resolved = state.armies.get(piece.owner)
        if resolved is None:
            return 0.0
        prices = self._priced(piece.owner, resolved)
        return prices.counter.get(piece.group, prices.mean)

    def _priced(self, side: str, resolved: ResolvedArmy) -> Prices:
        kept = self._prices.get(side)
        if kept is None or kept[0] is not resolved:  # a scenario event's options change the army
            kept = self._prices[side] = (resolved, Prices.of(resolved))
        return kept[1]


@dataclass(frozen=True)
class Prices:
    """An army's points (HoN core p.6): its total, and by the path of a tile, hero or
    support option in the list, its cost shared among the counters it fields; `mean`, a
    counter's on average."""

    total: float
    counter: Mapping[str, float]
    mean: float

    @staticmethod
    def of(resolved: ResolvedArmy) -> Prices:
        fielded = Counter(f.path for f in resolved.fielded())
        costs: dict[str, int] = {}
        for group in resolved.groups:
            if group.recruit is not None:
                costs[group.path] = group.recruit.cost
        for _, placed in resolved.supports():
            if placed.option is not None:
                costs[placed.path] = placed.option.cost
        total = float(points_of(resolved))
        counters = sum(fielded.values())
        return Prices(
            total, {path: costs.get(path, 0) / count for path, count in fielded.items()}, total / max(counters, 1)
        )


def _lost_part(piece: Piece) -> float:
    """How much of a counter still on the battlefield is lost: all of a wreck, half of a
    counter on its reduced side, a part for each damage or Suppressed marker."""
    if piece.is_wreck:
        return 1.0
    part = REDUCED if piece.side.state is SideState.REDUCED else 0.0
    part += DAMAGE * len(piece.damage) + SUPPRESSED * piece.suppressed
    return min(part, 1.0)


def _nearer(state: GameState, area: frozenset[Square], team: str) -> float:
    """How many turns sooner `team` can reach the objective `area` than its enemies, from -1 to 1."""
    reach: dict[str, float] = {}
    for piece in state.units():
        moves = piece.side.movement
        if not moves or not piece.squares:
            continue
        turns = min(distance(square, target) for square in piece.squares for target in area) / moves
        reach[piece.allegiance] = min(reach.get(piece.allegiance, FAR), turns)
    own = reach.get(team, FAR)
    other = min((turns for who, turns in reach.items() if who != team), default=FAR)
    return max(-1.0, min(1.0, other - own))
