"""A Movement Action the player weighed in a search with an action card's Alternate Bonus
(HoN core p.17) is checked against that search (`reach.kept_cost`): the same answer as a
search of its own, without making one."""

from __future__ import annotations

from typing import Any

import pytest

from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.actions.movement import movement_points, path_refusal
from builder.heroes.rules.decisions import ActivationAction
from builder.heroes.rules.errors import Code
from builder.heroes.rules.geometry import reach
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import kept_cost, reachable
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.simulation import RULES, new_game
from builder.heroes.rules.state import GameState
from builder.kernel.match import Match
from tests.heroes.rules.test_forward_model import bundled
from tests.heroes.rules.test_simulate import scenario

BONUS = 2


def movers() -> tuple[GameState, list[Piece]]:
    """A game's state at its first activation (infantry, and vehicles of one and two squares),
    with every unit on its battlefield that may move."""
    loaded, battlefield = scenario("rush-on-maltot")
    match = Match(RULES, new_game(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=5, turns=1))
    while (decision := match.pending) is not None and not isinstance(decision, ActivationAction):
        match.apply(next(iter(decision.options)))
    state = match.state.state
    return state, [p for p in state.pieces.values() if movement_points(state, p) is not None]


def test_kept_cost_is_the_cost_a_search_of_its_own_finds() -> None:
    state, pieces = movers()
    field, standing, rules = state.battlefield, list(state.pieces.values()), state.ruleset
    compared = beyond = 0
    for piece in pieces:
        points = allowance(piece)
        assert points is not None
        plain = reachable(field, standing, piece, rules)
        wider = reachable(field, standing, piece, rules, bonus=BONUS)  # the last kept: never cleared away
        for end in wider:
            cost = kept_cost(field, standing, piece, rules, end)
            if wider.cost(end) <= points:
                assert cost == plain.cost(end), (piece.key, end)
                compared += 1
            else:
                assert cost is None, (piece.key, end)
                beyond += 1
    assert compared > 50 and beyond > 50
    assert {len(p.squares) for p in pieces} >= {1, 2}


class _Counted(Mover):
    made = 0

    def __init__(self, *args: Any) -> None:
        _Counted.made += 1
        super().__init__(*args)


def test_a_move_weighed_with_a_cards_bonus_is_checked_without_a_new_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # HoN core p.9-11, p.17: within its own movement points, the move needs no card; beyond
    # them it does, whatever search the player made.
    state, pieces = movers()
    monkeypatch.setattr(reach, "Mover", _Counted)
    checked = refused = 0
    for piece in pieces:
        points = allowance(piece)
        assert points is not None
        paths = movement_reach(state, piece, bonus=BONUS)
        made = _Counted.made
        start = Position(piece.squares, piece.facing)
        within = [end for end in paths if end != start and paths.cost(end) <= points]
        for end in within:
            assert path_refusal(state, piece, Move(paths[end])) is None
            checked += 1
        assert _Counted.made == made, piece.key
        for end in [end for end in paths if paths.cost(end) > points]:
            refusal = path_refusal(state, piece, Move(paths[end]))
            assert refusal is not None and refusal.code is Code.NOT_IN_REACH, (piece.key, end)
            refused += 1
    assert checked > 50 and refused > 50


def test_a_vehicles_ends_are_worked_out_once_per_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its search holds hundreds of states: asked again (an assault weighed, then a move, then
    # the move checked), its ends are read, not worked out again.
    state, pieces = movers()
    made: list[int] = []
    search_ends = reach.search_ends

    def counted(*args: Any) -> Any:
        made.append(1)
        return search_ends(*args)

    monkeypatch.setattr(reach, "search_ends", counted)
    vehicles = [p for p in pieces if len(p.squares) > 1]
    for piece in vehicles:
        mover = Mover(state.battlefield, list(state.pieces.values()), piece, state.ruleset, False, False)
        first = reach.reach(mover)
        again = reach.reach(mover)
        assert len(made) == vehicles.index(piece) + 1
        assert list(again.items()) == list(first.items()) and len(first) > 20
    assert vehicles
