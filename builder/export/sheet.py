"""The printable scenario sheet (`hon scenario sheet`): one model built from the scenario,
its battlefield, its army lists and its issues; HTML from a Jinja2 template with a print
stylesheet, PDF from the same model through Typst, and the map alone as SVG.

The template reads the scenario's own fields; the model adds what must be worked out: names
by id, colours, zone tags, the map, and every victory condition, early end and event
trigger in English through `builder.heroes.scenario.conditions.describe`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from markupsafe import Markup

from builder.export.formats import Paper, SheetFormat
from builder.export.map_legend import LegendEntry, legend
from builder.export.map_marks import side_colours, zone_tags
from builder.export.map_svg import map_svg, standalone_svg
from builder.export.pdf import typst_pdf
from builder.export.roster import environment
from builder.export.roster_text import sentence
from builder.heroes.army.models import ArmyList
from builder.heroes.army.validate import check as check_army
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.campaign import describe_outcome
from builder.heroes.scenario.conditions import Condition, Namer, describe
from builder.heroes.scenario.models import DRAW, RANDOM, Event, Objective, Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.io.army_files import load_army
from builder.io.errors import HonFileError
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.kernel.diagnostics import Issue, Severity, is_legal, plural

# The map's box on the page, in mm: the full width of A4 and Letter within the sheet's
# margins, less the legend's column beside a map taller than wide; short enough that the
# map usually shares the first page with the title.
MAP_BOX_MM = {False: (186.0, 130.0), True: (115.0, 185.0)}
PHASES = {"order": "Order Phase", "activation": "Activation Phase", "supply": "Supply Phase"}


@dataclass(frozen=True)
class ArmyLine:
    """The army list a force names: its name, points and legality, or why it can't be read."""

    file: str
    name: str = ""
    points: int | None = None
    limit: int | None = None
    errors: tuple[str, ...] = ()
    problem: str = ""

    @property
    def legal(self) -> bool:
        return not self.problem and not self.errors


@dataclass(frozen=True)
class Sheet:
    """The scenario and everything worked out for printing it."""

    scenario: Scenario
    issues: tuple[Issue, ...]
    map_svg: Markup  # the map without its legend, for the page
    map_file: str  # the map with its legend, for --format svg
    map_size_mm: tuple[float, float]
    portrait: bool  # taller than wide: the legend goes beside the map, not under it
    legend: tuple[LegendEntry, ...]
    dimensions: str
    boards: tuple[str, ...]
    names: dict[str, str]  # side ids, "draw" and "random" -> printed names
    factions: dict[str, str]  # faction id -> name, for the sides' factions
    colours: dict[str, str]  # side id -> colour on the map
    tags: dict[str, str]  # zone id -> tag on the map
    units: dict[str, str]  # unit id -> name, for every unit the scenario names
    objectives: tuple[tuple[LegendEntry, str], ...]  # each objective's symbol and place
    turns: str
    game_end: str
    outcomes: tuple[str, ...]  # each outcome's condition as a sentence, in order
    early: tuple[str, ...]
    events: tuple[str, ...]  # when each event happens
    armies: dict[str, ArmyLine]  # side id -> the army list its force names
    titles: dict[str, str]  # scenario id -> title, for a campaign's neighbours
    campaign: tuple[str, ...]  # what each campaign outcome means, in English, in order

    @property
    def errors(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity is Severity.ERROR)

    @property
    def playable(self) -> bool:
        return is_legal(self.issues)

    @property
    def source(self) -> str:
        # DESIGN.md 3.1: never present an example as official.
        source = self.scenario.source
        return "an example made for hon, not from the books" if source == "example" else source


