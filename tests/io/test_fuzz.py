"""Fuzzed files never produce a traceback: hon either reads them or says why it can't."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.io.army_files import parse_army
from builder.io.catalogue_yaml import parse_catalogue
from builder.io.errors import HonFileError
from builder.io.paths import DATA_DIR, DEFAULT_ARMY
from builder.io.yamlio import decode, parse

GOOD_ARMY = DEFAULT_ARMY.read_text(encoding="utf-8")
GOOD_CATALOGUE = (DATA_DIR / "hon" / "us.yaml").read_text(encoding="utf-8")
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_army(text: str) -> None:
    try:
        parse_army(text, "fuzz.yaml")
    except HonFileError as problem:
        assert str(problem).startswith("fuzz.yaml")
        assert "\n" not in str(problem)


def read_catalogue(text: str) -> None:
    try:
        parse_catalogue(parse(text, "fuzz.yaml"))
    except HonFileError as problem:
        assert "\n" not in str(problem)


@st.composite
def mutated(draw: st.DrawFn, original: str) -> str:
    text = original
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        insert = draw(st.text(alphabet=st.sampled_from(list(":-[]{}&*!|>'\"#\n ,?%@`x1")), max_size=8))
        text = text[:start] + insert + text[end:]
    return text


yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=25,
)


@FUZZ
@given(mutated(GOOD_ARMY))
def test_mutated_army_files(text: str) -> None:
    read_army(text)


@FUZZ
@given(mutated(GOOD_CATALOGUE))
def test_mutated_catalogue_files(text: str) -> None:
    read_catalogue(text)


@FUZZ
@given(st.text(max_size=300))
def test_arbitrary_text(text: str) -> None:
    read_army(text)
    read_catalogue(text)


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes(raw: bytes) -> None:
    try:
        text = decode(raw, "fuzz.yaml")
    except HonFileError:
        return
    read_army(text)


@FUZZ
@given(
    yaml_values,
    st.dictionaries(
        st.sampled_from(["tiles", "heroes", "free_options", "points_limit", "name", "slots"]), yaml_values, max_size=3
    ),
)
def test_well_formed_yaml_of_the_wrong_shape(value: Any, extra: dict[str, Any]) -> None:
    for document in (
        value,
        {"format": "hon-army", "version": 1, **extra},
        {"format": "hon-catalogue", "version": 1, "game": "hon", "units": [extra]},
    ):
        text = yaml.safe_dump(document)
        read_army(text)
        read_catalogue(text)


# Pieces of hostile text: nesting past the limit (shallow enough that even a regression
# stays a RecursionError rather than a crash of this process), numbers past Python's
# conversion limit, NULs and controls, tags, aliases, every line break libyaml knows.
HOSTILE = st.sampled_from(
    [
        "[" * 70,
        "]" * 70,
        "{a: " * 70,
        "- " * 70,
        "? " * 70,
        "9" * 5_000,
        "1:" * 300 + "1",
        "0x" + "f" * 300,
        "\x00",
        '"\\0"',
        "\x1b[2J",
        "\u2028",
        "\x85",
        "\ufeff",
        "!!set {a}",
        "!!binary aGk=",
        "!!omap [a: 1]",
        "&a [*a]",
        "*a",
        "<<: *a",
        "\n",
        "\n  ",
        ": ",
        "'",
        '"',
        "#",
    ]
)


@st.composite
def with_hostile_pieces(draw: st.DrawFn, original: str) -> str:
    text = original
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(HOSTILE) + text[at:]
    return text


@FUZZ
@given(with_hostile_pieces(GOOD_ARMY))
def test_hostile_pieces_in_an_army_file(text: str) -> None:
    read_army(text)


@FUZZ
@given(with_hostile_pieces(GOOD_CATALOGUE))
def test_hostile_pieces_in_a_catalogue_file(text: str) -> None:
    read_catalogue(text)
