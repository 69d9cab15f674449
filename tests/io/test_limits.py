"""The limits of a file (README: Limits), stated once in the models: the reader walks a
file's YAML events beside its model and stops at the first list past its limit, naming it
with its line; an edit may not make what a file may not hold; and what a file says it is
is read off its first events, as a parse would read it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.heroes.army.edits import AddTile
from builder.heroes.army.models import MAX_CHOICES, MAX_SLOTS, MAX_TILES, ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.edits import AddBoard
from builder.heroes.scenario.models import MAX_BOARDS
from builder.io import yaml_loader
from builder.io.army_files import load_army
from builder.io.errors import HonFileError
from builder.io.limits import over_limit
from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR
from builder.io.yamlio import MAX_DEPTH, parse
from builder.services.army_session import ArmySession
from builder.services.scenario_session import ScenarioSession

HEAD = "format: hon-army\nversion: 1\nname: A\ngame: hon\nfaction: us\n"


def tiles(count: int, slots: str = "") -> str:
    return "tiles:\n" + "".join(f"  - tile: us-cpl-carver{slots}\n" for _ in range(count))


def refusal(text: str) -> HonFileError:
    with pytest.raises(HonFileError) as refused:
        parse(text, "army.yaml", ArmyList)
    return refused.value


def test_a_list_past_its_limit_is_named_with_the_line_of_its_key() -> None:
    found = refusal(HEAD + "notes: x\n" + tiles(MAX_TILES + 1))
    assert (found.field, found.line) == ("tiles", 7)
    assert parse(HEAD + tiles(MAX_TILES), "army.yaml", ArmyList).data["tiles"][-1] == {"tile": "us-cpl-carver"}


def test_a_nested_mapping_and_list_past_their_limits_are_named_by_their_path() -> None:
    slots = "".join(f"\n      s{i}: ammo" for i in range(MAX_SLOTS + 1))
    found = refusal(HEAD + "tiles:\n  - us-cpl-carver\n  - tile: us-cpl-carver\n    slots:" + slots + "\n")
    assert (found.field, found.line) == ("tiles[1].slots", 9)
    picks = ", ".join(["knife"] * (MAX_CHOICES + 1))
    found = refusal(HEAD + f"free_options:\n  - {{option: cw-gear, choice: [{picks}]}}\n")
    assert (found.field, found.line) == ("free_options[0].choice", 7)


def test_the_reader_and_the_model_agree(bundled: Catalogue) -> None:
    """Past the limit the model refuses too (a list made in memory, never read from a file)."""
    with pytest.raises(ValidationError):
        ArmyList.model_validate({"name": "A", "game": "hon", "faction": "us", "tiles": ["x"] * (MAX_TILES + 1)})
    army = load_army(DEFAULT_ARMY).army
    assert over_limit(army) is None
    assert over_limit(AddTile("us-cpl-carver").apply(army.model_copy(update={"tiles": army.tiles * 20}))) == (
        ["tiles"],
        MAX_TILES,
    )


def test_an_edit_past_a_limit_is_refused_and_changes_nothing(bundled: Catalogue) -> None:
    army = load_army(DEFAULT_ARMY).army
    session = ArmySession.new(army.model_copy(update={"tiles": army.tiles * (MAX_TILES // len(army.tiles))}), bundled)
    assert not session.apply(AddTile("us-cpl-carver"))
    assert session.refused == (["tiles"], MAX_TILES) and len(session.army.tiles) == MAX_TILES
    assert not session.history.can_undo
    scenario = ScenarioSession.open(SCENARIOS_DIR / "rush-on-maltot.yaml", bundled)
    for count in range(len(scenario.scenario.map.boards), MAX_BOARDS):
        assert scenario.apply(AddBoard("hon-bocage", (14 * (count % 6), 10 + 10 * (count // 6)))), count
        assert scenario.refused is None
    assert not scenario.apply(AddBoard("hon-bocage", (0, 0)))
    assert scenario.refused == (["map", "boards"], MAX_BOARDS)
    assert len(scenario.scenario.map.boards) == MAX_BOARDS


@pytest.mark.parametrize(
    "text",
    [
        "format: hon-army\ngame: son\n",
        "{format: hon-army, game: 3}",
        "game: 2001-01-01\n",
        "a: [1, {format: y}]\nformat: 'z'\n",
        "x: 1\n",
        "format: x\nformat: y\n",  # the parse refuses it; the head needs no more than the first
    ],
)
def test_the_head_is_what_a_parse_reads(text: str) -> None:
    head = yaml_loader.top_level_text(text, ("format", "game"), MAX_DEPTH)
    assert head is not None
    try:
        data = parse(text, "file.yaml").data
    except HonFileError:
        return
    assert head == {key: data.get(key) if isinstance(data.get(key), str) else None for key in ("format", "game")}


@pytest.mark.parametrize(
    "text",
    ["- a list\n", "format: !!str x\n", "format: &a x\ngame: *a\n", "format: [unclosed\n", "[" * 100 + "]" * 100],
)
def test_a_head_that_is_not_simple_is_left_to_the_parse(text: str) -> None:
    assert yaml_loader.top_level_text(text, ("format", "game"), MAX_DEPTH) is None
