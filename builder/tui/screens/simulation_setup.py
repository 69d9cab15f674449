"""Who plays which side of a simulated game: each side fields the army list its scenario
names, or, for a side of its faction, the army open in the builder (saved or not)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.io.errors import HonFileError
from builder.io.scenario_files import load_scenario
from builder.tui.styles import SCREENS_CSS

BUILDER = "builder"
OWN = "own"


@dataclass(frozen=True)
class SideChoice:
    """A side of the scenario and the army list its file names (None: it names none)."""

    id: str
    name: str
    faction: str
    listed: str | None


def scenario_sides(path: Path) -> list[SideChoice] | None:
    """The sides of the scenario at `path`, or None when it cannot be read (the simulation
    viewer then says why)."""
    try:
        loaded = load_scenario(path)
    except HonFileError:
        return None
    sides = []
    for side in loaded.scenario.sides:
        force = loaded.scenario.force(side.id)
        sides.append(SideChoice(side.id, side.name, side.faction, force.army if force is not None else None))
    return sides


class SimulationSetup(ModalScreen[dict[str, ArmyList] | None]):
    """Dismisses with the armies that replace the scenario's lists, by side (empty: none)."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, scenario: Path, sides: list[SideChoice], army: ArmyList, catalogue: Catalogue) -> None:
        super().__init__(classes="dialog-screen")
        self.scenario, self.sides, self.army, self.catalogue = scenario, sides, army, catalogue

    def choices(self, side: SideChoice) -> list[tuple[str, str]]:
        found = []
        if side.listed is not None:
            found.append((f"its scenario's list ({side.listed})", OWN))
        if side.faction == self.army.faction:
            found.append((f"the army in the builder: {self.army.name}", BUILDER))
        return found

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Simulate {self.scenario.name}", classes="dialog-title")
            for side in self.sides:
                choices = self.choices(side)
                faction = self.catalogue.name_of("factions", side.faction)
                if not choices:
                    yield Static(f"{side.name} ({faction}): no army list; the viewer will say so.")
                    continue
                # The player's own army is what they came to try: offered first where it fits.
                first = BUILDER if any(value == BUILDER for _, value in choices) else choices[0][1]
                yield Label(f"{side.name} ({faction})")
                yield Select(choices, value=first, allow_blank=False, id=f"side-{side.id}")
            if not any(side.faction == self.army.faction for side in self.sides):
                yield Static(
                    f"{self.army.name} is {self.catalogue.name_of('factions', self.army.faction)}: "
                    "no side of this scenario is, so each side plays its scenario's list.",
                    classes="dialog-help",
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Simulate", id="simulate", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        armies = {}
        for side in self.sides:
            found = self.query(f"#side-{side.id}")
            if found and found.first(Select).value == BUILDER:
                armies[side.id] = self.army
        self.dismiss(armies)
