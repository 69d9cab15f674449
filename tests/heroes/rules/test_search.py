"""Search checks and the Search bag (SoN p.11, p.18): where a unit may search, the roll, and
what it finds going to a tile with an empty white or green slot."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import Role
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase, SearchEvent
from builder.heroes.rules.mythos.spells import spells_of
from builder.heroes.rules.mythos.state import SearchCheck
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

OPEN = "\n".join(["..........."] * 5)
SEEKER = unit("seeker", abilities=[{"id": "search", "value": 4}])
OFFICER = unit("officer").model_copy(update={"role": Role.OFFICER})


def searching(catalogue: Catalogue, *found: str) -> GameState:
    state = game(OPEN, [piece("a1", (2, 2)), replace(piece("a0", (0, 0), kind=OFFICER), group="tiles[1]")])
    state.pieces["b1"] = piece("b1", (9, 2), "b")
    state.ruleset = SON
    state.mythos.search_tokens = {(3, 2)}
    state.mythos.search_bag = [catalogue.options[f] for f in found]
    state.mythos.open_slots = {"a": ["tiles[1]"]}
    return state


def search(state: GameState, faces: list[int], key: str = "a1") -> SearchEvent:
    turn = Turn(state, LoadedDice(faces), Phase.ACTIVATION)
    turn.perform(key, SearchCheck())
    (event,) = [e for e in turn.events if isinstance(e, SearchEvent)]
    return event


@pytest.mark.rule("son-search-token", "search-checks")
def test_without_the_ability_only_a_6_finds_something(bundled: Catalogue) -> None:
    state = searching(bundled, "son-paralyze")
    assert search(state, [5]).found is None and state.mythos.search_tokens == {(3, 2)}
    event = search(state, [6])  # one tile in the bag: no die to draw it
    assert event.found == "son-paralyze" and not state.mythos.search_tokens  # hon: the token is used up
    # A spell found goes to the tile with the empty slot: its Character may cast it.
    assert [k.option.id for k in spells_of(state, state.pieces["a0"])] == ["son-paralyze"]


@pytest.mark.rule("search")
def test_the_search_ability_lowers_the_roll_needed(bundled: Catalogue) -> None:
    state = searching(bundled, "son-elder-sword")
    state.pieces["a1"] = piece("a1", (2, 2), kind=SEEKER)
    assert search(state, [4]).found == "son-elder-sword"  # Search 4 (SoN p.18)
    # A customization found gives the tile's Character the ability it grants (Faith).
    assert state.pieces["a0"].side.has("faith")


@pytest.mark.rule("son-search-token")
def test_no_search_away_from_a_token_or_next_to_an_enemy(bundled: Catalogue) -> None:
    state = searching(bundled, "son-paralyze")
    state.pieces["a1"] = piece("a1", (6, 2))
    with pytest.raises(IllegalAttack) as caught:
        search(state, [6])
    assert caught.value.code is Code.MAY_NOT_SEARCH
    state.pieces["a1"] = piece("a1", (2, 2))
    state.pieces["b1"] = piece("b1", (1, 2), "b")
    with pytest.raises(IllegalAttack) as caught:
        search(state, [6])
    assert caught.value.code is Code.MAY_NOT_SEARCH


@pytest.mark.rule("search-checks")
def test_the_policy_searches_by_a_token_when_nothing_better_is_in_reach(bundled: Catalogue) -> None:
    state = searching(bundled, "son-paralyze")
    state.pieces["b1"] = piece("b1", (10, 4), "b")
    policy = SimplePolicy()
    assert policy.supply_move(state, state.pieces["a1"]) == SearchCheck()
    state.mythos.search_bag = []
    assert policy.supply_move(state, state.pieces["a1"]) != SearchCheck()


def test_with_no_slot_to_take_it_what_is_found_goes_back_and_the_policy_does_not_search(bundled: Catalogue) -> None:
    state = searching(bundled, "son-paralyze")
    state.mythos.open_slots = {"a": []}
    event = search(state, [6])
    assert event.found is None and [o.id for o in state.mythos.search_bag] == ["son-paralyze"]
    assert state.mythos.search_tokens == {(3, 2)}
    state.pieces["b1"] = piece("b1", (10, 4), "b")
    assert SimplePolicy().supply_move(state, state.pieces["a1"]) != SearchCheck()
