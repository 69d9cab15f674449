"""The army being edited: its history, its file, and what the domain says about it.

Kept apart from the widgets so that saving, reloading, conflicts and undo can be tested
without a terminal."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ArmyList
from builder.heroes.army.summary import ArmySummary
from builder.heroes.army.validate import check
from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import load_army, save_army
from builder.kernel.history import History
from builder.services.document import DocumentSession


@dataclass
class ArmySession(DocumentSession[ArmyList]):
    summary: ArmySummary | None = None

    @classmethod
    def open(cls, path: Path, catalogue: Catalogue) -> ArmySession:
        loaded = load_army(path)
        issues = loaded.locate(check(loaded.army, catalogue)[0])
        session = cls(catalogue, History(loaded.army), path, loaded.fingerprint, loaded.army)
        session.issues = issues  # with their lines in the file
        return session

    @classmethod
    def new(cls, army: ArmyList, catalogue: Catalogue) -> ArmySession:
        return cls(catalogue, History(army))

    @property
    def army(self) -> ArmyList:
        return self.history.present

    @property
    def name(self) -> str:
        return self.army.name

    @property
    def dirty(self) -> bool:
        return self.saved is None or _without_stamp(self.army) != _without_stamp(self.saved)

    def refresh(self) -> None:
        self.issues, self.summary = check(self.army, self.catalogue)

    def save(self, path: Path | None = None, force: bool = False) -> Path:
        """Save atomically (keeping a .bak). Raises ChangedOnDisk when the file changed
        since it was read, unless `force`. Illegal lists are saved too."""
        target = path or self.path
        if target is None:
            raise ValueError("the army has no file yet: give a path")
        expected = None if force or target != self.path else self.fingerprint
        stamped, self.fingerprint = save_army(self.army, target, self.catalogue, expected)
        self.path = target
        self.saved = stamped
        return target

    def reload(self) -> None:
        """Read the file again, dropping unsaved changes (undo history is kept)."""
        if self.path is None:
            return
        loaded = load_army(self.path)
        self._reloaded(loaded.army, loaded.fingerprint)


def _without_stamp(army: ArmyList) -> ArmyList:
    return army.model_copy(update={"catalogue": None})
