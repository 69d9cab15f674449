"""Reading and writing campaign files (`format: hon-campaign`), and finding the campaigns
the bundled scenarios make: the scenarios one campaign's links chain together, in order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from builder.heroes.campaign.models import CAMPAIGN_FORMAT, CAMPAIGN_VERSION, MAX_STAGES, CampaignFile, inconsistencies
from builder.heroes.scenario.models import Scenario
from builder.io.dump import to_yaml
from builder.io.errors import HonFileError
from builder.io.migrate import checked_data
from builder.io.outputs import Kind, Output
from builder.io.paths import SCENARIOS_DIR
from builder.io.save import Fingerprint, atomic_write, same_file
from builder.io.scenario_files import LoadedScenario, check_file_name, load_scenario, moved_armies, relative_to
from builder.io.yamlio import Document, join_path, load_document, to_model

CAMPAIGN_SCHEMA = "campaign.schema.json"
CAMPAIGN_KIND = Kind.tagged(CAMPAIGN_FORMAT)


@dataclass(frozen=True)
class LoadedCampaign:
    path: Path
    campaign: CampaignFile
    document: Document
    fingerprint: Fingerprint

    @property
    def folder(self) -> Path:
        return self.path.parent


def campaign_from_document(document: Document) -> CampaignFile:
    data = checked_data(document, CAMPAIGN_FORMAT, CAMPAIGN_VERSION, "campaign")
    document = Document(document.file, document.text, data)
    campaign: CampaignFile = to_model(document, CampaignFile)
    for index, stage in enumerate(campaign.stages):
        check_file_name(document, stage.file, ["stages", index, "file"], "the scenario's file name")
    for side, army in campaign.armies.items():
        check_file_name(document, army, ["armies", side], "the army list's file name")
    if campaign.current is not None:
        for index, force in enumerate(campaign.current.forces):
            if force.army is not None:
                where: list[str | int] = ["current", "forces", index, "army"]
                check_file_name(document, force.army, where, "the army list's file name")
    for where, problem in inconsistencies(campaign):
        raise document.error(problem, where, join_path(where) or None)
    return campaign


def load_campaign(path: Path) -> LoadedCampaign:
    document = load_document(path)
    return LoadedCampaign(path, campaign_from_document(document), document, Fingerprint.of(path))


def campaign_yaml(campaign: CampaignFile, target: Path) -> str:
    return to_yaml(campaign, CAMPAIGN_SCHEMA, target)


def save_campaign(campaign: CampaignFile, path: Path, expected: Fingerprint | None = None) -> Fingerprint:
    return atomic_write(path, campaign_yaml(campaign, path).encode("utf-8"), expected)


def moved_campaign(campaign: CampaignFile, source: Path, target: Path) -> CampaignFile:
    """The campaign read in folder `source` as it must be written in folder `target`: its
    scenario files and army lists keep naming the same files."""
    source, target = source.resolve(), target.resolve()
    if source == target:
        return campaign
    stages = [s.model_copy(update={"file": relative_to((source / s.file).resolve(), target)}) for s in campaign.stages]
    armies = {side: relative_to((source / army).resolve(), target) for side, army in campaign.armies.items()}
    current = moved_armies(campaign.current, source, target) if campaign.current is not None else None
    return campaign.model_copy(update={"stages": stages, "armies": armies, "current": current})


def save_campaign_as(loaded: LoadedCampaign, campaign: CampaignFile, target: Output) -> Path:
    """Write `campaign` (read from `loaded`) at `target`: over the file it was read from
    unless it changed on disk since, or as a new file elsewhere, its file names moved
    along. The path written."""
    path = target.file
    if same_file(path, loaded.path):
        return target.save(campaign_yaml(campaign, path).encode("utf-8"), loaded.fingerprint)
    return target.save(campaign_yaml(moved_campaign(campaign, loaded.folder, path.parent), path).encode("utf-8"))


def campaign_files(loaded: LoadedCampaign) -> list[Path]:
    """The files the campaign names, which writing it never replaces: its scenarios, its
    sides' army lists and those its current scenario's forces name."""
    campaign = loaded.campaign
    named = [stage.file for stage in campaign.stages] + list(campaign.armies.values())
    if campaign.current is not None:
        named += [force.army for force in campaign.current.forces if force.army is not None]
    return [loaded.folder / name for name in named]


# --- Campaigns the scenarios make ----------------------------------------------------------


@dataclass(frozen=True)
class Chain:
    """A campaign as its scenario files link it: its id (its name in kebab case), its name,
    and the scenarios in the order they are played."""

    id: str
    name: str
    scenarios: tuple[LoadedScenario, ...]

    def files(self) -> list[Path]:
        """Its scenarios' files and the army lists they name: what starting it reads."""
        return [path for loaded in self.scenarios for path in loaded.files()]


