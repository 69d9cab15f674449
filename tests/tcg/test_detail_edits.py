"""The details screen's edits: the scenario's title, turns, first player and who wins
otherwise (TCG p.6), a side's name, COMMAND and DIRECTIVE markers (p.5) and victory points
per enemy card destroyed (p.16), and its victory conditions (p.6). Each turns a scenario into
the next and undoes to the same; a value the file cannot hold raises, so nothing is
recorded; what the book forbids but the file holds (a ninth turn, a seventh DIRECTIVE
marker) is the check's error, which the screen refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from builder.io.tcg_files import load_tcg_scenario, tcg_scenario_yaml
from builder.kernel.history import History
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario
from builder.tcg.conditions import Control, Destroy, VictoryPoints, When
from builder.tcg.detail_edits import (
    AddVictoryCondition,
    RemoveVictoryCondition,
    ReplaceVictoryCondition,
    SetScenarioDetails,
    SetSideDetails,
)
from tests.tcg.conftest import small


def test_scenario_details_are_set_and_undone() -> None:
    scenario = small()
    history = History(scenario)
    assert history.apply(SetScenarioDetails("Dawn", "A farm.", 7, "german", "draw"))
    changed = history.present
    assert (changed.title, changed.description, changed.turns) == ("Dawn", "A farm.", 7)
    assert (changed.first_player, changed.otherwise) == ("german", "draw")
    assert changed.sides == scenario.sides and changed.markers == scenario.markers
    assert changed.victory_text()[-1] == "Otherwise the game is a draw."
    history.undo()
    assert history.present == scenario


@pytest.mark.parametrize(
    ("field", "edit"),
    [
        ("title", SetScenarioDetails("", "", 6, "us", "draw")),
        ("turns", SetScenarioDetails("Dawn", "", 0, "us", "draw")),
        ("turns", SetScenarioDetails("Dawn", "", 21, "us", "draw")),
        ("otherwise", SetScenarioDetails("Dawn", "", 6, "us", "Nobody!")),
    ],
)
def test_a_value_the_file_cannot_hold_raises(field: str, edit: SetScenarioDetails) -> None:
    history = History(small())
    with pytest.raises(ValidationError) as raised:
        history.apply(edit)
    assert raised.value.errors()[0]["loc"][0] == field
    assert not history.can_undo


def test_a_sides_details_are_set_the_other_side_kept() -> None:
    scenario = small()
    changed = SetSideDetails("german", "Wehrmacht", 4, 3, 2).apply(scenario)
    us, german = changed.sides
    assert us == scenario.sides[0]
    assert (german.name, german.command, german.directives, german.destroyed_victory_points) == (
        "Wehrmacht",
        4,
        3,
        2,
    )
    assert german.force == scenario.sides[1].force


@pytest.mark.parametrize(
    ("field", "values"),
    [
        ("command", (9, 0, 0)),
        ("command", (0, 0, 0)),
        ("directives", (2, -1, 0)),
        ("destroyed_victory_points", (2, 0, 11)),
    ],
)
def test_a_sides_markers_out_of_the_files_bounds_raise(field: str, values: tuple[int, int, int]) -> None:
    """COMMAND markers 1-6 (TCG p.5); the file's bounds on the others."""
    with pytest.raises(ValidationError) as raised:
        SetSideDetails("us", "Americans", *values).apply(small())
    assert raised.value.errors()[0]["loc"][0] == field


def test_what_the_book_forbids_is_the_checks_error(cards: CardCatalogue) -> None:
    """Four to eight turns (TCG p.6), six DIRECTIVE markers at most in play (p.5)."""
    nine = SetScenarioDetails("Small", "", 9, "us", "german").apply(small())
    assert "tcg.turns.range" in {i.code for i in check_scenario(nine, cards)}
    seven = SetSideDetails("us", "Americans", 2, 7, 0).apply(small())
    assert "tcg.directives.cap" in {i.code for i in check_scenario(seven, cards)}
    unknown = SetScenarioDetails("Small", "", 6, "french", "german").apply(small())
    assert "tcg.first-player.unknown" in {i.code for i in check_scenario(unknown, cards)}


def test_victory_conditions_are_added_replaced_removed_and_read_back(tmp_path: Path) -> None:
    history = History(small())
    first = history.present.victory[0]
    destroy = Destroy(side="german", count=3)
    points = VictoryPoints(side="us", points=5, when=When.END_OF_TURN)
    assert history.apply(AddVictoryCondition(destroy))
    assert history.apply(ReplaceVictoryCondition(0, points))
    assert history.present.victory == [points, destroy]
    assert history.apply(RemoveVictoryCondition(1))
    assert history.present.victory == [points]
    target = tmp_path / "small.yaml"
    target.write_text(tcg_scenario_yaml(history.present, target), encoding="utf-8")
    assert load_tcg_scenario(target).scenario.victory == [points]
    for _ in range(3):
        history.undo()
    assert history.present.victory == [first]
    assert isinstance(first, Control)
