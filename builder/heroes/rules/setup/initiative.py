"""Veteran markers on the initiative roll (HoN core p.30: "reroll any roll, yours or your
opponent's"; SoN p.16). The only initiative roll is the set-up's, when the scenario leaves the
initiative to the dice (HoN core p.8): each side's die may be rerolled, again after a reroll,
by its own side when a reroll more likely wins it the initiative than loses it, or by an
opponent the other way round, on the policy's odds. A tie is rolled again (p.8), an even
chance: so the odds the policy weighs are the expected gain and loss in the chance of winning
the initiative, which for a roll that can only win or lose are the chances of each.

hon's reading: before the armies are on the battlefield the markers are the player's ("gives
you 3 Veteran markers"), so any Veteran marker of the side's options may be spent on it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from builder.heroes.rules.decisions import InitiativeReroll
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent, HeroesEvent, Phase
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.state import GameState, GearPool
from builder.kernel.decisions import YES_NO
from builder.kernel.events import Roll
from builder.kernel.match import Table

# Given the side whose die it is, its face, the others' faces and a way to roll again: the face kept.
DieRerolls = Callable[[str, int, Mapping[str, int], Callable[[], int]], int]


def initiative_rerolls(state: GameState, table: Table[HeroesView], told: list[HeroesEvent]) -> DieRerolls:
    """The Veteran markers the sides spend on the initiative dice; each spent is told in `told`."""
    marker, page = state.ruleset.veteran_marker, state.ruleset.cite("veteran")

    def pool_of(side: str) -> GearPool | None:
        return next((g for g in state.gear if g.side == side and g.marker == marker and g.count > 0), None)

    def reroll(side: str, face: int, others: Mapping[str, int], again: Callable[[], int]) -> int:
        best = max(others.values(), default=0)

        def worth(f: int) -> float:
            return 1.0 if f > best else 0.5 if f == best else 0.0

        while True:
            now = worth(face)
            better = sum(max(worth(f) - now, 0) for f in range(1, 7)) / 6
            worse = sum(max(now - worth(f), 0) for f in range(1, 7)) / 6
            spent: tuple[str, GearPool] | None = None
            for who, up, down in ((side, better, worse), *((other, worse, better) for other in others)):
                pool = pool_of(who)
                if pool is None or not up:
                    continue
                asked = InitiativeReroll(side=who, options=YES_NO, die_of=side, face=face, better=up, worse=down)
                if table.ask(asked):
                    spent = (who, pool)
                    break
            if spent is None:
                return face
            who, pool = spent
            state.spend(pool)
            old, face = face, again()
            told.append(
                GearEvent(
                    turn=0,
                    phase=Phase.SETUP,
                    side=who,
                    rolls=(Roll(f"initiative reroll: {side}", (face,), face, (), face, page),),
                    marker=marker,
                    left=pool.count,
                    use=GearUse.VETERAN_INITIATIVE,
                    source=pool.source,
                    page=page,
                    roll=side,
                    faces=(old, face),
                )
            )

    return reroll
