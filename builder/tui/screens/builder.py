"""The army builder: the catalogue on the left, the list as tile cards in the middle, live
totals and issues on the right. Every change goes through an undoable edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Static

from builder.heroes.army.resolve import Group, ResolvedArmy, resolve
from builder.heroes.catalogue.glossary import Ability
from builder.heroes.catalogue.recruitment import Hero, RecruitmentOption, RecruitmentTile
from builder.heroes.catalogue.units import Unit
from builder.kernel.diagnostics import Issue
from builder.services.army_session import ArmySession
from builder.tui.screens.editing import DocumentScreen
from builder.tui.screens.first_showing import FirstShowing
from builder.tui.widgets.army_pane import ArmyPane, CardStops, focus_stop
from builder.tui.widgets.browser import CatalogueBrowser
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.side_tabs import SideTabs
from builder.tui.widgets.tile_card import TileCard, show_if_changed
from builder.tui.widgets.totals import TotalsPanel, TotalsTab, status_line

if TYPE_CHECKING:
    from builder.tui.widgets.free_option import FreeOptionRow
    from builder.tui.widgets.issues import IssuesPanel

NARROW = 110  # below this many columns the side panel folds away


class Panes(Horizontal):
    """The catalogue, the list and the side panel side by side, which cover it all: drawn
    as blank (Widget.BLANK), not line by line through Textual's styles cache only to be
    drawn over."""

    BLANK = True


class ArmyBuilderScreen(FirstShowing, DocumentScreen[ArmySession], CardStops):
    DOCUMENT = "army"
    # Its title, status, panes and footer cover it all: Textual would draw its background
    # for every line at each full paint only to have them drawn over.
    BLANK = True

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "app.save", "Save"),
        Binding("f2", "app.save_as", "Save as"),
        Binding("ctrl+n", "app.new_army", "New"),
        Binding("ctrl+o", "app.open_army", "Open"),
        Binding("ctrl+f", "search", "Search"),
        Binding("f4", "issues", "Issues"),
        Binding("f3", "app.edit_catalogue", "Catalogue"),
        Binding("f6", "app.open_designer", "Scenarios"),
        Binding("f8", "app.simulate", "Simulate", show=False),  # in the palette; the footer is full
        Binding("ctrl+t", "totals", "Totals", show=False),
        Binding("ctrl+r", "print_roster", "Print", show=False),  # in the palette; the footer is full
        Binding("f10", "app.open_campaign", "Campaign", show=False),
    ]

    def __init__(self, session: ArmySession) -> None:
        super().__init__(id="builder")
        self.session = session
        self.cards: list[TileCard] = []
        self.free_rows: list[FreeOptionRow] = []
        self._issues: IssuesPanel | None = None  # made when its tab is first shown

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="status")
        with Panes(id="main"):
            yield CatalogueBrowser(self.session.catalogue, self.session.army.faction, id="browser")
            # The cards are composed with the screen, so the first layout already holds
            # them: mounting them after would lay the whole screen out again at start-up.
            resolved = resolve(self.session.army, self.session.catalogue)
            with ArmyPane(id="army"):
                yield from self._list_widgets(self._wanted(resolved), len(resolved.free))
            with Vertical(id="side"):
                # The issues are made when their tab is first shown (the totals are first).
                tabs = [("totals-tab", "Totals"), ("issues", "Issues")]
                yield SideTabs(tabs, id="side-tabs", made_when_shown={"issues": self._issues_panel})
                with TotalsTab(id="totals-tab"):
                    yield TotalsPanel(id="totals")
        yield KeysFooter()

    def on_mount(self) -> None:
        # Narrow from the first layout, not from the first resize after it.
        self.set_class(self.app.size.width < NARROW, "narrow")
        self.show_all()

    def use(self, session: ArmySession) -> None:
        """Show another army (a new one, or one just opened)."""
        self.session = session
        browser = self.query_one("#browser", CatalogueBrowser)
        browser.catalogue = session.catalogue
        browser.set_faction(session.army.faction)
        # The cards on screen are compared with the new list's: a list of another shape
        # (an empty one included, which shows its hint) is drawn anew.
        self.show_all()

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW
        if event.size == self.size and self.has_class("narrow") == narrow:
            # Textual tells a screen its first size once it has laid it out at that size,
            # and would lay it all out and paint it again (a tenth of a second at start-up).
            # A terminal that changes size arrives while the screen has the old one.
            event.prevent_default()
        self.set_class(narrow, "narrow")

    # --- drawing ------------------------------------------------------------------------

    def show_all(self) -> None:
        session = self.session
        assert session.summary is not None
        army = session.army
        name = Text()
        name.append(army.name, style="bold")
        name.append(f" — {session.catalogue.name_of('factions', army.faction)}")
        name.append(f" · {session.path.name if session.path else 'not saved yet'}", style="dim")
        if session.has_edits:
            name.append(" · modified", style="italic yellow")
        show_if_changed(self.query_one("#title", Static), name, layout=False)
        show_if_changed(self.query_one("#status", Static), status_line(session.summary, session.issues), layout=False)
        self._show_cards()
        self.query_one("#totals", TotalsPanel).show(session.summary, session.catalogue)
        if self._issues is not None:
            self._issues.show(session.issues)

    def _issues_panel(self) -> IssuesPanel:
        # Imported when first shown, as it is made: start-up does without its module.
        from builder.tui.widgets.issues import IssuesPanel

        self._issues = IssuesPanel("No issues: the list is legal.", id="issues")
        self._issues.show(self.session.issues)
        return self._issues

    @staticmethod
    def _wanted(resolved: ResolvedArmy) -> list[tuple[str, Group]]:
        """Each tile and hero of the list, with the section of the file it is in."""
        return [(g.path.split("[")[0], g) for g in resolved.groups]

    def _show_cards(self) -> None:
        session = self.session
        resolved = resolve(session.army, session.catalogue)
        groups = list(resolved.groups)
        army_pane = self.query_one("#army", VerticalScroll)
        wanted = self._wanted(resolved)
        shapes = [
            (section, g.catalogue_id, tuple(s.id for s in g.recruit.slots) if g.recruit else ())
            for section, g in wanted
        ]
        free = list(resolved.free)
        if shapes != [c.shape for c in self.cards] or len(self.free_rows) != len(free):
            self._rebuild(army_pane, wanted, len(free))
        for card, group in zip(self.cards, groups, strict=True):
            card.show(group, session.catalogue, session.issues)
        # The rows just made, not those still in the pane until their removal is done.
        for row, placed in zip(self.free_rows, free, strict=True):
            option = placed.option
            text = Text("free  ", style="dim")
            text.append(option.name if option else f"{placed.pick.option} (unknown)")
            if option is not None:
                text.append(f"  {option.cost}", style="dim")
            show_if_changed(row, text, layout=False)

    def _rebuild(self, pane: VerticalScroll, wanted: list[tuple[str, Group]], free: int) -> None:
        focused_path = getattr(self.focused, "path", None)
        pane.remove_children()
        pane.mount_all(self._list_widgets(wanted, free))
        if focused_path is not None:
            self.call_after_refresh(self.focus_path, focused_path)

    def _list_widgets(self, wanted: list[tuple[str, Group]], free: int) -> list[Widget]:
        """The cards (kept in `self.cards`) and free option rows (in `self.free_rows`) of
        the list, or the hint of an empty one."""
        counters = {"tiles": 0, "heroes": 0}
        self.cards = []
        for section, group in wanted:
            card = TileCard(section, counters[section], group)
            counters[section] += 1
            self.cards.append(card)
        widgets: list[Widget] = list(self.cards)
        self.free_rows = []
        if free:
            # Few lists have one: its module is imported for the first that does.
            from builder.tui.widgets.free_option import FreeOptionRow

            self.free_rows = [FreeOptionRow(i) for i in range(free)]
            widgets.append(Static("Free options", classes="section-title"))
            widgets.extend(self.free_rows)
        if not widgets:
            widgets.append(
                Static("The army is empty: pick a recruitment tile in the catalogue (ctrl+f).", classes="hint")
            )
        return widgets

    def focus_path(self, path: str) -> bool:
        """Focus the deepest stop of the list at `path` (an issue's path): a card's slot row
        rather than its title, or a free option; True if found."""
        best: tuple[Widget, int] | None = None
        stops: list[tuple[Widget, int, str]] = [
            (card, stop, own) for card in self.cards for stop, own in enumerate(card.stops)
        ]
        stops += [(row, 0, row.path) for row in self.free_rows]
        for widget, stop, own in stops:
            matches = path == own or path.startswith(own + ".")
            if matches and (best is None or (isinstance(best[0], TileCard) and best[1] == 0)):
                best = (widget, stop)
        if best is None:
            return False
        focus_stop(*best)
        return True

    # --- editing ------------------------------------------------------------------------

    @on(TileCard.Chosen)
    @work
    async def choose_option(self, message: TileCard.Chosen) -> None:
        from builder.heroes.army.edits import SetSlot
        from builder.heroes.army.models import OptionPick
        from builder.heroes.army.picking import candidates
        from builder.services.army_labels import entry_title
        from builder.tui.screens.slot_picker import EMPTY, ChoicePicker, SlotPicker

        row, session = message.row, self.session
        found = candidates(session.army, session.catalogue, row.section, row.index, row.slot.id)
        entry = getattr(session.army, row.section)[row.index]
        current = entry.slots.get(row.slot.id)
        title = f"{row.slot.id} slot of {entry_title(session.army, session.catalogue, row.section, row.index)}"
        chosen = await self.app.push_screen_wait(
            SlotPicker(
                f"Choose an option for the {title}",
                found,
                session.catalogue,
                current is not None,
                current.option if current is not None else None,
            )
        )
        if chosen is None:
            return
        if chosen == EMPTY:
            self.edit(SetSlot(row.section, row.index, row.slot.id, None))
            return
        assert isinstance(chosen, RecruitmentOption)
        pick = OptionPick(option=chosen.id)
        if chosen.choice is not None:
            previous = current.choice if current is not None and current.option == chosen.id else []
            picked = await self.app.push_screen_wait(ChoicePicker(chosen, session.catalogue, previous))
            if picked is None:
                return
            pick = picked
        self.edit(SetSlot(row.section, row.index, row.slot.id, pick))
        self.call_after_refresh(self.focus_path, row.path)

    @on(TileCard.Emptied)
    def empty_slot(self, message: TileCard.Emptied) -> None:
        from builder.heroes.army.edits import SetSlot

        row = message.row
        self.edit(SetSlot(row.section, row.index, row.slot.id, None))

    @on(TileCard.Requested)
    @work
    async def card_request(self, message: TileCard.Requested) -> None:
        from builder.heroes.army.edits import MoveTile, RemoveHero, RemoveTile, SetLabel
        from builder.tui.screens.dialogs import AskText

        card = message.card
        if message.what == "details":
            self.show_counters(card.group)
        elif message.what == "remove":
            self.edit(RemoveTile(card.index) if card.section == "tiles" else RemoveHero(card.index))
        elif message.what == "move" and card.section == "tiles":
            self.edit(MoveTile(card.index, message.offset))
            self.call_after_refresh(self.focus_path, f"tiles[{card.index + message.offset}]")
        elif message.what == "label" and card.section == "tiles":
            text = await self.app.push_screen_wait(AskText("Label for this tile", card.group.entry.label or ""))
            if text is not None:
                self.edit(SetLabel(card.index, text.strip() or None))

    def show_counters(self, group: Group) -> None:
        from builder.tui.screens.counters import CounterDetails

        catalogue = self.session.catalogue
        resolved = resolve(self.session.army, catalogue)
        units: list[Unit] = []
        for fielded in resolved.fielded():
            if fielded.group is not None and fielded.group.path == group.path and fielded.unit not in units:
                units.append(fielded.unit)
        self.app.push_screen(CounterDetails(f"Counters of {group.title}", units, catalogue))

    @on(CatalogueBrowser.Picked)
    def picked(self, message: CatalogueBrowser.Picked) -> None:
        # What a player does with the list loads when first done: start-up reads none of it.
        from builder.heroes.army.edits import AddFreeOption, AddHero, AddTile
        from builder.heroes.army.models import OptionPick
        from builder.tui.screens.counters import CounterDetails

        entry, catalogue = message.entry, self.session.catalogue
        if isinstance(entry, RecruitmentTile):
            if self.edit(AddTile(entry.id, entry.name)):
                self.notify(f"Added {entry.name}.", markup=False)
                self.call_after_refresh(self.focus_path, f"tiles[{len(self.session.army.tiles) - 1}]")
        elif isinstance(entry, Hero):
            if self.edit(AddHero(entry.id, entry.name)):
                self.notify(f"Added {entry.name}.", markup=False)
        elif isinstance(entry, RecruitmentOption) and entry.free:
            if self.edit(AddFreeOption(OptionPick(option=entry.id))):
                self.notify(f"Added {entry.name}.", markup=False)
        elif isinstance(entry, RecruitmentOption):
            self.notify(
                f"{entry.name} ({entry.kind.value}, {entry.cost} pts) goes in a slot: choose a slot on a tile.",
                title=entry.name,
                markup=False,
            )
        elif isinstance(entry, Unit):
            self.app.push_screen(CounterDetails(entry.name, [entry], catalogue))
        elif isinstance(entry, Ability):
            from builder.render.rules_core import rules_core_line

            said = f"{entry.summary.strip()} ({entry.source})"
            line = rules_core_line("abilities", entry.id, self.session.army.game)  # the army's book
            if line is not None:
                said += f"\n{line.plain}"
            self.notify(said, title=entry.name, timeout=12, markup=False)

    def on_issues_panel_jump(self, message: IssuesPanel.Jump) -> None:
        # Named for the message (not @on(IssuesPanel.Jump)), so that its module is not
        # imported with the builder's but when the panel is first made.
        issue: Issue = message.issue
        if not self.focus_path(issue.path):
            self.notify(issue.message, title=f"{issue.severity.value}: {issue.path}", markup=False)

    # --- actions ------------------------------------------------------------------------

    def action_search(self) -> None:
        self.remove_class("show-side")
        self.query_one("#search").focus()

    def action_issues(self) -> None:
        self.add_class("show-side")
        self.query_one("#side-tabs", SideTabs).active = "issues"
        self.query_one("#issues").focus()

    def action_totals(self) -> None:
        """Back to the totals from the issues; on a narrow screen, show or hide them."""
        tabs = self.query_one("#side-tabs", SideTabs)
        if self.has_class("narrow") and self.has_class("show-side") and tabs.active == "totals-tab":
            self.remove_class("show-side")
            return
        self.add_class("show-side")
        tabs.active = "totals-tab"

    def action_print_roster(self) -> None:
        """The roster of the army as it stands, saved or not, in the format the player picks."""
        from builder.export.formats import Format
        from builder.services.printing import ROSTER_FORMATS, print_roster
        from builder.tui.screens.printing import PrintDialog

        session = self.session
        self.app.push_screen(
            PrintDialog("the roster", ROSTER_FORMATS, lambda fmt, folder: print_roster(session, Format(fmt), folder))
        )
