"""Surprise (HoN core p.17), its three clauses: out of a building through a window on the Forced
Move after a lost assault; a card per window on one Movement Action; and no second card to come
back through the window an assault went through when the attacker is pushed back. A retreat,
like any Forced Move, crosses no wall and leaves a building only by a door (p.20, p.26)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai import variants, works
from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import Unit, UnitType
from builder.heroes.rules.actions import assault, transport
from builder.heroes.rules.actions.kinds import AssaultAction, Move
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import Displaced
from builder.heroes.rules.events.game import CardEvent, CardUse, Phase, RetreatEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules.test_action_cards import bundled, holding

STORMERS = unit("stormers", abilities=[{"id": "assault", "value": 2}])
BRUISERS = unit("bruisers", abilities=[{"id": "assault", "value": 5}])
POLICY = SimplePolicy()
BOTH = {"a": POLICY, "b": POLICY}
WIN = [6, 5, 1]  # the attacker keeps 6, the defender rolls 1
LOSS = [1, 1, 6]  # the attacker keeps 1, the defender rolls 6

HOUSE = """
.......
.BB....
.BB....
.......
"""
EAST_WINDOW = ((2, 1), (3, 1))  # the window on the east wall of the house's top-right square
SOUTH_DOOR = ((1, 2), (1, 3))


def house(*pieces_: Piece) -> GameState:
    state = game(HOUSE, list(pieces_))
    state.battlefield = field(HOUSE, doors=[SOUTH_DOOR], windows=[EAST_WINDOW])
    return state


def beaten_in_the_house(*cards: str) -> tuple[GameState, Turn]:
    """Bruisers inside the house beat Rifles, which stand by the east window: pushed east, the
    three squares opposite the attacker are all outside, one through the window, two across
    the house's corners. No card's +1 would save the Rifles: the policy keeps it."""
    state = house(piece("a-stormers", (1, 1), kind=BRUISERS), piece("b-rifles", (2, 1), "b"))
    holding(state, "b", *(bundled().action_cards[c] for c in cards))
    attacker, defender = state.pieces["a-stormers"], state.pieces["b-rifles"]
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset)
    assert path is not None
    turn = Turn(state, LoadedDice(WIN), Phase.ACTIVATION, BOTH)
    turn.perform("a-stormers", AssaultAction(path, "b-rifles"))
    return state, turn


@pytest.mark.rule("assault-retreat")
def test_a_retreat_crosses_no_wall_and_leaves_a_building_only_by_a_door() -> None:
    """HoN core p.26: the retreat squares must be ones the unit "can enter" (the book's B:
    "passage of the Terrain Element is prohibited"); a building is left only through its doors
    (p.20), never across a corner. With no Surprise card the beaten unit has nowhere to go."""
    state, turn = beaten_in_the_house()
    assert "b-rifles" in state.destroyed
    (retreat,) = [e for e in turn.events if isinstance(e, RetreatEvent)]
    assert retreat.to is None and retreat.page == "HoN core p.26"


@pytest.mark.rule("action-cards")
def test_a_surprise_card_takes_a_beaten_unit_out_through_a_window() -> None:
    """HoN core p.17, Surprise: "This card also allows you to exit a building during a Forced
    Move after losing an Assault." The policy plays it: without it the unit is destroyed."""
    state, turn = beaten_in_the_house("surprise")
    assert state.pieces["b-rifles"].square == (3, 1)  # through the window, not across a corner
    assert not state.decks["b"].hand
    played = [(e.side, e.card, e.use, e.unit, e.page) for e in turn.events if isinstance(e, CardEvent)]
    assert played == [("b", "surprise", CardUse.BATTLE_EVENT, "b-rifles", "HoN core p.17")]
    kinds = [e.kind for e in turn.events]
    assert kinds.index("card") < kinds.index("retreat")  # played before the Forced Move
    assert state.pieces["a-stormers"].square == (2, 1)  # the winner takes the ground


