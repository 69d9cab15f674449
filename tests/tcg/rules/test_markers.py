"""The markers a scenario puts on a Unit Card (TCG p.16): Panzerfaust and Hit point."""

from __future__ import annotations

import pytest

from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import ShotResult
from builder.tcg.rules.shooting import shoot
from tests.tcg.rules.helpers import game_with, table

GRENADIERS = {"card": "de-grenadier-gruppe-a", "box": [2, 1]}  # infantry, shooting 8, 1 hit point
M10 = {"card": "us-m10", "box": [3, 1]}  # a tank: armoured, save 5, 2 hit points


@pytest.mark.rule("panzerfaust")
def test_a_panzerfaust_marker_makes_every_shot_armour_piercing(cards: CardCatalogue) -> None:
    for panzerfaust, result, hits, suppressed in ((False, ShotResult.SUPPRESSED, 0, 1), (True, ShotResult.HIT, 1, 0)):
        german = [{**GRENADIERS, "panzerfaust": panzerfaust}]
        game = game_with(cards, [M10], german, faces=[5, 4, 2], directives=(0, 0))  # 9 against 8, save 2 < 5
        shooter, tank = game.pieces["de-grenadier-gruppe-a"], game.pieces["us-m10"]
        event = shoot(game, shooter, 0, tank, table(game))
        assert (event.result, tank.hits, tank.suppressed) == (result, hits, suppressed)


@pytest.mark.rule("hit-point")
def test_a_hit_point_marker_is_one_more_hit_point(cards: CardCatalogue) -> None:
    rifles = {"card": "us-rifle-company-a", "box": [1, 1]}  # shooting 8
    for markers, standing in ((0, False), (1, True)):
        german = [{**GRENADIERS, "hit_point_markers": markers}]
        game = game_with(cards, [rifles], german, faces=[4, 4])
        shooter, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-a"]
        shoot(game, shooter, 0, target, table(game))
        assert ("de-grenadier-gruppe-a" in game.pieces) is standing
