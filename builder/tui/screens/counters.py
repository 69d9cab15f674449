"""Counter details on demand: both sides of every counter of a tile, or of one unit."""

from __future__ import annotations

from rich.console import Group as RichGroup
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import CombatValues, DefenseColour, Side, SideState, Unit
from builder.tui.styles import SCREENS_CSS

SHIELD = {colour: colour.display for colour in DefenseColour}


def _rating(value: int | None) -> str:
    return "X" if value is None else f"{value:+d}" if value else "0"


def _combat(values: CombatValues) -> Text:
    text = Text()
    for colour, value in (
        (DefenseColour.INFANTRY, values.infantry),
        (DefenseColour.LIGHT, values.light),
        (DefenseColour.HEAVY, values.heavy),
    ):
        text.append(f" {_rating(value):>3} ", style=f"bold black on {SHIELD[colour]}")
        text.append(" ")
    return text


def _abilities(refs: list[AbilityRef], catalogue: Catalogue) -> str:
    names = []
    for ref in refs:
        name = catalogue.name_of("abilities", ref.id)
        names.append(
            name if ref.value is None else f"{name} {ref.value:+d}" if ref.value < 0 else f"{name} {ref.value}"
        )
    return ", ".join(names)


def side_table(unit: Unit, side: Side, catalogue: Catalogue) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    title = side.name or unit.name
    table.add_row(
        Text(side.state.value, style="italic"), Text(title, style="red" if side.state is SideState.REDUCED else "")
    )
    if side.defense is None:
        table.add_row("", Text("wreck: a terrain element", style="dim"))
        return table
    table.add_row("defense", Text(f" {side.defense.label()} ", style=f"bold black on {SHIELD[unit.colour]}"))
    table.add_row("movement", "X" if side.movement is None else str(side.movement))
    if side.combat is not None:
        table.add_row("combat", _combat(side.combat))
    for weapon in side.weapons:
        table.add_row(
            weapon.role.value,
            Text.assemble(_combat(weapon.combat), f"{weapon.name}  {_abilities(weapon.abilities, catalogue)}"),
        )
    if side.abilities:
        table.add_row("abilities", _abilities(side.abilities, catalogue))
    table.add_row("a hit", side.on_hit.value if side.on_hit else "—")
    return table


def unit_card(unit: Unit, catalogue: Catalogue) -> RenderableType:
    header = Text()
    header.append(unit.name, style="bold")
    header.append(
        f"  {unit.type.label} · {unit.role.value} · {unit.footprint} square{'s' if unit.footprint > 1 else ''}",
        style="dim",
    )
    sides = Table.grid(padding=(0, 4))
    sides.add_column()
    sides.add_column()
    sides.add_row(*(side_table(unit, side, catalogue) for side in unit.sides))
    return RichGroup(header, sides, Text(""))


class CounterDetails(ModalScreen[None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape,enter,q", "dismiss(None)", "Close")]

    def __init__(self, title: str, units: list[Unit], catalogue: Catalogue) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.units, self.catalogue = title, units, catalogue

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog counters"):
            yield Label(self.title_text, classes="dialog-title")
            legend = Text("combat values against ")
            for colour in (DefenseColour.INFANTRY, DefenseColour.LIGHT, DefenseColour.HEAVY):
                legend.append(f" {colour.value} ", style=f"bold black on {SHIELD[colour]}")
                legend.append(" ")
            yield Static(legend, classes="dialog-help")
            for unit in self.units:
                yield Static(unit_card(unit, self.catalogue))