@pytest.mark.rule("action-cards")
def test_the_policy_plays_surprise_on_a_retreat_only_when_the_doors_lead_somewhere_worse() -> None:
    """The simple policy's reading of when (HoN core p.17 leaves it to the player): when the
    unit would be destroyed, or would end in an enemy Zone of Control the window avoids."""
    state = house(piece("b-rifles", (2, 1), "b"), piece("a-watch", (5, 3)))
    holding(state, "b", bundled().action_cards["surprise"])
    rifles = state.pieces["b-rifles"]
    assert POLICY.surprise_exit(state, rifles, (), ((3, 1),)) == "surprise"
    assert POLICY.surprise_exit(state, rifles, ((4, 3),), ((4, 3), (3, 1))) == "surprise"  # (4, 3): a-watch's ZoC
    assert POLICY.surprise_exit(state, rifles, ((3, 0),), ((3, 0), (3, 1))) is None  # out of it already


def test_an_urban_fighter_leaves_through_the_window_with_no_card() -> None:
    """Urban Fighter (BfC p.08): "can enter or exit a building by any opening (door or window)"."""
    urban = unit("urban", abilities=["urban-fighter"], back=["urban-fighter"])
    state = house(piece("a-stormers", (1, 1), kind=BRUISERS), piece("b-urban", (2, 1), "b", kind=urban))
    holding(state, "b", bundled().action_cards["surprise"])
    path = assault_path(
        state.battlefield, state.pieces.values(), state.pieces["a-stormers"], state.pieces["b-urban"], state.ruleset
    )
    assert path is not None
    turn = Turn(state, LoadedDice(WIN), Phase.ACTIVATION, BOTH)
    turn.perform("a-stormers", AssaultAction(path, "b-urban"))
    assert state.pieces["b-urban"].square == (3, 1)
    assert len(state.decks["b"].hand) == 1 and not [e for e in turn.events if isinstance(e, CardEvent)]


@pytest.mark.rule("action-cards")
def test_two_windows_in_one_movement_action_take_two_surprise_cards() -> None:
    """HoN core p.17: "You need two Surprise cards to enter and exit a building through the
    windows with the same Movement Action"."""
    board = ".......\n.BB....\n......."
    state = game(board, [piece("a1", (0, 1))])
    state.battlefield = field(board, windows=[((0, 1), (1, 1)), ((2, 1), (3, 1))])
    path = Path(tuple(Position(((c, 1),), 1) for c in range(4)), 3)  # in by the west window, out by the east
    surprise = bundled().action_cards["surprise"]
    deck = holding(state, "a", surprise)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        turn.perform("a1", Move(path, windows=("surprise",)))
    assert caught.value.code is Code.MAY_NOT_PLAY
    deck = holding(state, "a", surprise, surprise.model_copy(update={"id": "surprise-2"}))
    turn.perform("a1", Move(path, windows=("surprise", "surprise-2")))
    assert state.pieces["a1"].square == (3, 1) and not deck.hand
    assert len([e for e in turn.events if isinstance(e, CardEvent)]) == 2


def window_assault(attacker_kind: Unit = STORMERS) -> GameState:
    """Stormers outside the house by its east window; Rifles inside, behind it."""
    return house(piece("a-stormers", (3, 1), kind=attacker_kind), piece("b-rifles", (2, 1), "b"))


