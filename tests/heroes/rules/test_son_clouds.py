"""The Overlord's Suffocating Cloud (SoN p.16): Hypnotic and Toxic, made as a spell is cast,
put on an interspace; what each does to the units under it, and to those entering a Toxic
Cloud until the end of the Supply Phase; and the policy's use of it."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import FireEvent, Phase, TemplateEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.clouds import Cloud
from builder.heroes.rules.mythos.state import Cast
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn import supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.heroes.rules.test_spells import cast, caster, spelled

WIDE = "\n".join(["." * 12] * 7)


def overlord(catalogue: Catalogue, pieces: list[Piece], board: str = WIDE) -> GameState:
    state = spelled(catalogue, pieces, board=board)
    for kind in Cloud:
        state.gear.append(GearPool("a", kind.value, 1, "tiles[0]", ("characters",), "Suffocating Cloud"))
    return state


@pytest.mark.rule("son-hypnotic-cloud", "spells")
def test_a_hypnotic_cloud_takes_the_orders_of_every_unit_under_it_then_is_discarded(bundled: Catalogue) -> None:
    # SoN p.16: 2 Suppressed markers; units affected lose their Order token or receive an
    # Activated marker; discard the token after use. The explosion template: 4 squares.
    state = overlord(bundled, [caster(), piece("b1", (3, 2), "b"), piece("b2", (4, 3), "b"), piece("b3", (6, 2), "b")])
    turn = cast(state, Cast(Cloud.HYPNOTIC.value, at=(4, 3)), [])
    assert state.pieces["a1"].suppressed == 2
    assert state.pieces["b1"].activated and state.pieces["b2"].activated and not state.pieces["b3"].activated
    laid = next(e for e in turn.events if isinstance(e, TemplateEvent))
    assert set(laid.squares) == {(3, 2), (4, 2), (3, 3), (4, 3)}
    state.pieces["a1"] = caster()
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(Cloud.HYPNOTIC.value, at=(4, 3)), [])
    assert caught.value.code is Code.NO_MARKER


@pytest.mark.rule("son-toxic-cloud")
def test_a_toxic_cloud_attacks_and_suppresses_and_stays_until_the_supply_phase_ends(bundled: Catalogue) -> None:
    # SoN p.16: 1 Suppressed marker; units under it undergo an attack and receive a Suppressed
    # marker; the token stays until the end of the Supply Phase, attacking units that enter it.
    state = overlord(bundled, [caster(), piece("b1", (3, 2), "b"), piece("b2", (6, 2), "b")])
    turn = cast(state, Cast(Cloud.TOXIC.value, at=(4, 3)), [1])  # a miss: the marker all the same
    assert state.pieces["a1"].suppressed == 1
    assert state.pieces["b1"].suppressed == 1 and state.pieces["b1"].side_index == 0
    assert [e.target for e in turn.events if isinstance(e, FireEvent)] == ["b1"]
    into = Path((Position(((6, 2),), NORTH), Position(((5, 2),), NORTH), Position(((4, 2),), NORTH)), 2)
    moved = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    moved.perform("b2", Move(into))
    b2 = state.pieces["b2"]
    assert b2.side_index == 1 and b2.suppressed == 1  # hit on the way in, and suppressed
    assert any(isinstance(e, FireEvent) and e.target == "b2" for e in moved.events)
    assert state.gear_for(state.pieces["a1"], Cloud.TOXIC.value) is None  # on the board
    supply_phase(state, {}, {"a": SimplePolicy(), "b": SimplePolicy()}, LoadedDice([]))
    assert not state.mythos.clouds  # gone at the end of the Supply Phase
    assert state.gear_for(state.pieces["a1"], Cloud.TOXIC.value) is not None  # back to the Overlord


@pytest.mark.rule("son-toxic-cloud")
def test_a_cloud_goes_within_its_range_and_not_from_a_suppressed_overlord(bundled: Catalogue) -> None:
    state = overlord(bundled, [caster(), piece("b1", (10, 2), "b")])
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(Cloud.TOXIC.value, at=(10, 2)), [])
    assert caught.value.code is Code.OUT_OF_RANGE
    state.pieces["a1"] = caster(suppressed=1)
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(Cloud.TOXIC.value, at=(3, 2)), [])
    assert caught.value.code is Code.SUPPRESSED


@pytest.mark.rule("son-hypnotic-cloud", "son-toxic-cloud")
def test_the_policy_clouds_a_cluster_of_enemies_and_spares_its_own(bundled: Catalogue) -> None:
    pieces = [caster(), piece("b1", (4, 2), "b"), piece("b2", (5, 2), "b"), piece("b3", (4, 3), "b")]
    state = overlord(bundled, pieces)
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, Cast) and action.spell in {c.value for c in Cloud}
    assert action.at == (5, 3)  # the interspace touching all three
