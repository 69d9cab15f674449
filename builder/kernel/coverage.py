"""Whether a rules core plays a rule of its book (`hon rules`): the three words every game
system's listing uses (builder.heroes.rules.coverage, builder.memoir.rules.coverage)."""

from __future__ import annotations

from enum import StrEnum


class Played(StrEnum):
    PLAYED = "played"
    PARTIAL = "partial"
    NOT_PLAYED = "not-played"

    @property
    def label(self) -> str:
        return {"played": "played", "partial": "partly played", "not-played": "not played"}[self.value]
