"""The printable roster: one model of everything a player takes to the table, built once
from an army list, the catalogue and the issues `check` found. Every renderer (HTML, PDF,
Markdown, text) reads this model; none computes a total of its own, and the totals here
all come from `builder.heroes.army.summary` (`roster_build` builds it).

One block per recruitment tile or hero and one per support option (HoN core p.6, p.28):
its counters with both sides, what its slots hold, its markers and its breaking-point tally.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.export.roster_sheets import (
    AbilityMark,
    CounterSheet,
    GlossaryEntry,
    StripeMark,
)
from builder.kernel.diagnostics import Issue, Severity, plural

__all__ = [
    "AbilityMark",
    "Block",
    "CounterSheet",
    "GlossaryEntry",
    "MarkerSheet",
    "OptionSheet",
    "OrderSheet",
    "OrderSource",
    "Roster",
    "SlotSheet",
    "StripeMark",
    "Tally",
]


@dataclass(frozen=True)
class MarkerSheet:
    """A marker the block provides: one tick box per marker, and what it does."""

    id: str
    name: str
    count: int
    effect: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class OptionSheet:
    """A recruitment option as it appears in a slot or among the free options."""

    id: str
    name: str
    kind: str
    cost: int | None
    stripes: tuple[StripeMark, ...]
    effect: str
    picks: tuple[str, ...]
    grants: tuple[str, ...]
    restricted_to: tuple[str, ...]
    support_block: int | None  # the block a support option has of its own
    known: bool


@dataclass(frozen=True)
class SlotSheet:
    id: str
    size: str
    stripes: tuple[StripeMark, ...]  # the colours framing the slot
    unlocks: str | None
    option: OptionSheet | None
    on_tile: bool  # False when the list names a slot the tile doesn't have


@dataclass(frozen=True)
class Tally:
    """One box per counter that can be destroyed; the group breaks when `threshold` boxes
    are ticked and the opponent scores `victory_points` (HoN core p.6, p.28)."""

    boxes: int
    threshold: int | None
    victory_points: int

    @property
    def marks(self) -> tuple[bool, ...]:
        """For each box, whether it is the one that breaks the group."""
        return tuple(i + 1 == self.threshold for i in range(self.boxes))

    @property
    def unreachable(self) -> bool:
        return self.threshold is not None and self.threshold > self.boxes


@dataclass(frozen=True)
class Block:
    """A recruitment tile, hero, support option or the free options, printed as one piece."""

    number: int
    kind: str  # tile | hero | support | free
    path: str
    id: str
    name: str
    label: str | None = None
    where: str | None = None  # a support option: the slot and tile it sits in
    formation: str | None = None
    command: str | None = None  # command | high command (laurels, HoN core p.6)
    cost: int | None = None
    stripes: tuple[StripeMark, ...] = ()
    ability: AbilityMark | None = None
    order_stars: int = 0
    counters: tuple[CounterSheet, ...] = ()
    slots: tuple[SlotSheet, ...] = ()
    options: tuple[OptionSheet, ...] = ()  # the free options, for the free block
    markers: tuple[MarkerSheet, ...] = ()
    tally: Tally | None = None
    effect: str = ""
    known: bool = True

    @property
    def title(self) -> str:
        return f"{self.name} ({self.label})" if self.label else self.name

    @property
    def stripes_unsaid(self) -> tuple[str, ...]:
        """The names of the block's stripes its formation does not already say ("43rd (Wessex)
        Inf. Div." is in "43rd (Wessex) Inf. Div. / 129th Brigade"), once each: what follows
        "Stripe:", so that no name is printed twice in a row."""
        formation = self.formation or ""
        return tuple(dict.fromkeys(s.name for s in self.stripes if s.name not in formation))

    @property
    def closing(self) -> str:
        """The block's last line, naming it, so a reader (and a test) can tell where it ends."""
        head = f"#{self.number} {self.title}"
        tally = self.tally
        if tally is None:
            return f"{head}: does not break."
        if tally.threshold is None:
            return f"{head}: no breaking point; opponent scores {tally.victory_points} VP."
        return (
            f"{head} breaks at {tally.threshold} destroyed: opponent scores "
            f"{plural(tally.victory_points, 'victory point')}."
        )


@dataclass(frozen=True)
class OrderSource:
    kind: str  # numbered | bluff | special
    source: str
    count: int
    block: int | None


@dataclass(frozen=True)
class OrderSheet:
    """Order tokens (HoN core p.8): the capped totals and where every star comes from."""

    numbered: int
    stars: int
    bluff: int
    bluff_total: int
    special: int
    special_total: int
    sources: tuple[OrderSource, ...]


@dataclass(frozen=True)
class Roster:
    name: str
    faction: str
    game: str
    points: int
    points_limit: int | None
    points_left: int | None
    orders: OrderSheet
    counters: tuple[tuple[str, int], ...]  # counters per unit type
    markers: tuple[tuple[str, int], ...]  # marker name, count, army-wide
    victory_points_at_stake: int
    blocks: tuple[Block, ...]
    glossary: tuple[GlossaryEntry, ...]
    revision: str
    date: str
    legal: bool
    issues: tuple[Issue, ...]
    notes: str

    @property
    def errors(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity is Severity.ERROR)

    @property
    def marker_total(self) -> int:
        return sum(count for _, count in self.markers)