@pytest.mark.rule("action-cards")
def test_an_assault_through_a_window_takes_a_surprise_card() -> None:
    """HoN core p.17, p.20: an assault is a Movement Action; into a building through a window
    it takes a Surprise card, as any move does."""
    state = window_assault()
    attacker, defender = state.pieces["a-stormers"], state.pieces["b-rifles"]
    assert assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset) is None
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset, windows=True)
    assert path is not None and path.cost == 1
    turn = Turn(state, LoadedDice(WIN), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        turn.perform("a-stormers", AssaultAction(path, "b-rifles"))  # no card, no window
    assert caught.value.code is Code.MAY_NOT_PLAY
    deck = holding(state, "a", bundled().action_cards["surprise"])
    turn.perform("a-stormers", AssaultAction(path, "b-rifles", windows=("surprise",)))
    assert not deck.hand and state.pieces["a-stormers"].square == (2, 1)  # it won and took the room
    (played,) = [e for e in turn.events if isinstance(e, CardEvent)]
    assert played.card == "surprise" and played.unit == "a-stormers"


@pytest.mark.rule("action-cards")
def test_an_attacker_pushed_back_returns_through_the_window_with_no_second_card() -> None:
    """HoN core p.17, Surprise: "A unit that launches an assault on a unit that is behind a
    window doesn't need a second Surprise card to return to its starting square if it is
    pushed back" (p.26: a beaten attacker returns to the square it launched the assault from)."""
    state = window_assault()
    surprise = bundled().action_cards["surprise"]
    deck = holding(state, "a", surprise, surprise.model_copy(update={"id": "surprise-2"}))
    attacker, defender = state.pieces["a-stormers"], state.pieces["b-rifles"]
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset, windows=True)
    assert path is not None
    turn = Turn(state, LoadedDice(LOSS), Phase.ACTIVATION, BOTH)
    turn.perform("a-stormers", AssaultAction(path, "b-rifles", windows=("surprise",)))
    assert state.pieces["a-stormers"].square == (3, 1) and state.pieces["b-rifles"].square == (2, 1)
    assert [c.id for c in deck.hand] == ["surprise-2"]  # one card in, none to come back
    assert len([e for e in turn.events if isinstance(e, CardEvent)]) == 1
    (back,) = [e for e in turn.events if isinstance(e, RetreatEvent)]
    assert back.unit == "a-stormers" and back.to == ((3, 1),) and back.page == "HoN core p.17"
    assert back.why is Displaced.BACK_THROUGH_WINDOW


@pytest.mark.rule("action-cards")
def test_the_policy_assaults_through_a_window_with_a_surprise_card() -> None:
    """No door leads to the Rifles from the Bruisers' side of the house: the policy plays a
    Surprise card on the assault (HoN core p.17) when its odds favour it."""
    state = window_assault(BRUISERS)
    action = POLICY.activate(state, state.pieces["a-stormers"])
    assert not isinstance(action, AssaultAction)  # no card, no way in
    holding(state, "a", bundled().action_cards["surprise"])
    action = POLICY.activate(state, state.pieces["a-stormers"])
    assert isinstance(action, AssaultAction) and action.defender == "b-rifles" and action.windows == ("surprise",)


def test_a_move_cut_short_by_a_mine_plays_surprise_only_for_the_windows_it_still_crosses() -> None:
    """A move stops before a Mine marker (BfC p.09): the Surprise card goes with it only while
    the shortened move still goes through the window (HoN core p.17), or the move through a
    window without its card would be refused."""
    state = house(piece("a1", (5, 1)))
    through = Path(tuple(Position(((c, 1),), 1) for c in (5, 4, 3, 2, 1)), 4)  # in by the east window
    state.mines[(1, 1)] = "b"
    short = works.short_of_mines(state, state.pieces["a1"], Move(through, windows=("surprise",)))
    assert isinstance(short, Move) and short.path.destination.squares == ((2, 1),) and short.windows == ("surprise",)
    state.mines = {(3, 1): "b"}
    short = works.short_of_mines(state, state.pieces["a1"], Move(through, windows=("surprise",)))
    assert isinstance(short, Move) and short.path.destination.squares == ((4, 1),) and short.windows == ()