def build_sheet(loaded: LoadedScenario, catalogue: Catalogue) -> Sheet:
    """Read the army lists, check the scenario and gather what the sheet prints."""
    scenario = loaded.scenario
    armies, army_lines = _armies(loaded, catalogue)
    checked = validate_scenario(scenario, catalogue, armies)
    field_ = checked.battlefield
    names = {DRAW: "Draw", RANDOM: "Random"} | {side.id: side.name for side in scenario.sides}
    units = sorted(_unit_ids(scenario))

    name = scenario.namer(partial(catalogue.name_of, "units"))

    svg = map_svg(scenario, field_, catalogue, with_legend=False)
    entries = legend(scenario, field_, catalogue)
    symbols = [e for e in entries if e.group == "Objectives"]
    portrait = field_.height > field_.width
    campaign = scenario.campaign
    neighbours = _neighbours(loaded.path.parent) if campaign and (campaign.previous or campaign.next) else {}
    return Sheet(
        scenario=scenario,
        issues=tuple(loaded.locate(checked.issues)),
        map_svg=Markup(svg),  # built by map_svg, which escapes every text
        map_file=standalone_svg(scenario, field_, catalogue),
        map_size_mm=_map_size(svg, portrait),
        portrait=portrait,
        legend=tuple(entries),
        dimensions=f"{field_.width} × {field_.height} squares",
        boards=_boards(scenario, catalogue),
        names=names,
        factions={side.faction: catalogue.name_of("factions", side.faction) for side in scenario.sides},
        colours=side_colours(scenario),
        tags=dict(zip((z.id for z in scenario.zones), zone_tags(scenario), strict=True)),
        units={unit: catalogue.name_of("units", unit) for unit in units},
        objectives=tuple(
            (symbol, objective_place(o, field_)) for o, symbol in zip(scenario.objectives, symbols, strict=True)
        ),
        turns=_turns(scenario),
        game_end=_game_end(scenario),
        outcomes=tuple(_clause(o.condition, name) for o in scenario.victory.outcomes),
        early=tuple(_clause(c, name) for c in scenario.victory.end.early),
        events=tuple(_when(e, name) for e in scenario.events),
        armies=army_lines,
        titles={ident: other.title for ident, other in neighbours.items()},
        campaign=_campaign(scenario, neighbours, partial(catalogue.name_of, "units")),
    )


def objective_place(objective: Objective, battlefield: Battlefield) -> str:
    """Where an objective is, in words: a square, or a whole terrain element."""
    if objective.at is not None:
        place = f"square [{objective.at[0]}, {objective.at[1]}]"
        return place if objective.at in battlefield.squares else f"{place}, not on the map"
    element = battlefield.element_by_id(objective.element or "")
    return f"the whole {element.name}" if element else f"element {objective.element}, not on the map"


def _unit_ids(scenario: Scenario) -> set[str]:
    found = {unit for step in scenario.setup.deployment for unit in step.units}
    return found | {unit for event in scenario.events for unit in event.units}


def _clause(condition: Condition, name: Namer) -> str:
    text = describe(condition, name)
    return sentence(text[:1].upper() + text[1:])


def _when(event: Event, name: Namer) -> str:
    if event.turn is not None:
        when = f"Turn {event.turn}"
    elif event.trigger is not None:
        when = "Each time " + describe(event.trigger, name)
    else:
        when = "Every turn"
    return f"{when}, at the {event.moment} of the {PHASES[event.phase.value]}"


def _armies(loaded: LoadedScenario, catalogue: Catalogue) -> tuple[dict[str, ArmyList], dict[str, ArmyLine]]:
    """The forces' army lists that can be read (for the checks), and a line for each."""
    armies: dict[str, ArmyList] = {}
    lines: dict[str, ArmyLine] = {}
    for side in loaded.scenario.sides:
        force = loaded.scenario.force(side.id)
        path = loaded.army_path(side.id)
        if force is None or force.army is None or path is None:
            continue
        try:
            army = load_army(path).army
        except HonFileError as problem:
            lines[side.id] = ArmyLine(force.army, problem=str(problem))
            continue
        armies[side.id] = army
        issues, summary = check_army(army, catalogue)
        errors = tuple(i.message for i in issues if i.severity is Severity.ERROR)
        lines[side.id] = ArmyLine(force.army, army.name, summary.points, army.points_limit, errors)
    return armies, lines


def _map_size(svg: str, portrait: bool) -> tuple[float, float]:
    """The map's printed size in mm: as large as its box allows, keeping its proportions."""
    head = svg[: svg.index(">")]
    width = float(head.split(' width="', 1)[1].split('"', 1)[0])
    height = float(head.split(' height="', 1)[1].split('"', 1)[0])
    box_width, box_height = MAP_BOX_MM[portrait]
    scale = min(box_width / width, box_height / height)
    return round(width * scale, 1), round(height * scale, 1)


