"""What stands where, kept up to date between movement searches (builder.heroes.rules.geometry.standing),
must always equal what a fresh look at the pieces finds: the squares each kind of piece holds
and every allegiance's infantry zones of control (HoN core p.11), through moves, suppression,
flips, embarking, wrecks and destruction, and over whole simulated games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from builder.heroes.rules.geometry.standing import Kind, Standing
from builder.heroes.rules.geometry.zoc import zones_of_control
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import HON, Ruleset, ruleset_for
from builder.heroes.scenario.battlefield import Battlefield
from tests.fixtures.rules.boards import JEEP, SNIPERS, TANK, field, piece
from tests.heroes.rules.test_simulate import play, scenario

OPEN = field("\n".join(["........."] * 7))


def looked_at(battlefield: Battlefield, pieces: Sequence[Piece], ruleset: Ruleset) -> tuple[object, object]:
    """A fresh look: squares by kind, and each allegiance's infantry zones as `zones_of_control`
    makes them for the movement search."""
    standing = [p for p in pieces if p.embarked_in is None]
    held: dict[Kind, set[Square]] = {}
    for p in standing:
        held.setdefault((p.is_wreck, p.is_infantry, p.allegiance), set()).update(p.squares)
    allegiances = {p.allegiance for p in standing}
    zones = {
        side: zones_of_control(battlefield, [p for p in standing if p.allegiance == side and p.is_infantry], ruleset)
        for side in allegiances
    }
    return {k: frozenset(v) for k, v in held.items()}, {side: z for side, z in zones.items() if z}


def kept(standing: Standing, without: str = "") -> tuple[object, object]:
    allegiances = {p.allegiance for p in standing.pieces.values()}
    zones = {side: dict(z.made()) for side, z in standing.zones.items() if side in allegiances and z.map}
    return dict(standing.kinds(without)), zones


def test_moves_suppression_flips_wrecks_embarking_and_losses_keep_it_true() -> None:
    pieces = {
        p.key: p
        for p in (
            piece("a1", (1, 1), "a"),
            piece("a2", (2, 1), "a"),
            piece("b1", (5, 4), "b"),
            piece("b2", (6, 5), "b"),
            piece("sn", (7, 1), "b", SNIPERS),
            piece("tk", ((3, 5), (3, 6)), "a", TANK),
            piece("jp", (0, 6), "b", JEEP),
        )
    }
    standing = Standing(OPEN, HON)
    steps: list[tuple[str, Callable[[Piece], Piece] | None]] = [
        ("a1", lambda p: p.moved(((2, 2),))),  # a move
        ("b1", lambda p: replace(p, suppressed=1)),  # a suppressed unit's ZoC affects no one
        ("b1", lambda p: replace(p, suppressed=0, activated=True)),  # rallied, then activated
        ("sn", lambda p: replace(p, side_index=1)),  # an Ambush unit turned over
        ("a2", lambda p: replace(p, embarked_in="tk")),  # carried: it stands nowhere
        ("a2", lambda p: replace(p, embarked_in=None, squares=((4, 4),))),  # out again
        ("b2", None),  # destroyed
        ("a1", lambda p: p.moved(((6, 5),))),  # onto the square the loss left
        ("tk", lambda p: p.moved(((3, 4), (3, 5)))),
    ]
    standing.update(list(pieces.values()))
    assert kept(standing) == looked_at(OPEN, list(pieces.values()), HON)
    for key, change in steps:
        if change is None:
            del pieces[key]
        else:
            pieces[key] = change(pieces[key])
        standing.update(list(pieces.values()))
        assert kept(standing) == looked_at(OPEN, list(pieces.values()), HON), key
        fresh = Standing(OPEN, HON)
        fresh.update(list(pieces.values()))
        assert kept(standing) == kept(fresh), key


def test_the_mover_is_left_out_of_its_kind_but_not_a_piece_of_its_kind_sharing_its_square() -> None:
    mover, sharing, other = piece("a1", (2, 2), "a"), piece("a3", (2, 2), "a"), piece("a2", (3, 3), "a")
    standing = Standing(OPEN, HON)
    standing.update([mover, other])
    assert dict(standing.kinds(without="a1"))[(False, True, "a")] == {(3, 3)}
    standing.update([mover, other, sharing])  # a moment's stack, as a Forced Move resolves
    assert dict(standing.kinds(without="a1"))[(False, True, "a")] == {(2, 2), (3, 3)}
    assert dict(standing.kinds(without="zz"))[(False, True, "a")] == {(2, 2), (3, 3)}


@pytest.mark.parametrize(("name", "seed"), [("hon-first-contact", 3), ("son-the-drowned-chapel", 2)])
def test_over_a_whole_game_it_equals_a_fresh_look(name: str, seed: int) -> None:
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    standing = Standing(battlefield, ruleset)
    record = play(name, seed, turns=None)
    for frame in record.frames:
        pieces = [p for p in frame.pieces if p.squares]
        standing.update(pieces)
        assert kept(standing) == looked_at(battlefield, pieces, ruleset), frame.event
