"""The variant rules of TCG p.21, each on its own: for novices (no Event Cards, automatic
activation rolls, no terrain effects, every card visible) and for more casualties (a result
of 12 inflicts two HITs)."""

from __future__ import annotations

import json

import pytest

from builder.cli import main
from builder.kernel.dice import LoadedDice
from builder.tcg.cards import DecoyCard, EventCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import go_roll
from builder.tcg.rules.events import ActivationEvent
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.shooting import shoot
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import reinforce
from builder.tcg.rules.variants import Variant
from builder.tcg.terrain import Terrain
from tests.tcg.conftest import HEDGEROW
from tests.tcg.rules.helpers import Scripted, game_with, table

pytestmark = pytest.mark.rule("variant-rules")

RIFLES = {"card": "us-rifle-company-a", "box": [1, 1]}  # shooting 8
GRENADIERS = {"card": "de-grenadier-gruppe-b", "box": [2, 1]}  # infantry, 2 hit points, no save


def hedgerow_game(cards: CardCatalogue, *variants: Variant) -> Game:
    from builder.io.tcg_files import load_tcg_scenario

    return new_game(load_tcg_scenario(HEDGEROW).scenario, cards, LoadedDice([1] * 40), frozenset(variants))


def test_without_event_cards_the_reserve_holds_none(cards: CardCatalogue) -> None:
    standard = hedgerow_game(cards)
    assert sum(isinstance(c, EventCard) for c in standard.players["us"].reserve) == 2
    novice = hedgerow_game(cards, Variant.NO_EVENT_CARDS)
    assert not any(isinstance(c, EventCard) for p in novice.players.values() for c in p.reserve)
    assert len(novice.players["us"].reserve) == len(standard.players["us"].reserve) - 2


def test_every_card_visible_and_decoys_discarded(cards: CardCatalogue) -> None:
    game = hedgerow_game(cards, Variant.ALL_VISIBLE)
    assert not any(p.hidden or p.is_decoy for p in game.pieces.values())
    assert sum(isinstance(c, DecoyCard) for c in game.players["us"].discard) == 3  # 1 deployed, 2 in the deck
    assert not any(isinstance(c, DecoyCard) for p in game.players.values() for c in p.reserve)
    game = game_with(cards, [], [{"card": "de-grenadier-gruppe-a", "box": [4, 3]}])
    game.variants = frozenset({Variant.ALL_VISIBLE})
    game.players["us"].hand.append(cards.cards["us-m10"])
    m10 = cards.unit("us-m10")
    assert m10 is not None
    placed = reinforce(game, "us", m10, (0, 0))
    assert placed is not None and not placed.hidden  # far from any enemy


def test_automatic_activation_rolls_no_die(cards: CardCatalogue) -> None:
    hidden = {"card": "us-m3-half-track", "box": [1, 1], "hidden": True}
    game = game_with(cards, [hidden], [{"card": "de-grenadier-gruppe-a", "box": [4, 3]}], faces=[])
    game.variants = frozenset({Variant.AUTOMATIC_ACTIVATION})
    go_roll(game, game.pieces["us-m3-half-track"], table(game))
    event = next(e for e in game.events if isinstance(e, ActivationEvent))
    assert event.success and event.rolls == () and event.page == "TCG p.21"


def test_no_terrain_effects(cards: CardCatalogue) -> None:
    terrain = [{"box": [2, 1], "terrain": "urban"}, {"box": [1, 2], "terrain": "water"}]
    game = game_with(cards, [RIFLES], [{"card": "de-grenadier-gruppe-a", "box": [4, 3]}], terrain=terrain)
    assert game.terrain((2, 1)) is Terrain.URBAN
    game.variants = frozenset({Variant.NO_TERRAIN})
    assert game.terrain((2, 1)) is Terrain.OPEN and game.terrain((1, 2)) is Terrain.OPEN


@pytest.mark.parametrize(
    ("variants", "faces", "sustain", "hits"),
    [
        ((), [6, 6], False, 1),
        ((Variant.MORE_CASUALTIES,), [6, 6], False, 2),
        ((Variant.MORE_CASUALTIES,), [6, 5], True, 2),  # 11 + a DIRECTIVE marker's 1 = 12
        ((Variant.MORE_CASUALTIES,), [6, 5], False, 1),
    ],
)
def test_more_casualties_a_twelve_inflicts_two_hits(
    cards: CardCatalogue, variants: tuple[Variant, ...], faces: list[int], sustain: bool, hits: int
) -> None:
    game = game_with(cards, [RIFLES], [GRENADIERS], faces=faces)
    game.variants = frozenset(variants)
    shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    event = shoot(game, shooter, 0, target, table(game, Scripted(sustain=sustain)))
    assert event.hits == hits


def test_hon_simulate_with_variants(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", str(HEDGEROW), "--seed", "2", "--variant", "more-casualties", "--variant", "all-visible"]
    assert main([*args, "--json"]) == 0
    first = capsys.readouterr().out
    assert json.loads(first)["variants"] == ["all-visible", "more-casualties"]
    assert main([*args, "--json"]) == 0
    assert capsys.readouterr().out == first
    assert main(args) == 0
    assert "Variant rules (TCG p.21)" in capsys.readouterr().out
    assert main(["simulate", str(HEDGEROW), "--variant", "easy"]) == 2
    assert "easy" in capsys.readouterr().err
