"""Campaigns for both front ends: start one from the bundled scenarios (or a chain of one's
own), record a result and carry it into the next scenario, write that scenario out, and play
a whole campaign through by simulation. Every file is read before any is written, so a bad
input leaves the campaign file as it was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from builder.heroes.campaign.models import CampaignFile, Result, Stage
from builder.heroes.campaign.play import ResultRefused, begin, outlook, record
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.simulation import GameRecord
from builder.heroes.scenario.campaign import change_problems
from builder.heroes.scenario.changes import units_named
from builder.heroes.scenario.models import DRAW, Scenario
from builder.io.army_files import load_army
from builder.io.campaign_files import (
    CAMPAIGN_KIND,
    Chain,
    LoadedCampaign,
    campaign_files,
    campaign_yaml,
    chain_from,
    chains,
    following,
    scenario_of,
)
from builder.io.errors import HonFileError
from builder.io.outputs import Output, output, printout
from builder.io.save import Fingerprint
from builder.io.scenario_files import SCENARIO_KIND, LoadedScenario, moved_armies, relative_to, scenario_yaml
from builder.io.yamlio import join_path, parse
from builder.kernel.diagnostics import join_or
from builder.services.game import prepare_game


class CampaignRefused(HonFileError):
    """A campaign that cannot be started or go on: one sentence naming the file."""


def find_chain(spec: str, folder: Path | None = None) -> Chain:
    """The campaign `spec` names: the id of a bundled campaign (`hon campaign list`), or the
    file of the scenario that opens a campaign of one's own."""
    known = chains(folder) if folder is not None else chains()
    chosen = next((chain for chain in known if chain.id == spec), None)
    if chosen is not None:
        return chosen
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return chain_from(path)
    ids = join_or(chain.id for chain in known) or "none"
    raise CampaignRefused(spec, f"no campaign has this id (the bundled campaigns are {ids}), and it is not a file.")


def start(chain: Chain, armies: Mapping[str, Path], target: Path, catalogue: Catalogue) -> CampaignFile:
    """A campaign file for `chain`, to be saved at `target`, each side in `armies` fielding
    that list in every scenario. Every link is checked against the scenario it leads to."""
    _check_links(chain, catalogue)
    first = chain.scenarios[0]
    sides = [s.id for s in first.scenario.sides]
    folder = target.resolve().parent
    named: dict[str, str] = {}
    for side, path in armies.items():
        if side not in sides:
            raise CampaignRefused(first.path, f"the campaign has no side {side!r}; its sides are {join_or(sides)}.")
        load_army(path)  # refuse an unreadable list now, not in the middle of the campaign
        named[side] = relative_to(path.resolve(), folder)
    stages = [
        Stage(scenario=loaded.scenario.id, title=loaded.scenario.title, file=relative_to(loaded.path.resolve(), folder))
        for loaded in chain.scenarios
    ]
    opening = moved_armies(first.scenario, first.path.resolve().parent, folder)
    return begin(chain.id, chain.name, first.scenario.game, stages, opening, named)


def start_campaign(chain: Chain, armies: Mapping[str, Path], target: Output, catalogue: Catalogue) -> Path:
    """Start the campaign (`start`) and write its file at `target`; the path written."""
    started = start(chain, armies, target.file, catalogue)
    return target.save(campaign_yaml(started, target.file).encode("utf-8"))


def _check_links(chain: Chain, catalogue: Catalogue) -> None:
    for earlier, later in zip(chain.scenarios, chain.scenarios[1:], strict=False):
        campaign = earlier.scenario.campaign
        for index, outcome in enumerate(campaign.outcomes if campaign else []):
            for problem in change_problems(outcome.changes, later.scenario, catalogue.units):
                raise CampaignRefused(earlier.path, problem, None, f"campaign.outcomes[{index}].changes")


def check_units(loaded: LoadedCampaign, catalogue: Catalogue) -> LoadedCampaign:
    """The campaign, refused (one sentence naming the field) when its current scenario names
    a unit the catalogue does not have: in the units the last result added or removed, or in
    what a result of it would change (a file edited by hand)."""
    current = loaded.campaign.current
    if current is None:
        return loaded
    named: list[tuple[list[str | int], list[str]]] = []
    for i, force in enumerate(current.forces):
        named += [
            (["current", "forces", i, "extra"], force.extra),
            (["current", "forces", i, "removed"], force.removed),
        ]
    for i, outcome in enumerate(current.campaign.outcomes if current.campaign else []):
        for j, change in enumerate(outcome.changes):
            where: list[str | int] = ["current", "campaign", "outcomes", i, "changes", j]
            named += [([*where, field], units) for field, units in units_named(change).items()]
    for where, units in named:
        for k, unit in enumerate(units):
            if unit not in catalogue.units:
                path = [*where, k]
                raise loaded.document.error(f"the catalogue has no unit {unit!r}.", path, join_path(path))
    return loaded


def game_to_record(loaded: LoadedCampaign) -> Scenario:
    """The scenario whose result is to be recorded; a campaign that is over is a CampaignRefused."""
    current = loaded.campaign.current
    if current is None:
        raise CampaignRefused(
            loaded.path, f"the {loaded.campaign.name} campaign is over: there is no game left to play."
        )
    return current


