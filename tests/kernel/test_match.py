"""The forward model's machinery on a toy game of dice (DESIGN.md 7): stopping at a decision
deep inside a step, going on by replaying the step, copies that part ways, and a game played
by players in one go that is the same as the match they answer choice by choice."""

from __future__ import annotations

import gc
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from builder.kernel import match
from builder.kernel.decisions import Checked, Decision, IllegalChoice, Offered, uniform_choice
from builder.kernel.match import YOUNG_COLLECTED_EVERY, Answer, Course, GameOver, Match, Outcome, Table, play

TARGET = 12


@dataclass(frozen=True, kw_only=True)
class Keep(Decision[int]):
    """How many of its two dice the side keeps (their faces are known)."""

    kind: ClassVar[str] = "keep"
    faces: tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class Block(Decision[bool]):
    """Whether the other side spends its one block to cancel the points just scored."""

    kind: ClassVar[str] = "block"
    points: int


@dataclass
class Race:
    """Two sides race to TARGET points; each step one side rolls two dice, keeps 0-2 of them
    (in order) and scores them, and the other side may block that once a game."""

    rng: random.Random
    score: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    blocks: dict[str, int] = field(default_factory=lambda: {"a": 1, "b": 1})
    turn: str = "a"
    log: list[str] = field(default_factory=list)


class RaceRules:
    def copy(self, state: Race) -> Race:
        rng = random.Random()
        rng.setstate(state.rng.getstate())
        return Race(rng, dict(state.score), dict(state.blocks), state.turn, list(state.log))

    def step(self, state: Race, table: Table[Seen]) -> None:
        side, other = state.turn, "b" if state.turn == "a" else "a"
        faces = (state.rng.randint(1, 6), state.rng.randint(1, 6))
        kept = table.ask(Keep(side=side, options=(0, 1, 2), faces=faces))
        points = sum(faces[:kept])
        state.log.append(f"{side} keeps {kept} of {faces}")
        if points and state.blocks[other] and table.ask(Block(side=other, options=(True, False), points=points)):
            state.blocks[other] -= 1
            points = 0
            state.log.append(f"{other} blocks")
        state.score[side] += points
        state.turn = other

    def over(self, state: Race) -> bool:
        return max(state.score.values()) >= TARGET

    def outcome(self, state: Race) -> Outcome:
        best = max(state.score, key=lambda s: state.score[s])
        return Outcome(best if self.over(state) else None, f"{state.score}")

    def view(self, state: Race, side: str, course: Course[Race]) -> Seen:
        return Seen(side, course)


@dataclass(frozen=True)
class Seen:
    """A side's view of the race: everything is public; the course is kept to be checked."""

    side: str
    course: Course[Race]


RULES = RaceRules()


class Greedy:
    def choose(self, view: Seen, decision: Any) -> object:
        match decision:
            case Keep():
                return 2
            case Block():
                return decision.points >= 8
        raise AssertionError(decision)


def start(seed: int) -> Race:
    return Race(random.Random(seed))


def test_the_match_stops_at_each_decision_with_its_options() -> None:
    match = Match(RULES, start(3))
    decision = match.pending
    assert isinstance(decision, Keep) and decision.side == "a" and tuple(decision.options) == (0, 1, 2)
    match.apply(2)
    block = match.pending
    assert isinstance(block, Block) and block.side == "b"
    assert block.points == sum(decision.faces)


def test_a_choice_not_offered_is_refused_and_changes_nothing() -> None:
    match = Match(RULES, start(3))
    before = match.pending
    with pytest.raises(IllegalChoice) as refused:
        match.apply(3)
    assert refused.value.code == "decision.illegal-choice"
    assert match.pending is before


def test_replaying_a_step_scores_once() -> None:
    # The decision inside the step (the block) comes after the dice and the keep: replaying
    # the step to it must not roll or score twice.
    match = Match(RULES, start(3))
    keep = match.pending
    assert isinstance(keep, Keep)
    faces = keep.faces
    match.apply(2)
    match.apply(False)
    assert match.state.score == {"a": sum(faces), "b": 0}
    assert match.state.log == [f"a keeps 2 of {faces}"]


