"""Small modal dialogs: questions, text prompts, a new army."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.tui.styles import SCREENS_CSS


class Ask(ModalScreen[str]):
    """A question with buttons; dismisses with the chosen button's id ("cancel" on escape)."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss('cancel')", "Cancel")]

    def __init__(self, title: str, message: str, buttons: list[tuple[str, str, str]]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.message, self.buttons = title, message, buttons

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # Titles and messages hold paths and names a player chose: never read as markup.
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.message, classes="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for button_id, label, variant in self.buttons:
                    yield Button(label, id=button_id, variant=variant)  # type: ignore[arg-type]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")


class AskText(ModalScreen[str | None]):
    """One line of text; None on escape."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.value, self.placeholder = title, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="text")
            yield Static("enter to confirm · escape to cancel", classes="dialog-help")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class NewArmy(ModalScreen[ArmyList | None]):
    """A new army starts from a faction and a points limit."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__(classes="dialog-screen")
        self.catalogue = catalogue

    def compose(self) -> ComposeResult:
        factions = sorted(self.catalogue.factions.values(), key=lambda f: (f.game or "", f.name))
        with Vertical(classes="dialog"):
            yield Label("New army", classes="dialog-title")
            yield Input("New army", placeholder="name", id="name")
            yield Select(
                [(f"{f.name} ({f.game.full_name if f.game else ''})", f.id) for f in factions],
                prompt="faction",
                id="faction",
                value=factions[0].id if factions else Select.NULL,
            )
            yield Input("550", placeholder="points limit", id="limit", type="integer")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", id="create", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        self._create()

    def on_input_submitted(self) -> None:
        self._create()

    def _create(self) -> None:
        faction_id = self.query_one("#faction", Select).value
        name = self.query_one("#name", Input).value.strip()
        limit = self.query_one("#limit", Input).value.strip()
        faction = self.catalogue.factions.get(str(faction_id))
        problem = self.query_one("#problem", Static)
        if faction is None or faction.game is None:
            problem.update("Choose a faction.")
            return
        if not name:
            problem.update("Give the army a name.")
            return
        if not limit.isdigit() or int(limit) < 1:
            problem.update("The points limit is a whole number of points, such as 550.")
            return
        self.dismiss(ArmyList(name=name, game=faction.game, faction=faction.id, points_limit=int(limit)))


class Choose(ModalScreen[str | None]):
    """Pick one of a list; dismisses with its value, or None on escape."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.choices = title, choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*(Option(label, id=value) for label, value in self.choices), id="choices")
            yield Static("enter: choose · escape: cancel", classes="dialog-help")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
