"""Edits to an army list as undoable commands (DESIGN.md 6: "Edits go through commands
that can be undone and redone"). Each edit is a small value that turns one list into the
next; `builder.kernel.history.History` keeps what came before, so undo restores it exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from builder.heroes.army.models import ArmyList, HeroEntry, OptionPick, Recruited, TileEntry

E = TypeVar("E", bound=Recruited)


def _with_tiles(army: ArmyList, tiles: list[TileEntry]) -> ArmyList:
    return army.model_copy(update={"tiles": tiles})


@dataclass(frozen=True)
class AddTile:
    tile: str
    name: str = ""

    def apply(self, army: ArmyList) -> ArmyList:
        return _with_tiles(army, [*army.tiles, TileEntry(tile=self.tile)])

    @property
    def label(self) -> str:
        return f"add {self.name or self.tile}"


@dataclass(frozen=True)
class RemoveTile:
    index: int

    def apply(self, army: ArmyList) -> ArmyList:
        return _with_tiles(army, [t for i, t in enumerate(army.tiles) if i != self.index])

    @property
    def label(self) -> str:
        return f"remove tile {self.index + 1}"


@dataclass(frozen=True)
class MoveTile:
    index: int
    offset: int  # -1 up, +1 down

    def apply(self, army: ArmyList) -> ArmyList:
        target = self.index + self.offset
        if not (0 <= self.index < len(army.tiles) and 0 <= target < len(army.tiles)):
            return army
        tiles = list(army.tiles)
        tiles[self.index], tiles[target] = tiles[target], tiles[self.index]
        return _with_tiles(army, tiles)

    @property
    def label(self) -> str:
        return f"move tile {self.index + 1} {'up' if self.offset < 0 else 'down'}"


@dataclass(frozen=True)
class SetSlot:
    """Put an option in a slot of a tile or hero, or empty the slot (pick None)."""

    section: str  # "tiles" or "heroes"
    index: int
    slot: str
    pick: OptionPick | None

    def apply(self, army: ArmyList) -> ArmyList:
        if not 0 <= self.index < len(getattr(army, self.section)):
            return army
        if self.section == "tiles":
            tiles = list(army.tiles)
            tiles[self.index] = self._filled(tiles[self.index])
            return army.model_copy(update={"tiles": tiles})
        heroes = list(army.heroes)
        heroes[self.index] = self._filled(heroes[self.index])
        return army.model_copy(update={"heroes": heroes})

    def _filled(self, entry: E) -> E:
        slots = dict(entry.slots)
        if self.pick is None:
            slots.pop(self.slot, None)
        else:
            slots[self.slot] = self.pick
        return entry.model_copy(update={"slots": slots})

    @property
    def label(self) -> str:
        return f"empty the {self.slot} slot" if self.pick is None else f"put {self.pick.option} in the {self.slot} slot"


@dataclass(frozen=True)
class SetLabel:
    index: int
    text: str | None

    def apply(self, army: ArmyList) -> ArmyList:
        if not 0 <= self.index < len(army.tiles):
            return army
        tiles = list(army.tiles)
        tiles[self.index] = tiles[self.index].model_copy(update={"label": self.text or None})
        return _with_tiles(army, tiles)

    @property
    def label(self) -> str:
        return f"label tile {self.index + 1}"


@dataclass(frozen=True)
class AddHero:
    hero: str
    name: str = ""

    def apply(self, army: ArmyList) -> ArmyList:
        return army.model_copy(update={"heroes": [*army.heroes, HeroEntry(hero=self.hero)]})

    @property
    def label(self) -> str:
        return f"add {self.name or self.hero}"


@dataclass(frozen=True)
class RemoveHero:
    index: int

    def apply(self, army: ArmyList) -> ArmyList:
        return army.model_copy(update={"heroes": [h for i, h in enumerate(army.heroes) if i != self.index]})

    @property
    def label(self) -> str:
        return f"remove hero {self.index + 1}"


@dataclass(frozen=True)
class AddFreeOption:
    pick: OptionPick

    def apply(self, army: ArmyList) -> ArmyList:
        return army.model_copy(update={"free_options": [*army.free_options, self.pick]})

    @property
    def label(self) -> str:
        return f"add {self.pick.option}"


@dataclass(frozen=True)
class RemoveFreeOption:
    index: int

    def apply(self, army: ArmyList) -> ArmyList:
        kept = [p for i, p in enumerate(army.free_options) if i != self.index]
        return army.model_copy(update={"free_options": kept})

    @property
    def label(self) -> str:
        return f"remove free option {self.index + 1}"


@dataclass(frozen=True)
class SetDetails:
    """Rename the army, change its points limit or its notes."""

    name: str | None = None
    points_limit: int | None = None
    clear_limit: bool = False
    notes: str | None = None

    def apply(self, army: ArmyList) -> ArmyList:
        update: dict[str, object] = {}
        if self.name is not None:
            update["name"] = self.name
        if self.points_limit is not None or self.clear_limit:
            update["points_limit"] = self.points_limit
        if self.notes is not None:
            update["notes"] = self.notes
        return ArmyList.model_validate({**army.model_dump(), **update}) if update else army

    @property
    def label(self) -> str:
        return "change the army's details"
