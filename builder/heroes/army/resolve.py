"""An army list with its ids looked up in the catalogue, once, for the summary and the
validator to share. Ids the catalogue lacks resolve to None and are skipped by totals."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from builder.heroes.army.models import ArmyList, HeroEntry, OptionPick, TileEntry
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import Hero, OptionKind, Recruit, RecruitmentOption, Slot
from builder.heroes.catalogue.units import Unit


@dataclass(frozen=True)
class Placed:
    """An option in a slot (or fielded free, when `slot_id` is None)."""

    path: str
    pick: OptionPick
    option: RecruitmentOption | None
    slot_id: str | None = None
    slot: Slot | None = None


@dataclass(frozen=True)
class Group:
    """A tile or hero of the list with what its slots hold."""

    path: str
    entry: TileEntry | HeroEntry
    recruit: Recruit | None
    placed: tuple[Placed, ...]

    @property
    def catalogue_id(self) -> str:
        return self.entry.tile if isinstance(self.entry, TileEntry) else self.entry.hero

    @property
    def title(self) -> str:
        """The tile's name with its label, for messages: "16th Inf. Reg. A (1st platoon)"."""
        name = self.recruit.name if self.recruit is not None else self.catalogue_id
        return f"{name} ({self.entry.label})" if self.entry.label else name

    @property
    def is_command(self) -> bool:
        return self.recruit is not None and self.recruit.is_command


@dataclass(frozen=True)
class Fielded:
    """A counter the army fields, with the group and path that brings it."""

    unit: Unit
    group: Group | None
    path: str


@dataclass(frozen=True)
class ResolvedArmy:
    army: ArmyList
    catalogue: Catalogue
    groups: tuple[Group, ...]
    free: tuple[Placed, ...]

    def placed(self) -> Iterator[Placed]:
        """Every option in the army: in slots first, then free."""
        for group in self.groups:
            yield from group.placed
        yield from self.free

    def supports(self) -> Iterator[tuple[Group | None, Placed]]:
        for group in self.groups:
            for placed in group.placed:
                if placed.option is not None and placed.option.kind is OptionKind.SUPPORT:
                    yield group, placed
        for placed in self.free:
            if placed.option is not None and placed.option.kind is OptionKind.SUPPORT:
                yield None, placed

    def fielded(self) -> tuple[Fielded, ...]:
        """Every counter the army fields, one per copy, from tiles, heroes and support options.
        Worked out once: validation asks for it per option, and a list of a thousand tiles
        must still validate in linear time."""
        return self._fielded

    def fielded_by(self, group: Group) -> tuple[Fielded, ...]:
        """The counters a tile or hero fields: its own and those of the supports on it."""
        return self._by_group.get(group.path, ())

    @cached_property
    def _by_group(self) -> dict[str, tuple[Fielded, ...]]:
        found: dict[str, list[Fielded]] = {}
        for fielded in self._fielded:
            if fielded.group is not None:
                found.setdefault(fielded.group.path, []).append(fielded)
        return {path: tuple(counters) for path, counters in found.items()}

    def any_fielded(self, test: Callable[[Unit], bool]) -> bool:
        """Whether any counter of the army passes `test`; remembered per test."""
        if test not in self._answers:
            self._answers[test] = any(test(f.unit) for f in self._fielded)
        return self._answers[test]

    @cached_property
    def _answers(self) -> dict[Callable[[Unit], bool], bool]:
        return {}

    @cached_property
    def hero_units(self) -> tuple[Unit, ...]:
        """The counters heroes field: they use any gear of their army (SoN p.14)."""
        return tuple(f.unit for f in self._fielded if f.group is not None and isinstance(f.group.recruit, Hero))

    @cached_property
    def tags(self) -> frozenset[str]:
        """The sub-faction tags of every tile and hero, and of every counter they bring."""
        found = {tag for group in self.groups if group.recruit is not None for tag in group.recruit.tags}
        found.update(tag for f in self._fielded if f.group is not None for tag in f.unit.tags)
        return frozenset(found)

    @cached_property
    def _fielded(self) -> tuple[Fielded, ...]:
        return tuple(self._each_fielded())

    def _each_fielded(self) -> Iterator[Fielded]:
        units = self.catalogue.units
        for group in self.groups:
            if group.recruit is None:
                continue
            for count in group.recruit.counters:
                unit = units.get(count.id)
                if unit is not None:
                    for _ in range(count.count):
                        yield Fielded(unit, group, group.path)
        for owner, placed in self.supports():
            assert placed.option is not None
            for count in placed.option.composition:
                unit = units.get(count.id)
                if unit is not None:
                    for _ in range(count.count):
                        yield Fielded(unit, owner, placed.path)


def resolve(army: ArmyList, catalogue: Catalogue) -> ResolvedArmy:
    groups: list[Group] = []
    for i, tile_entry in enumerate(army.tiles):
        groups.append(_group(f"tiles[{i}]", tile_entry, catalogue.tiles.get(tile_entry.tile), catalogue))
    for i, hero_entry in enumerate(army.heroes):
        groups.append(_group(f"heroes[{i}]", hero_entry, catalogue.heroes.get(hero_entry.hero), catalogue))
    free = tuple(
        Placed(f"free_options[{i}]", pick, catalogue.options.get(pick.option))
        for i, pick in enumerate(army.free_options)
    )
    return ResolvedArmy(army, catalogue, tuple(groups), free)


def _group(path: str, entry: TileEntry | HeroEntry, recruit: Recruit | None, catalogue: Catalogue) -> Group:
    placed = tuple(
        Placed(
            f"{path}.slots.{slot_id}",
            pick,
            catalogue.options.get(pick.option),
            slot_id,
            recruit.slot(slot_id) if recruit is not None else None,
        )
        for slot_id, pick in entry.slots.items()
    )
    return Group(path, entry, recruit, placed)
