"""Shooting attacks (TCG p.7-8, p.12, p.14, p.16-17), the book's worked examples first."""

from __future__ import annotations

import pytest

from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import ShotResult
from builder.tcg.rules.rolls import Judgement, judge
from builder.tcg.rules.shooting import in_range, shoot
from tests.tcg.rules.helpers import Scripted, game_with, table

RIFLES = {"card": "us-rifle-company-a", "box": [1, 1]}
GRENADIERS = {"card": "de-grenadier-gruppe-b", "box": [2, 1]}  # 2 hit points, no save
URBAN = [{"box": [2, 1], "terrain": "urban"}]


def test_p14_sustained_fire_turns_a_6_into_a_7() -> None:
    """TCG p.14: a shooting value of 7, a roll of 6, a DIRECTIVE marker: 6 + 1 = 7."""
    assert judge((2, 4), 6, 7) is Judgement.FAILURE
    assert judge((2, 4), 6 + 1, 7) is Judgement.SUCCESS


@pytest.mark.rule("directive-sustained-fire")
def test_p14_sustained_fire_in_play(cards: CardCatalogue) -> None:
    m10 = {"card": "us-m10", "box": [1, 1]}
    game = game_with(cards, [m10], [GRENADIERS], faces=[3, 4, 1])  # 7 against 8, then the save die
    shooter, target = game.pieces["us-m10"], game.pieces["de-grenadier-gruppe-b"]
    event = shoot(game, shooter, 1, target, table(game, Scripted(sustain=True)))
    assert event.rolls[0].total == 8 and event.result is ShotResult.HIT
    assert event.directives == ("sustained-fire",) and game.players["us"].directives == 1


@pytest.mark.rule("shooting", "saving-bonus")
def test_p18_rifle_company_hits_on_7_plus_1_and_the_save_of_5_plus_1_passes(cards: CardCatalogue) -> None:
    """TCG p.18 (4): shooting value 8, the red dice show 7, a DIRECTIVE marker makes it 8: a
    HIT; the German unit rolls 5 for its save, spends a DIRECTIVE marker: 5 + 1 = 6, saved."""
    game = game_with(cards, [RIFLES], [GRENADIERS], faces=[3, 4, 5], terrain=URBAN)
    shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    event = shoot(game, shooter, 0, target, table(game, Scripted(sustain=True, save_bonus=True)))
    shot, save = event.rolls
    assert (shot.total, save.dice, save.total) == (8, (5,), 6)
    assert event.result is ShotResult.SAVED and target.hits == 0
    assert event.directives == ("sustained-fire", "saving-bonus")
    assert game.players["us"].directives == 1 and game.players["german"].directives == 1


@pytest.mark.rule("hit-points", "directive-armour-piercing")
def test_p18_the_m10_fires_twice_and_destroys(cards: CardCatalogue) -> None:
    """TCG p.18 (5): the M10 fires twice: 10, then 9 with a DIRECTIVE marker's armour-piercing
    on the second shot; the German unit fails both saves, loses its second HIT point and is
    destroyed."""
    m10 = {"card": "us-m10", "box": [1, 1]}
    game = game_with(cards, [m10], [GRENADIERS], faces=[5, 5, 2, 4, 5, 3], terrain=URBAN)
    shooter, target = game.pieces["us-m10"], game.pieces["de-grenadier-gruppe-b"]
    first = shoot(game, shooter, 0, target, table(game))
    assert first.rolls[0].total == 10 and first.result is ShotResult.HIT and target.hits == 1
    second = shoot(game, shooter, 1, target, table(game, Scripted(pierce=True)))
    assert second.rolls[0].total == 9 and second.directives == ("armour-piercing",)
    assert second.result is ShotResult.HIT
    assert "de-grenadier-gruppe-b" not in game.pieces
    assert game.players["us"].destroyed == 1


@pytest.mark.rule("partial-success", "double-ones")
def test_a_failed_double_suppresses_and_double_ones_give_a_directive(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [GRENADIERS], faces=[3, 3, 1, 1], directives=(0, 0))
    shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    partial = shoot(game, shooter, 0, target, table(game))
    assert partial.result is ShotResult.SUPPRESSED and target.suppressed == 1 and len(partial.rolls) == 1
    ones = shoot(game, shooter, 0, target, table(game))
    assert ones.result is ShotResult.SUPPRESSED and ones.gained_directive
    assert game.players["us"].directives == 1 and target.suppressed == 2


