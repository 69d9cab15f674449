"""A scenario-event marker for the turn track (TCG p.16: "placed on the turn tracker to show
when scenario events will occur"): the turn, the side it helps, what happens (the effects
hon plays of an Event Card, builder.tcg.cards.EventEffectKind) and a line of text."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from builder.tcg.cards import EventEffect, EventEffectKind
from builder.tcg.scenario import ScenarioEvent, Side
from builder.tui.styles import SCREENS_CSS


class ScenarioEventForm(ModalScreen[ScenarioEvent | None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, turns: int, sides: list[Side]) -> None:
        super().__init__(classes="dialog-screen")
        self.turns, self.sides = turns, sides

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("A scenario event on the turn track (TCG p.16)", classes="dialog-title")
            yield Label("When, for whom, and what happens:")
            yield Select([(f"turn {n}", n) for n in range(1, self.turns + 1)], value=1, allow_blank=False, id="turn")
            yield Select([(s.name, s.id) for s in self.sides], value=self.sides[0].id, allow_blank=False, id="side")
            kinds = [(EventEffect(kind=k, value=2).english().replace("2", "N"), k.value) for k in EventEffectKind]
            yield Select(kinds, value=EventEffectKind.DIRECTIVES.value, allow_blank=False, id="effect")
            yield Select([(f"N = {n}", n) for n in range(1, 7)], value=1, allow_blank=False, id="value")
            yield Input(placeholder="what the scenario says (optional)", max_length=200, id="text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "ok":
            self.dismiss(None)
            return
        effect = EventEffect(
            kind=EventEffectKind(str(self.query_one("#effect", Select).value)), value=self._number("value")
        )
        self.dismiss(
            ScenarioEvent(
                turn=self._number("turn"),
                side=str(self.query_one("#side", Select).value),
                effect=effect,
                text=self.query_one("#text", Input).value.strip(),
            )
        )

    def _number(self, field: str) -> int:
        value = self.query_one(f"#{field}", Select).value
        assert isinstance(value, int)
        return value
