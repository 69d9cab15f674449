"""The hex game as a forward model (DESIGN.md 7; builder.kernel.match): a match answered one
decision at a time plays the game `simulate` plays, copies go their own way, a choice not
offered is refused, and a side's view holds only what it may know."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.io.memoir_files import load_scenario
from builder.kernel.decisions import IllegalChoice, Player
from builder.kernel.dice import SeededDice
from builder.kernel.match import Match
from builder.memoir.ai import greedy, uniform
from builder.memoir.ai.greedy import SimplePolicy
from builder.memoir.catalogue import Side
from builder.memoir.hexes import Hex
from builder.memoir.rules.decisions import (
    BattleTarget,
    MemoirDecision,
    MoveUnit,
    OrderUnits,
    PlayCard,
    RetreatMove,
    TakeGround,
)
from builder.memoir.rules.movement import Step
from builder.memoir.rules.players import MemoirPlayer, MemoirView, view_of
from builder.memoir.rules.simulation import MAX_TURNS, RULES, MemoirGame, Stage, new_game, simulate
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, answering

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "m44"
LANES = load_scenario(SCENARIOS / "hedgerow-lanes.yaml").scenario
Players = Mapping[Side, MemoirPlayer]


def fresh(seed: int, turns: int | None = 8) -> MemoirGame:
    return new_game(LANES, CATALOGUE, seed=seed, turns=turns)


def randoms(seed: int) -> Players:
    return uniform.for_every_side((AXIS, ALLIES), seed)


def greedy_on_own_dice(seed: int) -> Players:
    """The greedy players `hon simulate` gives the hex game: each side on dice of its own."""
    return greedy.for_every_side((AXIS, ALLIES), seed)


def answer(
    match: Match[MemoirGame, MemoirView], players: Mapping[Side, Player[MemoirView, Any]], most: int | None = None
) -> None:
    """Answer the match's decisions with `players` (at most `most` of them)."""
    count = 0
    while match.pending is not None and (most is None or count < most):
        decision = match.pending
        match.apply(players[Side(decision.side)].choose(match.view(decision.side), decision))
        count += 1


def as_json(game: MemoirGame) -> dict[str, Any]:
    return game.record().to_json()


@pytest.mark.parametrize("make", [randoms, greedy_on_own_dice], ids=["random", "greedy"])
@pytest.mark.parametrize("seed", [2, 9])
def test_a_match_answered_one_decision_at_a_time_plays_the_game_simulate_plays(
    make: Callable[[int], Players], seed: int
) -> None:
    match = Match(RULES, fresh(seed))
    answer(match, make(seed))
    assert match.over
    played = simulate(fresh(seed), make(seed))
    assert as_json(match.state) == played.to_json()
    assert len(played.events) > 20


def test_a_copy_goes_on_without_changing_the_match() -> None:
    match = Match(RULES, fresh(4))
    answer(match, randoms(4), most=7)
    pending, told = match.pending, as_json(match.state)
    twin = match.copy()
    answer(twin, randoms(5))
    assert twin.over and match.pending == pending and as_json(match.state) == told
    again = match.copy()
    answer(match, randoms(6))
    answer(again, randoms(6))
    assert as_json(match.state) == as_json(again.state)  # the same answers from the same decision


def test_the_rules_copy_of_a_game_shares_nothing_that_changes() -> None:
    game = fresh(3)
    RULES.step(game, answering(game.state))  # the set-up, which asks nothing: the deck shuffled, the hands dealt
    twin, probe = RULES.copy(game), RULES.copy(game)
    piece = next(iter(twin.state.pieces.values()))
    piece.figures -= 1
    twin.state.move(piece, Hex(4, 12))
    twin.state.hands[ALLIES].pop()
    twin.state.deck.pop()
    twin.dice.roll(3)
    twin.events.clear()
    original = game.state.pieces[piece.key]
    assert original.figures == piece.figures + 1 and original.place != Hex(4, 12)
    assert game.state.at(Hex(4, 12)) is None
    assert len(game.state.hands[ALLIES]) == len(twin.state.hands[ALLIES]) + 1
    assert len(game.state.deck) == len(twin.state.deck) + 1 and game.events
    assert game.dice.roll(9) == probe.dice.roll(9)  # the twin's roll did not advance the game's dice


