"""The campaign screen: the campaign's scenarios in order with the result of each game
played, the scenario to play next with what the last result changed in it, and what each
result of that game would change. A result is recorded by hand, or from a game played in
the simulation viewer; the next scenario and a printable campaign sheet are written from
here. Every change is saved to the campaign file at once, atomically."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from pydantic import ValidationError
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

from builder.heroes.campaign.models import Result
from builder.heroes.campaign.play import results_possible
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.campaign import CAMPAIGN_RULE, force_changes
from builder.heroes.scenario.models import DRAW, Scenario
from builder.io.campaign_files import CAMPAIGN_KIND, Chain, LoadedCampaign, load_campaign, save_campaign_as
from builder.io.catalogue_files import catalogue_inputs
from builder.io.errors import ChangedOnDisk, HonFileError
from builder.io.outputs import Output, kind_of
from builder.io.scenario_files import SCENARIO_KIND
from builder.kernel.diagnostics import capitalised
from builder.services.campaign import (
    campaign_output,
    check_units,
    current_game,
    find_chain,
    next_output,
    record_result,
    sheet_output,
    start_campaign,
    what_next,
    write_next,
)
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter


def file_or_chain(answer: str) -> Path | Chain:
    """The campaign file the player named (the campaign screen says what is wrong with one
    it cannot read), or the campaign to start that the id of a bundled campaign, or the file
    of the scenario that opens one, names."""
    path = Path(answer).expanduser()
    if path.is_file() and kind_of(path) != SCENARIO_KIND:
        return path
    return find_chain(answer)


def start_at(chain: Chain, path: Path, catalogue: Catalogue, user_catalogue: Path | None) -> Path:
    """Start `chain` with a new campaign file at `path` (the player chose it), never over a
    file the campaign reads nor a file of another format; the path written."""
    read = (*chain.files(), *catalogue_inputs(user_catalogue))
    target = Output(path, CAMPAIGN_KIND, "the path chosen", read)
    target.check()
    return start_campaign(chain, {}, target, catalogue)


class RecordResult(ModalScreen[Result | None]):
    """The result of the game just played: winner, victory points and units lost by side,
    notes. None on escape."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(classes="dialog-screen")
        self.scenario = scenario

    def compose(self) -> ComposeResult:
        sides = self.scenario.sides
        choices = [
            ("Draw" if r == DRAW else f"{capitalised(self.scenario.namer()('side', r))} wins", r)
            for r in results_possible(self.scenario)
        ]
        with VerticalScroll(classes="dialog"):
            yield Label(f"Result of {self.scenario.title}", classes="dialog-title")
            yield Select(choices, prompt="Who won?", id="winner")
            for side in sides:
                yield Input(placeholder=f"victory points of {side.name}", id=f"vp-{side.id}", type="integer")
                yield Input(placeholder=f"units {side.name} lost, separated by commas", id=f"lost-{side.id}")
            yield Input(placeholder="notes", id="notes")
            yield Static(id="record-problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Record", id="record", variant="primary")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#record")
    def record(self) -> None:
        winner = self.query_one("#winner", Select).value
        if not isinstance(winner, str):
            self.query_one("#record-problem", Static).update("Say who won first.")
            return
        points: dict[str, int] = {}
        lost: dict[str, list[str]] = {}
        for side in self.scenario.sides:
            vp = self.query_one(f"#vp-{side.id}", Input).value.strip()
            if vp.lstrip("-").isdigit():
                points[side.id] = max(0, min(1000, int(vp)))
            units = [u.strip() for u in self.query_one(f"#lost-{side.id}", Input).value.split(",") if u.strip()]
            if units:
                lost[side.id] = units
        notes = self.query_one("#notes", Input).value.strip()
        try:
            result = Result(scenario=self.scenario.id, winner=winner, victory_points=points, lost=lost, notes=notes)
        except ValidationError as problem:
            first = problem.errors(include_url=False)[0]
            self.query_one("#record-problem", Static).update(f"{first['loc'][0]}: {first['msg']}")
            return
        self.dismiss(result)


