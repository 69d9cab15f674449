"""What one side may know (builder.tcg.rules.players.seen_by; TCG p.4, p.16-17): its own cards
and hand; of the other side's hidden cards, the back alone — never which card, never whether
it is a decoy; no reserve's order, no other hand, no dice to come."""

from __future__ import annotations

from typing import Any

import pytest

from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.decisions import Player
from builder.kernel.dice import SeededDice
from builder.kernel.match import Match
from builder.tcg.ai.greedy import SimplePolicy
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.hidden import reveal_at_will
from builder.tcg.rules.players import TcgPlayer, TcgView, seen_by
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.simulation import RULES, TcgGame
from builder.tcg.rules.state import CardBack, Game
from builder.tcg.scenario import Scenario
from tests.tcg.conftest import TCG_SCENARIOS
from tests.tcg.rules.helpers import Scripted, game_with, table

ORCHARD = next(path for path in TCG_SCENARIOS if path.stem == "orchard-at-dawn")


def orchard() -> Scenario:
    return load_tcg_scenario(ORCHARD).scenario


def with_card_at(scenario: Scenario, box: tuple[int, int], card: str) -> Scenario:
    """The scenario with another card deployed, hidden, in `box`."""
    us = scenario.sides[0]
    deployment = [p.model_copy(update={"card": card}) if tuple(p.box) == box else p for p in us.force.deployment]
    side = us.model_copy(update={"force": us.force.model_copy(update={"deployment": deployment})})
    return scenario.model_copy(update={"sides": [side, *scenario.sides[1:]]})


def started(scenario: Scenario, cards: CardCatalogue) -> Game:
    game = new_game(scenario, cards, SeededDice(3))
    game.players["us"].hand = list(game.players["us"].reserve[:2])
    return game


def test_the_other_sides_hidden_cards_show_their_back_alone(cards: CardCatalogue) -> None:
    """Orchard at Dawn: the Americans deploy six cards hidden, two of them decoys."""
    game = started(orchard(), cards)
    view = seen_by(game, "german")
    hidden = [p for p in view.game.of("us")]
    assert len(hidden) == 6 and all(p.hidden and isinstance(p.card, CardBack) for p in hidden)
    assert not any(p.is_decoy or p.unit is not None for p in hidden)
    assert not {p.key for p in hidden} & set(game.pieces)  # the game's keys name the cards
    assert all(p.card.name == "a hidden card" for p in hidden)
    own = seen_by(game, "us").game
    assert [p.key for p in own.of("us")] == [p.key for p in game.of("us")]
    assert sum(p.is_decoy for p in own.of("us")) == 2  # its own decoys, it knows


def test_hands_reserves_dice_and_log_are_out_of_sight(cards: CardCatalogue) -> None:
    game = started(orchard(), cards)
    view = seen_by(game, "german")
    us, german = view.game.players["us"], view.game.players["german"]
    assert us.hand == [] and view.hands["us"] == 2  # how many cards, not which
    assert us.reserve == [] == german.reserve and view.reserves["us"] == len(game.players["us"].reserve)
    assert seen_by(game, "us").game.players["us"].hand == game.players["us"].hand
    assert view.game.events == [] and game.events
    with pytest.raises(ValueError):
        view.game.dice.roll(2)
    deployed = {side.id: side.force.deployment for side in view.game.scenario.sides}
    assert not any(p.hidden for p in deployed["us"]) and any(p.hidden for p in deployed["german"])
    assert us.side == view.game.scenario.sides[0]  # the command board shows the scenario's public side


def test_two_games_apart_only_in_a_hidden_card_look_the_same_to_the_other_side(cards: CardCatalogue) -> None:
    """A decoy or the Rifle Company B in [1, 2], hidden: the German view and the greedy
    German player's first choice are the same in both games; the American view differs."""
    decoy, rifles = orchard(), with_card_at(orchard(), (1, 2), "us-rifle-company-b")
    first, second = started(decoy, cards), started(rifles, cards)
    there = first.at((1, 2))
    assert there is not None and there.is_decoy
    assert seen_by(first, "german") == seen_by(second, "german")
    assert seen_by(first, "us") != seen_by(second, "us")
    choices = []
    for scenario in (decoy, rifles):
        match = Match(RULES, TcgGame(new_game(scenario, cards, SeededDice(3)), scenario.turns, 3))
        decision = match.pending
        assert decision is not None and decision.side == "german"
        player: Player[TcgView, Any] = SimplePolicy()
        choices.append(player.choose(match.view("german"), decision))
    assert choices[0] == choices[1]


class Unasked:
    """A player for the side that is asked nothing."""

    def choose(self, view: TcgView, decision: Any) -> object:
        raise AssertionError(f"{view.side} was asked a {decision.kind} decision")


@pytest.mark.rule("becoming-visible")
def test_a_card_its_player_turns_over_is_seen_only_once_turned(cards: CardCatalogue) -> None:
    """TCG p.16: the other side learns that a hidden card was turned face up, and what it is,
    only then; its other hidden card still shows its back; it is asked nothing."""
    us = [
        {"card": "us-rifle-company-a", "box": [1, 1], "hidden": True},
        {"card": "us-decoy", "box": [1, 2], "hidden": True},
    ]
    game = game_with(cards, us, [{"card": "de-grenadier-gruppe-a", "box": [4, 3]}])
    before = {p.box: p for p in seen_by(game, "german").game.of("us")}
    assert all(isinstance(p.card, CardBack) and p.key not in game.pieces for p in before.values())
    players: dict[str, TcgPlayer] = {"us": Scripted(turn_up=[(1, 1)]), "german": Unasked()}
    reveal_at_will(game, "us", table(game, players=players))
    after = {p.box: p for p in seen_by(game, "german").game.of("us")}
    turned = after[(1, 1)]
    assert (turned.key, turned.card.id, turned.hidden) == ("us-rifle-company-a", "us-rifle-company-a", False)
    assert after[(1, 2)] == before[(1, 2)] and isinstance(after[(1, 2)].card, CardBack)