def test_an_assault_through_a_window_is_not_turned_into_an_assault_on_the_move() -> None:
    """The policy makes a plain assault an Assault on the Move (SoN p.17) when it can go on,
    but not one that plays Surprise cards for its windows (HoN core p.17): its cards go with it."""
    troopers = unit("troopers", abilities=[{"id": "assault", "value": 5}, {"id": "assault-on-the-move", "value": -1}])
    state = window_assault(troopers)
    state.pieces["a-stormers"] = piece("a-stormers", (5, 1), kind=troopers)
    attacker, defender = state.pieces["a-stormers"], state.pieces["b-rifles"]
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset, windows=True)
    assert path is not None and path.cost < 4
    plain = AssaultAction(path, "b-rifles")
    assert variants.moving_on(POLICY, state, attacker, plain, frozenset({(0, 3)})) != plain  # on the move
    through = AssaultAction(path, "b-rifles", windows=("surprise",))
    assert variants.moving_on(POLICY, state, attacker, through, frozenset({(0, 3)})) == through


def test_a_unit_pushed_back_without_losing_may_not_play_surprise_to_leave() -> None:
    """HoN core p.17 names the Forced Move "after losing an Assault": a unit a Ferocious
    attacker pushes back on a tie or a win (BfC p.09) keeps to the doors."""
    state = house(piece("a-stormers", (1, 1), kind=BRUISERS), piece("b-rifles", (2, 1), "b"))
    deck = holding(state, "b", bundled().action_cards["surprise"])
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    assault.retreat(turn, state.pieces["b-rifles"], ((1, 1),), lost=False)
    assert "b-rifles" in state.destroyed and len(deck.hand) == 1


def test_surprise_opens_a_window_only_on_the_way_out_of_a_building() -> None:
    """HoN core p.17: the card "allows you to exit a building during a Forced Move", not to
    enter one. Rifles beaten outside by the east window, the only square behind them off the
    house taken: they are destroyed and keep their card rather than retreat inside."""
    state = house(
        piece("a-bruisers", (4, 1), kind=BRUISERS), piece("b-rifles", (3, 1), "b"), piece("b-block", (2, 0), "b")
    )
    holding(state, "b", bundled().action_cards["surprise"])
    attacker, defender = state.pieces["a-bruisers"], state.pieces["b-rifles"]
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset)
    assert path is not None
    turn = Turn(state, LoadedDice(WIN), Phase.ACTIVATION, BOTH)
    turn.perform("a-bruisers", AssaultAction(path, "b-rifles"))
    assert "b-rifles" in state.destroyed
    assert len(state.decks["b"].hand) == 1 and not [e for e in turn.events if isinstance(e, CardEvent)]


HALFTRACK = unit("halftrack", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"transport": 4}])


@pytest.mark.rule("transport")
def test_a_beaten_unit_gets_into_a_transport_through_no_wall() -> None:
    """HoN core p.26-27: a retreat into a transport is a Forced Move like any other; the
    halftrack stands beyond the house's east wall (a window, no door): no way in."""
    state = house(
        piece("a-stormers", (1, 1), kind=BRUISERS),
        piece("b-rifles", (2, 1), "b"),
        piece("b-ht", (3, 1), "b", HALFTRACK),
    )
    attacker, defender = state.pieces["a-stormers"], state.pieces["b-rifles"]
    path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset)
    assert path is not None
    Turn(state, LoadedDice(WIN), Phase.ACTIVATION, BOTH).perform("a-stormers", AssaultAction(path, "b-rifles"))
    assert "b-rifles" in state.destroyed


@pytest.mark.rule("transport")
def test_riders_of_a_destroyed_transport_get_out_through_no_wall() -> None:
    """HoN core p.27: the riders are "redeployed in unoccupied squares adjacent to the wreck.
    This is a Forced Move": the house's square behind its east wall is not one of them, though
    it gives the best cover."""
    rider = piece("b-rifles", (3, 1), "b")
    state = house(piece("b-ht", (3, 1), "b", HALFTRACK))
    state.pieces["b-rifles"] = replace(rider, embarked_in="b-ht")
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    transport.unload(turn, state.pieces["b-ht"])
    out = state.pieces["b-rifles"]
    assert out.embarked_in is None and out.square not in {(2, 1), (2, 2)}  # the house
