"""The printable roster: one model of everything a player takes to the table, built once
from an army list, the catalogue and the issues `check` found. Every renderer (HTML, PDF,
Markdown, text) reads this model; none computes a total of its own, and the totals here
all come from `builder.heroes.army.summary`.

One block per recruitment tile or hero and one per support option (HoN core p.6, p.28):
its counters with both sides, what its slots hold, its markers and its breaking-point tally.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from builder.export.roster_sheets import (
    AbilityMark,
    CounterSheet,
    GlossaryEntry,
    StripeMark,
    ability_mark,
    counter_sheet,
    glossary_of,
    prose,
    stripe_mark,
)
from builder.heroes.army.models import ArmyList, HeroEntry
from builder.heroes.army.resolve import Group, Placed, ResolvedArmy, resolve
from builder.heroes.army.summary import BASE_BLUFFS, ArmySummary, BreakingGroup, Star, _option_markers, summary_of
from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import OptionKind, Recruit, RecruitmentOption, Slot
from builder.kernel.diagnostics import Issue, Severity, is_legal, plural

__all__ = ["AbilityMark", "Block", "CounterSheet", "GlossaryEntry", "Roster", "StripeMark", "build_roster"]


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


def build_roster(army: ArmyList, catalogue: Catalogue, issues: list[Issue]) -> Roster:
    """The roster of `army`; `issues` are what `check` found (located or not)."""
    resolved = resolve(army, catalogue)
    summary = summary_of(resolved)
    blocks = _Blocks(resolved, summary).build()
    return Roster(
        name=army.name,
        faction=catalogue.name_of("factions", army.faction),
        game=army.game.full_name,
        points=summary.points,
        points_limit=summary.points_limit,
        points_left=summary.points_left,
        orders=_orders(summary, blocks),
        counters=tuple((kind.replace("-", " "), n) for kind, n in summary.counters.items()),
        markers=tuple((catalogue.name_of("markers", m), n) for m, n in summary.markers.items()),
        victory_points_at_stake=summary.victory_points_at_stake,
        blocks=blocks,
        glossary=glossary_of(resolved, catalogue),
        revision=catalogue.revision,
        date=catalogue.date,
        legal=is_legal(issues),
        issues=tuple(sorted(issues, key=lambda i: list(Severity).index(i.severity))),
        notes=army.notes.strip(),
    )


class _Blocks:
    """Numbers the blocks: each tile or hero, then the support options in its slots."""

    def __init__(self, resolved: ResolvedArmy, summary: ArmySummary):
        self.resolved = resolved
        self.catalogue = resolved.catalogue
        self.breaking = {group.path: group for group in summary.groups}
        self.blocks: list[Block] = []
        counters: dict[str, Counter[str]] = {}
        for fielded in resolved.fielded():
            counters.setdefault(fielded.path, Counter())[fielded.unit.id] += 1
        self.counters = counters

    def build(self) -> tuple[Block, ...]:
        for group in self.resolved.groups:
            number = len(self.blocks) + 1
            supports = [p for p in group.placed if p.option is not None and p.option.kind is OptionKind.SUPPORT]
            first_support = number + 1
            numbers = {p.path: first_support + i for i, p in enumerate(supports)}
            self.blocks.append(self._group_block(number, group, numbers))
            for placed in supports:
                self.blocks.append(self._support_block(numbers[placed.path], placed, group))
        free_supports = [p for p in self.resolved.free if p.option is not None and p.option.kind is OptionKind.SUPPORT]
        for placed in free_supports:
            self.blocks.append(self._support_block(len(self.blocks) + 1, placed, None))
        others = [p for p in self.resolved.free if p not in free_supports]
        if others:
            self.blocks.append(self._free_block(len(self.blocks) + 1, others))
        return tuple(self.blocks)

    def _group_block(self, number: int, group: Group, supports: dict[str, int]) -> Block:
        recruit = group.recruit
        slots = self._slots(group, supports)
        markers = self._markers(group, recruit)
        kind = "hero" if isinstance(group.entry, HeroEntry) else "tile"
        command = getattr(recruit, "command", None)
        return Block(
            number=number,
            kind=kind,
            path=group.path,
            id=group.catalogue_id,
            name=recruit.name if recruit is not None else group.catalogue_id,
            label=group.entry.label,
            formation=getattr(recruit, "formation", None),
            command=command.value.replace("-", " ") if command is not None and command.is_command else None,
            cost=recruit.cost if recruit is not None else None,
            stripes=self._stripes(recruit.stripes if recruit is not None else []),
            ability=self._ability(recruit.ability) if recruit is not None and recruit.ability else None,
            order_stars=recruit.order_stars if recruit is not None else 0,
            counters=self._counters(group.path),
            slots=slots,
            markers=markers,
            tally=self._tally(group.path),
            known=recruit is not None,
        )

    def _support_block(self, number: int, placed: Placed, group: Group | None) -> Block:
        option = placed.option
        assert option is not None
        where = f"{placed.slot_id} slot of {group.title}" if group is not None else "fielded free"
        return Block(
            number=number,
            kind="support",
            path=placed.path,
            id=option.id,
            name=option.name,
            where=where,
            cost=option.cost,
            stripes=self._stripes(option.stripes),
            counters=self._counters(placed.path),
            markers=self._marker_sheets(Counter(), _option_markers(placed), option.name, {}),
            tally=self._tally(placed.path),
            effect=prose(option.effect),
        )

    def _free_block(self, number: int, placed: list[Placed]) -> Block:
        counts: Counter[str] = Counter()
        sources: dict[str, list[str]] = {}
        for item in placed:
            name = item.option.name if item.option is not None else item.pick.option
            self._marker_sheets(counts, _option_markers(item), name, sources)
        return Block(
            number=number,
            kind="free",
            path="free_options",
            id="free-options",
            name="Free options",
            options=tuple(self._option(item, {}) for item in placed),
            markers=self._marker_sheets(counts, Counter(), "", sources),
        )

    def _slots(self, group: Group, supports: dict[str, int]) -> tuple[SlotSheet, ...]:
        recruit = group.recruit
        by_slot = {placed.slot_id: placed for placed in group.placed}
        sheets: list[SlotSheet] = []
        for slot in recruit.slots if recruit is not None else []:
            placed = by_slot.pop(slot.id, None)
            option = self._option(placed, supports) if placed is not None else None
            sheets.append(
                SlotSheet(slot.id, str(slot.size), self._stripes(slot.stripes), self._unlock(slot), option, True)
            )
        for slot_id, placed in by_slot.items():  # slots the tile doesn't have: printed, flagged
            sheets.append(SlotSheet(slot_id or "?", "", (), None, self._option(placed, supports), False))
        return tuple(sheets)

    def _option(self, placed: Placed, supports: dict[str, int]) -> OptionSheet:
        option = placed.option
        if option is None:
            return OptionSheet(placed.pick.option, placed.pick.option, "", None, (), "", (), (), (), None, False)
        return OptionSheet(
            id=option.id,
            name=option.name,
            kind=option.kind.value,
            cost=option.cost,
            stripes=self._stripes(option.stripes),
            effect=prose(option.effect),
            picks=tuple(self._pick_name(option, pick) for pick in placed.pick.choice),
            grants=self._grants(option),
            restricted_to=tuple(r.value.replace("-", " ") for r in option.restricted_to),
            support_block=supports.get(placed.path),
            known=True,
        )

    def _pick_name(self, option: RecruitmentOption, pick: str) -> str:
        if option.choice is not None and option.choice.markers:
            return self.catalogue.name_of("markers", pick)
        return pick.replace("-", " ")

    def _grants(self, option: RecruitmentOption) -> tuple[str, ...]:
        grants = option.grants
        found = []
        if grants.orders:
            found.append(f"+{plural(grants.orders, 'order star')}")
        if grants.bluffs:
            found.append(f"+{plural(grants.bluffs, 'bluff token')}")
        if grants.special_orders:
            found.append(f"+{plural(grants.special_orders, 'special order token')}")
        if grants.cards:
            found.append(f"+{plural(grants.cards, 'action card')}")
        found.extend(self._ability(ref).text for ref in grants.abilities)
        return tuple(found)

    def _unlock(self, slot: Slot) -> str | None:
        """What filling the slot unlocks, lost while its option is flipped (HoN core p.6)."""
        unlock = slot.unlocks
        if unlock is None:
            return None
        found = []
        if unlock.order_stars:
            found.append(plural(unlock.order_stars, "order star"))
        if unlock.ability is not None:
            found.append(self._ability(unlock.ability).text)
        return " and ".join(found) or None

    def _markers(self, group: Group, recruit: Recruit | None) -> tuple[MarkerSheet, ...]:
        """The tile's own markers and those of the non-support options in its slots; a
        support option's markers go with its own block."""
        counts: Counter[str] = Counter()
        sources: dict[str, list[str]] = {}
        if recruit is not None:
            own = Counter({c.id: c.count for c in recruit.markers})
            self._marker_sheets(counts, own, recruit.name, sources)
        for placed in group.placed:
            if placed.option is not None and placed.option.kind is not OptionKind.SUPPORT:
                self._marker_sheets(counts, _option_markers(placed), placed.option.name, sources)
        return self._marker_sheets(counts, Counter(), "", sources)

    def _marker_sheets(
        self, counts: Counter[str], add: Counter[str], source: str, sources: dict[str, list[str]]
    ) -> tuple[MarkerSheet, ...]:
        """Add `add` (from `source`) to `counts`, and return the sheets of all counted so far."""
        for marker_id, n in add.items():
            counts[marker_id] += n
            listed = sources.setdefault(marker_id, [])
            if source not in listed:
                listed.append(source)
        markers = self.catalogue.markers
        return tuple(
            MarkerSheet(
                marker_id,
                self.catalogue.name_of("markers", marker_id),
                n,
                prose(markers[marker_id].effect) if marker_id in markers else "Not described in the catalogue.",
                tuple(sources.get(marker_id, [])),
            )
            for marker_id, n in counts.items()
        )

    def _counters(self, path: str) -> tuple[CounterSheet, ...]:
        units = self.catalogue.units
        return tuple(
            counter_sheet(units[uid], n, self.catalogue) for uid, n in self.counters.get(path, Counter()).items()
        )

    def _tally(self, path: str) -> Tally | None:
        group: BreakingGroup | None = self.breaking.get(path)
        if group is None:
            return None
        return Tally(group.counters, group.breaking_point, group.victory_points)

    def _stripes(self, ids: list[str]) -> tuple[StripeMark, ...]:
        return tuple(stripe_mark(self.catalogue, i) for i in ids)

    def _ability(self, ref: AbilityRef) -> AbilityMark:
        return ability_mark(ref, self.catalogue)


def _orders(summary: ArmySummary, blocks: tuple[Block, ...]) -> OrderSheet:
    orders = summary.orders

    def source(kind: str, star: Star) -> OrderSource:
        return OrderSource(kind, star.source, star.stars, _block_of(star.path, blocks))

    # HoN core p.8: every army has one bluff token of its own.
    sources = [OrderSource("bluff", "every army (HoN core p.8)", BASE_BLUFFS, None)] if BASE_BLUFFS else []
    sources = [source("numbered", s) for s in orders.stars] + sources
    sources += [source("bluff", s) for s in orders.bluff_sources]
    sources += [source("special", s) for s in orders.special_sources]
    return OrderSheet(
        numbered=orders.numbered,
        stars=orders.star_total,
        bluff=orders.bluff,
        bluff_total=orders.bluff_total,
        special=orders.special,
        special_total=orders.special_total,
        sources=tuple(sources),
    )


def _block_of(path: str, blocks: tuple[Block, ...]) -> int | None:
    """The block a path belongs to: its own block, else the tile whose slot it names."""
    for block in blocks:
        if block.path == path:
            return block.number
    for block in blocks:
        if path.startswith(block.path + ".") or (block.kind == "free" and path.startswith("free_options[")):
            return block.number
    return None
