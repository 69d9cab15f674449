"""What every screen editing one document does alike — apply an edit, undo, redo, save, save
as, and say in its title whether the document is playable. The session (a
builder.services DocumentSession) does the work; the screen only repaints, so the army
builder, both scenario designers and the deck composer behave the same way."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual import work
from textual.screen import Screen

from builder.io.yamlio import join_path
from builder.kernel.diagnostics import Issue, Severity, plural
from builder.kernel.history import Edit
from builder.services.document import DocumentSession
from builder.tui.styles import SCREENS_CSS

if TYPE_CHECKING:
    from pathlib import Path

    from builder.services.recent_files import Kind

S = TypeVar("S", bound=DocumentSession[Any, Any])


class DocumentScreen(Screen[None], Generic[S]):
    """A screen over `self.session`; subclasses paint it all in `show_all`."""

    DOCUMENT: ClassVar[Kind] = "scenario"  # how the save questions name it
    session: S

    def show_all(self) -> None:
        raise NotImplementedError

    def edit(self, edit: Edit[Any]) -> bool:
        """Apply `edit` and repaint; False when it changed nothing or was refused."""
        if self.session.apply(edit):
            self.show_all()
            return True
        if self.session.refused is not None:
            path, limit = self.session.refused
            self.notify(
                f"Not done: {join_path(path)} would hold more than {limit:,} entries, the most a file may hold "
                "(see Limits in the README).",
                severity="warning",
                markup=False,
            )
        return False

    def action_undo(self) -> None:
        self._after_history(self.session.undo(), "Undone", "undo")

    def action_redo(self) -> None:
        self._after_history(self.session.redo(), "Redone", "redo")

    def _after_history(self, label: str | None, done: str, verb: str) -> None:
        # Nothing changed when there was nothing to take back: no repaint (the builder's
        # largest army takes a visible moment to paint).
        if label is None:
            self.notify(f"Nothing to {verb}.")
            return
        self.show_all()
        self.notify(f"{done}: {label}.")

    @work(exclusive=True, group="files")
    async def action_save(self) -> None:
        from builder.tui.files import save_with_questions

        if await save_with_questions(self.app, self.session, self.session.path, self.DOCUMENT):
            self.show_all()

    @work(exclusive=True, group="files")
    async def action_save_as(self) -> None:
        from builder.tui.files import save_with_questions

        if await save_with_questions(self.app, self.session, None, self.DOCUMENT):
            self.show_all()


class OwnDocumentScreen(DocumentScreen[S]):
    """A designer whose document the app does not hold (the Tactical Card Game's, the hex
    game's): it asks itself before its unsaved changes are dropped, when the app quits
    (HonApp asks every screen's `may_leave`) or when escape closes it."""

    # Shown after start-up (tui/styles.py); the Tactical Card Game's adds its own sheet.
    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = SCREENS_CSS

    async def may_leave(self) -> bool:
        """Unsaved changes are saved, dropped or kept (and the screen stays)."""
        from builder.tui.files import ask_to_save

        return await ask_to_save(self.app, self.session, self.DOCUMENT)

    @work(exclusive=True, group="files")
    async def action_close(self) -> None:
        """Back to the screen it was opened from; the first screen stays (ctrl+q quits)."""
        if len(self.app.screen_stack) <= 2:
            self.notify("This is the first screen: ctrl+q quits.")
            return
        if await self.may_leave():
            self.app.pop_screen()


def document_title(title: str, size: str, session: DocumentSession[Any, Any]) -> Text:
    """ "Title — size · file · modified  playable" (or how many errors keep it from play)."""
    return title_bar(title, size, session.path, session.has_edits, session.issues)


def title_bar(title: str, size: str, path: Path | None, modified: bool, issues: list[Issue]) -> Text:
    """The title line of every editor, also of one without a DocumentSession (the hex game's)."""
    text = Text()
    text.append(title, style="bold")
    text.append(f" — {size}")
    text.append(f" · {path.name if path else 'not saved yet'}", style="dim")
    if modified:
        text.append(" · modified", style="italic yellow")
    text.append_text(verdict(issues))
    return text


def verdict(issues: list[Issue]) -> Text:
    errors = sum(1 for issue in issues if issue.severity is Severity.ERROR)
    if errors == 0:
        return Text("  playable", style="green")
    return Text(f"  not playable: {plural(errors, 'error')}", style="bold red")
