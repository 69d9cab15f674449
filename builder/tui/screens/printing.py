"""The print dialog: choose a format and a folder, print, see where the file went, open it
(in a terminal, with the system's viewer; in a browser, as a download)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from builder.io.errors import HonFileError, one_line
from builder.services.printing import PrintChoice, default_folder
from builder.tui.styles import SCREENS_CSS

# Prints `format` (a PrintChoice value) into a folder; returns the file written.
PrintJob = Callable[[str, Path], Path]


class PrintDialog(ModalScreen[Path | None]):
    """Dismisses with the last file written, or None when nothing was printed."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, what: str, formats: tuple[PrintChoice, ...], job: PrintJob) -> None:
        super().__init__(classes="dialog-screen")
        self.what, self.formats, self.job = what, formats, job
        self.written: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="print-dialog"):
            yield Label(f"Print {self.what}", classes="dialog-title")
            with RadioSet(id="formats"):
                for index, choice in enumerate(self.formats):
                    yield RadioButton(choice.label, value=index == 0, id=f"format-{choice.value}")
            yield Label("Into the folder")
            yield Input(str(default_folder()), id="folder")
            yield Static("", id="written", classes="dialog-message")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Print", id="print", variant="primary")
                yield Button("Download" if self.app.is_web else "Open", id="open", disabled=True)
                yield Button("Close", id="close")
            yield Static("enter in the folder: print · escape: close", classes="dialog-help")

    def on_mount(self) -> None:
        self.query_one("#formats", RadioSet).focus()

    @property
    def chosen(self) -> PrintChoice:
        pressed = self.query_one("#formats", RadioSet).pressed_index
        return self.formats[max(pressed, 0)]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "print":
            self.action_print()
        elif event.button.id == "open":
            self.action_open()
        else:
            self.action_close()

    def on_input_submitted(self) -> None:
        self.action_print()

    def action_print(self) -> None:
        folder = self.query_one("#folder", Input).value.strip()
        self.query_one("#print", Button).disabled = True
        self.query_one("#problem", Static).update("")
        self.query_one("#written", Static).update("Printing…")
        self._print(self.chosen.value, Path(folder).expanduser() if folder else default_folder())

    @work(thread=True, exclusive=True, group="print")
    def _print(self, fmt: str, folder: Path) -> None:
        """Laid out off the event loop: a PDF takes a moment, the app keeps answering."""
        try:
            written = self.job(fmt, folder)
        except HonFileError as problem:
            self.app.call_from_thread(self._failed, str(problem))
        except OSError as problem:
            self.app.call_from_thread(self._failed, f"{folder}: cannot write there ({problem.strerror or problem}).")
        else:
            self.app.call_from_thread(self._printed, written)

    def _printed(self, path: Path) -> None:
        self.written = path
        # Text, not markup: a folder or an army name may hold brackets.
        self.query_one("#written", Static).update(Text(f"Written to {path}"))
        self.query_one("#print", Button).disabled = False
        opener = self.query_one("#open", Button)
        opener.disabled = False
        opener.focus()
        if self.app.is_web:  # the player is in a browser: the file goes to it at once
            self.action_open()

    def _failed(self, message: str) -> None:
        self.query_one("#written", Static).update("")
        self.query_one("#problem", Static).update(Text(one_line(message)))
        self.query_one("#print", Button).disabled = False

    def action_open(self) -> None:
        path = self.written
        if path is None:
            return
        if self.app.is_web:
            self.app.deliver_binary(path, save_filename=path.name)
        else:
            self.app.open_url(path.as_uri())

    def action_close(self) -> None:
        self.dismiss(self.written)
