"""What the rules core tells front ends: every roll with its dice, each modifier with its
source and rule-book page, and the result. Front ends render these; they never recompute."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Modifier:
    """A bonus or penalty and where it comes from: ("Suppressed x2", -4, "HoN core p.16")."""

    label: str
    value: int
    page: str

    def __str__(self) -> str:
        return f"{self.value:+d} {self.label} ({self.page})"


@dataclass(frozen=True)
class Roll:
    """One resolved roll: a Firing Action, an assault side, a damage location…"""

    kind: str  # "fire", "suppressive-fire", "assault-attack", "assault-defence", "damage", …
    dice: tuple[int, ...]
    kept: int  # the die that counts (the best of two with Dual Weapon or Assault)
    modifiers: tuple[Modifier, ...]
    total: int  # kept + every modifier
    page: str  # the rule the roll is made under

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)


@dataclass(frozen=True)
class Event:
    """Something that happened in a game, for the narration and the JSON stream.

    `data` holds what front ends need to draw it (squares, unit keys); `rolls` the dice."""

    turn: int
    phase: str
    kind: str  # "order-tokens", "move", "fire", "assault", "suppressed", "destroyed", "victory", …
    text: str  # one English sentence
    side: str | None = None
    rolls: tuple[Roll, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "side": self.side,
            "text": self.text,
            "rolls": [
                {
                    "kind": r.kind,
                    "dice": list(r.dice),
                    "kept": r.kept,
                    "modifiers": [{"label": m.label, "value": m.value, "page": m.page} for m in r.modifiers],
                    "total": r.total,
                    "page": r.page,
                }
                for r in self.rolls
            ],
            **({"data": self.data} if self.data else {}),
        }
