"""A handicap that evens a scenario out (`hon balance --handicap [auto|turns|vp]`): the
scenario's turn count, or the victory points (the hex game's medals) its victory
conditions count, swept over a range around the scenario's own value; each setting is
played with the same seeds, and the one at which the sides' win rates are closest is
reported with its intervals.

What each system changes, on the prepared scenario (never its file):
* turns: the game's length in turns (Heroes System `setup.turns.count`, the Tactical Card
  Game's `turns`). The hex game has no turn limit (a side wins on medals): no turns handicap.
* vp: the Heroes System's victory points a side starts with (`setup.victory_points`, where
  its victory conditions count victory points); the victory points a Tactical Card Game
  side needs (its victory-points conditions); the medals a hex-game side needs.
`auto` takes vp where the victory conditions count points or medals, turns otherwise
(Reason). A kind that does not apply is Unsupported, one sentence (exit 2).

The JSON form (`--json`): {"kind": "turns" | "vp", "reason": Reason or null (not auto),
"closest": the index of the closest setting, "settings": [{"measure": Measure, "side": a
side or null, "value", "written": the scenario's own value, "run": <a run's JSON form,
builder.services.balance>}]}."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from annotated_types import Le

from builder.services.balance import BalanceGame, BalanceRun, Tally, to_json

if TYPE_CHECKING:
    from pydantic import BaseModel  # a scenario model's type; pydantic stays unloaded by `hon --help`


class HandicapKind(StrEnum):
    AUTO = "auto"
    TURNS = "turns"
    VP = "vp"


class Measure(StrEnum):
    """What a setting changes (rendered at the edge)."""

    TURNS = "turns"  # the game lasts `value` turns
    STARTING_POINTS = "starting-points"  # `side` starts with `value` victory points
    POINTS_NEEDED = "points-needed"  # `side` needs `value` victory points to win
    MEDALS_NEEDED = "medals-needed"  # `side` needs `value` medals to win


class Reason(StrEnum):
    """Why `auto` chose its kind."""

    COUNTS_POINTS = "counts-points"  # the victory conditions count victory points or medals
    TURN_LIMIT = "turn-limit"  # they count none; the game ends after its last turn


@dataclass(frozen=True)
class Handicap:
    """One setting of a sweep: `measure` at `value` (for `side`), the scenario's being `written`."""

    measure: Measure
    value: int
    written: int
    side: str | None = None

    @property
    def as_written(self) -> bool:
        return self.value == self.written


class NoHandicap(Exception):
    """A kind of handicap the scenario does not have: `str()` says why, in one sentence."""


@runtime_checkable
class Handicappable(Protocol):
    """A BalanceGame whose scenario can be handicapped."""

    def sweep(self, kind: HandicapKind) -> tuple[Handicap, ...]:
        """The settings of `kind` to play, the scenario's own among them; NoHandicap when
        the kind does not apply (`kind` is TURNS or VP)."""
        ...

    def handicapped(self, handicap: Handicap) -> BalanceGame:
        """The same game on the scenario changed by `handicap`."""
        ...


def most(model: type[BaseModel], name: str) -> int:
    """The largest value a field of a file's model takes (its `le`): no handicap writes
    a scenario its own format refuses."""
    return next(
        bound.le for bound in model.model_fields[name].metadata if isinstance(bound, Le) and type(bound.le) is int
    )


def around(written: int, reach: int, low: int, high: int) -> range:
    """Values within `reach` of `written`, from `low` to `high`."""
    return range(max(low, written - reach), min(high, written + reach) + 1)


def choose(game: Handicappable, kind: HandicapKind) -> tuple[HandicapKind, Reason | None, tuple[Handicap, ...]]:
    """The kind to sweep (`auto` resolved, with its reason) and its settings."""
    if kind is not HandicapKind.AUTO:
        return kind, None, game.sweep(kind)
    try:
        return HandicapKind.VP, Reason.COUNTS_POINTS, game.sweep(HandicapKind.VP)
    except NoHandicap:
        return HandicapKind.TURNS, Reason.TURN_LIMIT, game.sweep(HandicapKind.TURNS)


def spread(tally: Tally) -> float:
    """How far from even: the best side's win rate less the worst's."""
    rates = [tally.rate(side).rate for side in tally.sides]
    return max(rates) - min(rates)


def closest(settings: Sequence[Handicap], runs: Sequence[BalanceRun]) -> int:
    """The setting whose runs are closest to even; of equals, the nearest the scenario's own."""
    return min(
        range(len(runs)),
        key=lambda i: (spread(runs[i].tally), abs(settings[i].value - settings[i].written), settings[i].value),
    )


def sweep_json(
    kind: HandicapKind,
    reason: Reason | None,
    settings: Sequence[Handicap],
    runs: Sequence[BalanceRun],
    games: Iterable[BalanceGame],
) -> dict[str, Any]:
    """The sweep as plain data (module docs); runs left unplayed (a stopped sweep) are left out."""
    played = list(zip(settings, runs, games, strict=False))
    return {
        "kind": kind.value,
        "reason": reason.value if reason is not None else None,
        "closest": closest(settings, runs) if runs else None,
        "settings": [
            {
                "measure": setting.measure.value,
                "side": setting.side,
                "value": setting.value,
                "written": setting.written,
                "run": to_json(run, game),
            }
            for setting, run, game in played
        ],
    }