@pytest.mark.rule("armour", "armour-piercing")
def test_armour_turns_a_hit_into_suppressed_unless_armour_piercing(cards: CardCatalogue) -> None:
    """TCG p.8; FAQ p.21: that SUPPRESSED marker may be saved."""
    rifles, tank = RIFLES, {"card": "de-panzer-iv", "box": [2, 1]}
    game = game_with(cards, [rifles, {"card": "us-m10", "box": [1, 2]}], [tank], faces=[5, 5, 1, 5, 5, 1])
    target = game.pieces["de-panzer-iv"]
    soft = shoot(game, game.pieces["us-rifle-company-a"], 0, target, table(game))
    assert soft.result is ShotResult.SUPPRESSED and len(soft.rolls) == 2  # the save was rolled (a 1)
    assert target.hits == 0 and target.suppressed == 1
    m10 = game.pieces["us-m10"]
    hard = shoot(game, m10, 0, target, table(game))
    assert hard.result is ShotResult.HIT and target.hits == 1


@pytest.mark.rule("saves", "urban")
def test_the_better_of_card_and_terrain_save_one_roll(cards: CardCatalogue) -> None:
    """The Panzer IV saves on 5 (its card) even in an urban box (6): one roll of 5 saves."""
    tank = {"card": "de-panzer-iv", "box": [2, 1]}
    game = game_with(cards, [{"card": "us-m10", "box": [1, 1]}], [tank], faces=[6, 6, 5], terrain=URBAN)
    m10 = game.pieces["us-m10"]
    event = shoot(game, m10, 0, game.pieces["de-panzer-iv"], table(game))
    assert event.result is ShotResult.SAVED and len(event.rolls) == 2


@pytest.mark.rule("hidden")
def test_a_hidden_target_saves_on_6_then_is_turned_face_up(cards: CardCatalogue) -> None:
    hidden = {**GRENADIERS, "hidden": True}
    game = game_with(cards, [RIFLES], [hidden], faces=[4, 5, 6, 4, 5, 5], directives=(2, 0))
    shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    saved = shoot(game, shooter, 0, target, table(game))
    assert saved.result is ShotResult.SAVED and not target.hidden
    target.hidden = True
    hit = shoot(game, shooter, 0, target, table(game))
    assert hit.result is ShotResult.HIT and target.hits == 1 and not target.hidden


@pytest.mark.rule("decoys")
def test_a_shot_at_a_hidden_decoy_discards_it(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [{"card": "de-decoy", "box": [2, 1], "hidden": True}], faces=[])
    shooter = game.pieces["us-rifle-company-a"]
    event = shoot(game, shooter, 0, game.pieces["de-decoy"], table(game))
    assert event.result is ShotResult.MISS and "de-decoy" not in game.pieces
    assert [c.id for c in game.players["german"].discard] == ["de-decoy"]


@pytest.mark.rule("suppressed-no-directive")
def test_a_suppressed_card_cannot_use_directives(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [GRENADIERS], faces=[3, 4])
    shooter = game.pieces["us-rifle-company-a"]
    shooter.suppressed = 1
    event = shoot(game, shooter, 0, game.pieces["de-grenadier-gruppe-b"], table(game, Scripted(sustain=True)))
    assert event.result is ShotResult.MISS and event.directives == ()


@pytest.mark.rule("flooded")
def test_a_flooded_box_forbids_directives(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [GRENADIERS], faces=[3, 4], terrain=[{"box": [1, 1], "terrain": "flooded"}])
    shooter = game.pieces["us-rifle-company-a"]
    event = shoot(game, shooter, 0, game.pieces["de-grenadier-gruppe-b"], table(game, Scripted(sustain=True)))
    assert event.directives == () and game.players["us"].directives == 2


@pytest.mark.rule("shooting-range", "hill")
def test_ranges_and_hills(cards: CardCatalogue) -> None:
    far = {"card": "de-grenadier-gruppe-b", "box": [3, 1]}
    game = game_with(cards, [RIFLES], [far], terrain=[{"box": [1, 1], "terrain": "hill"}])
    shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    assert in_range(game, shooter, shooter.shooting[0], target)  # 2 boxes: 1 + the hill's 1
    shooter.box = (1, 2)
    assert not in_range(game, shooter, shooter.shooting[0], target)


@pytest.mark.rule("suppressive-fire-hit-infantry")
def test_suppressive_fire_on_a_hit_infantry(cards: CardCatalogue) -> None:
    mg = {"card": "de-maschinengewehr-abteilung", "box": [2, 1]}
    game = game_with(cards, [RIFLES], [mg], faces=[4, 4])
    shooter, target = game.pieces["de-maschinengewehr-abteilung"], game.pieces["us-rifle-company-a"]
    event = shoot(game, shooter, 0, target, table(game))
    assert event.result is ShotResult.HIT and event.suppressed == 1
    assert "us-rifle-company-a" not in game.pieces  # one hit point
