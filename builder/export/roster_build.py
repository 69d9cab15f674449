"""The printable roster (`roster_model`) built from an army list, the catalogue and the issues
`check` found: a block per recruitment tile or hero and per support option (HoN core p.6,
p.28), with its counters, slots, markers and breaking-point tally, and the order tokens. The
totals all come from `builder.heroes.army.summary`."""

from __future__ import annotations

from collections import Counter

from builder.export.roster_model import (
    Block,
    MarkerSheet,
    OptionSheet,
    OrderSheet,
    OrderSource,
    Roster,
    SlotSheet,
    Tally,
)
from builder.export.roster_sheets import (
    AbilityMark,
    CounterSheet,
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

__all__ = ["build_roster"]


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