def _boards(scenario: Scenario, catalogue: Catalogue) -> tuple[str, ...]:
    found = []
    for index, placement in enumerate(scenario.map.boards, 1):
        board = catalogue.boards.get(placement.board)
        what = f"{board.name} ({placement.board})" if board else f"{placement.board} (not in the catalogue)"
        turn = f", turned {placement.rotation}° clockwise" if placement.rotation else ""
        found.append(f"B{index}: {what}, top-left square at [{placement.at[0]}, {placement.at[1]}]{turn}")
    return tuple(found)


def _turns(scenario: Scenario) -> str:
    turns = scenario.setup.turns
    # "The game lasts at least N turns": the END marker may move the end further (BfC p.16).
    return f"At least {plural(turns.count, 'turn')}" if turns.at_least else plural(turns.count, "turn")


def _game_end(scenario: Scenario) -> str:
    turns = scenario.setup.turns
    text = f"The game ends at the end of Turn {turns.count}"
    if turns.at_least:
        text += " at the earliest"
    if scenario.victory.end.early:
        # BfC p.18: "or at the end of any Supply Phase if either player has completed his objective".
        return text + ", or sooner, at the end of any Supply Phase, when one of these holds:"
    return text + "."


def _neighbours(folder: Path) -> dict[str, Scenario]:
    """The scenarios beside this one, by id, to name a campaign's neighbours and what an
    outcome changes in the next one."""
    found: dict[str, Scenario] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            other = load_scenario(path).scenario
        except HonFileError:
            continue
        found.setdefault(other.id, other)
    return found


def _campaign(scenario: Scenario, neighbours: dict[str, Scenario], unit_name: Callable[[str], str]) -> tuple[str, ...]:
    """Each campaign outcome in English, named as in the next scenario when it is beside this one."""
    campaign = scenario.campaign
    if campaign is None:
        return ()
    following = neighbours.get(campaign.next) if campaign.next else None
    name = (following or scenario).namer(unit_name)
    last = campaign.next is None
    return tuple(describe_outcome(outcome, name, campaign.name, last) for outcome in campaign.outcomes)


# --- Rendering and writing -------------------------------------------------------------------


def _swatch(entry: LegendEntry) -> Markup:
    """A legend entry's swatch as its own small inline SVG (drawn by map_svg, escaped there)."""
    return Markup(  # built by map_svg, which escapes every text
        '<svg xmlns="http://www.w3.org/2000/svg" class="swatch" viewBox="0 0 22 22" width="22" height="22" '
        f'font-family="DejaVu Sans, sans-serif">{entry.swatch}</svg>'
    )


def render_html(sheet: Sheet, paper: Paper = Paper.A4) -> str:
    template = environment().get_template("sheet.html.j2")
    return template.render(s=sheet, sc=sheet.scenario, paper=paper, swatch=_swatch)


def render_pdf(sheet: Sheet, paper: Paper = Paper.A4) -> bytes:
    """The sheet laid out by Typst (templates/sheet.typ) from the same model as the HTML."""
    scenario = sheet.scenario
    data = {
        "paper": paper.value,
        "game": scenario.game.full_name,
        # The sheet without the scenario (handed over on its own) and the map with its legend.
        "s": dataclasses.replace(sheet, map_file=""),
        "sc": scenario,
        "zone_squares": {zone.id: len(zone.area.cells()) for zone in scenario.zones},
    }
    return typst_pdf("sheet.typ", data)


def render(sheet: Sheet, fmt: SheetFormat, paper: Paper = Paper.A4) -> bytes:
    """The sheet in `fmt`, as the bytes of the file: the whole sheet, or the map alone (svg)."""
    if fmt is SheetFormat.SVG:
        return sheet.map_file.encode("utf-8")
    if fmt is SheetFormat.PDF:
        return render_pdf(sheet, paper)
    return render_html(sheet, paper).encode("utf-8")