def test_copies_part_ways_and_leave_the_original_alone() -> None:
    match = Match(RULES, start(5))
    match.apply(2)
    blocked, let_be = match.copy(), match.copy()
    blocked.apply(True)
    let_be.apply(False)
    assert blocked.state.score["a"] == 0 and let_be.state.score["a"] > 0
    assert isinstance(match.pending, Block)  # the original still waits for the block
    assert blocked.state.blocks["b"] == 0 and let_be.state.blocks["b"] == 1 and match.state.blocks["b"] == 1


def test_a_game_played_in_one_go_is_the_game_the_same_players_answer_choice_by_choice() -> None:
    players = {"a": Greedy(), "b": Greedy()}
    for seed in range(20):
        direct = play(RULES, start(seed), players)
        match = Match(RULES, start(seed))
        while match.pending is not None:
            decision = match.pending
            match.apply(players[decision.side].choose(match.view(decision.side), decision))
        assert match.state.log == direct.log and match.state.score == direct.score
        assert match.outcome() == RULES.outcome(direct)


def test_play_goes_on_from_the_pending_decision_and_leaves_the_match_alone() -> None:
    players = {"a": Greedy(), "b": Greedy()}
    match = Match(RULES, start(7))
    match.apply(0)  # not what Greedy would keep
    final = match.play(players)
    assert final.log[0].startswith("a keeps 0")
    assert RULES.over(final)
    assert isinstance(match.pending, Keep) and match.state.log == ["a keeps 0 of " + final.log[0].split(" of ")[1]]


def test_an_ended_match_waits_for_nothing() -> None:
    match = Match(RULES, start(1))
    match_end = match.play({"a": Greedy(), "b": Greedy()})
    assert RULES.over(match_end)
    done = Match(RULES, match_end)
    assert done.over and done.pending is None
    with pytest.raises(GameOver):
        done.apply(0)


def test_a_view_made_inside_a_step_knows_its_start_and_the_answers_since() -> None:
    # What a sampler replays from (builder.kernel.match.Sampler): the game at the step's
    # start, untouched, and each answer with its question's side and kind.
    match = Match(RULES, start(3))
    match.apply(2)
    seen_by_b = match.view("b")
    course = seen_by_b.course
    assert seen_by_b.side == "b" and course.asking == ("b", "block")
    assert course.answers == (Answer("a", "keep", 2),)
    assert course.start is not None and course.start.score == {"a": 0, "b": 0} and course.start.log == []
    seen: list[Course[Race]] = []

    class Watcher(Greedy):
        def choose(self, view: Seen, decision: Any) -> object:
            seen.append(view.course)
            return super().choose(view, decision)

    final = play(RULES, start(3), {"a": Watcher(), "b": Watcher()})
    assert RULES.over(final)
    assert seen[0] == Course(None, (), ("a", "keep"))  # played in place: no start kept
    assert seen[1].answers == (Answer("a", "keep", 2),)


def test_a_uniform_choice_is_an_option_each_as_likely() -> None:
    """The random players' answer to any kind: one of the options listed, each as likely; the
    rules' own draw where they give one; a decision with no option is an error."""
    stream = random.Random(1)
    keep = Keep(side="a", options=(0, 1, 2), faces=(3, 4))
    drawn = [uniform_choice(keep, stream) for _ in range(600)]
    assert set(drawn) == {0, 1, 2} and all(170 <= drawn.count(choice) <= 230 for choice in (0, 1, 2))
    checked = Keep(side="a", options=Checked((0,), lambda choice: choice in (0, 1, 2), lambda rng: 2), faces=(3, 4))
    assert uniform_choice(checked, stream) == 2
    with pytest.raises(ValueError):
        uniform_choice(Keep(side="a", options=(), faces=(3, 4)), stream)


