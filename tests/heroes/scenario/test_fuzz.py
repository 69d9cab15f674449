"""Fuzzed scenario files never raise anything but HonFileError through
builder.io.scenario_files: hon reads them or says in one line why it can't."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.io.errors import HonFileError
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario, scenario_from_document
from builder.io.yamlio import decode, parse
from tests.io.test_fuzz import mutated, yaml_values

# libyaml where PyYAML was built with it, as builder.io.yamlio does.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
FAST_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
SHIPPED = {path.name: path.read_text(encoding="utf-8") for path in sorted(SCENARIOS_DIR.glob("*.yaml"))}
# Each shipped scenario read once (PyYAML's pure-Python reader took half the time of the
# wrong-shape test), copied for each example; examples are written with libyaml.
SHIPPED_DATA = {name: yaml.load(text, Loader=FAST_LOADER) for name, text in SHIPPED.items()}
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(text: str) -> None:
    try:
        scenario_from_document(parse(text, "fuzz.yaml"))
    except HonFileError as problem:
        assert str(problem).startswith("fuzz.yaml")
        assert "\n" not in str(problem)


@st.composite
def mutated_scenario(draw: st.DrawFn) -> str:
    return draw(mutated(SHIPPED[draw(st.sampled_from(sorted(SHIPPED)))]))


@FUZZ
@given(mutated_scenario())
def test_mutated_shipped_scenarios(text: str) -> None:
    read(text)


@FUZZ
@given(st.text(max_size=300))
def test_arbitrary_text(text: str) -> None:
    read(text)


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes(raw: bytes) -> None:
    try:
        text = decode(raw, "fuzz.yaml")
    except HonFileError:
        return
    read(text)


SECTIONS = ["map", "zones", "objectives", "setup", "victory", "events", "sides", "forces", "campaign", "at"]


@FUZZ
@given(st.sampled_from(sorted(SHIPPED)), st.dictionaries(st.sampled_from(SECTIONS), yaml_values, max_size=3))
def test_well_formed_yaml_of_the_wrong_shape(name: str, replaced: dict[str, Any]) -> None:
    data = copy.deepcopy(SHIPPED_DATA[name])
    data.update(replaced)
    read(yaml.dump(data, Dumper=FAST_DUMPER, allow_unicode=True))


@settings(max_examples=30, deadline=None)
@given(mutated_scenario())
def test_loading_a_mutated_file_from_disk(tmp_path_factory: Any, text: str) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        loaded = load_scenario(path)
    except HonFileError as problem:
        assert "\n" not in str(problem)
        return
    try:
        loaded.armies()
    except HonFileError as problem:  # a force naming an army list that is not there
        assert "\n" not in str(problem)
