"""Blessing of the Black Sun (SoN p.15): the flame template laid from the caster in the
direction it chooses, blocked by vehicles and obstacles, every unit under it attacked, given a
Suppressed marker and stripped of its Order; and the policy's use of it."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import FireEvent, TemplateEvent
from builder.heroes.rules.mythos.black_sun import FLAMES, flames_from
from builder.heroes.rules.mythos.state import Cast
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH
from builder.heroes.rules.resolution.combat import IllegalAttack
from tests.fixtures.rules.boards import JEEP, piece
from tests.heroes.rules.test_spells import ROCK, cast, caster, spelled

BLACK_SUN = "son-blessing-of-the-black-sun"


@pytest.mark.rule("spells")
def test_the_flames_attack_suppress_and_take_the_order_of_every_unit_under_them(bundled: Catalogue) -> None:
    # SoN p.15: all units covered even partially are touched; in addition to possible damage,
    # all of them receive a Suppressed marker and lose their Order. Friends are not spared.
    state = spelled(
        bundled, [caster(), piece("b1", (2, 2), "b"), piece("a2", (3, 2)), piece("b2", (5, 2), "b")], BLACK_SUN
    )
    turn = cast(state, Cast(BLACK_SUN, facing=EAST), [4, 1])  # 4+3 and 1+3 against 4: two hits
    assert state.pieces["a1"].suppressed == 2  # the penalty (SoN p.15)
    b1, a2 = state.pieces["b1"], state.pieces["a2"]
    assert b1.side_index == 1 and b1.suppressed == 1 and b1.activated  # hit, suppressed, no Order
    assert a2.side_index == 1 and a2.suppressed == 1 and a2.activated
    assert not state.pieces["b2"].activated and state.pieces["b2"].suppressed == 0  # beyond the template
    laid = next(e for e in turn.events if isinstance(e, TemplateEvent))
    assert laid.squares == ((2, 2), (3, 2), (4, 2))
    fired = [e for e in turn.events if isinstance(e, FireEvent)]
    assert [e.target for e in fired] == ["b1", "a2"]
    modifiers = fired[0].rolls[0].modifiers
    assert modifiers[0].value == FLAMES.infantry
    assert all("Suppressed" not in m.label for m in modifiers)  # the caster's markers come once it is cast


@pytest.mark.rule("spells")
def test_a_vehicle_stops_the_flames_on_its_square_and_an_obstacle_before_it(bundled: Catalogue) -> None:
    # SoN p.15: the template is affected by obstacles and blocked at the centre of a space
    # occupied by a vehicle or an obstacle.
    state = spelled(bundled, [caster(), piece("j", (2, 2), "b", JEEP), piece("b1", (3, 2), "b")], BLACK_SUN)
    assert flames_from(state, state.pieces["a1"], EAST).squares == ((2, 2),)
    rock = spelled(bundled, [caster(at=(2, 4))], BLACK_SUN, board=ROCK)
    assert flames_from(rock, rock.pieces["a1"], NORTH).squares == ((2, 3),)  # the rock at (2, 2)
    assert flames_from(rock, rock.pieces["a1"], SOUTH).squares == ()  # the board's edge


def test_the_spell_needs_a_direction_and_the_policy_burns_a_packed_enemy(bundled: Catalogue) -> None:
    state = spelled(bundled, [caster(), piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b")], BLACK_SUN)
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(BLACK_SUN), [])
    assert caught.value.code is Code.NOT_A_DIRECTION
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert action == Cast(BLACK_SUN, facing=EAST)
