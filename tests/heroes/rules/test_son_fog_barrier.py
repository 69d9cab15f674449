"""The simple policy casts Fog and Mythos Barrier where a player would (SoN p.11, p.15)."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.mythos.fog import fog_gain, fog_shelters
from builder.heroes.rules.mythos.state import Cast
from builder.heroes.rules.ruleset import ruleset_for
from tests.fixtures.rules.boards import piece
from tests.heroes.rules.test_spells import HORROR, cast, caster, spelled

pytestmark = pytest.mark.rule("spells")

WIDE = "\n".join(["." * 16] * 5)


def test_the_policy_casts_fog_when_enemies_beyond_its_range_see_its_units(bundled: Catalogue) -> None:
    # SoN p.11, p.15: under fog no shot reaches beyond 9 squares; three friends seen from 12
    # away, by one enemy the fog would shelter from them in turn.
    pieces = [caster(at=(1, 2)), piece("a2", (2, 3)), piece("a3", (2, 1)), piece("b1", (14, 2), "b")]
    state = spelled(bundled, pieces, "son-fog", board=WIDE)
    assert fog_shelters(state, "a") == 3 and fog_shelters(state, "b") == 1 and fog_gain(state, "a") == 2
    assert fog_gain(state, "b") < 0  # the side that outguns the other never wants it
    assert SimplePolicy().activate(state, state.pieces["a1"]) == Cast("son-fog")
    cast(state, Cast("son-fog"), [])
    assert fog_shelters(state, "a") == 0 and state.ruleset.max_range == 9  # cast once, it holds
    night = spelled(bundled, pieces, "son-fog", board=WIDE)
    night.ruleset = ruleset_for(Game.SON, night=True)
    assert fog_shelters(night, "a") == 0  # night already caps shots at 7 (SoN p.11)
    near = spelled(bundled, [caster(at=(1, 2)), piece("b1", (8, 2), "b")], "son-fog", board=WIDE)
    assert SimplePolicy().activate(near, near.pieces["a1"]) != Cast("son-fog")  # the fog would shelter no one


def test_the_policy_bars_an_adjacent_manifestation(bundled: Catalogue) -> None:
    # SoN p.15: cast on a Manifestation's space, it must move to an adjacent space; if it
    # cannot, it is eliminated: worth more than a shot. Hemmed in a corner, it is barred.
    hemmed = [caster(at=(1, 1)), piece("a2", (1, 0)), piece("a3", (0, 1)), piece("b1", (0, 0), "b", HORROR)]
    state = spelled(bundled, hemmed, "son-mythos-barrier")
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert action == Cast("son-mythos-barrier", at=(0, 0))
    cast(state, action, [])
    assert "b1" not in state.pieces or state.pieces["b1"].is_wreck
    far = spelled(bundled, [caster(), piece("b1", (5, 2), "b", HORROR)], "son-mythos-barrier")
    assert not isinstance(SimplePolicy().activate(far, far.pieces["a1"]), Cast)
