"""Saving a document from the app, asking what to do when it must: a path for a new file,
and what to do when someone else changed the file on disk. Shared by the army builder and
the scenario designer."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from textual.app import App

from builder.io.errors import ChangedOnDisk
from builder.kernel.diagnostics import Issue, Severity
from builder.tui.screens.dialogs import Ask, AskText


class Document(Protocol):
    path: Path | None
    issues: list[Issue]

    def save(self, path: Path | None = None, force: bool = False) -> Path: ...

    def reload(self) -> None: ...

    @property
    def name(self) -> str: ...


def file_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    return "-".join(part for part in cleaned.split("-") if part) or "untitled"


async def save_with_questions(app: App[None], document: Document, path: Path | None, what: str) -> bool:
    """Save `document` atomically at `path` (asking for one when None); True when saved.
    Documents with errors are saved too: only the user decides what to keep."""
    if path is None:
        suggestion = str(document.path or Path.cwd() / f"{file_name(document.name)}.yaml")
        answer = await app.push_screen_wait(AskText(f"Save the {what} as", suggestion, f"path/to/{what}.yaml"))
        if not answer:
            return False
        path = Path(answer).expanduser()
    try:
        target = document.save(path)
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
            target = document.save(path, force=True)
        elif choice == "reload":
            document.reload()
            app.notify("Reloaded the file from disk; undo brings your version back.")
            return True
        else:
            return False
    except OSError as problem:
        app.notify(f"Could not save: {problem.strerror or problem}.", severity="error")
        return False
    illegal = any(issue.severity is Severity.ERROR for issue in document.issues)
    app.notify(f"Saved {target}{' (with errors, saved anyway)' if illegal else ''}.")
    return True
