"""Composing a side's deck, the reserve (TCG p.5), for a Tactical Card Game scenario: the
catalogue's Unit, Hero, Decoy and Event Cards the side may take, each that cannot be added
dimmed with the force check's reason (each card unique, p.4; a historical Event Card needs
the scenario's historical events, p.9; a Hero Card needs a carrier, p.10); the deck and
the cards deployed at the start; the side's live issues. Edits go through the scenario's
history, so the designer's undo and save cover them."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.kernel.diagnostics import Issue, Severity, the_side
from builder.services.tcg_scenario_session import DeckChoice, TcgScenarioSession
from builder.tcg.cards import UnitCard
from builder.tcg.edits import AddToDeck, RemoveFromDeck, SetSideMarkers
from builder.tcg.scenario import Scenario
from builder.tui.screens.editing import DocumentScreen
from builder.tui.styles import SCREENS_CSS, TCG_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.issues import IssuesPanel
from builder.tui.widgets.tile_card import show_if_changed


def choice_prompt(choice: DeckChoice, same_name: bool = False) -> Text:
    """A card of the catalogue: its kind, number and name (and id when another card has
    the name), how many the deck holds, and the first reason it cannot be added (or what
    adding it warns of)."""
    card = choice.card
    text = Text()
    number = getattr(card, "number", None)
    text.append(f"{choice.kind:<6}", style="dim")
    text.append(f"{number:>5} " if number is not None else "      ", style="dim")
    text.append(card.name, style="" if choice.fits else "dim strike")
    if same_name and number is None:  # two cards of one name (the armies' historical Event Cards): say which
        text.append(f" ({card.id})", style="dim")
    if isinstance(card, UnitCard):
        text.append(f"  {'/'.join(t.value for t in card.types)}", style="dim")
    if choice.in_deck:
        text.append(f"  ×{choice.in_deck} in deck", style="bold")
    if choice.reasons:
        first = choice.reasons[0]
        style = "dim italic red" if first.severity is Severity.ERROR else "italic yellow"
        text.append(f"\n   {first.message} [{first.code}]", style=style)
    return text


class TcgDeckScreen(DocumentScreen[TcgScenarioSession]):
    CSS_PATH = TCG_CSS
    BINDINGS = [
        Binding("a", "add", "Add card"),
        Binding("delete,r", "remove", "Remove card"),
        Binding("s", "side", "Other side"),
        Binding("plus,equals_sign", "markers(0, 1)", "DIRECTIVE +1"),
        Binding("minus", "markers(0, -1)", "DIRECTIVE −1", show=False),
        Binding("right_square_bracket", "markers(1, 0)", "COMMAND +1", show=False),
        Binding("left_square_bracket", "markers(-1, 0)", "COMMAND −1", show=False),
        Binding("tab", "focus_next", "Next list", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: TcgScenarioSession, side: str) -> None:
        super().__init__(id="tcg-deck")
        self.session, self.side = session, side
        self.choices: list[DeckChoice] = []
        self.refused: Issue | None = None  # the reason the last card asked for was refused

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="tcg-deck-main"):
            with Vertical(id="tcg-catalogue-pane"):
                yield Static("Catalogue — enter or a: add", classes="section-title")
                yield OptionList(id="tcg-catalogue")
            with Vertical(id="tcg-deck-pane"):
                yield Static("Deck (the reserve) — enter or delete: remove one", classes="section-title")
                yield OptionList(id="tcg-deck-list")
                yield Static(id="tcg-markers")
                yield Static(id="tcg-deployment")
                yield Static(id="tcg-deck-status")
                yield IssuesPanel("No issues: the force fits the scenario.", id="tcg-deck-issues")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_all()
        catalogue = self.query_one("#tcg-catalogue", OptionList)
        catalogue.highlighted = next((i for i, c in enumerate(self.choices) if c.fits), 0)
        catalogue.focus()

    @property
    def scenario(self) -> Scenario:
        return self.session.scenario

    def show_all(self) -> None:
        session, scenario = self.session, self.session.scenario
        side = scenario.side(self.side)
        assert side is not None
        title = Text()
        title.append(f"{scenario.title} — {the_side(side.name, possessive=True)} deck", style="bold")
        title.append(f" ({side.insignia} army, {len(side.force.deck_cards())} cards)")
        if session.has_edits:
            title.append(" · modified", style="italic yellow")
        show_if_changed(self.query_one("#title", Static), title, layout=False)
        self.choices = session.deck_choices(self.side)
        names = Counter(c.card.name for c in self.choices)
        prompts = [choice_prompt(c, names[c.card.name] > 1) for c in self.choices]
        self._fill(self.query_one("#tcg-catalogue", OptionList), prompts)
        deck = [Text(f"{entry.count} × {session.card_label(entry.card)}") for entry in side.force.deck]
        self._fill(self.query_one("#tcg-deck-list", OptionList), deck)
        markers = Text.assemble(("Markers ", "bold"))
        markers.append(f"{side.command} COMMAND each turn (] / [), ")
        markers.append(f"{side.directives} DIRECTIVE at the start (+ / −; six in play at most, TCG p.5)")
        show_if_changed(self.query_one("#tcg-markers", Static), markers)
        placed = Text.assemble(("Deployed at the start\n", "bold"))
        for p in side.force.deployment:
            placed.append(f" {list(p.box)} {session.card_label(p.card)}{' (hidden)' if p.hidden else ''}\n")
        show_if_changed(self.query_one("#tcg-deployment", Static), placed)
        self.query_one("#tcg-deck-issues", IssuesPanel).show(session.side_issues(self.side))

    @staticmethod
    def _fill(options: OptionList, prompts: list[Text]) -> None:
        highlighted = options.highlighted
        options.clear_options()
        options.add_options([Option(prompt) for prompt in prompts])
        if prompts:
            options.highlighted = min(highlighted or 0, len(prompts) - 1)

    def _status(self, text: Text) -> None:
        self.query_one("#tcg-deck-status", Static).update(text)

    # --- editing ------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#tcg-catalogue")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.add_card(event.option_index)

    @on(OptionList.OptionSelected, "#tcg-deck-list")
    def unchosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.remove_card(event.option_index)

    def action_add(self) -> None:
        index = self.query_one("#tcg-catalogue", OptionList).highlighted
        if index is not None:
            self.add_card(index)

    def action_remove(self) -> None:
        index = self.query_one("#tcg-deck-list", OptionList).highlighted
        if index is not None:
            self.remove_card(index)

    def add_card(self, index: int) -> None:
        """Add the card, or refuse it with the check's reason."""
        choice = self.choices[index]
        errors = [issue for issue in choice.reasons if issue.severity is Severity.ERROR]
        if errors:
            self.refused = errors[0]
            self._status(Text(f"✖ Not added: {errors[0].message} [{errors[0].code}]", style="bold red"))
            self.notify(errors[0].message, title="This card doesn't fit", severity="error", markup=False)
            return
        self.refused = None
        self._status(Text(f"Added {choice.card.name}.", style="green"))
        self.edit(AddToDeck(self.side, choice.card.id))

    def remove_card(self, index: int) -> None:
        side = self.scenario.side(self.side)
        if side is None or index >= len(side.force.deck):
            return
        entry = side.force.deck[index]
        self._status(Text(f"Removed one {self.session.card_name(entry.card)}."))
        self.edit(RemoveFromDeck(self.side, entry.card))

    def action_markers(self, command: int, directives: int) -> None:
        """One COMMAND or DIRECTIVE marker more or fewer, refused with the check's reason
        when the side would break a rule (more than six DIRECTIVE markers, TCG p.5) or the
        count is one the file cannot hold (no COMMAND marker at all)."""
        side = self.scenario.side(self.side)
        assert side is not None
        edit = SetSideMarkers(self.side, side.command + command, side.directives + directives)
        refusals = self.session.refusals(edit)
        if refusals:
            self.refused = refusals[0]
            self._status(Text(f"✖ Not changed: {refusals[0].message} [{refusals[0].code}]", style="bold red"))
            return
        self.refused = None
        self.edit(edit)

    def action_side(self) -> None:
        ids = [s.id for s in self.scenario.sides]
        self.side = ids[(ids.index(self.side) + 1) % len(ids)]
        self._status(Text(""))
        self.show_all()

    def action_back(self) -> None:
        self.dismiss(None)


