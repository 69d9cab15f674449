"""Edits of a hex-game scenario, for the designer's undo history (builder.kernel.history):
each is a value with `apply(scenario) -> scenario` and a `label`."""

from __future__ import annotations

from dataclasses import dataclass

from builder.memoir.hexes import Hex
from builder.memoir.scenario import Place, Scenario, Tile, Unit


def _with_place(scenario: Scenario, at: Hex, change: dict[str, object]) -> Scenario:
    """The scenario with the hex's entry changed (added when missing, dropped when empty)."""
    hexes = list(scenario.hexes)
    index = next((i for i, p in enumerate(hexes) if p.is_hex and p.hex == at), None)
    current = hexes[index] if index is not None else Place(row=at.row, col=at.col)
    updated = current.model_copy(update=change)
    empty = not (updated.terrain or updated.feature or updated.obstacle or updated.unit or updated.tags)
    if index is None:
        hexes.extend([] if empty else [updated])
    elif empty:
        del hexes[index]
    else:
        hexes[index] = updated
    return scenario.model_copy(update={"hexes": tuple(hexes)})


@dataclass(frozen=True)
class SetTerrain:
    at: Hex
    terrain: str | None
    layer: str = "terrain"  # terrain, feature or obstacle

    @property
    def label(self) -> str:
        return f"{self.layer} {self.terrain or 'cleared'} at {self.at}"

    def apply(self, scenario: Scenario) -> Scenario:
        tile = Tile(id=self.terrain) if self.terrain else None
        return _with_place(scenario, self.at, {self.layer: tile})


@dataclass(frozen=True)
class SetUnit:
    at: Hex
    unit: Unit | None

    @property
    def label(self) -> str:
        return f"{self.unit.side.value} {self.unit.type} at {self.at}" if self.unit else f"unit removed at {self.at}"

    def apply(self, scenario: Scenario) -> Scenario:
        return _with_place(scenario, self.at, {"unit": self.unit})
