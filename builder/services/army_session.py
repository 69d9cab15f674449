"""The army being edited: its history, its file, and what the domain says about it.

Kept apart from the widgets so that saving, reloading, conflicts and undo can be tested
without a terminal."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ArmyList, CatalogueStamp
from builder.heroes.army.summary import ArmySummary
from builder.heroes.army.validate import check
from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import army_yaml, load_army
from builder.io.save import atomic_write
from builder.kernel.history import Edit, History
from builder.services.army_labels import named
from builder.services.document import DocumentSession


@dataclass
class ArmySession(DocumentSession[ArmyList]):
    summary: ArmySummary | None = None

    @classmethod
    def open(cls, path: Path, catalogue: Catalogue) -> ArmySession:
        loaded = load_army(path)
        issues = loaded.locate(check(loaded.army, catalogue)[0])
        session = cls(catalogue, History(loaded.army), path.absolute(), loaded.fingerprint, loaded.army)
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

    def apply(self, edit: Edit[ArmyList]) -> bool:
        """Apply `edit`, recorded under the printed names of what it changes."""
        return super().apply(named(edit, self.army, self.catalogue))

    def save(self, path: Path | None = None, force: bool = False, overwrite_read_only: bool = False) -> Path:
        """Save atomically (keeping a .bak). Raises ChangedOnDisk when the file changed
        since it was read, unless `force`, and ReadOnlyFile when it is read-only, unless
        `overwrite_read_only`. Illegal lists are saved too."""
        target = path or self.path
        if target is None:
            raise ValueError("the army has no file yet: give a path")
        expected = self.expected_at(target, force)
        stamped = _stamped(self.army, self.catalogue)
        data = army_yaml(stamped, target).encode("utf-8")
        self.fingerprint = atomic_write(target, data, expected, overwrite_read_only=overwrite_read_only)
        # Absolute: a later change of the working folder must not move the file we edit.
        self.path = target.absolute()
        self.saved = stamped
        return self.path

    def reload(self) -> None:
        """Read the file again, dropping unsaved changes (undo history is kept). When the
        file cannot be read (HonFileError), the army and its history are left as they are."""
        if self.path is None:
            return
        loaded = load_army(self.path)
        self._reloaded(loaded.army, loaded.fingerprint)


def _without_stamp(army: ArmyList) -> ArmyList:
    return army.model_copy(update={"catalogue": None})


def _stamped(army: ArmyList, catalogue: Catalogue) -> ArmyList:
    """The army stamped with the catalogue revision it was built on, as save_army stamps it
    (saved here through atomic_write, which alone can be told to replace a read-only file)."""
    return army.model_copy(update={"catalogue": CatalogueStamp(revision=catalogue.revision, date=catalogue.date)})
