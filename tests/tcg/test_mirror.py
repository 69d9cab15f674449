"""The Tactical Card Game mirror (tests/fixtures/mirror, issue 34) is point-symmetric: every
terrain box and marker stands on a box whose image by the half turn, [c, r] -> [W-1-c, H-1-r],
holds the same, each side's cards and reinforcement zone are the other's images, its deck the
same, the victory conditions alike; the swapped file exchanges where the sides stand."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.tcg_files import load_tcg_scenario
from builder.tcg.base import Box
from builder.tcg.scenario import Scenario, Side

MIRRORS = Path(__file__).resolve().parents[1] / "fixtures" / "mirror"


def image(scenario: Scenario, box: Box) -> Box:
    return (scenario.board.columns - 1 - box[0], scenario.board.rows - 1 - box[1])


def force(side: Side) -> set[tuple[str, Box, bool]]:
    return {(p.card, p.box, p.hidden) for p in side.force.deployment}


@pytest.mark.parametrize("name", ["mirror-tcg", "mirror-tcg-swapped"])
def test_the_tcg_mirror_is_point_symmetric(name: str) -> None:
    scenario = load_tcg_scenario(MIRRORS / f"{name}.yaml").scenario
    terrain = {(t.box, t.terrain) for t in scenario.terrain}
    assert {(image(scenario, box), kind) for box, kind in terrain} == terrain
    markers = {(m.box, m.kind, m.victory_points) for m in scenario.markers}
    assert {(image(scenario, box), kind, points) for box, kind, points in markers} == markers
    one, other = scenario.sides
    assert {(card, image(scenario, box), hidden) for card, box, hidden in force(one)} == force(other)
    assert {image(scenario, box) for box in one.reinforcement_zone} == set(other.reinforcement_zone)
    assert [d.card for d in one.force.deck] == [d.card for d in other.force.deck]
    assert (one.command, one.directives, one.destroyed_victory_points) == (
        other.command,
        other.directives,
        other.destroyed_victory_points,
    )
    wins = [v.model_dump(exclude={"side"}) for v in scenario.victory]
    assert wins[::2] == wins[1::2] and [v.side for v in scenario.victory] == ["blue", "red"] * 2


def test_the_swapped_tcg_mirror_exchanges_where_the_sides_stand() -> None:
    plain, swapped = (
        load_tcg_scenario(MIRRORS / f"{name}.yaml").scenario for name in ("mirror-tcg", "mirror-tcg-swapped")
    )
    assert force(plain.sides[0]) == force(swapped.sides[1]) and force(plain.sides[1]) == force(swapped.sides[0])
