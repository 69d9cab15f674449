"""Games set up by hand for the rules tests: two sides on a small board, loaded dice, and
players whose every answer the test fixes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.kernel.dice import LoadedDice
from builder.kernel.match import Table
from builder.tcg.base import Box
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.choices import Step
from builder.tcg.rules.decisions import (
    ActivationStep,
    ArmourPiercing,
    ForceActivation,
    HideInForest,
    RevealBeforeGo,
    RevealBeforeSave,
    RevealCard,
    SavingBonus,
    SustainedFire,
    TcgDecision,
)
from builder.tcg.rules.players import TcgPlayer, TcgView, viewer
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.state import Game
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


@dataclass
class Scripted:
    """A player whose answers the test fixes: spend on what it names, reveal (before a save,
    `reveal`; before a GO! roll, `reveal_go`), hide and force an activation when told; the
    cards in `turn_up` (boxes) turned face up before a tactic, one a decision, then none;
    each activated card's steps from `steps` (by its key), then the end of its activation.
    Any other decision fails the test."""

    pierce: bool = False
    sustain: bool = False
    save_bonus: bool = False
    reveal: bool = False
    reveal_go: bool = False
    turn_up: list[Box] = field(default_factory=list)
    hide: bool = True
    force: bool = False
    steps: dict[str, list[Step]] = field(default_factory=dict)
    asked: list[TcgDecision] = field(default_factory=list)

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        self.asked.append(decision)
        match decision:
            case ArmourPiercing():
                return self.pierce
            case SustainedFire():
                return self.sustain
            case SavingBonus():
                return self.save_bonus
            case RevealBeforeSave():
                return self.reveal
            case RevealBeforeGo():
                return self.reveal_go
            case RevealCard():
                return self.turn_up.pop(0) if self.turn_up else None
            case HideInForest():
                return self.hide
            case ForceActivation():
                return self.force
            case ActivationStep():
                piece = view.game.at(decision.card)
                planned = self.steps.get(piece.key, []) if piece is not None else []
                return planned.pop(0) if planned else None
        raise AssertionError(f"the test did not expect a {decision.kind} decision")


def table(
    game: Game, player: TcgPlayer | None = None, players: Mapping[str, TcgPlayer] | None = None
) -> Table[TcgView]:
    """Where the rules ask: `player` answering for both sides (a Scripted one by default),
    or `players` by side."""
    chosen = player or Scripted()
    return Table(viewer(game), players or {"us": chosen, "german": chosen})
