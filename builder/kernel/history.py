"""Undo and redo over immutable documents (army lists, scenarios, catalogue entries).

An edit is any value with `apply(document) -> document` and a `label`; the history keeps
every document that came before, so undoing restores it exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


class Edit(Protocol[T]):
    def apply(self, document: T, /) -> T: ...

    @property
    def label(self) -> str: ...


@dataclass
class History(Generic[T]):
    present: T
    done: list[tuple[str, T]] = field(default_factory=list)
    undone: list[tuple[str, T]] = field(default_factory=list)

    def apply(self, edit: Edit[T]) -> bool:
        """Apply an edit; False when it changed nothing (and so is not recorded)."""
        after = edit.apply(self.present)
        if after == self.present:
            return False
        self.done.append((edit.label, self.present))
        self.undone.clear()
        self.present = after
        return True

    def replace(self, document: T, label: str) -> None:
        """Record a whole new document (a form's result) as one edit."""
        if document != self.present:
            self.done.append((label, self.present))
            self.undone.clear()
            self.present = document

    def undo(self) -> str | None:
        """Go back one edit; the label of what was undone, or None when there is nothing."""
        if not self.done:
            return None
        label, before = self.done.pop()
        self.undone.append((label, self.present))
        self.present = before
        return label

    def redo(self) -> str | None:
        if not self.undone:
            return None
        label, after = self.undone.pop()
        self.done.append((label, self.present))
        self.present = after
        return label

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)
