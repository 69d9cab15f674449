"""The greedy player of the Tactical Card Game (builder.tcg.ai.greedy): what it chooses from
a small state, and that it answers every decision from its side's view alone."""

from __future__ import annotations

import pytest

from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.decisions import YES_NO
from builder.kernel.match import Table
from builder.tcg.ai.greedy import SimplePolicy, for_every_side, own_dice
from builder.tcg.cards import Ability, AbilityKind
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.decisions import RevealBeforeGo, RevealBeforeSave, RevealCard
from builder.tcg.rules.events import AbilityEvent, GoEvent, MoveEvent, MoveKind, RevealEvent, ShotEvent, ShotResult
from builder.tcg.rules.players import TcgView, seen_by, viewer
from builder.tcg.rules.shooting import shoot
from builder.tcg.rules.simulation import simulate
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import command, manoeuvre
from tests.tcg.conftest import HEDGEROW, path_of
from tests.tcg.rules.helpers import game_with
from tests.tcg.rules.test_abilities import variant

HQ = "us-infantry-command-hq"
RIFLES_A, RIFLES_B = "us-rifle-company-a", "us-rifle-company-b"
GRENADIERS = "de-grenadier-gruppe-b"  # infantry, 2 hit points, no save
FAR = {"card": "de-grenadier-gruppe-a", "box": [4, 3]}
ORCHARD = path_of("orchard-at-dawn.yaml")


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
        for event in simulate(scenario, cards, for_every_side(scenario, seed), seed=seed).events:
            if isinstance(event, AbilityEvent):
                seen.add(event.ability)
            if isinstance(event, ShotEvent) and event.again:
                seen.add("fire-again")
    assert {"forward", "fire", "fire-again"} <= seen


@pytest.mark.rule("becoming-visible")
def test_the_policy_turns_a_hit_card_over_only_for_a_save_better_than_6(cards: CardCatalogue) -> None:
    """The one reveal it chooses (TCG p.16 N.B.): the M10 saves on 5 face up, the HQ on 6 as
    hidden, the Rifle Company has no save of its own."""
    us = [
        {"card": "us-m10", "box": [1, 0], "hidden": True},
        {"card": HQ, "box": [1, 1], "hidden": True},
        {"card": RIFLES_A, "box": [1, 2], "hidden": True},
    ]
    game = game_with(cards, us, [FAR])
    view = seen_by(game, "us")
    answers = [
        SimplePolicy().choose(view, RevealBeforeSave(side="us", options=YES_NO, shooter=(4, 3), target=box))
        for box in ((1, 0), (1, 1), (1, 2))
    ]
    assert answers == [True, False, False]


@pytest.mark.rule("becoming-visible")
def test_the_policy_turns_nothing_else_over_by_choice(cards: CardCatalogue) -> None:
    """Before a COMMAND marker and before a GO! roll it keeps its cards hidden; in the shipped
    Orchard at Dawn (seeds 13 and 25) each card it turns over is one hit, its save to come."""
    game = game_with(cards, [{"card": RIFLES_A, "box": [1, 2], "hidden": True}], [FAR])
    view, policy = seen_by(game, "us"), SimplePolicy()
    assert policy.choose(view, RevealCard(side="us", options=((1, 2), None))) is None
    assert policy.choose(view, RevealBeforeGo(side="us", options=YES_NO, card=(1, 2))) is False
    scenario = load_tcg_scenario(ORCHARD).scenario
    turned = 0
    for seed in (13, 25):
        told = simulate(scenario, cards, for_every_side(scenario, seed), seed=seed).events
        for index, event in enumerate(told):
            if isinstance(event, RevealEvent) and event.chosen:
                shot = told[index + 1]
                assert isinstance(shot, ShotEvent) and shot.target == event.piece and shot.success
                turned += 1
    assert turned == 2


@pytest.mark.rule("becoming-visible", "directive-armour-piercing")
def test_a_greedy_shooter_does_not_pierce_the_armour_of_a_tank_still_hidden(cards: CardCatalogue) -> None:
    """The difference the reveal after the red dice makes to the greedy games (Orchard at
    Dawn): the Panzer IV's player turns it over only once hit, so the M10's player
    chose armour-piercing while it was a hidden card, and kept its DIRECTIVE markers; the
    SUPPRESSED marker of a hit on armour, its save of 5 failed on a 4."""
    m10, panzer = {"card": "us-m10", "box": [1, 0]}, {"card": "de-panzer-iv", "box": [2, 0], "hidden": True}
    game = game_with(cards, [m10], [panzer], faces=[4, 5, 4], directives=(3, 0))
    target = game.pieces["de-panzer-iv"]
    event = shoot(game, game.pieces["us-m10"], 1, target, greedy(game))
    assert event.result is ShotResult.SUPPRESSED and (target.hits, target.suppressed) == (0, 1)
    assert event.directives == () and game.players["us"].directives == 3
    assert [e.piece for e in game.events if isinstance(e, RevealEvent) and e.chosen] == ["de-panzer-iv"]


def test_a_manoeuvring_card_is_offered_no_ability_and_the_policy_asks_for_none(cards: CardCatalogue) -> None:
    # TCG p.6: in a manoeuvre the two cards swap, one shoots, neither uses an ability. The
    # HQ's Field Command has a card to send a GO! marker to, and is not offered.
    us = [{"card": HQ, "box": [1, 1]}, {"card": RIFLES_A, "box": [1, 2]}, {"card": RIFLES_B, "box": [0, 1]}]
    game = game_with(cards, us, [FAR], faces=[1, 1] * 6)
    manoeuvre(game, game.pieces[HQ], game.pieces[RIFLES_A], game.pieces[RIFLES_A], greedy(game))
    assert {game.pieces[HQ].box, game.pieces[RIFLES_A].box} == {(1, 2), (1, 1)}
    assert not [e for e in game.events if isinstance(e, GoEvent)]


def test_of_two_boxes_as_near_the_objective_each_is_taken_on_some_seed(cards: CardCatalogue) -> None:
    """Issue 34: a tie between boxes falls to the player's own dice (seeded by the game's seed
    and its side), never to the least box, which would send every card to the same flank."""
    farm = [{"box": [2, 2], "kind": "objective", "id": "farm"}]
    game = game_with(cards, [{"card": RIFLES_A, "box": [2, 0]}], [FAR], markers=farm)
    piece = game.pieces[RIFLES_A]
    taken = {SimplePolicy(own_dice(seed, "us")).step(game, piece, [(1, 1), (3, 1), (2, 0)]) for seed in range(30)}
    assert taken == {(1, 1), (3, 1)}  # each one step from the farm; staying put never
