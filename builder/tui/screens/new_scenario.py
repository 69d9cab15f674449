"""Starting a new scenario: its title, its game, the two factions it opposes and the points
each side fields. The designer opens on it with one board and a deployment zone per side;
the file is chosen on the first save."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.services.scenario_session import ScenarioStart
from builder.tui.styles import SCREENS_CSS


class NewScenario(ModalScreen[ScenarioStart | None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, catalogue: Catalogue, game: Game = Game.HON) -> None:
        super().__init__(classes="dialog-screen")
        self.catalogue = catalogue
        self.games = [g for g in Game if len(self._factions(g)) >= 2 and self._has_board(g)]
        self.game = game if game in self.games else (self.games[0] if self.games else game)

    def _factions(self, game: Game) -> list[tuple[str, str]]:
        found = [f for f in self.catalogue.factions.values() if f.game is game]
        return [(f.name, f.id) for f in sorted(found, key=lambda f: f.name)]

    def _has_board(self, game: Game) -> bool:
        return any(b.game is game for b in self.catalogue.boards.values())

    def compose(self) -> ComposeResult:
        factions = self._factions(self.game)
        with Vertical(classes="dialog"):
            yield Label("New scenario", classes="dialog-title")
            yield Input("New scenario", placeholder="title", id="title")
            yield Select(
                [(g.full_name, g.value) for g in self.games], value=self.game.value, allow_blank=False, id="game"
            )
            yield Select(factions, value=factions[0][1] if factions else Select.NULL, prompt="first side", id="first")
            yield Select(
                factions, value=factions[1][1] if len(factions) > 1 else Select.NULL, prompt="second side", id="second"
            )
            yield Input("375", placeholder="points per side", id="points", type="integer")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", id="create", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static(
                "One board and a deployment zone per side to start with; you choose the file when you first save.",
                classes="dialog-help",
            )

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        self.game = Game(str(event.value))
        factions = self._factions(self.game)
        for index, wid in enumerate(("#first", "#second")):
            select = self.query_one(wid, Select)
            select.set_options(factions)
            if index < len(factions):
                select.value = factions[index][1]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self._create()

    def on_input_submitted(self) -> None:
        self._create()

    def _create(self) -> None:
        problem = self.query_one("#problem", Static)
        title = self.query_one("#title", Input).value.strip()
        first, second = (self.query_one(wid, Select).value for wid in ("#first", "#second"))
        points = self.query_one("#points", Input).value.strip()
        if not title:
            problem.update("Give the scenario a title.")
        elif first is Select.NULL or second is Select.NULL or first == second:
            problem.update("Choose two different factions.")
        elif not points.isdigit() or int(points) < 1:
            problem.update("The points are a whole number per side, such as 375.")
        else:
            self.dismiss(ScenarioStart(title, self.game, (str(first), str(second)), int(points)))
