"""The open and save dialog: recent files and the places a player keeps lists (the bundled
armies and scenarios, the working folder, home) beside a folder tree of YAML files, and the
path, which can still be typed. Dismisses with the chosen path, or None."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from builder.services.recent_files import Kind, recent_files
from builder.tui.styles import SCREENS_CSS

Mode = Literal["open", "save"]
YAML = (".yaml", ".yml")


class YamlTree(DirectoryTree):
    """Folders and YAML files only, hidden ones left out."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [p for p in paths if not p.name.startswith(".") and (p.is_dir() or p.suffix in YAML)]


@dataclass(frozen=True)
class Place:
    label: str
    path: Path
    is_file: bool


def places(kind: Kind, mode: Mode) -> list[Place]:
    """Recent files of `kind` first, then folders; the bundled folders only to open from
    (the bundled files are never overwritten)."""
    found = [Place(f"{p.name}  ({_short(p.parent)})", p, True) for p in recent_files(kind)]
    if mode == "open":
        bundled = EXAMPLE_ARMIES_DIR if kind == "army" else SCENARIOS_DIR
        found.append(Place(f"Bundled {'armies' if kind == 'army' else 'scenarios'}", bundled, False))
    found.append(Place("Working folder", Path.cwd(), False))
    found.append(Place("Home", Path.home(), False))
    return found


def _short(folder: Path) -> str:
    try:
        return "~/" + str(folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


class FileDialog(ModalScreen[Path | None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, kind: Kind, mode: Mode, suggestion: Path | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.kind, self.mode = title, kind, mode
        self.suggestion = suggestion
        self.places = places(kind, mode)

    def compose(self) -> ComposeResult:
        start = self.suggestion.parent if self.suggestion is not None else self._first_folder()
        with Vertical(classes="dialog picker files"):
            yield Label(self.title_text, classes="dialog-title")
            with Horizontal(id="file-panes"):
                yield OptionList(*self._place_options(), id="places")
                yield YamlTree(start if start.is_dir() else Path.cwd(), id="tree")
            yield Input(str(self.suggestion or ""), placeholder=f"path/to/{self.kind}.yaml", id="path")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Open" if self.mode == "open" else "Save", id="choose", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static("tab: places · tree · path    enter: choose    escape: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        # Where the player most likely goes: the latest file to open, the name to save.
        if self.mode == "save":
            self.query_one("#path", Input).focus()
        else:
            self.query_one("#places", OptionList).focus()

    def _first_folder(self) -> Path:
        return next(p.path for p in self.places if not p.is_file)

    def _place_options(self) -> list[Option | None]:
        options: list[Option | None] = []
        recent = [(i, p) for i, p in enumerate(self.places) if p.is_file]
        for index, place in recent:
            options.append(Option(Text("↺ ") + Text(place.label), id=str(index)))
        if recent:
            options.append(None)  # a separator between recent files and folders
        for index, place in enumerate(self.places):
            if not place.is_file:
                options.append(Option(Text("▸ ", style="bold") + Text(place.label), id=str(index)))
        return options

    # --- choosing -----------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#places")
    def place_chosen(self, event: OptionList.OptionSelected) -> None:
        place = self.places[int(event.option.id or 0)]
        if place.is_file:
            self.query_one("#path", Input).value = str(place.path)
            if self.mode == "open":
                self._choose()
            return
        self.query_one("#tree", YamlTree).path = place.path
        self.query_one("#tree", YamlTree).focus()

    @on(DirectoryTree.FileSelected, "#tree")
    def file_chosen(self, event: DirectoryTree.FileSelected) -> None:
        self.query_one("#path", Input).value = str(event.path)
        if self.mode == "open":
            self._choose()

    @on(DirectoryTree.DirectorySelected, "#tree")
    def folder_chosen(self, event: DirectoryTree.DirectorySelected) -> None:
        if self.mode == "save":  # the file name kept, in the folder chosen
            path = self.query_one("#path", Input)
            name = Path(path.value).name or f"{self.kind}.yaml"
            path.value = str(event.path / name)

    @on(Input.Submitted, "#path")
    def typed(self) -> None:
        self._choose()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self._choose()

    def _choose(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        problem = self.query_one("#problem", Static)
        if not text:
            problem.update(Text("Choose a file, or type its path."))
            return
        path = Path(text).expanduser()
        if path.is_dir():
            problem.update(Text(f"{path} is a folder; choose a file in it.", style="bold"))
            return
        if self.mode == "open" and not path.is_file():
            problem.update(Text(f"{path}: no such file.", style="bold"))
            return
        # The folder hon proposed (exports/) is made on saving; another must exist, so that
        # a typo in a folder's name is caught here rather than made into a new folder.
        proposed = self.suggestion is not None and path.parent == self.suggestion.parent
        if self.mode == "save" and not path.parent.is_dir() and not proposed:
            problem.update(Text(f"{path.parent}: no such folder.", style="bold"))
            return
        if self.mode == "save" and path.suffix not in YAML:
            path = path.with_name(path.name + ".yaml")
        self.dismiss(path)
