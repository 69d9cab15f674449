"""What the rules core tells front ends: every roll with its dice, each modifier with its
source and rule-book page, and the result. Front ends render these; they never recompute.

Rolls and modifiers are frozen dataclasses: the rules build thousands of them a game. Events
are pydantic models, one class per kind, so that front ends choose by type and a JSON event
log reads back into the same events; each game system declares its kinds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator


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


class GameEvent(BaseModel):
    """Something that happened in a game, for the narration and the JSON stream.

    What every game system's events share; a system subclasses it once per kind, fixing
    `kind` with a `Literal` (the discriminator that reads a log back) and adding the fields
    front ends need to draw it (squares, unit keys). In JSON those fields go under "data"."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int  # 0 for the set-up
    phase: str  # a system narrows it to its own phases
    kind: str  # "move", "fire", "victory", …: set by each subclass
    side: str | None = None
    rolls: tuple[Roll, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _flatten(cls, value: Any) -> Any:
        """Read the JSON form back: the kind's own fields sit under "data" there."""
        if isinstance(value, dict) and "data" in value:
            return {**{k: v for k, v in value.items() if k != "data"}, **value["data"]}
        return value

    def to_json(self, text: str | None = None) -> dict[str, Any]:
        """The shared fields, the sentence (`text`, rendered at the edge, or the event's own:
        `ToldEvent`), then the kind's own fields under "data" when it has any. A field left
        None is absent, as a fire event without a firer (an alternate firing action)."""
        dumped = self.model_dump(mode="json")
        head = {key: dumped.pop(key) for key in _HEAD}
        told = dumped.pop("text", text)
        rolls = dumped.pop("rolls")
        data = {key: value for key, value in dumped.items() if value is not None}
        return {
            **head,
            **({"text": told} if told is not None else {}),
            "rolls": rolls,
            **({"data": data} if data else {}),
        }


class ToldEvent(GameEvent):
    """An event whose rules tell it in one English sentence themselves (the Tactical Card
    Game's, the hex game's), with the rule it follows (`page`: "TCG p.8", "M44 summary:
    Resolving battles"); the Heroes System's carry facts only, rendered at the edge
    (builder.render.heroes_events)."""

    text: str
    page: str


def event_log(kinds: Any) -> TypeAdapter[list[Any]]:
    """What reads a system's JSON event log (`hon simulate --json`'s "events") back into its
    events: `kinds` is the union of its event classes, each read by its `kind`."""
    return TypeAdapter(list[Annotated[kinds, Field(discriminator="kind")]])


# The fields every log writes first, in this order ("text" and "rolls" follow).
_HEAD = ("turn", "phase", "kind", "side")
