"""Games set up by hand for the rules tests: two sides on a small board, loaded dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.kernel.dice import LoadedDice
from builder.kernel.events import Roll
from builder.tcg.cards import Shooting
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.policy import SimplePolicy
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.state import Game, Piece
from builder.tcg.scenario import Scenario
from tests.tcg.conftest import small_data


def game_with(
    cards: CardCatalogue,
    us: list[dict[str, Any]],
    german: list[dict[str, Any]],
    faces: Sequence[int] = (),
    terrain: list[dict[str, Any]] | None = None,
    directives: tuple[int, int] = (2, 2),
    markers: list[dict[str, Any]] | None = None,
) -> Game:
    data = small_data()
    data["board"] = {"columns": 5, "rows": 4}
    data["terrain"] = terrain or []
    data["markers"] = markers or []
    data["victory"] = []
    for index, (side, placed) in enumerate(zip(data["sides"], (us, german), strict=True)):
        side["force"] = {"deployment": placed, "deck": []}
        side["directives"] = directives[index]
    game = new_game(Scenario.model_validate(data), cards, LoadedDice([]))
    game.dice = LoadedDice(faces)
    game.turn, game.phase_side = 1, "us"
    return game


class Scripted(SimplePolicy):
    """Decisions fixed by the test: spend on what it names, reveal when told; the simple
    policy's play otherwise."""

    def __init__(
        self, pierce: bool = False, sustain: bool = False, save_bonus: bool = False, reveal: bool = False
    ) -> None:
        super().__init__()
        self.pierce, self.sustain, self.save_bonus, self.reveal = pierce, sustain, save_bonus, reveal

    def armour_piercing(self, game: Game, shooter: Piece, weapon: Shooting, target: Piece) -> bool:
        return self.pierce

    def sustained_fire(self, game: Game, shooter: Piece, roll: Roll, value: int) -> bool:
        return self.sustain

    def saving_bonus(self, game: Game, target: Piece, roll: Roll, save: int) -> bool:
        return self.save_bonus

    def reveal_before_save(self, game: Game, target: Piece) -> bool:
        return self.reveal
