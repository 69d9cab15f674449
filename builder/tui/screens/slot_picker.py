"""Choosing an option for a slot. The options that fit come first; the others are dimmed
with the legality engine's reason, and choosing one is refused with that reason."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from builder.heroes.army.models import OptionPick
from builder.heroes.army.picking import Candidate
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import RecruitmentOption
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.stripes import stripe_bar

EMPTY = "empty"


class SlotPicker(ModalScreen[RecruitmentOption | str | None]):
    """Dismisses with the chosen option, EMPTY to empty the slot, or None."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(
        self, title: str, candidates: list[Candidate], catalogue: Catalogue, filled: bool, current: str | None = None
    ) -> None:
        """`current` is the id of the option in the slot, when it is `filled`."""
        super().__init__(classes="dialog-screen")
        self.title_text, self.candidates, self.catalogue, self.filled = title, candidates, catalogue, filled
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*self._options(), id="candidates")
            yield Static("enter: choose · escape: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        # The option in the slot is highlighted (enter keeps it); on an empty slot, the
        # first that fits. Emptying the slot is never the first thing offered.
        ids = [c.option.id for c in self.candidates]
        if self.current in ids:
            first = ids.index(self.current)
        else:
            first = next((i for i, c in enumerate(self.candidates) if c.fits), 0)
        if self.candidates:
            self.query_one("#candidates", OptionList).highlighted = first + (1 if self.filled else 0)

    def _options(self) -> list[Option]:
        options = []
        if self.filled:
            options.append(Option(Text("— empty the slot", style="italic"), id=EMPTY))
        for index, candidate in enumerate(self.candidates):
            option = candidate.option
            prompt = Text()
            prompt.append_text(stripe_bar(option.stripes, self.catalogue, width=1))
            prompt.append(f" {option.name}", style="" if candidate.fits else "dim strike")
            prompt.append(f"  {option.kind.value} · {option.cost} pts · {option.size}", style="dim")
            if not candidate.fits:
                prompt.append(f"\n   {candidate.errors[0].message}", style="dim italic red")
            elif candidate.warnings:
                prompt.append(f"\n   {candidate.warnings[0].message}", style="italic yellow")
            options.append(Option(prompt, id=str(index)))
        return options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == EMPTY:
            self.dismiss(EMPTY)
            return
        candidate = self.candidates[int(event.option.id or 0)]
        if not candidate.fits:
            # The refusal says why, in the legality engine's own words.
            self.notify(candidate.errors[0].message, title="This option doesn't fit", severity="error", markup=False)
            return
        self.dismiss(candidate.option)


class ChoicePicker(ModalScreen[OptionPick | None]):
    """The choice some options ask for when the army is built (BfC p.08-09)."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, option: RecruitmentOption, catalogue: Catalogue, current: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.option, self.catalogue, self.current = option, catalogue, current

    def compose(self) -> ComposeResult:
        choice = self.option.choice
        assert choice is not None
        names = [(self.catalogue.name_of("markers", a) if choice.markers else a, a) for a in choice.among]
        with Vertical(classes="dialog"):
            yield Label(f"{self.option.name}: {choice.prompt}", classes="dialog-title")
            for n in range(choice.count):
                value = self.current[n] if n < len(self.current) else choice.among[min(n, len(choice.among) - 1)]
                yield Select(names, value=value, allow_blank=False, id=f"pick-{n}")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        choice = self.option.choice
        assert choice is not None
        picks = [str(self.query_one(f"#pick-{n}", Select).value) for n in range(choice.count)]
        if not choice.repeat and len(set(picks)) != len(picks):
            self.query_one("#problem", Static).update("Each pick must be different.")
            return
        self.dismiss(OptionPick(option=self.option.id, choice=picks))
