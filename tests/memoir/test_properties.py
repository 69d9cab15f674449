"""Properties (DESIGN.md 8): a scenario written to .m44 and read back is the same scenario;
a mutated scenario or .m44 file never yields a traceback, only exit 0, 1 or 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.diagnostics import Severity
from builder.memoir.catalogue import Layer, Side
from builder.memoir.m44 import from_m44, to_m44
from builder.memoir.scenario import Place, Tile, Unit
from tests.memoir.helpers import CATALOGUE, scenario

BOARD = list(CATALOGUE.boards["standard"].board().hexes())
LAYERS = {layer: [t.id for t in CATALOGUE.terrain.values() if t.layer is layer] for layer in Layer}
UNITS = st.builds(
    Unit,
    type=st.sampled_from(["infantry", "armor", "artillery"]),
    side=st.sampled_from(list(Side)),
    figures=st.none() | st.integers(1, 2),
)


@st.composite
def places(draw: st.DrawFn) -> tuple[Place, ...]:
    chosen = draw(st.lists(st.sampled_from(BOARD), unique=True, max_size=25))
    found = []
    for place in chosen:
        terrain = draw(st.none() | st.sampled_from(LAYERS[Layer.TERRAIN]))
        obstacle = draw(st.none() | st.sampled_from(LAYERS[Layer.OBSTACLE]))
        found.append(
            Place(
                row=place.row,
                col=place.col,
                terrain=Tile(id=terrain) if terrain else None,
                obstacle=Tile(id=obstacle, orientation=draw(st.none() | st.integers(1, 6))) if obstacle else None,
                unit=draw(st.none() | UNITS),
                tags=tuple(draw(st.lists(st.sampled_from(["medal0", "medal1", "medal2"]), max_size=1))),
            )
        )
    return tuple(found)


@given(places())
def test_m44_export_then_import_is_identity(hexes: tuple[Place, ...]) -> None:
    original = scenario(*hexes)
    back, issues = from_m44(json.loads(json.dumps(to_m44(original, CATALOGUE))), CATALOGUE, "test")
    assert all(i.severity is Severity.INFO for i in issues)
    assert back.hexes == tuple(
        p.model_copy(
            update={"unit": p.unit.model_copy(update={"nation": {"allies": "us", "axis": "ger"}[p.unit.side.value]})}
        )
        if p.unit
        else p
        for p in hexes
    )
    assert back.sides == original.sides and back.starts == original.starts


SHIPPED = (SCENARIOS_DIR / "m44" / "orchard-crossing.yaml").read_text(encoding="utf-8")


@settings(max_examples=30)
@given(st.data())
def test_a_mutated_scenario_never_yields_a_traceback(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    lines = SHIPPED.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    replacement = data.draw(
        st.sampled_from(["", "  - ", "x: [", "row: -7", "type: tank", "figures: 99", "col: 3", "edge: top"])
    )
    mutated = "\n".join([*lines[:index], replacement, *lines[index + 1 :]])
    path = tmp_path_factory.mktemp("fuzz") / "mutated.yaml"
    path.write_text(mutated, encoding="utf-8")
    for command in (
        ["scenario", "check", str(path)],
        ["simulate", str(path), "--turns", "2"],
        ["scenario", "export", str(path)],
    ):
        assert main(command) in (0, 1, 2)


def test_a_mutated_m44_never_yields_a_traceback(tmp_path: Path) -> None:
    text = (Path(__file__).parent / "fixtures" / "hedgerow-crossroads.m44").read_text(encoding="utf-8")
    for cut in range(0, len(text), 97):
        path = tmp_path / "cut.m44"
        path.write_text(text[:cut] + text[cut + 5 :], encoding="utf-8")
        assert main(["scenario", "import", str(path)]) in (0, 2)
