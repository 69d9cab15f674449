"""Saving a document from the app, asking what to do when it must: a path for a new file,
and what to do when someone else changed the file on disk. Shared by the army builder and
the scenario designer."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from textual.app import App

from builder.io.errors import ChangedOnDisk, HonFileError
from builder.io.save import ReadOnlyFile, RefusedWrite
from builder.kernel.diagnostics import Issue, is_legal
from builder.services.recent_files import Kind, remember
from builder.tui.screens.dialogs import Ask
from builder.tui.screens.file_dialog import FileDialog


class Document(Protocol):
    path: Path | None
    issues: list[Issue]

    def save(self, path: Path | None = None, force: bool = False, overwrite_read_only: bool = False) -> Path: ...

    def reload(self) -> None: ...

    @property
    def name(self) -> str: ...


class Changed(Document, Protocol):
    """A document with a history, which may hold changes its file does not."""

    @property
    def dirty(self) -> bool: ...

    @property
    def history(self) -> UndoHistory: ...


class UndoHistory(Protocol):
    @property
    def can_undo(self) -> bool: ...


def file_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    return "-".join(part for part in cleaned.split("-") if part) or "untitled"


async def save_with_questions(app: App[None], document: Document, path: Path | None, what: Kind) -> bool:
    """Save `document` atomically at `path` (asking for one when None); True when saved
    (or, when the player chose so, reloaded from disk). Documents with errors are saved
    too: only the user decides what to keep. Whatever fails, the edits stay in the app."""
    if path is None:
        suggestion = document.path or Path.cwd() / f"{file_name(document.name)}.yaml"
        chosen = await app.push_screen_wait(FileDialog(f"Save the {what} as", what, "save", suggestion))
        if chosen is None:
            return False
        path = chosen
    force = overwrite_read_only = False
    while True:  # each question answered "go on" lifts one refusal and tries again
        try:
            target = document.save(path, force=force, overwrite_read_only=overwrite_read_only)
            break
        except ChangedOnDisk:
            choice = await app.push_screen_wait(
                Ask(
                    "Changed on disk",
                    f"{path} was changed by someone else since you opened it.",
                    [
                        ("overwrite", "Overwrite", "error"),
                        ("reload", "Reload theirs", "warning"),
                        ("cancel", "Cancel", "default"),
                    ],
                )
            )
            if choice == "overwrite":
                force = True
            elif choice == "reload":
                return _reload(app, document, path)
            else:
                return False
        except ReadOnlyFile:
            # A player who made the file read-only may have meant it (a list handed in for a
            # tournament), or may not remember: ask, as editors do, rather than refuse.
            choice = await app.push_screen_wait(
                Ask(
                    "Read-only file",
                    f"{path} is read-only; save anyway (it stays read-only)?",
                    [
                        ("save-anyway", "Save anyway", "warning"),
                        ("save-as", "Save as…", "primary"),
                        ("cancel", "Cancel", "default"),
                    ],
                )
            )
            if choice == "save-anyway":
                overwrite_read_only = True
            elif choice == "save-as":
                return await save_with_questions(app, document, None, what)
            else:
                return False
        except RefusedWrite as refused:  # a FIFO, a device or a folder where the file should be
            app.notify(f"Could not save {refused}", severity="error", markup=False)
            return False
        except OSError as problem:
            app.notify(f"Could not save {path}: {problem.strerror or problem}.", severity="error", markup=False)
            return False
    remember(target, what)
    # The path is the player's text: shown as written, never read as markup.
    app.notify(f"Saved {target}{'' if is_legal(document.issues) else ' (with errors, saved anyway)'}.", markup=False)
    return True


def _reload(app: App[None], document: Document, path: Path) -> bool:
    """Read the file again as the player asked; True when reloaded. A file deleted or
    broken since is reported and the document, with its history, is left as it was."""
    try:
        document.reload()
    except HonFileError as problem:
        app.notify(
            f"Could not reload {problem.sentence().rstrip('.')}; your edits are kept.",
            severity="error",
            timeout=10,
            markup=False,
        )
        return False
    except OSError as problem:  # the reader reports files as HonFileError; this is a last guard
        app.notify(
            f"Could not reload {path} ({problem.strerror or problem}); your edits are kept.",
            severity="error",
            markup=False,
        )
        return False
    app.notify("Reloaded the file from disk; undo brings your version back.")
    return True


async def ask_to_save(app: App[None], document: Changed, what: Kind) -> bool:
    """Before unsaved changes are dropped: save, discard or cancel; True to go on."""
    if not (document.dirty and document.history.can_undo):
        return True
    choice = await app.push_screen_wait(
        Ask(
            "Unsaved changes",
            f"{document.name} has changes that are not saved.",
            [("save", "Save", "primary"), ("discard", "Discard", "error"), ("cancel", "Cancel", "default")],
        )
    )
    if choice == "save":
        return await save_with_questions(app, document, document.path, what)
    return choice == "discard"
