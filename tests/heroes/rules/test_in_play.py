"""What the game state keeps from its pieces until they change (builder.heroes.rules.in_play)
must always be what a fresh look finds: who stands on each square (HoN core p.19), each
team's enemies (SoN p.10), the battlefield a frame records, each side's team; through every
way of changing the pieces, and over whole simulated games."""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest

from builder.heroes.rules.events.game import HeroesEvent
from builder.heroes.rules.in_play import Pieces, enemies_among, holders_of, occupant_of
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from tests.fixtures.rules.boards import SNIPERS, TANK, field, piece
from tests.heroes.rules.test_simulate import play
from tests.heroes.rules.test_three_players import TEAMS

OPEN = field("\n".join(["........."] * 7))


def fresh(state: GameState, side: str) -> tuple[object, ...]:
    """The answers worked out from nothing but the pieces and the scenario."""
    pieces = list(state.pieces.values())
    team = state.scenario.team_of(side)
    occupant = occupant_of(pieces)
    return (
        [id(p) for p in enemies_among(pieces, team)],
        {sq: id(p) for sq, p in occupant.items()},
        [id(p) for p in pieces],
        team,
    )


def kept(state: GameState, side: str) -> tuple[object, ...]:
    return (
        [id(p) for p in state.enemies_of(side)],
        {sq: id(p) for sq, p in state.occupant().items()},
        [id(p) for p in state.snapshot()],
        state.team_of(side),
    )


def test_every_way_of_changing_the_pieces_counts_a_change() -> None:
    a, b, c = piece("a1", (1, 1), "a"), piece("b1", (2, 2), "b"), piece("c1", (3, 3), "c")
    changes: list[Callable[[Pieces], object]] = [
        lambda d: d.__setitem__("a1", a),
        lambda d: d.__delitem__("a1"),
        lambda d: d.pop("b1"),
        lambda d: d.pop("zz", None),
        lambda d: d.popitem(),
        lambda d: d.setdefault("c1", c),
        lambda d: d.update({"a1": a}),
        lambda d: d.update(a1=a),
        lambda d: d.__ior__({"a1": a}),
        lambda d: d.clear(),
    ]
    for change in changes:
        pieces = Pieces({"a1": a, "b1": b})
        before = pieces.changes
        change(pieces)
        assert pieces.changes > before


def test_copies_and_pickles_are_pieces_that_count_on() -> None:
    a = piece("a1", (1, 1), "a")
    pieces = Pieces({"a1": a})
    for other in (copy.copy(pieces), copy.deepcopy(pieces), pickle.loads(pickle.dumps(pieces))):
        assert isinstance(other, Pieces) and dict(other).keys() == {"a1"}
        before = other.changes
        other["a1"] = a.moved(((2, 2),))
        assert other.changes > before


def test_moves_flips_wrecks_embarking_losses_and_a_new_dictionary_keep_it_true() -> None:
    tank = piece("tk", ((3, 5), (3, 6)), "a", TANK)
    pieces = Pieces(
        {p.key: p for p in (piece("a1", (1, 1), "a"), piece("b1", (5, 4), "b"), piece("b2", (6, 5), "b"), tank)}
    )
    state = GameState(TEAMS, OPEN, HON, ("m", "d", "b"), "m", pieces)
    steps: list[tuple[str, Callable[[Piece], Piece] | None]] = [
        ("a1", lambda p: p.moved(((2, 2),))),
        ("b1", lambda p: replace(p, suppressed=1)),
        ("a1", lambda p: replace(p, embarked_in="tk")),  # carried: it stands nowhere
        ("a1", lambda p: replace(p, embarked_in=None, squares=((4, 4),))),
        ("tk", lambda p: replace(p, side_index=1)),  # a wreck: a unit may stand on it
        ("b2", lambda p: p.moved(((3, 5),))),  # onto the wreck
        ("b1", None),  # destroyed
    ]
    sides = ("a", "b", "m", "d")
    for key, change in steps:
        for side in sides:  # asked before the change: kept
            assert kept(state, side) == fresh(state, side)
        if change is None:
            del state.pieces[key]
        else:
            state.pieces[key] = change(state.pieces[key])
        for side in sides:
            assert kept(state, side) == fresh(state, side), key
    state.pieces = Pieces({"z1": piece("z1", (0, 0), "z")})  # a dictionary put in its place
    assert kept(state, "a") == fresh(state, "a")
    state.pieces = {"y1": piece("y1", (0, 1), "y")}  # a plain one is read afresh each time
    assert kept(state, "a") == fresh(state, "a")


