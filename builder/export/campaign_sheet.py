"""The printable campaign sheet (`hon campaign sheet`): the campaign's scenarios in order,
the result of each game played (winner, victory points, units lost, notes), what each
result of each scenario changes in the next one, and what was carried into the scenario to
play next. HTML from a Jinja2 template with a print stylesheet, PDF from a Typst template
reading the same model, Markdown written here. Scenarios not yet played keep blank lines to fill in by hand."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from builder.export.formats import Format, Paper
from builder.export.pdf import typst_pdf
from builder.export.roster import environment
from builder.export.roster_text import sentence
from builder.heroes.campaign.models import CampaignFile, Result
from builder.heroes.campaign.play import outcome_for, results_possible
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.campaign import CAMPAIGN_RULE, describe_outcome, force_changes
from builder.heroes.scenario.models import DRAW, Scenario
from builder.io.campaign_files import LoadedCampaign, played_scenarios
from builder.kernel.diagnostics import capitalised

FORMATS = (Format.HTML, Format.PDF, Format.MD)


@dataclass(frozen=True)
class OutcomeLine:
    result: str  # "3rd Canadian Inf. Division wins", "Draw"
    changes: str  # what it changes in the next scenario, or who wins the campaign
    chosen: bool  # the result recorded


@dataclass(frozen=True)
class StageLine:
    number: int
    title: str
    state: str  # "played", "next" or "to play"
    result: Result | None
    winner: str  # the recorded result in words, "" before it is played
    victory_points: str
    lost: str
    outcomes: tuple[OutcomeLine, ...]


@dataclass(frozen=True)
class CampaignSheet:
    campaign: CampaignFile
    status: str
    armies: tuple[tuple[str, str], ...]  # side name, the list it fields
    stages: tuple[StageLine, ...]
    carried: tuple[str, ...]  # what the last result changed in the scenario to play next


def build_campaign_sheet(loaded: LoadedCampaign, catalogue: Catalogue) -> CampaignSheet:
    campaign = loaded.campaign
    scenarios = played_scenarios(loaded)
    unit_name = partial(catalogue.name_of, "units")
    sides: dict[str, str] = {}
    for scenario in [*scenarios, campaign.current]:
        if scenario is not None:
            sides.update((s.id, s.name) for s in scenario.sides if s.id not in sides)
    stages = []
    for index, stage in enumerate(campaign.stages):
        scenario = scenarios[index] or (campaign.current if index == len(campaign.results) else None)
        following = scenarios[index + 1] if index + 1 < len(scenarios) else None
        result = campaign.results[index] if index < len(campaign.results) else None
        state = "played" if result else ("next" if index == len(campaign.results) else "to play")
        stages.append(
            StageLine(
                number=index + 1,
                title=stage.title,
                state=state,
                result=result,
                winner=_winner(result, sides),
                victory_points=", ".join(
                    f"{sides.get(s, s)} {n}" for s, n in (result.victory_points if result else {}).items()
                ),
                lost="; ".join(
                    f"{sides.get(s, s)}: {', '.join(u)}" for s, u in (result.lost if result else {}).items()
                ),
                outcomes=_outcomes(scenario, following, campaign, index, result, unit_name) if scenario else (),
            )
        )
    current = campaign.current
    carried = tuple(
        f"{rule.title}. {rule.text}"
        for rule in (current.special_rules if current else [])
        if rule.title.startswith(f"{CAMPAIGN_RULE}:")
    ) + tuple(f"Forces: {said}" for said in (force_changes(current, current.namer(unit_name)) if current else []))
    armies = tuple((sides.get(side, side), army) for side, army in campaign.armies.items())
    return CampaignSheet(campaign, _status(campaign, sides), armies, tuple(stages), carried)


def _winner(result: Result | None, sides: dict[str, str]) -> str:
    if result is None:
        return ""
    return "Draw" if result.winner == DRAW else f"{sides.get(result.winner, result.winner)} won"


def _status(campaign: CampaignFile, sides: dict[str, str]) -> str:
    played = f"{len(campaign.results)} of {len(campaign.stages)} games played"
    if campaign.winner is None:
        nxt = campaign.next_stage
        return sentence(f"{played}; next: {nxt.title}" if nxt else played)
    who = "a draw" if campaign.winner == DRAW else f"won by {sides.get(campaign.winner, campaign.winner)}"
    return f"{played}; the campaign is over, {who}."


def _outcomes(
    scenario: Scenario,
    following: Scenario | None,
    campaign: CampaignFile,
    index: int,
    result: Result | None,
    unit_name: partial[str],
) -> tuple[OutcomeLine, ...]:
    name = (following or scenario).namer(unit_name)
    last = campaign.stage_after(index) is None
    lines = []
    for winner in results_possible(scenario):
        label = "Draw" if winner == DRAW else f"{capitalised(scenario.namer()('side', winner))} wins"
        text = describe_outcome(outcome_for(scenario, winner), name, campaign.name, last)
        lines.append(OutcomeLine(label, text, result is not None and result.winner == winner))
    return tuple(lines)


# --- Rendering and writing -------------------------------------------------------------------


def render_html(sheet: CampaignSheet, paper: Paper = Paper.A4) -> str:
    return environment().get_template("campaign.html.j2").render(s=sheet, c=sheet.campaign, paper=paper)


def render_markdown(sheet: CampaignSheet) -> str:
    c = sheet.campaign
    lines = [f"# {_md(c.name)} — campaign sheet", "", _md(sheet.status), ""]
    if sheet.armies:
        lines += ["## Armies", "", *(f"- **{_md(side)}**: {_md(army)}" for side, army in sheet.armies), ""]
    lines += [
        "## Results",
        "",
        "| # | Scenario | Result | Victory points | Units lost | Notes |",
        "|---|---|---|---|---|---|",
    ]
    for stage in sheet.stages:
        notes = stage.result.notes if stage.result else ""
        cells = [
            str(stage.number),
            stage.title,
            stage.winner or f"({stage.state})",
            stage.victory_points,
            stage.lost,
            notes,
        ]
        lines.append("| " + " | ".join(_md(cell).replace("|", "\\|") for cell in cells) + " |")
    lines.append("")
    for stage in sheet.stages:
        lines += [f"## {stage.number}. {_md(stage.title)}", ""]
        for outcome in stage.outcomes:
            mark = " ✔" if outcome.chosen else ""
            lines.append(f"- **{_md(outcome.result)}**{mark}: {_md(outcome.changes)}")
        lines.append("")
    if sheet.carried:
        lines += ["## Carried into the next scenario", "", *(f"- {_md(text)}" for text in sheet.carried), ""]
    lines += [f"Campaign id {c.id}. Printed by hon."]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """User text in Markdown, read as text: its markup characters escaped, on one line."""
    flat = " ".join(text.split())
    return "".join(f"\\{ch}" if ch in "\\`*_[]<>#!" else ch for ch in flat)


def render(sheet: CampaignSheet, fmt: Format, paper: Paper = Paper.A4) -> bytes:
    if fmt is Format.MD:
        return render_markdown(sheet).encode("utf-8")
    if fmt is Format.PDF:
        campaign = {"name": sheet.campaign.name, "id": sheet.campaign.id, "game": sheet.campaign.game.full_name}
        return typst_pdf("campaign.typ", {"paper": paper.value, "c": campaign, "s": sheet})
    return render_html(sheet, paper).encode("utf-8")
