"""Summoning (SoN p.15): the creature a summoning tile names put within its distance, its
tokens limiting the castings until one is retrieved; and the policy's use of it."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase, SpellEvent
from builder.heroes.rules.mythos.state import Cast
from builder.heroes.rules.pieces import EAST, Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.heroes.rules.test_spells import cast, caster, spelled

pytestmark = pytest.mark.rule("summoning")

BYAKHEE = "son-summon-byakhee"
WIDE = "\n".join(["." * 12] * 7)


def summoner(catalogue: Catalogue, *others: Piece, board: str = WIDE) -> GameState:
    state = spelled(catalogue, [caster(), *others], BYAKHEE, board=board)
    state.mythos.summonable = {"son-bs-byakhee": catalogue.units["son-bs-byakhee"]}
    return state


def test_the_creature_is_put_on_its_spaces_within_the_tiles_distance(bundled: Catalogue) -> None:
    # SoN p.15: place the summoned unit on a space (or multiple if it is a large creature) at a
    # maximum distance as indicated on the spell tile (the example tile: 3, 2 Suppressed markers).
    state = summoner(bundled, piece("b1", (10, 2), "b"))
    turn = cast(state, Cast(BYAKHEE, at=(4, 2), facing=EAST), [])
    summoned = [p for p in state.pieces.values() if p.unit.id == "son-bs-byakhee"]
    assert len(summoned) == 1 and summoned[0].owner == "a"
    assert set(summoned[0].squares) == {(4, 2), (3, 2)}  # two squares, its front to the east
    assert state.pieces["a1"].suppressed == 2
    assert any(isinstance(e, SpellEvent) and e.unit == summoned[0].key for e in turn.events)
    state.pieces["a1"] = caster()
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(BYAKHEE, at=(4, 4), facing=EAST), [])  # its one token is out
    assert caught.value.code is Code.MAY_NOT_CAST


def test_the_token_comes_back_when_the_creature_is_eliminated(bundled: Catalogue) -> None:
    # SoN p.15: you can recast the spell as soon as you retrieve one of the creature tokens.
    state = summoner(bundled)
    cast(state, Cast(BYAKHEE, at=(4, 2), facing=EAST), [])
    key = next(k for k, p in state.pieces.items() if p.unit.id == "son-bs-byakhee")
    hits.hurt(Turn(state, LoadedDice([]), Phase.ACTIVATION), state.pieces[key], None, Effect.DESTROYED, hit=False)
    state.pieces["a1"] = caster()
    cast(state, Cast(BYAKHEE, at=(4, 4), facing=EAST), [])
    again = [p for p in state.pieces.values() if p.unit.id == "son-bs-byakhee"]
    assert len(again) == 1 and again[0].key != key


def test_no_summoning_beyond_the_distance_nor_onto_a_unit(bundled: Catalogue) -> None:
    state = summoner(bundled, piece("a2", (4, 2)))
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(BYAKHEE, at=(8, 2), facing=EAST), [])
    assert caught.value.code is Code.NO_SUMMONING_SPACE
    with pytest.raises(IllegalAttack) as caught:
        cast(state, Cast(BYAKHEE, at=(4, 2), facing=EAST), [])  # a2 stands there
    assert caught.value.code is Code.NO_SUMMONING_SPACE


def test_the_policy_summons_its_creature_towards_the_enemy(bundled: Catalogue) -> None:
    state = summoner(bundled, piece("b1", (11, 6), "b"))
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, Cast) and action.spell == BYAKHEE and action.at is not None
    cast(state, action, [])
    creature = next(p for p in state.pieces.values() if p.unit.id == "son-bs-byakhee")
    assert max(c for c, _ in creature.squares) == 4  # as far east as 3 spaces allow
