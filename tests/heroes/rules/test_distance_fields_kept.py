"""The policy's distance fields are made once per battlefield (`builder.heroes.ai.movement._distance_field`):
over a whole simulated game, every field asked for must equal one walked afresh, and a
battlefield changed in play (a new object) never reads another's."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import cast

from builder.heroes.ai import movement
from builder.heroes.ai.movement import _distance_field, _walked
from builder.heroes.rules.abilities.registry import climbs_windows, swimming
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.state import GameState
from tests.heroes.rules.test_simulate import play, scenario


def test_kept_fields_equal_fresh_fields_over_a_game() -> None:
    _, battlefield = scenario("rush-on-maltot")
    state = cast(GameState, SimpleNamespace(battlefield=battlefield))
    compared = 0
    for frame in play("rush-on-maltot", 3).frames[::4]:
        pieces = [p for p in frame.pieces if p.squares and not p.is_wreck]
        for piece in pieces:
            goals = frozenset(sq for p in pieces if p.owner != piece.owner for sq in p.squares)
            side = piece.side
            entries = passage_map(battlefield).entries(piece.unit, side, swimming(side), climbs_windows(side))
            assert _distance_field(state, piece, goals) == _walked(entries, goals)
            assert _distance_field(state, piece, goals) is _distance_field(state, piece, goals)  # made once
            compared += 1
    assert compared > 50


def test_a_new_battlefield_walks_its_own_field() -> None:
    _, battlefield = scenario("rush-on-maltot")
    state = cast(GameState, SimpleNamespace(battlefield=battlefield))
    piece = next(p for p in play("rush-on-maltot", 3, turns=1).frames[-1].pieces if p.squares and not p.is_wreck)
    goals = frozenset({(0, 0), (5, 5)})
    kept = _distance_field(state, piece, goals)
    state.battlefield = replace(battlefield, lines=())
    assert movement._FIELDS(state.battlefield) == {}
    assert _distance_field(state, piece, goals) is not kept