CLEAR = "clear"


class CardPicker(ModalScreen[str | None]):
    """Choosing the card a side deploys on a box: those that fit first in the list's order,
    the others struck through with the check's reason, and refused with it. Dismisses with
    the card's id, CLEAR to take the box's cards off, or None."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, choices: list[DeckChoice], occupied: bool) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text, self.choices, self.occupied = title, choices, occupied
        self.refused: Issue | None = None

    def compose(self) -> ComposeResult:
        options = [Option(Text("— take the cards off this box", style="italic"), id=CLEAR)] if self.occupied else []
        options += [Option(choice_prompt(c), id=str(i)) for i, c in enumerate(self.choices)]
        with Vertical(classes="dialog picker"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*options, id="candidates")
            yield Static("enter: choose · escape: cancel", classes="dialog-help")

    def on_mount(self) -> None:
        first = next((i for i, c in enumerate(self.choices) if c.fits), 0)
        if self.choices:
            self.query_one("#candidates", OptionList).highlighted = first + (1 if self.occupied else 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == CLEAR:
            self.dismiss(CLEAR)
            return
        choice = self.choices[int(event.option.id or 0)]
        if not choice.fits:
            self.refused = next(r for r in choice.reasons if r.severity is Severity.ERROR)
            self.notify(self.refused.message, title="This card can't go there", severity="error", markup=False)
            return
        self.dismiss(choice.card.id)
