"""`hon rules --game m44` stays true: every played rule has tests marked with its id, and every
mark of the hex game's tests names a listed rule."""

from __future__ import annotations

from tests.fixtures.rule_marks import problems, system


def test_every_played_rule_has_a_marked_test_and_every_mark_names_a_listed_rule() -> None:
    assert [str(problem) for problem in problems(system("memoir"))] == []
