"""The text of a slot row of a tile card: its framing stripes, its size, and the option in
it (or what it unlocks), with the mark of its worst issue."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from builder.heroes.army.resolve import Group
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import Slot
from builder.kernel.diagnostics import Issue, Severity
from builder.tui.widgets.stripes import stripe_bar

SEVERITY_MARK = {Severity.ERROR: ("✖", "bold red"), Severity.WARNING: ("▲", "yellow"), Severity.INFO: ("•", "cyan")}


def worst(issues: list[Issue]) -> Issue | None:
    order = [Severity.ERROR, Severity.WARNING, Severity.INFO]
    return min(issues, key=lambda i: order.index(i.severity), default=None)


class SlotRow:
    """One slot of a card: its framing stripes, its size, and the option in it (or what it
    unlocks)."""

    def __init__(self, section: str, index: int, slot: Slot) -> None:
        self.section, self.index, self.slot = section, index, slot
        self.text = Text()

    @property
    def path(self) -> str:
        return f"{self.section}[{self.index}].slots.{self.slot.id}"

    def show(self, group: Group, catalogue: Catalogue, issues: list[Issue]) -> None:
        line = Text()
        line.append_text(stripe_bar(self.slot.stripes, catalogue, width=1, pad_to=3))
        line.append(f" {self.slot.id:<7}", style="bold")
        line.append(f"{self.slot.size} ", style="dim")
        placed = next((p for p in group.placed if p.slot_id == self.slot.id), None)
        if placed is None:
            line.append("— empty", style="dim italic")
            unlock = self.slot.unlocks
            if unlock is not None and unlock.order_stars:
                line.append(f"  unlocks {'★' * unlock.order_stars}", style="yellow")
            elif unlock is not None and unlock.ability is not None:
                line.append(f"  unlocks {catalogue.name_of('abilities', unlock.ability.id)}", style="yellow")
        else:
            option = placed.option
            name = option.name if option is not None else f"{placed.pick.option} (unknown)"
            line.append(name)
            if option is not None:
                line.append(f"  {option.cost} ", style="dim")
                line.append_text(stripe_bar(option.stripes, catalogue, width=1))
            if placed.pick.choice:
                picks = Counter(catalogue.name_of("markers", p) for p in placed.pick.choice)
                line.append(
                    "  " + ", ".join(f"{n}×{name}" if n > 1 else name for name, n in picks.items()), style="italic"
                )
        mark = worst([i for i in issues if i.path.startswith(self.path)])
        if mark is not None:
            symbol, style = SEVERITY_MARK[mark.severity]
            line.append(f"  {symbol}", style=style)
        self.text = line
