"""Boards turned by quarter turns (builder.heroes.scenario.battlefield): four quarter turns give the
board back, a turned board keeps its terrain, and the square and interspace formulas agree
with the turned board."""

from __future__ import annotations

from collections import Counter
from functools import partial
from operator import ne

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import Area, Board, Edge, Element, Line, LineKind
from builder.heroes.scenario.battlefield import assemble, turn_board, turn_point, turn_square, turned_size
from builder.heroes.scenario.models import BoardPlacement, MapLayout

Square = tuple[int, int]
ROTATIONS = (0, 90, 180, 270)
TERRAIN = ["thicket", "building", "rocks", "pond"]


def outer_edges(cells: frozenset[Square], width: int, height: int) -> list[tuple[Square, Square]]:
    """The sides of an area's squares that face another square of the board."""
    found = []
    for c, r in sorted(cells):
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n not in cells and 0 <= n[0] < width and 0 <= n[1] < height:
                found.append(((c, r), n))
    return found


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    squares = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    elements = []
    for index in range(draw(st.integers(0, 4))):
        cells = draw(st.frozensets(squares, min_size=1, max_size=8))
        terrain = draw(st.sampled_from(TERRAIN))
        openings = outer_edges(cells, width, height)
        doors = draw(st.lists(st.sampled_from(openings), max_size=2, unique=True)) if openings else []
        inner = [(a, b) for a in sorted(cells) for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1)) if b in cells]
        walls = draw(st.lists(st.sampled_from(inner), max_size=2, unique=True)) if inner else []
        elements.append(
            Element(
                id=f"e{index}",
                terrain=terrain,
                area=Area.of(cells),
                doors=[Edge(a=a, b=b) for a, b in doors],
                walls=[Edge(a=a, b=b) for a, b in walls],
            )
        )
    pairs = [((c, r), (c + 1, r)) for c in range(width - 1) for r in range(height)]
    pairs += [((c, r), (c, r + 1)) for c in range(width) for r in range(height - 1)]
    no_passage = draw(st.lists(st.sampled_from(pairs), max_size=3, unique=True)) if pairs else []
    lines = []
    for _ in range(draw(st.integers(0, 2))):
        x, y = draw(st.integers(0, width)), draw(st.integers(0, height))
        points = [(x, y)]
        for step in range(draw(st.integers(1, 4))):
            if step % 2 == 0:
                x = draw(st.integers(0, width).filter(partial(ne, x)))
            else:
                y = draw(st.integers(0, height).filter(partial(ne, y)))
            points.append((x, y))
        lines.append(Line(kind=draw(st.sampled_from(list(LineKind))), points=points))
    return Board(
        id="generated",
        name="Generated",
        width=width,
        height=height,
        elements=elements,
        no_passage=[Edge(a=a, b=b) for a, b in no_passage],
        lines=lines,
        source="example",
    )


def normal(board: Board) -> Board:
    """The board with every area written as its squares, as turning writes them."""
    return board.model_copy(
        update={"elements": [e.model_copy(update={"area": Area.of(e.area.cells())}) for e in board.elements]}
    )


def quarter_turns(board: Board, times: int) -> Board:
    for _ in range(times):
        board = turn_board(board, 90)
    return board


SETTINGS = settings(max_examples=150, deadline=None)


@SETTINGS
@given(boards())
def test_four_quarter_turns_give_the_board_back(board: Board) -> None:
    assert quarter_turns(board, 4) == board
    assert turn_board(board, 0) == board


@SETTINGS
@given(boards(), st.sampled_from(ROTATIONS))
def test_turning_at_once_is_turning_by_quarters(board: Board, rotation: int) -> None:
    assert normal(turn_board(board, rotation)) == normal(quarter_turns(board, rotation // 90))


@SETTINGS
@given(boards(), st.sampled_from(ROTATIONS))
def test_a_turned_board_keeps_its_terrain(board: Board, rotation: int) -> None:
    turned = turn_board(board, rotation)
    assert (turned.width, turned.height) == turned_size(board.width, board.height, rotation)
    assert turned.width * turned.height == board.width * board.height

    def terrain(b: Board) -> tuple[Counter[str], Counter[str]]:
        kinds = Counter(e.terrain for e in b.elements)
        squares = Counter({t: 0 for t in kinds})
        for e in b.elements:
            squares[e.terrain] += len(e.area.cells())
        return kinds, squares

    assert terrain(turned) == terrain(board)
    for element in turned.elements:
        cells = element.area.cells()
        assert all(0 <= c < turned.width and 0 <= r < turned.height for c, r in cells)
        boundary = {frozenset(pair) for pair in outer_edges(cells, turned.width, turned.height)}
        for door in element.doors:
            assert door.key() in boundary, "a door stays on its building's boundary"
        for wall in element.walls:
            assert wall.a in cells and wall.b in cells, "an interior wall stays inside"
    assert len(turned.no_passage) == len(board.no_passage)
    assert [len(line.segments()) for line in turned.lines] == [len(line.segments()) for line in board.lines]


@SETTINGS
@given(boards(), st.sampled_from(ROTATIONS))
def test_the_formulas_agree_with_the_turned_board(board: Board, rotation: int) -> None:
    turned = turn_board(board, rotation)
    w, h = board.width, board.height
    for before, after in zip(board.elements, turned.elements, strict=True):
        assert after.area.cells() == {turn_square(s, w, h, rotation) for s in before.area.cells()}
        assert [d.key() for d in after.doors] == [
            frozenset(turn_square(s, w, h, rotation) for s in d.key()) for d in before.doors
        ]
    for before_line, after_line in zip(board.lines, turned.lines, strict=True):
        assert after_line.points == [turn_point(p, w, h, rotation) for p in before_line.points]
    for c in range(w):
        for r in range(h):
            # A square's top-left interspace lands on one of the turned square's corners,
            # and the turned square's top-left is the smallest of its turned corners.
            corners = [turn_point(p, w, h, rotation) for p in ((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1))]
            assert turn_square((c, r), w, h, rotation) == min(corners)


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_shipped_boards_turn_and_assemble(bundled: Catalogue, rotation: int) -> None:
    for board_id, board in bundled.boards.items():
        assert quarter_turns(normal(board), 4) == normal(board), board_id
        turned = turn_board(board, rotation)
        assert sorted(len(e.area.cells()) for e in turned.elements) == sorted(
            len(e.area.cells()) for e in board.elements
        )
        field, issues = assemble(MapLayout(boards=[BoardPlacement(board=board_id, rotation=rotation)]), bundled)
        assert issues == []
        for element in field.elements:
            assert element.doors <= element.boundary, f"{board_id}: a door off its building's boundary"
