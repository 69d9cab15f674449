"""`hon campaign list | start | record | show | next | simulate`: a campaign played through,
each result carried into the next scenario (BfC p.12-19).

CAMPAIGN is the id of a campaign the bundled scenarios make (`hon campaign list`:
operation-windsor, operation-jupiter), or the file of the scenario that opens a campaign of
one's own, whose `next` links are followed among the scenarios beside it.

hon campaign start operation-windsor -o windsor.yaml
hon campaign record windsor.yaml --winner commonwealth --vp commonwealth=6 --lost german=Willi Herold
hon campaign next windsor.yaml -o welcome.yaml
hon campaign simulate windsor.yaml --seed 3

Where each writes is builder.io.outputs': `-o` a file or a folder, never a file the command
reads nor a file of another format (unless --force); `record` and `simulate` update the
campaign file itself by default, as a save does, keeping a `.bak`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from builder.cli.app import (
    CatalogueOption,
    ForceOption,
    JsonOption,
    app,
    catalogue_inputs,
    console,
    open_catalogue,
    tell_written,
)
from builder.cli.bounds import SEEDS, bounded
from builder.cli.simulate_commands import ArmiesOption, armies_given

if TYPE_CHECKING:
    from builder.heroes.campaign.models import CampaignFile
    from builder.heroes.catalogue.index import Catalogue
    from builder.io.campaign_files import LoadedCampaign

campaign_app = typer.Typer(help="Play campaigns through, one scenario after another.", no_args_is_help=True)
app.add_typer(campaign_app, name="campaign")

CampaignArgument = Annotated[Path, typer.Argument(help="A campaign file (hon campaign start writes one).")]
# Text, not a Path: a Path would drop the trailing slash that says "a folder".
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        help="A file, or a folder to write into (a new name without an extension is a folder); by default the "
        "campaign file itself.",
    ),
]


def _require(path: Path) -> None:
    """Refuse a file of a game whose system plays no campaigns, in one sentence."""
    from builder.kernel.system import Capability
    from builder.services.systems import require

    require(path, Capability.CAMPAIGN)


def read(file: Path) -> LoadedCampaign:
    """The campaign file, refused in one sentence when it cannot be read."""
    from builder.io.campaign_files import load_campaign

    _require(file)
    return load_campaign(file)


def side_values(given: list[str], option: str) -> dict[str, list[str]]:
    """SIDE=VALUE options, by side, in the order given."""
    found: dict[str, list[str]] = {}
    for item in given:
        side, sep, value = item.partition("=")
        if not sep or not side.strip() or not value.strip():
            raise typer.BadParameter(f"{item!r} is not SIDE=VALUE", param_hint=option)
        found.setdefault(side.strip(), []).append(value.strip())
    return found


def victory_points(given: list[str]) -> dict[str, int]:
    points: dict[str, int] = {}
    for side, values in side_values(given, "--vp").items():
        try:
            points[side] = sum(int(value) for value in values)
        except ValueError:
            raise typer.BadParameter(
                f"{side}={values[0]!r}: victory points are a whole number", param_hint="--vp"
            ) from None
        if points[side] < 0 or points[side] > 1000:
            raise typer.BadParameter(f"{side}: {points[side]} victory points is out of range", param_hint="--vp")
    return points


@campaign_app.command("list")
def list_command(as_json: JsonOption = False) -> None:
    """The campaigns the bundled scenarios make, with their scenarios in order."""
    from builder.io.campaign_files import chains

    found = chains()
    if as_json:
        rows = [{"id": c.id, "name": c.name, "scenarios": [s.scenario.id for s in c.scenarios]} for c in found]
        print(json.dumps(rows, indent=2))
        return
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("id", "campaign", "scenarios, in order"):
        table.add_column(column)
    for chain in found:
        table.add_row(chain.id, chain.name, " → ".join(s.scenario.title for s in chain.scenarios))
    console.print(table)


@campaign_app.command("start")
def start_command(
    campaign: Annotated[str, typer.Argument(help="A campaign id (hon campaign list) or its first scenario's file.")],
    army: ArmiesOption = None,
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The campaign file to write, or a folder (a new name without an extension is a folder); by "
            "default exports/<id>-campaign.yaml.",
        ),
    ] = None,
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Start a campaign: write a campaign file with its first scenario to play."""
    from builder.io.campaign_files import CAMPAIGN_KIND
    from builder.io.outputs import exports_folder, output
    from builder.services.campaign import find_chain, start_campaign

    loaded_catalogue, _ = open_catalogue(catalogue)
    chain = find_chain(campaign)
    _require(chain.scenarios[0].path)
    armies = armies_given(army or [])
    name = f"{chain.id}-campaign.yaml"
    inputs = [*chain.files(), *armies.values(), *catalogue_inputs(catalogue)]
    target = output(given, name, exports_folder() / name, CAMPAIGN_KIND, inputs=inputs, force=force, stdout=False)
    tell_written(start_campaign(chain, armies, target, loaded_catalogue))