def record_result(loaded: LoadedCampaign, result: Result, catalogue: Catalogue) -> CampaignFile:
    """The campaign with `result` recorded and carried into the next scenario (read from its
    file now). A result that does not fit is a CampaignRefused."""
    campaign = check_units(loaded, catalogue).campaign
    index = len(campaign.results)
    following = scenario_of(loaded, index + 1) if campaign.stage_after(index) is not None else None
    try:
        return record(campaign, result, following, partial(catalogue.name_of, "units"))
    except ResultRefused as problem:
        raise CampaignRefused(loaded.path, str(problem)) from None


def what_next(loaded: LoadedCampaign, catalogue: Catalogue) -> list[tuple[str, str]]:
    """What each result of the current scenario would change, as (result, sentences), named
    as in the next scenario (its objectives, its sides' names) when it can be read."""
    current = check_units(loaded, catalogue).campaign.current
    if current is None:
        return []
    return outlook(loaded.campaign, (following(loaded) or current).namer(partial(catalogue.name_of, "units")))


def current_scenario(loaded: LoadedCampaign, target: Path) -> Scenario:
    """The scenario to play next, as it must be written at `target` (its army lists named
    from there). A campaign that is over is a CampaignRefused."""
    current = game_to_record(loaded)
    return moved_armies(current, loaded.folder.resolve(), target.resolve().parent)


def campaign_output(
    loaded: LoadedCampaign, given: str | None = None, inputs: Iterable[Path] = (), force: bool = False
) -> Output:
    """Where a result recorded (or a campaign simulated) is written: over the campaign's own
    file, as a save, unless `given` (-o) says otherwise; never over a file it names."""
    read = [*campaign_files(loaded), *inputs]
    return output(given, loaded.path.name, loaded.path, CAMPAIGN_KIND, inputs=read, force=force, stdout=False)


def next_output(
    loaded: LoadedCampaign, given: str | None = None, inputs: Iterable[Path] = (), force: bool = False
) -> Output:
    """Where the next scenario is written: beside the campaign file, named after its id,
    unless `given` (-o) says otherwise (- is standard output)."""
    current = loaded.campaign.current
    name = f"{current.id}.yaml" if current is not None else "scenario.yaml"
    read = [loaded.path, *campaign_files(loaded), *inputs]
    return output(given, name, loaded.folder / name, SCENARIO_KIND, inputs=read, force=force)


def write_next(loaded: LoadedCampaign, target: Output) -> Path | None:
    """Write the scenario to play next at `target`; the path written (None: standard
    output, its army lists then named from the current folder)."""
    where = target.path or Path.cwd() / "scenario.yaml"
    return target.write(scenario_yaml(current_scenario(loaded, where), where).encode("utf-8"))


def sheet_output(
    loaded: LoadedCampaign, extension: str, given: str | None = None, inputs: Iterable[Path] = (), force: bool = False
) -> Output:
    """Where the campaign sheet is printed: `exports/<id>-campaign.<ext>` unless -o says."""
    read = [loaded.path, *campaign_files(loaded), *inputs]
    return printout(given, f"{loaded.campaign.id}-campaign", extension, inputs=read, force=force)


def current_game(loaded: LoadedCampaign, catalogue: Catalogue) -> LoadedScenario:
    """The current scenario as a scenario file beside the campaign, for prepare_game."""
    scenario = current_scenario(loaded, loaded.path)
    path = loaded.folder / f"{scenario.id}.yaml"
    text = scenario_yaml(scenario, path)
    return LoadedScenario(path, scenario, parse(text, str(loaded.path)), Fingerprint(None))


@dataclass(frozen=True)
class Played:
    """A game of the campaign played by simulation, and the result recorded for it."""

    record: GameRecord
    result: Result


def play_current(loaded: LoadedCampaign, catalogue: Catalogue, seed: int) -> Played:
    """The current scenario played by the simple policy for every side."""
    game = prepare_game(current_game(loaded, catalogue), catalogue)
    played = game.simulate(seed=seed)
    result = Result(
        scenario=game.scenario.id,
        winner=played.winner or DRAW,
        victory_points=dict(played.victory_points),
        lost={side: list(names) for side, names in played.lost.items() if names},
        notes=f"Played by simulation: {played.outcome}.",
        seed=seed,
    )
    return Played(played, result)


def simulate_campaign(loaded: LoadedCampaign, catalogue: Catalogue, seed: int) -> tuple[CampaignFile, list[Played]]:
    """Every game left in the campaign played through, the first with `seed`, the next with
    seed + 1 and so on, each result recorded and carried into the next scenario."""
    game_to_record(check_units(loaded, catalogue))  # a campaign that is over has nothing to play
    games: list[Played] = []
    while not loaded.campaign.finished:
        played = play_current(loaded, catalogue, seed + len(games))
        games.append(played)
        campaign = record_result(loaded, played.result, catalogue)
        loaded = LoadedCampaign(loaded.path, campaign, loaded.document, loaded.fingerprint)
    return loaded.campaign, games
