"""The policy's second path search through windows (a Surprise card, HoN core p.17) is left out
only when it cannot change the move: wherever a unit starts, it moves as a policy that always
makes that search would."""

from __future__ import annotations

from functools import cache

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.state import Deck, GameState
from builder.io.catalogue_files import load_catalogue
from tests.fixtures.rules.boards import field, piece, unit
from tests.fixtures.rules.games import game

HOUSE = """
.........
.........
..BBB....
..BBB....
.........
.........
"""
DOORS = [((2, 4), (2, 5))]
WINDOWS = [((5, 2), (4, 2)), ((3, 1), (3, 2))]
GOAL = {"id": "attic", "name": "The attic", "kind": "secondary", "at": [4, 3]}


class AlwaysSearching(SimplePolicy):
    """The simple policy, but as if it drew its moves: it never skips the search."""

    def takes_least(self) -> bool:
        return False


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


def _state(start: tuple[int, int], kind: UnitType = UnitType.INFANTRY) -> GameState:
    footprint = 1 if kind is UnitType.INFANTRY else 2
    mover = unit("mover", kind, footprint=footprint)
    squares = [start] if footprint == 1 else [start, (start[0], start[1] + 1)]
    state = game(HOUSE, [piece("a1", squares, kind=mover)], objectives=[GOAL])
    state.battlefield = field(HOUSE, doors=DOORS, windows=WINDOWS)
    state.decks["a"] = Deck(4, [], [bundled().action_cards["surprise"]])
    return state


def test_every_start_moves_as_if_the_window_search_were_always_made() -> None:
    free = [(c, r) for c in range(9) for r in range(6) if not (2 <= c <= 4 and 2 <= r <= 3)]
    by_windows = 0
    for start in free:
        state = _state(start)
        piece_ = state.pieces["a1"]
        chosen = SimplePolicy().activate(state, piece_)
        assert chosen == AlwaysSearching().activate(state, piece_), start
        by_windows += isinstance(chosen, Move) and bool(chosen.windows)
    assert by_windows >= 3  # the test is not empty: near the windows the card is played


def test_a_vehicle_by_a_window_moves_as_if_it_had_searched_through_it() -> None:
    for start in [(5, 1), (6, 2), (3, 0)]:
        state = _state(start, UnitType.LIGHT_VEHICLE)
        piece_ = state.pieces["a1"]
        assert SimplePolicy().activate(state, piece_) == AlwaysSearching().activate(state, piece_), start
