"""The greedy player of the Tactical Card Game (builder.tcg.ai.greedy): what it chooses from
a small state, and that it answers every decision from its side's view alone."""

from __future__ import annotations

import pytest

from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.match import Table
from builder.tcg.ai.greedy import SimplePolicy, for_every_side
from builder.tcg.cards import Ability, AbilityKind
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import AbilityEvent, MoveEvent, MoveKind, ShotEvent
from builder.tcg.rules.players import TcgView, viewer
from builder.tcg.rules.simulation import simulate
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import command
from tests.tcg.conftest import HEDGEROW
from tests.tcg.rules.helpers import game_with
from tests.tcg.rules.test_abilities import variant

HQ = "us-infantry-command-hq"
RIFLES_A, RIFLES_B = "us-rifle-company-a", "us-rifle-company-b"
GRENADIERS = "de-grenadier-gruppe-b"  # infantry, 2 hit points, no save
FAR = {"card": "de-grenadier-gruppe-a", "box": [4, 3]}


def greedy(game: Game) -> Table[TcgView]:
    return Table(viewer(game), {"us": SimplePolicy(), "german": SimplePolicy()})


@pytest.mark.rule("fire", "forward")
def test_the_policy_orders_forward_and_fire_sensibly(cards: CardCatalogue) -> None:
    forward = variant(cards, HQ, abilities=[Ability(kind=AbilityKind.FORWARD, uses=2)])
    us = [{"card": HQ, "box": [0, 1]}, {"card": RIFLES_A, "box": [1, 1]}]
    game = game_with(forward, us, [FAR], markers=[{"box": [3, 1], "kind": "objective", "id": "farm"}])
    command(game, game.pieces[HQ], greedy(game))
    moved = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FORWARD]
    assert [(e.piece, e.to) for e in moved] == [(RIFLES_A, (2, 1))]  # toward the objective
    fire = variant(cards, HQ, abilities=[Ability(kind=AbilityKind.FIRE)])
    us = [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [1, 1]}, {"card": RIFLES_B, "box": [2, 0]}]
    game = game_with(fire, us, [{"card": GRENADIERS, "box": [2, 1]}], faces=[1, 2] * 4)
    game.pieces[RIFLES_A].activated = True  # its shot would be lost: Fire! orders it first
    command(game, game.pieces[HQ], greedy(game))
    shots = [e for e in game.events if isinstance(e, ShotEvent)]
    assert [e.piece for e in shots] == [RIFLES_A]  # one icon, one card: the ACTIVATED one


@pytest.mark.rule("fall-back")
def test_the_policy_falls_back_a_battered_card(cards: CardCatalogue) -> None:
    deck = variant(cards, HQ, abilities=[Ability(kind=AbilityKind.FALL_BACK)])
    us = [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [2, 1]}]
    game = game_with(deck, us, [{"card": GRENADIERS, "box": [3, 1]}], faces=[1, 2] * 10)
    game.pieces[RIFLES_A].suppressed = 1
    command(game, game.pieces[HQ], greedy(game))
    moved = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FALL_BACK]
    assert [(e.piece, e.to) for e in moved] == [(RIFLES_A, (1, 1))]


def test_the_shipped_hedgerow_plays_forward_fire_and_fire_again(cards: CardCatalogue) -> None:
    """The example cards with these abilities are in Hedgerow Crossroads' decks: over thirty
    seeds the simple policy orders Forward! and Fire! and makes a sure second attack (seeds
    25 and 29)."""
    scenario = load_tcg_scenario(HEDGEROW).scenario
    seen: set[str] = set()
    for seed in range(1, 31):
        for event in simulate(scenario, cards, for_every_side(scenario), seed=seed).events:
            if isinstance(event, AbilityEvent):
                seen.add(event.ability)
            if isinstance(event, ShotEvent) and event.again:
                seen.add("fire-again")
    assert {"forward", "fire", "fire-again"} <= seen
