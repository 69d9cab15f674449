"""What differs between the games of the Heroes System, as data chosen by the scenario's
game, not as `if game == ...` scattered through the rules (DESIGN.md 7)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from builder.catalogue.base import Game


@dataclass(frozen=True)
class Ruleset:
    game: Game
    book: str  # how pages are cited: "HoN core", "SoN"
    # Shots longer than this many squares are at long range, -2 (HoN core p.14; SoN p.8).
    long_range_beyond: int = 7
    long_range_penalty: int = 2
    # Night and fog cap every shot's range (SoN p.11); None: no cap.
    max_range: int | None = None
    # Squares within which a concealed unit in terrain is spotted (HoN core p.21; SoN p.17).
    spot_in_terrain: int = 2
    # A unit entering rough terrain takes a Suppressed marker (SoN p.12).
    rough_terrain_suppresses: bool = False

    def page(self, page: int | str) -> str:
        return f"{self.book} p.{page}"


HON = Ruleset(game=Game.HON, book="HoN core")
SON = Ruleset(game=Game.SON, book="SoN", rough_terrain_suppresses=True)

# SoN p.11: at night shots reach 7 squares and long range starts beyond 5; in fog, 9 and 6.
NIGHT = {"max_range": 7, "long_range_beyond": 5, "spot_in_terrain": 1}
FOG = {"max_range": 9, "long_range_beyond": 6, "spot_in_terrain": 1}


def ruleset_for(game: Game, night: bool = False, fog: bool = False) -> Ruleset:
    ruleset = SON if game is Game.SON else HON
    if night:
        ruleset = replace(ruleset, **NIGHT)  # type: ignore[arg-type]
    elif fog:
        ruleset = replace(ruleset, **FOG)  # type: ignore[arg-type]
    return ruleset