def test_a_side_s_team_follows_the_scenario_in_place() -> None:
    state = GameState(TEAMS, OPEN, HON, ("m", "d", "b"), "m", Pieces())
    assert [state.team_of(s) for s in ("m", "d", "b", "pact", "zz")] == ["m", "pact", "pact", "pact", "zz"]
    sides = [s.model_copy(update={"team": None}) for s in TEAMS.sides]
    state.scenario = TEAMS.model_copy(update={"sides": sides})
    assert [state.team_of(s) for s in ("m", "d", "b")] == ["m", "d", "b"]


@pytest.mark.parametrize(
    ("name", "seed"), [("hon-first-contact", 3), ("son-the-drowned-chapel", 2), ("son-the-reed-vigil", 1)]
)
def test_over_a_whole_game_every_answer_equals_a_fresh_look(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: Counter[str] = Counter()
    kept_enemies, kept_occupant = GameState.enemies_of, GameState.occupant

    def enemies_of(self: GameState, side: str) -> tuple[Piece, ...]:
        assert isinstance(self.pieces, Pieces)  # the game's own dictionary counts its changes
        found = kept_enemies(self, side)
        assert [id(p) for p in found] == fresh(self, side)[0]
        asked["enemies"] += 1
        return found

    def occupant(self: GameState) -> object:
        found = kept_occupant(self)
        assert {sq: id(p) for sq, p in found.items()} == fresh(self, self.sides[0])[1]
        asked["occupant"] += 1
        return found

    def holders(self: GameState) -> Mapping[str, frozenset[str]]:
        found = kept_holders(self)
        occupant = occupant_of(self.pieces.values())
        assert found == {key: holders_of(occupant, area) for key, area in self.objective_areas.items()}
        asked["holders"] += 1
        return found

    def add(self: Turn, event: HeroesEvent) -> None:
        kept_add(self, event)  # the frame keeps the battlefield as it stands
        assert [id(p) for p in self.frames[-1].pieces] == [id(p) for p in self.state.pieces.values()]
        asked["frames"] += 1

    kept_add, kept_holders = Turn.add, GameState.holders
    monkeypatch.setattr(GameState, "enemies_of", enemies_of)
    monkeypatch.setattr(GameState, "occupant", occupant)
    monkeypatch.setattr(Turn, "add", add)
    monkeypatch.setattr(GameState, "holders", holders)
    play(name, seed, turns=None)
    assert min(asked["enemies"], asked["occupant"], asked["frames"], asked["holders"]) > 50, asked


@pytest.mark.parametrize(
    "original",
    [
        piece("a1", (1, 1), "a"),
        replace(piece("sn", (2, 2), "b", SNIPERS), suppressed=2),  # concealed: Ambush, active side up
        replace(piece("tk", ((3, 5), (3, 6)), "a", TANK), side_index=1),  # a wreck
    ],
)
def test_new_markers_make_the_piece_a_fresh_copy_would_be(original: Piece) -> None:
    """`marked` copies what the piece cached: it must be what a fresh piece works out."""
    cached = ("side", "is_infantry", "is_wreck", "concealed")
    for name in cached:
        getattr(original, name)  # cached on the original, copied with it
    before = (original.suppressed, original.activated)
    for suppressed, activated in ((0, None), (3, None), (None, True), (1, False)):
        marked = original.marked(suppressed=suppressed, activated=activated)
        made = replace(
            original,
            suppressed=original.suppressed if suppressed is None else suppressed,
            activated=original.activated if activated is None else activated,
        )
        assert marked == made and marked is not original
        assert [getattr(marked, n) for n in cached] == [getattr(made, n) for n in cached]
    assert (original.suppressed, original.activated) == before  # the original is left as it was
