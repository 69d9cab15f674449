"""What an edit of the army is called where the player reads it (the undo and redo toasts):
the printed names of the tiles and options it touches, never their ids or positions.

The domain's edits name what they can without a catalogue ("put knife in the left slot",
"remove tile 2"); the session, which holds the catalogue, names them as printed before
they go into the history."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.army.edits import (
    AddFreeOption,
    MoveTile,
    RemoveFreeOption,
    RemoveHero,
    RemoveTile,
    SetLabel,
    SetSlot,
)
from builder.heroes.army.models import ArmyList, HeroEntry, TileEntry
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.history import Edit


@dataclass(frozen=True)
class Named:
    """An edit with the label the player reads."""

    edit: Edit[ArmyList]
    label: str

    def apply(self, army: ArmyList) -> ArmyList:
        return self.edit.apply(army)


def entry_title(army: ArmyList, catalogue: Catalogue, section: str, index: int) -> str:
    """The printed name of the tile or hero at `index` of `section`, with its label."""
    entries: list[TileEntry] | list[HeroEntry] = army.tiles if section == "tiles" else army.heroes
    if not 0 <= index < len(entries):
        return f"{'tile' if section == 'tiles' else 'hero'} {index + 1}"
    entry = entries[index]
    name = catalogue.name_of(section, entry.tile if isinstance(entry, TileEntry) else entry.hero)
    return f"{name} ({entry.label})" if entry.label else name


def named(edit: Edit[ArmyList], army: ArmyList, catalogue: Catalogue) -> Named:
    """`edit` labelled with the names of what it changes in `army` (before it is applied)."""
    option = _option_name(edit, army, catalogue)
    if isinstance(edit, SetSlot):
        title = entry_title(army, catalogue, edit.section, edit.index)
        label = (
            f"empty the {edit.slot} slot of {title}"
            if edit.pick is None
            else f"put {option} in the {edit.slot} slot of {title}"
        )
    elif isinstance(edit, (RemoveTile, RemoveHero)):
        section = "tiles" if isinstance(edit, RemoveTile) else "heroes"
        label = f"remove {entry_title(army, catalogue, section, edit.index)}"
    elif isinstance(edit, MoveTile):
        label = f"move {entry_title(army, catalogue, 'tiles', edit.index)} {'up' if edit.offset < 0 else 'down'}"
    elif isinstance(edit, SetLabel):
        label = f"label {entry_title(army, catalogue, 'tiles', edit.index)}"
    elif isinstance(edit, (AddFreeOption, RemoveFreeOption)):
        label = f"{'add' if isinstance(edit, AddFreeOption) else 'remove'} {option}"
    else:
        label = edit.label  # named already (AddTile, AddHero) or about the army (SetDetails)
    return Named(edit, label)


def _option_name(edit: Edit[ArmyList], army: ArmyList, catalogue: Catalogue) -> str:
    if isinstance(edit, (SetSlot, AddFreeOption)) and edit.pick is not None:
        return catalogue.name_of("options", edit.pick.option)
    if isinstance(edit, RemoveFreeOption) and 0 <= edit.index < len(army.free_options):
        return catalogue.name_of("options", army.free_options[edit.index].option)
    return "a free option"