@campaign_app.command("record")
def record_command(
    file: CampaignArgument,
    winner: Annotated[str, typer.Option("--winner", help="The side that won the game, or draw.")],
    vp: Annotated[list[str] | None, typer.Option("--vp", help="SIDE=N: the victory points a side scored.")] = None,
    lost: Annotated[list[str] | None, typer.Option("--lost", help="SIDE=UNIT: a unit the side lost.")] = None,
    note: Annotated[str, typer.Option("--note", help="Notes on the game.")] = "",
    given: OutputOption = None,
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Record the result of the current game and carry it into the next scenario."""
    from pydantic import ValidationError

    from builder.heroes.campaign.models import Result
    from builder.io.campaign_files import save_campaign_as
    from builder.services.campaign import campaign_output, game_to_record, record_result

    points, losses = victory_points(vp or []), side_values(lost or [], "--lost")
    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = read(file)
    target = campaign_output(loaded, given, catalogue_inputs(catalogue), force)
    scenario = game_to_record(loaded).id
    try:
        result = Result(scenario=scenario, winner=winner, victory_points=points, lost=losses, notes=note)
    except ValidationError as problem:
        first = problem.errors(include_url=False)[0]
        option = {"winner": "--winner", "lost": "--lost", "notes": "--note"}.get(str(first["loc"][0]), "--vp")
        raise typer.BadParameter(str(first["msg"]), param_hint=option) from None
    recorded = record_result(loaded, result, loaded_catalogue)
    tell_written(save_campaign_as(loaded, recorded, target), beside_report=True)
    tell_state(recorded, loaded, loaded_catalogue)


@campaign_app.command("show")
def show_command(file: CampaignArgument, catalogue: CatalogueOption = None, as_json: JsonOption = False) -> None:
    """The campaign: its scenarios, the results so far, and what each next result would change."""
    from builder.services.campaign import what_next

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = read(file)
    campaign = loaded.campaign
    if as_json:
        data = campaign.model_dump(mode="json", exclude={"current"})
        data["next"] = campaign.current.id if campaign.current is not None else None
        data["winner"] = campaign.winner
        data["outlook"] = [{"result": r, "changes": text} for r, text in what_next(loaded, loaded_catalogue)]
        print(json.dumps(data, indent=2))
        return
    from builder.cli.render import titled

    console.print(titled(campaign.name, f" — {len(campaign.results)} of {len(campaign.stages)} games played"))
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("#", "scenario", "result", "victory points", "units lost", "notes"):
        table.add_column(column)
    for index, stage in enumerate(campaign.stages):
        if index < len(campaign.results):
            r = campaign.results[index]
            table.add_row(
                str(index + 1),
                stage.title,
                "draw" if r.winner == "draw" else f"{r.winner} won",
                ", ".join(f"{side} {n}" for side, n in r.victory_points.items()),
                ", ".join(f"{side} {len(units)}" for side, units in r.lost.items()),
                r.notes,
            )
        else:
            table.add_row(str(index + 1), stage.title, "to play" if index == len(campaign.results) else "", "", "", "")
    console.print(table)
    tell_state(campaign, loaded, loaded_catalogue)


def tell_state(campaign: CampaignFile, loaded: LoadedCampaign, catalogue: Catalogue) -> None:
    """Who won the campaign, or the next scenario and what each of its results would change."""
    from builder.cli.render import titled
    from builder.io.campaign_files import LoadedCampaign
    from builder.services.campaign import what_next

    if campaign.current is None:
        winner = campaign.winner
        said = "a draw" if winner == "draw" else f"won by {winner}"
        console.print(titled("Campaign over:", f" {campaign.name} is {said}."))
        return
    console.print(titled("Next:", f" {campaign.current.title}"))
    for rule in campaign.current.special_rules:
        if rule.title.startswith("Campaign:"):
            console.print(Text(f"  {rule.title}. {rule.text}"))
    now = LoadedCampaign(loaded.path, campaign, loaded.document, loaded.fingerprint)
    for result, text in what_next(now, catalogue):
        console.print(Text(f"  If {'it is a draw' if result == 'draw' else result + ' wins'}: {text}"))


@campaign_app.command("next")
def next_command(
    file: CampaignArgument,
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The scenario file, a folder (a new name without an extension is a folder), or - (default: "
            "beside the campaign file).",
        ),
    ] = None,
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Write the next scenario with the campaign's changes made, ready for hon scenario check,
    deploy and simulate."""
    from builder.services.campaign import check_units, next_output, write_next

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = check_units(read(file), loaded_catalogue)
    tell_written(write_next(loaded, next_output(loaded, given, catalogue_inputs(catalogue), force)))


@campaign_app.command("simulate")
def simulate_command(
    file: CampaignArgument,
    seed: Annotated[
        int, bounded("--seed", within=SEEDS, help="The first game's dice seed; the next games take the next seeds.")
    ] = 1,
    given: OutputOption = None,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """Play the rest of the campaign by simulation, recording each result."""
    from builder.io.campaign_files import save_campaign_as
    from builder.services.campaign import campaign_output, simulate_campaign

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = read(file)
    target = campaign_output(loaded, given, catalogue_inputs(catalogue), force)
    finished, games = simulate_campaign(loaded, loaded_catalogue, seed)
    path = save_campaign_as(loaded, finished, target)
    tell_written(path, beside_report=True)
    if as_json:
        rows = [g.result.model_dump(mode="json", exclude_defaults=True) for g in games]
        print(json.dumps({"games": rows, "winner": finished.winner, "file": str(path)}, indent=2))
        return
    for game in games:
        points = ", ".join(f"{side} {n}" for side, n in game.result.victory_points.items())
        console.print(
            Text(f"{game.record.scenario} (seed {game.result.seed}): {game.record.outcome}; victory points {points}.")
        )
    tell_state(finished, loaded, loaded_catalogue)


@campaign_app.command("sheet")
def sheet_command(
    file: CampaignArgument,
    fmt: Annotated[str, typer.Option("--format", "-f", help="html, pdf or md.")] = "html",
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="A file, a folder to write into (a new name without an extension is a folder), or - for "
            "standard output.",
        ),
    ] = None,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (html and pdf).")] = "a4",
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Write a printable campaign sheet, into exports/ unless -o says otherwise."""
    from builder.export.campaign_sheet import FORMATS, build_campaign_sheet, render
    from builder.export.formats import Paper
    from builder.services.campaign import check_units, sheet_output

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = check_units(read(file), loaded_catalogue)  # the file's own problem first, then the options
    formats, papers = {f.value: f for f in FORMATS}, {p.value: p for p in Paper}
    if fmt not in formats:
        raise typer.BadParameter(f"{fmt!r} is not one of html, pdf, md.", param_hint="--format")
    if paper not in papers:
        raise typer.BadParameter(f"{paper!r} is not one of a4, letter.", param_hint="--paper")
    target = sheet_output(loaded, formats[fmt].extension, given, catalogue_inputs(catalogue), force)
    sheet = build_campaign_sheet(loaded, loaded_catalogue)
    tell_written(target.write(render(sheet, formats[fmt], papers[paper])))
