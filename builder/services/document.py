"""What the army builder and the scenario designers share about the document they edit:
its history, its file, whether it changed, and refreshing what the domain says of it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, Generic, Protocol

from pydantic import BaseModel
from typing_extensions import TypeVar

from builder.heroes.catalogue.index import Catalogue
from builder.io.limits import over_limit
from builder.io.save import Fingerprint, atomic_write, same_file
from builder.kernel.diagnostics import Issue
from builder.kernel.history import Edit, History

T = TypeVar("T")
# The catalogue the document is checked against: the Heroes System's, or another game's.
C = TypeVar("C", default=Catalogue)


class Titled(Protocol):
    @property
    def title(self) -> str: ...


S = TypeVar("S", bound=Titled)


@dataclass
class DocumentSession(ABC, Generic[T, C]):
    catalogue: C
    history: History[T]
    path: Path | None = None
    fingerprint: Fingerprint | None = None
    saved: T | None = None  # what the file holds, to know whether there are changes
    issues: list[Issue] = field(default_factory=list)
    # The path and limit of the list the last edit would have overfilled (`apply`).
    refused: tuple[list[str | int], int] | None = None
    WHAT: ClassVar[str] = "document"  # in the sentence refusing a save without a path

    def __post_init__(self) -> None:
        self.refresh()

    @property
    def document(self) -> T:
        return self.history.present

    @property
    def dirty(self) -> bool:
        return self.saved is None or self.document != self.saved

    @property
    def has_edits(self) -> bool:
        """Whether the player changed something the file does not hold: an unsaved copy of
        the example, or a new document (its file named or not), is not changed until it is
        edited."""
        return self.dirty and (self.saved is not None or self.history.can_undo)

    @property
    @abstractmethod
    def name(self) -> str:
        """What the document is called: its title, or the army's name."""

    @abstractmethod
    def refresh(self) -> None:
        """Ask the domain again about the present document."""

    def save(self, path: Path | None = None, force: bool = False, overwrite_read_only: bool = False) -> Path:
        """Save atomically with a .bak (builder.io.save), illegal documents too; ChangedOnDisk
        when someone else changed the file (unless `force`), ReadOnlyFile when it is
        read-only (unless `overwrite_read_only`)."""
        target = path or self.path
        if target is None:
            raise ValueError(f"the {self.WHAT} has no file yet: give a path")
        expected = self.expected_at(target, force)
        document = self.to_save()
        data = self.dumped(document, target).encode("utf-8")
        self.fingerprint = atomic_write(target, data, expected, overwrite_read_only=overwrite_read_only)
        # Absolute: a later change of the working folder must not move the file we edit.
        self.path, self.saved = target.absolute(), document
        return self.path

    def to_save(self) -> T:
        """What is written: the present document (an army list adds its catalogue stamp)."""
        return self.document

    @abstractmethod
    def dumped(self, document: T, target: Path) -> str:
        """The file's text for `document` saved at `target` (paths inside it made relative)."""

    @abstractmethod
    def reload(self) -> None:
        """Read the file again; when it cannot be read (HonFileError), nothing changes."""

    def expected_at(self, target: Path, force: bool) -> Fingerprint | None:
        """The fingerprint a save to `target` must find there: ours when `target` is our
        file, however it is spelled (a relative path, `a/../army.yaml`, a linked folder),
        so that another spelling cannot skip the changed-on-disk check."""
        return None if force or not same_file(target, self.path) else self.fingerprint

    def apply(self, edit: Edit[T]) -> bool:
        """Apply `edit`; False when it changed nothing, or when it would make a list longer
        than the file may hold (README: Limits), which `refused` then says."""
        after = edit.apply(self.document)
        self.refused = over_limit(after) if isinstance(after, BaseModel) else None
        if self.refused is not None or after == self.document:
            return False
        self.history.replace(after, edit.label)
        self.refresh()
        return True

    def undo(self) -> str | None:
        label = self.history.undo()
        if label is not None:
            self.refresh()
        return label

    def redo(self) -> str | None:
        label = self.history.redo()
        if label is not None:
            self.refresh()
        return label

    def _reloaded(self, document: T, fingerprint: Fingerprint) -> None:
        """The file was read again: its content becomes the present (undo brings back ours)."""
        self.history.replace(document, "reload from disk")
        self.fingerprint, self.saved = fingerprint, document
        self.refresh()


@dataclass
class ScenarioDocument(DocumentSession[S, C]):
    """A scenario being designed, of any game: called by its title."""

    WHAT: ClassVar[str] = "scenario"

    @property
    def scenario(self) -> S:
        return self.history.present

    @property
    def name(self) -> str:
        return self.scenario.title
