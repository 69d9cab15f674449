"""SoN p.11, Obstacles: "If the element is situated between two spaces, this penalty does not
apply to units in the spaces adjacent on either side of the element": in Shadows over
Normandie a target adjacent to an obscuring line is spared as well as a firer (BfC p.04, the
Heroes of Normandie reading, spares only the firer)."""

from __future__ import annotations

import pytest

from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.ruleset import HON, SON
from tests.fixtures.rules.boards import field, placed_line

pytestmark = pytest.mark.rule("son-obscures-los")

LINE_ROW = [(0, 2), (6, 2)]  # between rows 1 and 2


def test_an_obscuring_line_spares_a_target_adjacent_to_it_in_son_only() -> None:
    board = field("......\n......\n......\n......", lines=[placed_line("line", LINE_ROW, obscures=1)])
    assert line_of_sight(board, [], (1, 0), (1, 2), SON).clear  # the target by the line: spared (SoN p.11)
    assert line_of_sight(board, [], (1, 0), (1, 2), HON).penalty == -1  # BfC p.04: only the firer is
    assert line_of_sight(board, [], (1, 2), (1, 0), SON).clear  # the firer by it, as in HoN
    assert line_of_sight(board, [], (1, 3), (1, 0), SON).penalty == -1  # nobody by it: obscured
