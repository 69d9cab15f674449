"""A recruitment tile (or hero) of the army drawn as a card: what it fields, what it costs,
when it breaks, and each slot framed by its stripe colours."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from builder.heroes.army.resolve import Group
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import Slot
from builder.kernel.diagnostics import Issue, Severity
from builder.tui.widgets.stripes import stripe_bar

SEVERITY_MARK = {Severity.ERROR: ("✖", "bold red"), Severity.WARNING: ("▲", "yellow"), Severity.INFO: ("•", "cyan")}


def show_if_changed(widget: Static, text: Text, layout: bool = True) -> None:
    """Update a Static only when its text changes: an edit then repaints the few lines it
    touched, and lays the screen out again only when a block may change height."""
    if getattr(widget, "_shown", None) == text:
        return
    widget._shown = text  # type: ignore[attr-defined]
    widget.update(text, layout=layout)


def worst(issues: list[Issue]) -> Issue | None:
    order = [Severity.ERROR, Severity.WARNING, Severity.INFO]
    return min(issues, key=lambda i: order.index(i.severity), default=None)


class SlotRow(Static, can_focus=True):
    """One slot: its framing stripes, its size, and the option in it (or what it unlocks)."""

    BINDINGS = [
        Binding("enter", "choose", "Choose option"),
        Binding("delete,backspace", "empty", "Empty slot"),
    ]

    class Chosen(Message):
        def __init__(self, row: SlotRow) -> None:
            self.row = row
            super().__init__()

    class Emptied(Message):
        def __init__(self, row: SlotRow) -> None:
            self.row = row
            super().__init__()

    def __init__(self, section: str, index: int, slot: Slot) -> None:
        super().__init__(classes="slot-row")
        self.section, self.index, self.slot = section, index, slot

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
        show_if_changed(self, line, layout=False)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self))

    def action_empty(self) -> None:
        self.post_message(self.Emptied(self))

    def on_click(self) -> None:
        self.focus()
        self.post_message(self.Chosen(self))


class CardHeader(Static, can_focus=True):
    """The tile's title line; focus it to remove, move, label or inspect the tile."""

    BINDINGS = [
        Binding("enter,d", "details", "Counters"),
        Binding("delete,backspace", "remove", "Remove"),
        Binding("l", "label", "Label"),
        Binding("ctrl+up", "move(-1)", "Move up", show=False),
        Binding("ctrl+down", "move(1)", "Move down", show=False),
    ]

    class Requested(Message):
        def __init__(self, card: TileCard, what: str, offset: int = 0) -> None:
            self.card, self.what, self.offset = card, what, offset
            super().__init__()

    def __init__(self, card: TileCard) -> None:
        super().__init__(classes="card-header")
        self.card = card

    def action_details(self) -> None:
        self.post_message(self.Requested(self.card, "details"))

    def action_remove(self) -> None:
        self.post_message(self.Requested(self.card, "remove"))

    def action_label(self) -> None:
        self.post_message(self.Requested(self.card, "label"))

    def action_move(self, offset: int) -> None:
        self.post_message(self.Requested(self.card, "move", offset))


class TileCard(Vertical):
    """A tile or hero of the list. Its slot rows are kept and updated in place, so an edit
    redraws text rather than rebuilding widgets."""

    def __init__(self, section: str, index: int, group: Group) -> None:
        super().__init__(classes="tile-card")
        self.section, self.index, self.group = section, index, group
        self.header = CardHeader(self)
        self.body = Static(classes="card-body")
        slots = group.recruit.slots if group.recruit is not None else []
        self.rows = [SlotRow(section, index, slot) for slot in slots]

    @property
    def path(self) -> str:
        return f"{self.section}[{self.index}]"

    @property
    def shape(self) -> tuple[str, str, tuple[str, ...]]:
        """What decides the card's widgets: a change here means a new card."""
        slots = tuple(s.id for s in self.group.recruit.slots) if self.group.recruit else ()
        return (self.section, self.group.catalogue_id, slots)

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.body
        yield from self.rows

    def show(self, group: Group, catalogue: Catalogue, issues: list[Issue]) -> None:
        self.group = group
        recruit = group.recruit
        mine = [i for i in issues if i.path == self.path or i.path.startswith(self.path + ".")]
        title = Text()
        if recruit is None:
            title.append(f"{group.catalogue_id} — not in the catalogue", style="bold red")
            self.header.update(title)
            self.body.update(
                Text("This entry vanished from the catalogue; the rest of the list is still checked.", style="italic")
            )
            return
        if recruit.is_command:
            title.append("❦ ", style="bold yellow")
        title.append(recruit.name, style="bold")
        if group.entry.label:
            title.append(f" · {group.entry.label}", style="italic")
        title.append(f"  {recruit.cost} pts", style="bold cyan")
        mark = worst([i for i in mine if not i.path.startswith(self.path + ".slots")])
        if mark is not None:
            symbol, style = SEVERITY_MARK[mark.severity]
            title.append(f"  {symbol}", style=style)
        show_if_changed(self.header, title, layout=False)
        body = Text()
        body.append_text(stripe_bar(recruit.stripes, catalogue))
        body.append(" ")
        parts = []
        for count in recruit.counters:
            unit = catalogue.units.get(count.id)
            name = unit.name if unit else count.id
            stars = (unit.front.ability_value("order") or 0) if unit else 0
            parts.append((f"{count.count}× " if count.count > 1 else "") + name + (" " + "★" * stars if stars else ""))
        body.append(", ".join(parts) or "no counters")
        breaks = (
            f"breaks at {recruit.breaking_point} of {recruit.counter_count}"
            if recruit.breaking_point
            else "never breaks"
        )
        body.append(f"\n{breaks} · {recruit.victory_points} VP to the opponent", style="dim")
        show_if_changed(self.body, body)
        for row in self.rows:
            row.show(group, catalogue, mine)
