"""What one balance request plays (`hon balance`, the app's balance screen): one run, the
comparison of two lineups of players on the same seeds (`--policy compare`), or a
handicap's sweep (builder.services.balance_handicap), with a game for each run and the
JSON form of the whole (builder.services.balance's docs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.services.balance import BalanceGame, BalanceRun, agreement, to_json
from builder.services.balance_handicap import (
    Handicap,
    HandicapKind,
    Handicappable,
    NoHandicap,
    Reason,
    choose,
    sweep_json,
)


@dataclass(frozen=True)
class Trials:
    """The games to play, one run each: one, two lineups compared, or a sweep's settings
    (its kind, why auto chose it, its settings)."""

    games: list[BalanceGame]
    sweep: tuple[HandicapKind, Reason | None, tuple[Handicap, ...]] | None = None

    @classmethod
    def of(cls, games: list[BalanceGame], handicap: HandicapKind | None) -> Trials:
        """The games prepared (one lineup or two), or the one prepared under each setting of
        `handicap`; NoHandicap for a kind the scenario does not have."""
        if handicap is None:
            return cls(games)
        game = games[0]
        if not isinstance(game, Handicappable):
            raise NoHandicap(f"{game.setting.title} cannot be handicapped.")
        kind, reason, settings = choose(game, handicap)
        return cls([game.handicapped(setting) for setting in settings], (kind, reason, settings))

    def document(self, runs: list[BalanceRun]) -> dict[str, Any]:
        """The JSON form: a run's, a comparison's or a sweep's (the runs played so far)."""
        if self.sweep is not None:
            return sweep_json(*self.sweep, runs, self.games)
        if len(self.games) == 1:
            return to_json(runs[0], self.games[0])
        said = {g.setting.players.default.value: to_json(run, g) for run, g in zip(runs, self.games, strict=False)}
        whole = len(runs) == len(self.games) and not any(run.failed or run.interrupted for run in runs)
        found = agreement(runs[0].tally, runs[1].tally) if whole else None  # no verdict on games left unplayed
        return {"agreement": found.value if found is not None else None, **said}
