"""Grenades and trenches (BfC p.06): the marker goes on a square; the blast runs in straight
lines inside the trench from it, a corner stops it, an access beside it lets it out."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase, TemplateEvent
from builder.heroes.rules.gear.markers import GrenadeInto
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.templates import grenade_into
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import element, field, piece
from tests.fixtures.rules.games import game
from tests.heroes.rules.gear_helpers import WIDE, pool

pytestmark = pytest.mark.rule("trenches")

TRENCH_EFFECTS = {
    "defense": {"infantry": 2},
    "difficult": True,
    "hole": True,
    "impassable": [UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE],
}
# Along row 1 from column 1 to 5, then down column 5 (a corner at [5, 1]); an access below [1, 1].
CELLS = [(c, 1) for c in range(1, 6)] + [(5, 2), (5, 3)]
TRENCH = element("Trench", CELLS, TRENCH_EFFECTS, key="trench", doors=[((1, 1), (1, 2))])
BOARD = field(WIDE, extra=[TRENCH])


def test_the_blast_runs_along_the_trench_and_stops_at_its_corner() -> None:
    thrower = piece("a1", (3, 3))
    assert grenade_into(thrower, TRENCH, (3, 1)) == {(c, 1) for c in range(1, 6)}
    assert grenade_into(piece("a2", (6, 3)), TRENCH, (5, 3)) == {(5, 1), (5, 2), (5, 3)}


def test_an_access_beside_the_target_square_lets_the_blast_out() -> None:
    assert (1, 2) in grenade_into(piece("a1", (2, 3)), TRENCH, (1, 1))
    assert (1, 2) not in grenade_into(piece("a1", (2, 3)), TRENCH, (2, 1))


def test_the_square_must_be_within_the_grenades_two() -> None:
    with pytest.raises(IllegalAttack) as caught:
        grenade_into(piece("a1", (3, 4)), TRENCH, (3, 1))
    assert caught.value.code is Code.OUT_OF_RANGE
    assert caught.value.page == "BfC p.06"


def test_a_grenade_into_a_trench_in_play_and_the_policy_throws_it() -> None:
    near, far = piece("b1", (2, 1), "b"), piece("b2", (5, 3), "b")
    thrower = piece("a1", (3, 3))
    state = game(WIDE, [thrower, near, far])
    state.battlefield = BOARD
    pool(state, "grenade", 1, "infantry")
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", GrenadeInto((3, 1)))
    (blast,) = [e for e in turn.events if isinstance(e, TemplateEvent)]
    assert (2, 1) in blast.squares and (5, 3) not in blast.squares
    assert "b1" not in state.pieces or state.pieces["b1"].side_index == 1
    assert state.pieces["b2"] == far
    again = game(WIDE, [thrower, near, far])
    again.battlefield = BOARD
    pool(again, "grenade", 1, "infantry")
    assert isinstance(SimplePolicy().activate(again, thrower), GrenadeInto)
