"""Where the loser of an assault goes (HoN core p.26): an infantry defender falls back to one of
the three squares opposite the attacker; it may enter an enemy Zone of Control, but is
destroyed if the retreat would move it within one. A vehicle overrunning infantry pushes
it aside to a free square, never within an enemy ZoC either (p.10, p.26)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import AssaultAction
from builder.heroes.rules.decisions import ForcedMove, HeroesDecision
from builder.heroes.rules.events.combat import Advance, AdvanceEvent, RetreatEvent, Stuck
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

STORMERS = unit("stormers", abilities=[{"id": "assault", "value": 2}])
GUN = unit("gun", movement=None)
HALFTRACK = unit("halftrack", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"transport": 4}])
RAM = unit("ram", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"id": "assault", "value": 1}])
WIN = [6, 5, 1]  # the attacker keeps 6: 6 + 2 + 2 = 10 against 1 + 2 = 3


@dataclass
class Retreating:
    """A player who retreats to `to`, recording what each Forced Move offered; the greedy
    player answers the rest."""

    to: Square
    offered: list[tuple[str, str, frozenset[Square]]] = field(default_factory=list)

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        if isinstance(decision, ForcedMove):
            self.offered.append((decision.side, decision.unit.key, frozenset(decision.options)))
            return self.to
        return SimplePolicy().choose(view, decision)


def assault(state: GameState, attacker: str, defender: str, dice: list[int], player: Retreating | None = None) -> Turn:
    path = assault_path(
        state.battlefield, state.pieces.values(), state.pieces[attacker], state.pieces[defender], state.ruleset
    )
    assert path is not None
    players: dict[str, Retreating | SimplePolicy] | None = {"a": SimplePolicy(), "b": player} if player else None
    turn = Turn(state, LoadedDice(dice), Phase.ACTIVATION, players)
    turn.perform(attacker, AssaultAction(path, defender))
    return turn


@pytest.mark.rule("assault-retreat")
@pytest.mark.parametrize("to", [(4, 1), (4, 2)])
def test_the_beaten_units_owner_chooses_among_the_squares_it_may_retreat_to(to: Square) -> None:
    """HoN core p.26: the unit falls back "to one of the three squares opposite the attacker";
    which one is its owner's choice, among those it may enter: (4, 3) is impassable terrain
    (the book's B), so it is not offered."""
    board = "\n".join(["......", "......", "......", "....#.", "......"])
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b")])
    player = Retreating(to)
    assault(state, "a-stormers", "b-rifles", WIN, player)
    assert player.offered == [("b", "b-rifles", frozenset({(4, 1), (4, 2)}))]
    assert state.pieces["b-rifles"].square == to


@pytest.mark.rule("assault-retreat", "transport")
def test_a_beaten_unit_may_retreat_past_an_allied_transport() -> None:
    """HoN core p.27: "it is also possible to retreat into a transport": possible, not
    required; its owner may take a free square instead."""
    halftrack = piece("b-ht", (4, 2), "b", HALFTRACK)
    board = "\n".join(["......"] * 5)
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b"), halftrack])
    player = Retreating((4, 3))
    assault(state, "a-stormers", "b-rifles", WIN, player)
    assert player.offered == [("b", "b-rifles", frozenset({(4, 1), (4, 2), (4, 3)}))]
    assert state.pieces["b-rifles"].square == (4, 3) and state.pieces["b-rifles"].embarked_in is None
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b"), halftrack])
    assault(state, "a-stormers", "b-rifles", WIN, Retreating((4, 2)))
    assert state.pieces["b-rifles"].embarked_in == "b-ht"


@pytest.mark.rule("assault-retreat")
def test_a_retreat_with_one_square_left_asks_nothing() -> None:
    board = "\n".join(["......"] * 5)
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b")])
    for blocked in ((4, 1), (4, 2)):
        state.pieces[f"b-block{blocked[1]}"] = piece(f"b-block{blocked[1]}", blocked, "b")
    player = Retreating((4, 3))
    assault(state, "a-stormers", "b-rifles", WIN, player)
    assert player.offered == [] and state.pieces["b-rifles"].square == (4, 3)


@pytest.mark.rule("assault-retreat")
def test_a_retreat_may_enter_an_enemy_zone_of_control() -> None:
    """HoN core p.26: "The retreating unit may enter an enemy Zone of Control this way"."""
    board = "\n".join(["......"] * 5)
    watcher = piece("a-watcher", (5, 2))  # its ZoC covers the three squares behind the defender
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b"), watcher])
    assault(state, "a-stormers", "b-rifles", WIN)
    assert state.pieces["b-rifles"].square[0] == 4  # it fell back into the watcher's ZoC
    assert state.pieces["a-stormers"].square == (3, 2)


@pytest.mark.rule("assault-retreat")
def test_a_retreat_that_would_move_within_an_enemy_zone_of_control_destroys_the_unit() -> None:
    """HoN core p.26: the retreating unit "is Destroyed if the retreat forces it to move within
    an enemy Zone of Control" - the book's example: A blocked by a unit, B by terrain, C within
    the ZoC of the American unit D; "Since there is no valid retreat, then unit is destroyed"."""
    board = "\n".join(["......", "....#.", "......", "......", "......"])
    flank = piece("a-flank", (3, 3))  # D: next to the defender and to two of its retreat squares
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b"), flank])
    state.pieces["b-blocker"] = piece("b-blocker", (4, 2), "b")  # A: the square straight behind is taken
    turn = assault(state, "a-stormers", "b-rifles", WIN)
    assert "b-rifles" not in state.pieces and "b-rifles" in state.destroyed
    (retreat,) = [e for e in turn.events if e.kind == "retreat"]
    assert isinstance(retreat, RetreatEvent) and (retreat.stuck, retreat.page) == (
        Stuck.ZONE_OF_CONTROL,
        "HoN core p.26",
    )
    assert retreat.within is not None and (4, 3) in retreat.within
    assert state.pieces["a-stormers"].square == (3, 2)  # the attacker takes the ground
    # Without D, C is a valid retreat.
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b")])
    state.pieces["b-blocker"] = piece("b-blocker", (4, 2), "b")
    assault(state, "a-stormers", "b-rifles", WIN)
    assert state.pieces["b-rifles"].square == (4, 3)


@pytest.mark.rule("assault-retreat")
def test_a_suppressed_or_vehicle_zone_of_control_does_not_stop_a_retreat() -> None:
    """A suppressed unit's ZoC affects no enemy infantry, and a vehicle's lets units "retreat
    (after an assault) within squares adjacent to any Vehicle" (HoN core p.12)."""
    board = "\n".join(["......", "....#.", "......", "......", "......"])
    for flank in (piece("a-flank", (3, 3), suppressed=1), piece("a-flank", (3, 3), kind=RAM)):
        state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-rifles", (3, 2), "b"), flank])
        state.pieces["b-blocker"] = piece("b-blocker", (4, 2), "b")
        assault(state, "a-stormers", "b-rifles", WIN)
        assert state.pieces["b-rifles"].square == (4, 3)


@pytest.mark.rule("forced-move")
def test_a_unit_with_an_x_movement_value_that_must_retreat_is_destroyed() -> None:
    """HoN core p.9: "If it must make a Forced Move, it is Destroyed instead"; a retreat is a
    Forced Move (p.26)."""
    board = "\n".join(["......"] * 5)
    state = game(board, [piece("a-stormers", (2, 2), kind=STORMERS), piece("b-gun", (3, 2), "b", kind=GUN)])
    turn = assault(state, "a-stormers", "b-gun", WIN)
    assert "b-gun" in state.destroyed
    (retreat,) = [e for e in turn.events if e.kind == "retreat"]
    assert isinstance(retreat, RetreatEvent) and (retreat.stuck, retreat.page) == (Stuck.X_MOVEMENT, "HoN core p.9")


def test_infantry_pushed_aside_by_a_vehicle_never_moves_within_an_enemy_zone_of_control() -> None:
    """HoN core p.26: on a tie a vehicle takes the infantry's square and pushes it into an
    adjacent square; like a unit run over (p.10), never one that requires moving within an
    enemy Zone of Control."""
    board = "\n".join(["...", "...", "..."])
    guard = piece("a-guard", (1, 0))  # its ZoC covers the defender's square and (0, 0), (2, 0), (2, 1)
    state = game(board, [piece("a-ram", (0, 1), kind=RAM), piece("b-rifles", (1, 1), "b"), guard])
    assault(state, "a-ram", "b-rifles", [1, 1, 3])  # 1 + 2 + 1 = 4 against 3 + 1 = 4: a tie
    assert state.pieces["a-ram"].square == (1, 1)
    assert state.pieces["b-rifles"].square == (0, 2)  # not (0, 0), the first free square


@pytest.mark.rule("assault-overrun")
def test_a_vehicle_wrecked_by_the_infantry_it_assaults_still_takes_its_square() -> None:
    """HoN core p.26: "If the attacker is a vehicle, whether it turned into a Wreck or not, it
    takes the place of the defender if the defender is an Infantry Unit", which is pushed back."""
    board = "\n".join(["...", "...", "..."])
    frail = unit("frail", UnitType.LIGHT_VEHICLE, movement=6, abilities=["assault"], states=("unharmed", "wreck"))
    state = game(board, [piece("a-frail", (0, 1), kind=frail), piece("b-rifles", (1, 1), "b")])
    turn = assault(state, "a-frail", "b-rifles", [1, 1, 6])  # 1 + 2 + 1 = 4 against 6 + 1 = 7: lost
    wreck = state.pieces["a-frail"]
    assert wreck.is_wreck and wreck.squares == ((1, 1),)
    assert state.pieces["b-rifles"].square != (1, 1)
    (advance,) = [e for e in turn.events if e.kind == "advance"]
    assert isinstance(advance, AdvanceEvent) and (advance.how, advance.page) == (
        Advance.WRECK_TAKES_PLACE,
        "HoN core p.26",
    )
