"""Starting a new scenario: its title, its game, the two factions it opposes and the points
each side fields. The designer opens on it with one board and a deployment zone per side;
the file is chosen on the first save. Opened from an army, the army's faction is the first
side."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets.select import NoSelection

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.services.scenario_session import ScenarioStart
from builder.tui.styles import SCREENS_CSS


class NewScenario(ModalScreen[ScenarioStart | None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, catalogue: Catalogue, game: Game = Game.HON, faction: str | None = None) -> None:
        """`faction` (of `game`), the army's the dialog is opened from, is the first side."""
        super().__init__(classes="dialog-screen")
        self.catalogue, self.faction = catalogue, faction
        self.games = [g for g in Game if len(self._factions(g)) >= 2 and self._has_board(g)]
        self.game = game if game in self.games else (self.games[0] if self.games else game)

    def _factions(self, game: Game) -> list[tuple[str, str]]:
        found = [f for f in self.catalogue.factions.values() if f.game is game]
        return [(f.name, f.id) for f in sorted(found, key=lambda f: f.name)]

    def _has_board(self, game: Game) -> bool:
        return any(b.game is game for b in self.catalogue.boards.values())

    def _sides(self, game: Game) -> list[str]:
        """The factions the two sides start with: the army's first, when it is of `game`,
        then the others in catalogue order, the order a new scenario takes them in when
        none is chosen (scenario_session.blank_scenario: the core box's US and Germany)."""
        ids = [f.id for f in self.catalogue.factions.values() if f.game is game]
        first = [self.faction] if self.faction in ids else []
        return [*first, *(f for f in ids if f not in first)][:2]

    def compose(self) -> ComposeResult:
        factions = self._factions(self.game)
        chosen: list[str | NoSelection] = [*self._sides(self.game), Select.NULL, Select.NULL]
        first, second = chosen[:2]
        with Vertical(classes="dialog"):
            yield Label("New scenario", classes="dialog-title")
            # Not #title: app.tcss draws the screens' title bars, one line tall, by that id.
            yield from _row("Title", Input("New scenario", placeholder="title", id="scenario-title", compact=True))
            games = [(g.full_name, g.value) for g in self.games]
            yield from _row("Game", Select(games, value=self.game.value, allow_blank=False, id="game", compact=True))
            yield from _row("First side", Select(factions, value=first, prompt="first side", id="first", compact=True))
            yield from _row(
                "Second side", Select(factions, value=second, prompt="second side", id="second", compact=True)
            )
            yield from _row(
                "Points per side",
                Input("375", placeholder="points per side", id="points", type="integer", compact=True),
            )
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
        for wid, faction in zip(("#first", "#second"), self._sides(self.game), strict=False):
            select = self.query_one(wid, Select)
            select.set_options(factions)
            select.value = faction

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self._create()

    def on_input_submitted(self) -> None:
        self._create()

    def _create(self) -> None:
        problem = self.query_one("#problem", Static)
        title = self.query_one("#scenario-title", Input).value.strip()
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


def _row(label: str, field: Input | Select[str]) -> ComposeResult:
    """A field with its label on its left, as in the designer's forms."""
    with Horizontal(classes="field"):
        yield Label(label, classes="field-label")
        yield field
