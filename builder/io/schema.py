"""JSON Schemas for the files hon reads, for editors (`hon schema`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.heroes.army.models import ArmyList
from builder.heroes.campaign.models import CampaignFile
from builder.heroes.catalogue.document import CatalogueFile
from builder.heroes.scenario.models import Scenario
from builder.io.outputs import Kind, Output
from builder.memoir.scenario import Scenario as HexScenario
from builder.tcg.catalogue import CardFile
from builder.tcg.scenario import ForceFile
from builder.tcg.scenario import Scenario as TcgScenario

SchemaBuilder = Callable[[], dict[str, Any]]


def _schema(model: type[Any], title: str) -> SchemaBuilder:
    def build() -> dict[str, Any]:
        schema: dict[str, Any] = model.model_json_schema()
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": title}

    return build


SCHEMAS: dict[str, SchemaBuilder] = {
    "army.schema.json": _schema(ArmyList, "hon army list"),
    "campaign.schema.json": _schema(CampaignFile, "hon campaign"),
    "catalogue.schema.json": _schema(CatalogueFile, "hon catalogue file"),
    "scenario.schema.json": _schema(Scenario, "hon scenario"),
    "m44-scenario.schema.json": _schema(HexScenario, "hon hex-game (m44) scenario"),
    "tcg-cards.schema.json": _schema(CardFile, "hon Tactical Card Game cards"),
    "tcg-scenario.schema.json": _schema(TcgScenario, "hon Tactical Card Game scenario"),
    "tcg-force.schema.json": _schema(ForceFile, "hon Tactical Card Game force"),
}


def render(name: str) -> str:
    return json.dumps(SCHEMAS[name](), indent=2, sort_keys=False) + "\n"


def write_schemas(folder: Path, force: bool = False) -> list[Path]:
    """Every schema into `folder` (made if new), each atomically; all are checked before
    any is written, so a refused one leaves the folder as it was. The paths written."""
    targets = {name: Output(folder / name, Kind.extension(".json"), force=force) for name in SCHEMAS}
    for target in targets.values():
        target.check()
    return [target.save(render(name).encode("utf-8")) for name, target in targets.items()]
