"""The automatic deployment prefers no flank of the map (issue 34): on a field turned half a
turn, the same army deploys in the other side's zone as the image of the first, up to the
deployment's dice. The dice are told here: the first side's draws are written down by their
images (the order they left positions and counters in), the second side's made to match;
every placement must then be the image of the other side's. And `hon deploy` shows what the
game of a seed deploys."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from random import Random
from typing import Any

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.army.resolve import resolve
from builder.heroes.rules.events.game import DeployEvent
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.setup.deployment import auto_deploy, dry_run
from builder.heroes.rules.setup.placement import field_army
from builder.heroes.rules.simulation import simulate
from tests.heroes.mirror import HalfTurn
from tests.heroes.rules.test_simulate import bundled
from tests.heroes.scenario.test_mirror import mirror


class Told(Random):
    """Dice whose shuffles are made for them: without `told`, each list is left in its order
    and written down (`made`) by `name`; with it, each list is put in the order it names."""

    def __init__(self, name: Callable[[Any], object], told: list[list[object]] | None = None) -> None:
        super().__init__(0)
        self.name, self.told, self.made = name, told, list[list[object]]()

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if self.told is None:
            self.made.append([self.name(item) for item in x])
            return
        named = {self.name(item): item for item in x}
        wanted = self.told[len(self.made)]
        self.made.append(wanted)
        assert sorted(map(str, named)) == sorted(map(str, wanted)), "the options alike are not the images"
        x[:] = [named[name] for name in wanted]


def imaged(half: HalfTurn) -> Callable[[Any], object]:
    """A position or a counter of blue's by its image: red's position or counter."""

    def name(item: Any) -> object:
        if isinstance(item, Piece):
            return item.key.replace("blue/", "red/", 1)
        squares, facing = item
        return half.squares(squares), half.facing(facing)

    return name


def itself(item: Any) -> object:
    return item.key if isinstance(item, Piece) else item


@pytest.mark.rule("deployment")
@pytest.mark.parametrize("name", ["mirror-hon", "mirror-son"])
def test_the_same_army_deploys_as_the_image_of_the_other(name: str) -> None:
    game = mirror(name)
    half = HalfTurn.of(game.battlefield)
    placed: dict[str, list[Piece]] = {}
    first = Told(imaged(half))
    for side, dice in (("blue", first), ("red", None)):
        force = field_army(resolve(game.armies[side], bundled()), side)
        told = dice or Told(itself, first.made)
        placed[side], issues = auto_deploy(game.scenario, game.battlefield, side, force.pieces, dice=told)
        assert issues == []
    red = {p.key: p for p in placed["red"]}
    for piece in placed["blue"]:
        image = red[piece.key.replace("blue/", "red/", 1)]
        assert (image.squares, image.facing) == (half.squares(piece.squares), half.facing(piece.facing)), piece.key
    assert len(first.made) >= 2  # the counters, and positions alike, were drawn


@pytest.mark.parametrize("seed", [1, 5])
def test_a_dry_run_deploys_as_the_game_of_its_seed(seed: int) -> None:
    game = mirror("mirror-son")
    players = for_every_side(game.scenario, seed)
    record = simulate(game.scenario, game.battlefield, game.armies, bundled(), seed=seed, turns=1, policies=players)
    frame = next(f for f in record.frames if isinstance(f.event, DeployEvent) and f.event.side == "red")
    deployed = {p.key: (p.squares, p.facing) for p in frame.pieces if p.owner in ("blue", "red")}
    for side in ("blue", "red"):
        run = dry_run(game.scenario, game.battlefield, side, game.armies[side], bundled(), seed=seed)
        assert {p.key: (p.squares, p.facing) for p in run.placed} == {
            key: where for key, where in deployed.items() if key.startswith(f"{side}/")
        }
    other = dry_run(game.scenario, game.battlefield, "red", game.armies["red"], bundled(), seed=seed + 1)
    assert {p.key: p.squares for p in other.placed} != {k: w[0] for k, w in deployed.items() if k.startswith("red/")}
