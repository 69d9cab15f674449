"""Veteran markers on the initiative roll (HoN core p.30: "reroll any roll, yours or your
opponent's"; SoN p.16). The only initiative roll is the set-up's, when the scenario leaves the
initiative to the dice (HoN core p.8): each side's die may be rerolled, again after a reroll,
by its own side when a reroll more likely wins it the initiative than loses it, or by an
opponent the other way round, on the policy's odds.

hon's reading: before the armies are on the battlefield the markers are the player's ("gives
you 3 Veteran markers"), so any Veteran marker of the side's options may be spent on it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from builder.heroes.rules.events import GearEvent, HeroesEvent, Phase
from builder.heroes.rules.gear_rerolls import GearPlayer
from builder.heroes.rules.state import GameState, GearPool

# Given the side whose die it is, its face, the others' faces and a way to roll again: the face kept.
InitiativeReroll = Callable[[str, int, Mapping[str, int], Callable[[], int]], int]


def initiative_rerolls(state: GameState, players: Mapping[str, object], told: list[HeroesEvent]) -> InitiativeReroll:
    """The Veteran markers the sides spend on the initiative dice; each spent is told in `told`."""
    marker, page = state.ruleset.veteran_marker, state.ruleset.cite("veteran")

    def pool_of(side: str) -> GearPool | None:
        return next((g for g in state.gear if g.side == side and g.marker == marker and g.count > 0), None)

    def reroll(side: str, face: int, others: Mapping[str, int], again: Callable[[], int]) -> int:
        best = max(others.values(), default=0)

        def worth(f: int) -> int:
            return 2 if f > best else 1 if f == best else 0

        while True:
            now = worth(face)
            better = sum(1 for f in range(1, 7) if worth(f) > now) / 6
            worse = sum(1 for f in range(1, 7) if worth(f) < now) / 6
            spent: tuple[str, GearPool] | None = None
            for who, up, down in ((side, better, worse), *((other, worse, better) for other in others)):
                pool, player = pool_of(who), players.get(who)
                if pool is None or not up or not isinstance(player, GearPlayer):
                    continue
                if player.veteran_roll(state, None, "initiative", up, down):
                    spent = (who, pool)
                    break
            if spent is None:
                return face
            who, pool = spent
            state.spend(pool)
            told.append(
                GearEvent(
                    turn=0,
                    phase=Phase.SETUP,
                    side=who,
                    text=f"{who} spends 1 Veteran marker of {pool.source}, {pool.count} left: the initiative roll "
                    f"[{face}] of {side} is rolled again, the new result stands ({page}).",
                    marker=marker,
                    left=pool.count,
                )
            )
            face = again()

    return reroll