class CampaignScreen(Screen[None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("w", "record", "Record result"),
        Binding("f8", "play", "Play next game"),
        Binding("n", "write_next", "Write next scenario"),
        Binding("f5", "sheet", "Print sheet"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, path: Path, catalogue: Catalogue) -> None:
        super().__init__(id="campaign")
        self.path, self.catalogue = path, catalogue
        self.loaded: LoadedCampaign | None = None
        self.viewer: Screen[None] | None = None  # the simulation viewer playing the next game
        self.seed = 1

    def compose(self) -> ComposeResult:
        yield Static(id="campaign-title")
        with VerticalScroll(id="campaign-body"):
            yield Static(id="campaign-chain")
            yield Static(id="campaign-outlook")
        yield Static(id="campaign-message")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        try:
            self.loaded = check_units(load_campaign(self.path), self.catalogue)
        except HonFileError as problem:
            self.loaded = None
            self.say(str(problem), error=True)
            return
        self.show()

    # --- showing ---------------------------------------------------------------------------

    def show(self) -> None:
        assert self.loaded is not None
        campaign = self.loaded.campaign
        title = Text(campaign.name, style="bold")
        title.append(f" — {len(campaign.results)} of {len(campaign.stages)} games played · {self.path.name}")
        self.query_one("#campaign-title", Static).update(title)
        table = Table(show_header=True, header_style="bold", box=None, pad_edge=False, expand=True)
        for column in ("#", "scenario", "result", "victory points", "units lost", "notes"):
            table.add_column(column)
        for index, stage in enumerate(campaign.stages):
            result = campaign.results[index] if index < len(campaign.results) else None
            if result is None:
                state = "next" if index == len(campaign.results) else "to play"
                table.add_row(str(index + 1), stage.title, Text(state, style="italic"), "", "", "")
                continue
            table.add_row(
                str(index + 1),
                stage.title,
                "draw" if result.winner == DRAW else f"{result.winner} won",
                ", ".join(f"{side} {n}" for side, n in result.victory_points.items()),
                "; ".join(f"{side}: {', '.join(units)}" for side, units in result.lost.items()),
                result.notes,
            )
        self.query_one("#campaign-chain", Static).update(table)
        self.query_one("#campaign-outlook", Static).update(self.outlook())

    def outlook(self) -> Text:
        assert self.loaded is not None
        campaign = self.loaded.campaign
        text = Text()
        if campaign.current is None:
            winner = campaign.winner
            text.append("\nThe campaign is over: ", style="bold")
            text.append("a draw." if winner == DRAW else f"won by {winner}.")
            return text
        text.append(f"\nNext: {campaign.current.title}\n", style="bold")
        for rule in campaign.current.special_rules:
            if rule.title.startswith(f"{CAMPAIGN_RULE}:"):
                text.append(f"{rule.title}. ", style="italic")
                text.append(f"{rule.text}\n")
        for said in force_changes(campaign.current, campaign.current.namer(partial(self.catalogue.name_of, "units"))):
            text.append("Forces: ", style="italic")
            text.append(f"{said}\n")
        text.append("\nWhat each result would change\n", style="bold")
        for result, said in what_next(self.loaded, self.catalogue):
            text.append(f"{'Draw' if result == DRAW else result + ' wins'}: ", style="bold")
            text.append(f"{said}\n")
        return text

    def say(self, message: str, error: bool = False) -> None:
        self.query_one("#campaign-message", Static).update(Text(message, style="bold red" if error else ""))
        self.notify(message, severity="error" if error else "information", timeout=8)

    # --- recording -------------------------------------------------------------------------

    @work(exclusive=True, group="campaign")
    async def action_record(self) -> None:
        """Record the result of the next game by hand."""
        if self.loaded is None or self.loaded.campaign.current is None:
            self.say("The campaign is over: there is no game left to record.", error=True)
            return
        result = await self.app.push_screen_wait(RecordResult(self.loaded.campaign.current))
        if result is not None:
            self.keep(result)

    def keep(self, result: Result) -> None:
        """Record the result, carry it into the next scenario and save the campaign file."""
        assert self.loaded is not None
        try:
            recorded = record_result(self.loaded, result, self.catalogue)
            save_campaign_as(self.loaded, recorded, campaign_output(self.loaded))
        except (HonFileError, ChangedOnDisk, OSError) as problem:
            self.say(str(problem), error=True)
            return
        self.reload()
        self.say(f"Recorded: {'a draw' if result.winner == DRAW else result.winner + ' won'} {result.scenario}.")

    # --- playing ---------------------------------------------------------------------------

    def action_play(self) -> None:
        """Play the next game in the simulation viewer; its result can be recorded after."""
        from builder.tui.screens.simulation import SimulationScreen

        if self.loaded is None or self.loaded.campaign.current is None:
            self.say("The campaign is over: there is no game left to play.", error=True)
            return
        try:
            game = current_game(self.loaded, self.catalogue)
        except HonFileError as problem:
            self.say(str(problem), error=True)
            return
        self.viewer = SimulationScreen(game, self.catalogue, seed=self.seed)
        self.app.push_screen(self.viewer)

    def on_screen_resume(self) -> None:
        viewer, self.viewer = self.viewer, None
        game = getattr(viewer, "game", None)
        if game is None or game.record.winner is None:
            return
        self.seed = game.record.seed + 1
        self.offer(
            game.record.scenario, game.record.winner, game.record.seed, game.record.victory_points, game.record.lost
        )

    @work(exclusive=True, group="campaign")
    async def offer(
        self, scenario: str, winner: str, seed: int, points: dict[str, int], lost: dict[str, tuple[str, ...]]
    ) -> None:
        from builder.tui.screens.dialogs import Ask

        said = "a draw" if winner == DRAW else f"{winner} won"
        answer = await self.app.push_screen_wait(
            Ask(
                "Record this game?",
                f"The game with seed {seed} ended: {said}.",
                [("record", "Record it", "primary"), ("cancel", "Not this one", "default")],
            )
        )
        if answer == "record":
            notes = f"Played in the simulation viewer with seed {seed}."
            kept = {side: list(units) for side, units in lost.items() if units}
            self.keep(
                Result(scenario=scenario, winner=winner, victory_points=points, lost=kept, notes=notes, seed=seed)
            )

    # --- writing ---------------------------------------------------------------------------

    def action_write_next(self) -> None:
        """Write the next scenario, its campaign changes made, beside the campaign file
        (never over a file the campaign reads, nor a file of another format)."""
        if self.loaded is None:
            return
        try:
            written = write_next(self.loaded, next_output(self.loaded))
        except (HonFileError, ChangedOnDisk, OSError) as problem:
            self.say(str(problem), error=True)
            return
        self.say(f"Wrote {written}.")

    def action_sheet(self) -> None:
        """Write the printable campaign sheet (HTML) into exports/."""
        from builder.export.campaign_sheet import build_campaign_sheet, render
        from builder.export.formats import Format

        if self.loaded is None:
            return
        sheet = build_campaign_sheet(self.loaded, self.catalogue)
        try:
            written = sheet_output(self.loaded, Format.HTML.extension).save(render(sheet, Format.HTML))
        except (HonFileError, OSError) as problem:
            self.say(str(problem), error=True)
            return
        self.say(f"Wrote {written}.")
        if self.app.is_web:  # in a browser (`hon serve`): it downloads there
            self.app.deliver_binary(written, save_filename=written.name)

    def action_back(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.notify("This is the first screen: ctrl+q quits.")
            return
        self.app.pop_screen()