def test_play_gives_its_first_answers_then_stops_where_the_horizon_says() -> None:
    # A search agent's play-out (builder.kernel.search): the candidate first, the players on
    # to the horizon, tested between two steps; the match left as it was.
    players = {"a": Greedy(), "b": Greedy()}
    match = Match(RULES, start(7))
    reached = match.play(players, first=(0,), until=lambda race: race.turn == "a")
    assert reached.log[0].startswith("a keeps 0") and reached.log[1].startswith("b keeps")
    assert reached.turn == "a" and len(reached.log) in (2, 3)  # b's step, a block perhaps, and no more
    assert not RULES.over(reached) and match.state.log == [] and isinstance(match.pending, Keep)
    with pytest.raises(IllegalChoice):
        match.play(players, first=(3,))


def test_a_game_played_in_place_keeps_each_steps_start_when_sampled() -> None:
    seen: list[Course[Race]] = []

    class Watcher(Greedy):
        def choose(self, view: Seen, decision: Any) -> object:
            seen.append(view.course)
            return super().choose(view, decision)

    sampled = play(RULES, start(3), {"a": Watcher(), "b": Watcher()}, sampled=True)
    assert sampled.log == play(RULES, start(3), {"a": Greedy(), "b": Greedy()}).log  # the same game
    keeps = [course for course in seen if course.asking == ("a", "keep")]
    assert keeps[0].start is not None and keeps[0].start.score == {"a": 0, "b": 0}
    assert all(course.start is not None and not RULES.over(course.start) for course in seen)


def test_a_game_in_play_collects_garbage_less_often_and_puts_the_threshold_back() -> None:
    seen: list[int] = []

    class Watcher(Greedy):
        def choose(self, view: Seen, decision: Any) -> object:
            seen.append(gc.get_threshold()[0])
            return super().choose(view, decision)

    before = gc.get_threshold()
    play(RULES, start(3), {"a": Watcher(), "b": Watcher()})
    assert seen and min(seen) >= YOUNG_COLLECTED_EVERY > before[0]
    assert gc.get_threshold() == before


def _kept_during_a_game(kept: list[list[int]]) -> None:
    class Keeper(Greedy):
        def choose(self, view: Seen, decision: Any) -> object:
            kept.append([len(kept)])  # a container the collector tracks, alive after the game
            return super().choose(view, decision)

    play(RULES, start(3), {"a": Keeper(), "b": Keeper()})


def test_what_a_game_leaves_alive_goes_to_the_oldest_generation_unwalked() -> None:
    kept: list[list[int]] = []
    _kept_during_a_game(kept)
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert kept and all(id(made) in oldest for made in kept)
    assert gc.get_freeze_count() == 0


def test_objects_someone_froze_stay_frozen_after_a_game() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        kept: list[list[int]] = []
        _kept_during_a_game(kept)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_a_full_collection_runs_once_enough_was_handed_to_the_oldest_generation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(match, "_handed", [0])
    full = gc.get_stats()[2]["collections"]
    _kept_during_a_game([])
    assert gc.get_stats()[2]["collections"] == full  # one small game: handed over, no full collection
    monkeypatch.setattr(match, "HANDED_BEFORE_FULL", 1)
    _kept_during_a_game([])
    assert gc.get_stats()[2]["collections"] == full + 1


def test_offered_options_ask_the_rules_once_for_the_choice_a_player_checks_then_gives() -> None:
    # A player checks its choice (`choice in decision.options`), then `accept` checks it
    # again at the same moment: the rules' check runs once; another choice is checked anew.
    asked: list[object] = []

    def allows(choice: object) -> bool:
        asked.append(choice)
        return choice in (1, 2)

    decision = Keep(side="a", options=Offered(lambda: iter([1, 2]), allows), faces=(1, 2))
    assert 1 in decision.options
    assert decision.accept(1) == 1
    assert asked == [1]
    assert 3 not in decision.options
    with pytest.raises(IllegalChoice):
        decision.accept(3)
    assert 2 in decision.options and 1 in decision.options
    assert asked == [1, 3, 2, 1]
