"""Aiming at a heavy vehicle (HoN core p.13-14): "the attacker can aim at the center of any
square occupied by the Vehicle ... Choose the appropriate target square to get the lowest
Defense Value." A tank facing north on [3, 2] (front) and [3, 3] (rear): Defense 9/7/6."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.resolution.aiming import aimed, struck_facing
from builder.heroes.rules.resolution.combat import Facing
from builder.heroes.rules.ruleset import HON
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, piece, tank

OPEN = "\n".join(["........"] * 7)


@pytest.mark.rule("heavy-vehicle-facing")
def test_aiming_at_the_front_square_from_behind_the_flank_strikes_the_rear() -> None:
    """Seen from [5, 4] the counter's centre is on the side (7); the front square's centre is
    on the rear's mark, and on a mark the firer takes the weaker value: the rear (6)."""
    vehicle = piece(tank(), (3, 2), key="b-tank", owner="b")
    firer = piece(infantry(heavy=3), (5, 4), key="a-rifles")
    assert struck_facing(vehicle, firer.squares) is Facing.SIDE
    assert struck_facing(vehicle, firer.squares, (3.0, 2.0)) is Facing.REAR
    state = game(OPEN, [vehicle, firer])
    shot = shot_at(state, firer, vehicle)
    assert shot is not None and shot.facing is Facing.REAR
    assert SimplePolicy().activate(state, firer) is not None


def test_a_counter_off_the_battlefield_is_aimed_at_by_no_line() -> None:
    # Whichever end is off the battlefield (no squares), aiming refuses it as tracing does.
    vehicle = piece(tank(), (3, 2), key="b-tank", owner="b")
    firer = piece(infantry(heavy=3), (5, 4), key="a-rifles")
    state = game(OPEN, [vehicle, firer])
    for shooter, target in ((replace(firer, squares=()), vehicle), (firer, replace(vehicle, squares=()))):
        with pytest.raises(RulesError) as caught:
            aimed(state.battlefield, Occupancy(state.pieces.values()), shooter, target, HON)
        assert caught.value.code is Code.OFF_THE_BATTLEFIELD
