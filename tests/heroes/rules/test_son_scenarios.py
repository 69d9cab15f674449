"""The shipped Shadows over Normandie scenarios at night, in fog and for three players play
from set-up to the victory check, under their conditions (SoN p.10, p.11)."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.rules.events import FireEvent, VictoryEvent
from builder.heroes.rules.simulation import simulate
from tests.heroes.rules.test_simulate import bundled, scenario


@pytest.mark.parametrize(
    ("name", "winners"),
    [
        ("son-lanterns-on-the-causeway", {"majestic", "deep-ones", "draw"}),
        ("son-the-grey-procession", {"deep-ones", "the-hunters", "draw"}),
    ],
)
def test_a_night_or_fog_scenario_plays_to_its_victory_check(name: str, winners: set[str]) -> None:
    loaded, battlefield = scenario(name)
    record = simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=3, policies=for_every_side(loaded.scenario)
    )
    end = record.events[-1]
    assert isinstance(end, VictoryEvent) and end.winner in winners and end.turn == 6
    fired = [e for e in record.events if isinstance(e, FireEvent)]
    assert fired
    for event in fired:
        for roll in event.rolls:
            for modifier in roll.modifiers:
                if modifier.label == "Long range":
                    assert modifier.page == "SoN p.11"  # closer at night and in fog
