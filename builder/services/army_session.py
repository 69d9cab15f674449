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
from builder.kernel.history import Edit, History
from builder.services.document import DocumentSession


@dataclass
class ArmySession(DocumentSession[ArmyList]):
    WHAT = "army"
    summary: ArmySummary | None = None

    @classmethod
    def open(cls, path: Path, catalogue: Catalogue) -> ArmySession:
        loaded = load_army(path)
        session = cls(catalogue, History(loaded.army), path.absolute(), loaded.fingerprint, loaded.army)
        session.issues = loaded.locate(session.issues)  # as made (`refresh`), with their lines in the file
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
        from builder.services.army_labels import named  # read on the first edit, not at start-up

        return super().apply(named(edit, self.army, self.catalogue))

    def to_save(self) -> ArmyList:
        return _stamped(self.army, self.catalogue)

    def dumped(self, document: ArmyList, target: Path) -> str:
        return army_yaml(document, target)

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
