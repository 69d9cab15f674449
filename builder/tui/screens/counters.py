"""Counter details on demand: both sides of every counter of a tile, or of one unit."""

from __future__ import annotations

from rich.columns import Columns
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
# The columns of a counter's combat values, by the target's Defense colour (HoN core p.4),
# each headed by the target in as many cells as a value takes.
TARGETS = {DefenseColour.INFANTRY: "inf", DefenseColour.LIGHT: "light", DefenseColour.HEAVY: "heavy"}
CHIPS_WIDTH = 6 * len(TARGETS)  # five cells a value and one between


def _rating(value: int | None) -> str:
    return "X" if value is None else f"{value:+d}" if value else "0"


def _chips(cells: list[tuple[DefenseColour, str]]) -> Text:
    """Five cells of text per target colour, on its colour, a cell apart, never wrapped (a
    narrow dialog crops the header and the values alike, keeping them in their columns)."""
    text = Text(no_wrap=True, overflow="crop")
    for colour, cell in cells:
        text.append(cell, style=f"bold black on {SHIELD[colour]}")
        text.append(" ")
    return text


def _combat(values: CombatValues) -> Text:
    return _chips([(colour, f" {_rating(values.against(colour)):>3} ") for colour in TARGETS])


def _targets() -> Text:
    """The header of the combat values: the targets, over their columns."""
    return _chips([(colour, f"{target:^5}") for colour, target in TARGETS.items()])


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
    table.add_column(min_width=CHIPS_WIDTH if side.combat is not None or side.weapons else None)
    title = side.name or unit.name
    table.add_row(
        Text(side.state.value, style="italic"), Text(title, style="red" if side.state is SideState.REDUCED else "")
    )
    if side.defense is None:
        table.add_row("", Text("wreck: a terrain element", style="dim"))
        return table
    # The shield's colour on its value alone (a Text's own style would fill its cell).
    shield = Text.assemble((f" {side.defense.label()} ", f"bold black on {SHIELD[unit.colour]}"))
    table.add_row("defense", shield)
    table.add_row("movement", "X" if side.movement is None else str(side.movement))
    if side.combat is not None or side.weapons:
        table.add_row(Text("against", style="dim"), _targets())
    if side.combat is not None:
        table.add_row("combat", _combat(side.combat))
    for weapon in side.weapons:
        table.add_row(weapon.role.value, _combat(weapon.combat))
        table.add_row("", f"{weapon.name}  {_abilities(weapon.abilities, catalogue)}")
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
    # Side by side where they fit whole, else one under the other: never squeezed until
    # the combat values' columns are cut.
    sides = Columns([side_table(unit, side, catalogue) for side in unit.sides], padding=(0, 4))
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
            for unit in self.units:
                yield Static(unit_card(unit, self.catalogue))
