"""Small hex-game scenarios built in code, for the rule tests."""

from __future__ import annotations

from typing import Any

from builder.io.memoir_files import load_catalogue
from builder.kernel.dice import SeededDice
from builder.kernel.match import Table
from builder.memoir.ai.greedy import SimplePolicy
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.hexes import Edge, Hex
from builder.memoir.rules.players import MemoirView, viewer
from builder.memoir.rules.state import GameState, Piece, start
from builder.memoir.scenario import Place, Scenario, SideSetup, Tile, Unit

CATALOGUE: Catalogue = load_catalogue()
AXIS, ALLIES = Side.AXIS, Side.ALLIES


def unit(kind: str, side: Side, badge: str | None = None, figures: int | None = None) -> Unit:
    return Unit(type=kind, side=side, badge=badge, figures=figures)


def place(row: int, col: int, terrain: str | None = None, **fields: Any) -> Place:
    tiles = {k: Tile(id=v) for k, v in fields.items() if k in ("feature", "obstacle") and v}
    rest = {k: v for k, v in fields.items() if k not in ("feature", "obstacle")}
    return Place(row=row, col=col, terrain=Tile(id=terrain) if terrain else None, **tiles, **rest)


def scenario(*hexes: Place, medals: int = 6, cards: int = 4, starts: Side = ALLIES) -> Scenario:
    return Scenario(
        game="m44",
        id="test",
        title="Test",
        source="example",
        sides=(
            SideSetup(id=AXIS, name="Axis", edge=Edge.TOP, cards=cards, medals=medals),
            SideSetup(id=ALLIES, name="Allies", edge=Edge.BOTTOM, cards=cards, medals=medals),
        ),
        starts=starts,
        hexes=hexes,
    )


def game(*hexes: Place, **options: Any) -> GameState:
    return start(scenario(*hexes, **options), CATALOGUE)


def at(state: GameState, row: int, col: int) -> Piece:
    found = state.at(Hex(row, col))
    assert found is not None, f"no unit at ({row},{col})"
    return found


def answering(state: GameState, *answers: object) -> Table[MemoirView]:
    """A table answering the rules' questions with `answers`, in order: one asked beyond
    them stops the step (builder.kernel.match.Pending), one not offered is refused."""
    return Table(viewer(state), None, answers)


def greedy(state: GameState, seed: int = 0) -> Table[MemoirView]:
    """A table where the greedy player, on dice of its own, answers for both sides."""
    player = SimplePolicy(SeededDice(seed))
    return Table(viewer(state), {AXIS: player, ALLIES: player})


def nearest(options: tuple[Hex, ...], flags: int) -> Hex:
    """A retreat's chooser taking the first hex offered (one step back, left first)."""
    return options[0]