def test_a_choice_not_offered_is_refused_and_changes_nothing() -> None:
    match = Match(RULES, fresh(1))
    card = match.pending
    assert isinstance(card, PlayCard)
    hand = match.view(card.side).hand
    elsewhere = next(c for c in CATALOGUE.cards if c not in hand)
    _refused(match, elsewhere)
    match.apply(hand[0])
    order = match.pending
    assert isinstance(order, OrderUnits)
    enemy = next(p.key for p in match.state.state.pieces.values() if p.side is not Side(order.side))
    _refused(match, (enemy,))
    pool = order.options.pool
    assert pool, "the card orders someone"
    _refused(match, (pool[0], pool[0]))  # the same unit twice
    _refused(match, (*pool[: order.card.units - 1], enemy))  # a unit the card does not order
    if len(pool) > order.card.units:
        _refused(match, pool[: order.card.units + 1])  # more units than the card orders
    match.apply(pool[:1])
    move = match.pending
    assert isinstance(move, MoveUnit)
    where = match.state.state.pieces[move.unit].place
    far = Hex(where.row, where.col + 8) if where.col < 12 else Hex(where.row, where.col - 8)
    _refused(match, Step(far, 4, (where, far)))  # farther than any unit moves
    _refused(match, far)  # a hex, not a move


def _refused(match: Match[MemoirGame, MemoirView], choice: object) -> None:
    pending, told = match.pending, as_json(match.state)
    with pytest.raises(IllegalChoice) as refused:
        match.apply(choice)
    assert refused.value.code == "decision.illegal-choice"
    assert match.pending == pending and as_json(match.state) == told


@dataclass
class Cheat:
    """Fires at the enemy farthest away, whatever the rules offer."""

    honest: MemoirPlayer = field(default_factory=lambda: SimplePolicy(SeededDice(0)))

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        if isinstance(decision, BattleTarget):
            me = view.state.pieces[decision.unit]
            enemies = [p for p in view.state.pieces.values() if p.side is not me.side]
            return max(enemies, key=lambda p: p.place.distance(me.place)).key
        return self.honest.choose(view, decision)


def test_simulate_refuses_a_player_that_answers_with_what_was_not_offered() -> None:
    with pytest.raises(IllegalChoice) as refused:
        simulate(fresh(1, turns=None), {AXIS: Cheat(), ALLIES: Cheat()})
    assert isinstance(refused.value.decision, BattleTarget)


@dataclass
class Spy:
    """A random player that keeps every view and decision it was given."""

    seen: list[tuple[MemoirView, MemoirDecision]]
    player: MemoirPlayer

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        self.seen.append((view, decision))
        return self.player.choose(view, decision)


def test_a_side_sees_its_own_hand_never_the_others_nor_the_deck() -> None:
    seen: list[tuple[MemoirView, MemoirDecision]] = []
    players = {side: Spy(seen, player) for side, player in randoms(8).items()}
    game = fresh(8, turns=30)
    simulate(game, players)
    assert {view.side for view, _ in seen} == {AXIS, ALLIES}
    for view, _ in seen:
        other = AXIS if view.side is ALLIES else ALLIES
        assert view.state.hands[other] == [] and view.state.deck == []
        assert view.held[other] > 0  # how many, but not which
    assert any(view.deck > 0 for view, _ in seen)
    played = [(v, d) for v, d in seen if isinstance(d, PlayCard)]
    assert all(v.hand == tuple(d.options) for v, d in played)


def test_the_view_is_a_copy_a_player_may_try_moves_on() -> None:
    game = fresh(2)
    RULES.step(game, answering(game.state))
    view = view_of(game.state, ALLIES)
    assert view.hand == tuple(game.state.hands[ALLIES]) and view.held[AXIS] == len(game.state.hands[AXIS])
    assert view.deck == len(game.state.deck)
    piece = next(p for p in view.state.pieces.values() if p.side is ALLIES)
    start = game.state.pieces[piece.key].place
    free = next(h for h in start.neighbours() if view.state.battlefield.on_board(h) and h not in view.state.occupied)
    view.state.move(piece, free)
    assert game.state.pieces[piece.key].place == start and game.state.at(free) is None


def test_a_random_game_asks_every_kind_of_decision_and_ends() -> None:
    seen: list[tuple[MemoirView, MemoirDecision]] = []
    players = {side: Spy(seen, player) for side, player in randoms(1).items()}
    game = fresh(1, turns=None)
    simulate(game, players)
    kinds = {type(d) for _, d in seen}
    assert kinds == {PlayCard, OrderUnits, MoveUnit, BattleTarget, TakeGround, RetreatMove}
    assert game.stage is Stage.OVER and game.state.turn <= MAX_TURNS
    retreats = [d for _, d in seen if isinstance(d, RetreatMove)]
    assert all(d.side == d.unit.split("-")[0] for d in retreats)  # asked of the retreating side


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_hon_simulate_plays_every_hex_scenario_with_the_random_player(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", str(path), "--seed", "3", "--policy", "random", "--json"]
    assert main(args) == 0
    random_game = json.loads(capsys.readouterr().out)
    assert random_game["events"][-1]["kind"] == "victory"
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == random_game  # its own seeded stream
    assert main(["simulate", str(path), "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] != random_game["events"]
