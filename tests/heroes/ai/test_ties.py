"""The greedy player breaks ties with dice of its own (issue 34): of options it scores alike it
draws one, never the first by square or by key, so that no corner of the map nor place in the
army list is preferred; the same dice draw the same, and each side of a game has its own."""

from __future__ import annotations

from random import Random

from builder.heroes.ai.greedy import SimplePolicy, for_every_side, own_dice
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.orders.tokens import Tokens
from builder.heroes.rules.pieces import EAST, WEST
from tests.fixtures.rules.boards import TANK, piece
from tests.fixtures.rules.games import game, scenario

OPEN = "\n".join(["............"] * 3)
GOAL = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [11, 1]}]


def ends(seeds: range) -> list[tuple[int, int]]:
    """Where the rifles at [0, 1] end their move towards the hill at [11, 1], by the seed of
    the player's dice: [4, 0], [4, 1] and [4, 2] are all 7 squares from it, in the open."""
    found = []
    for seed in seeds:
        state = game(OPEN, [piece("a1", (0, 1), facing=EAST)], objectives=GOAL)
        action = SimplePolicy(dice=Random(seed)).activate(state, state.pieces["a1"])
        assert isinstance(action, Move)
        found.append(action.path.destination.square)
    return found


def test_ends_alike_are_drawn_not_taken_by_square() -> None:
    drawn = ends(range(40))
    assert set(drawn) == {(4, 0), (4, 1), (4, 2)}
    assert all(drawn.count(end) >= 5 for end in set(drawn))
    assert ends(range(40)) == drawn  # the same dice, the same draws


def test_a_vehicle_ends_its_move_facing_its_goal() -> None:
    """Its facing is no tie to draw: of ends on the objective, the tank ends with its front
    on it (facing its way) rather than its rear, whatever the dice."""
    near = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [4, 1]}]
    for seed in range(20):
        tank = piece("t1", ((1, 1), (0, 1)), kind=TANK, facing=EAST)
        state = game(OPEN, [tank], objectives=near)
        action = SimplePolicy(dice=Random(seed)).activate(state, state.pieces["t1"])
        assert isinstance(action, Move)
        assert action.path.destination.squares[0] == (4, 1), seed


def test_tokens_go_to_units_as_near_in_a_drawn_order() -> None:
    """Three units as near the enemy, one numbered token: each takes it with some seed."""
    pieces = [piece(key, (0, row)) for key, row in (("a1", 0), ("a2", 1), ("a3", 2))]
    pieces.append(piece("b1", (11, 1), "b", facing=WEST))
    taken = set()
    for seed in range(30):
        state = game(OPEN, pieces)
        orders = SimplePolicy(dice=Random(seed)).assign(state, "a", Tokens(1, 0, 0))
        taken.add(orders.numbered)
    assert taken == {("a1",), ("a2",), ("a3",)}


def test_each_side_plays_on_dice_of_its_own() -> None:
    players = for_every_side(scenario(), 7)
    assert players["a"] is not players["b"]
    assert [p.dice.random() for p in players.values()] == [own_dice(7, "a").random(), own_dice(7, "b").random()]
    assert own_dice(7, "a").random() != own_dice(8, "a").random()