def campaign_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"


def chains(folder: Path = SCENARIOS_DIR) -> list[Chain]:
    """The campaigns of the scenarios in `folder`: each scenario that opens a campaign (it has
    a campaign and no previous scenario) and the scenarios its `next` links lead to."""
    found = _readable(folder)
    by_id = {loaded.scenario.id: loaded for loaded in found}
    opening = [
        loaded for loaded in found if loaded.scenario.campaign is not None and loaded.scenario.campaign.previous is None
    ]
    return [_follow(first, by_id) for first in opening]


def chain_from(path: Path) -> Chain:
    """The campaign that opens with the scenario file `path`, its links followed among the
    scenarios beside it. A scenario with no campaign, or a link to a scenario not there, is a
    HonFileError."""
    first = load_scenario(path)
    if first.scenario.campaign is None:
        raise HonFileError(path, "this scenario is not part of a campaign (it has no campaign: section).")
    return _follow(first, {loaded.scenario.id: loaded for loaded in _readable(path.parent)}, strict=True)


def _readable(folder: Path) -> list[LoadedScenario]:
    found = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            found.append(load_scenario(path))
        except HonFileError:
            continue  # not a scenario, or not readable: it opens no campaign
    return found


def _follow(first: LoadedScenario, by_id: dict[str, LoadedScenario], strict: bool = False) -> Chain:
    campaign = first.scenario.campaign
    assert campaign is not None
    scenarios = [first]
    link = campaign.next
    while link is not None and len(scenarios) < MAX_STAGES:
        loaded = by_id.get(link)
        if loaded is None or loaded in scenarios:
            if strict:
                said = "is not beside it" if loaded is None else "comes back to an earlier scenario"
                raise HonFileError(
                    scenarios[-1].path, f"the campaign's next scenario, {link!r}, {said}.", None, "campaign.next"
                )
            break
        scenarios.append(loaded)
        link = loaded.scenario.campaign.next if loaded.scenario.campaign else None
    return Chain(campaign_id(campaign.name), campaign.name, tuple(scenarios))


def scenario_of(campaign: LoadedCampaign, index: int) -> Scenario:
    """The scenario of stage `index` as its file prints it, its army lists named from the
    campaign file's folder. An unreadable file is a HonFileError."""
    stage = campaign.campaign.stages[index]
    loaded = load_scenario(campaign.folder / stage.file)
    if loaded.scenario.id != stage.scenario:
        raise HonFileError(
            loaded.path, f"this is scenario {loaded.scenario.id!r}, not {stage.scenario!r} as the campaign says."
        )
    return moved_armies(loaded.scenario, loaded.path.parent, campaign.folder)


def following(campaign: LoadedCampaign) -> Scenario | None:
    """The scenario after the current one, as its file prints it (to name what the current
    one's outcomes change in it); None after the last scenario or when it cannot be read."""
    index = len(campaign.campaign.results) + 1
    if campaign.campaign.finished or index >= len(campaign.campaign.stages):
        return None
    try:
        return scenario_of(campaign, index)
    except HonFileError:
        return None


def played_scenarios(campaign: LoadedCampaign) -> list[Scenario | None]:
    """Every stage's scenario as its file prints it, None where a file cannot be read."""
    found: list[Scenario | None] = []
    for index in range(len(campaign.campaign.stages)):
        try:
            found.append(scenario_of(campaign, index))
        except HonFileError:
            found.append(None)
    return found
