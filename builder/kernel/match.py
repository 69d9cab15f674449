"""A game in progress as a forward model (DESIGN.md 7): the decision pending, a choice
applied, a copy, whether it is over and how it ended.

A rules core is written as the books read: a step of play (one unit's activation, one
side's order tokens) runs from its start to its end and asks players as it goes
(`Table.ask`). A match stops at a decision by running the step until it asks a question
it has no answer for (`Pending`), and goes on by running the step again from its start
with the answers given so far, its tape. The dice are part of a system's state, so the
step plays out the same way up to the new answer. So:

* the rules need no continuation written by hand, and can ask from deep inside an action
  (an Opportunity Fire in the middle of a move, a reroll in the middle of a shot);
* a match is copied by sharing the state at the step's start and the tape, which nothing
  changes once made: `copy()` costs nothing, and running the copy on pays one copy of
  the state and the replay of one step;
* a game played to its end by players in the same process (`play`) runs each step once,
  asking the players directly, and plays the same game as a match answered by them.

A side's view is made with the step's `Course`: the game at the step's start (a match keeps
it; `play`, which plays in place, does not) and what the step has asked so far. A system
with hidden information samples the rest from it (`Sampler`): a game that agrees with all
the view shows, its unknowns drawn at random and its dice fresh, replayed from the step's
start to the decision the view was made for, for a search agent to play on."""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from builder.kernel.decisions import Decision, IllegalChoice, Player, Policy

if TYPE_CHECKING:
    from builder.kernel.events import GameEvent

OptionT = TypeVar("OptionT")
S = TypeVar("S")
V = TypeVar("V")


class Pending(Exception):
    """Raised through a rules core when a question has no answer yet: the match stops there."""

    def __init__(self, decision: Decision[Any]) -> None:
        super().__init__(type(decision).__name__)
        self.decision = decision


class GameOver(ValueError):
    """A choice applied to a match that waits for none."""

    code = "match.over"


class Answer(NamedTuple):
    """An answer given during the step in play: the side asked, its question's kind, the choice."""

    side: str
    kind: str
    choice: object


class Course(NamedTuple, Generic[S]):
    """How a step in play came to the moment a view is made: the game at the step's start
    (None when it is played in place and nobody kept a copy, as `play` does), every answer
    given since, and the side and kind of the question now asked (None between questions).
    Tuples, made at every question: a view is made as often."""

    start: S | None
    answers: tuple[Answer, ...] = ()
    asking: tuple[str, str] | None = None


class Table(Generic[V]):
    """Where a step of play asks its questions: the answers on the tape first, in order,
    then the side's player; with no players, a question past the tape stops the step.
    `start`: the game at the step's start, when the driver keeps it (for the views' course)."""

    def __init__(
        self,
        view: Callable[[str, Course[Any]], V],
        players: Mapping[str, Player[V, Any]] | None = None,
        tape: Sequence[object] = (),
        start: object = None,
    ) -> None:
        self._view = view
        self._players = players
        self._tape = tape
        self._start = start
        self._read = 0
        self.answers: list[Answer] = []  # every answer accepted since the step began

    def ask(self, decision: Decision[OptionT]) -> OptionT:
        """The chosen option; never one the decision did not offer (IllegalChoice)."""
        if self._read < len(self._tape):
            choice = self._tape[self._read]
            self._read += 1
        elif self._players is None:
            raise Pending(decision)
        else:
            choice = self._players[decision.side].choose(self._view(decision.side, self.course(decision)), decision)
        accepted = decision.accept(choice)
        self.answers.append(Answer(decision.side, decision.kind, accepted))
        return accepted

    def course(self, decision: Decision[Any] | None = None) -> Course[Any]:
        """The step so far, `decision` being asked."""
        asking = (decision.side, decision.kind) if decision is not None else None
        return Course(self._start, tuple(self.answers), asking)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side's id, "draw", or None when it was stopped unfinished."""

    winner: str | None
    label: str


class GameRecord(Protocol):
    """A game played, as every system's record gives it (`hon simulate`, the viewers, a
    campaign's result): the scenario and seed, turns played, how it ended, each event, and
    the `--json` form. Each system's record adds its own (frames, victory points, medals)."""

    @property
    def scenario(self) -> str: ...

    @property
    def seed(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def winner(self) -> str | None:
        """A side id, "draw", or None when stopped before the end."""
        ...

    @property
    def outcome(self) -> str: ...

    @property
    def events(self) -> Sequence[GameEvent]: ...

    def to_json(self) -> dict[str, Any]: ...


class Playable(Protocol):
    """A scenario ready to play, as every system's services prepare it from a file: one
    game of `seed` played by `policy` for every side, to its end or `turns` turns."""

    def simulate(self, *, seed: int = 1, turns: int | None = None, policy: Policy = ...) -> GameRecord: ...


class Rules(Protocol[S, V]):
    """What a system gives a match: how to copy its state (dice included), play the next
    step in place, and say what a side may know and how the game stands."""

    def copy(self, state: S) -> S: ...

    def step(self, state: S, table: Table[V]) -> None: ...

    def over(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome: ...

    def view(self, state: S, side: str, course: Course[S]) -> V:
        """What `side` may know of `state`, the step in play having gone as `course` says."""
        ...


class Sampler(Protocol[S, V]):
    """Rules with hidden information: a game a side's view could be of, to search on."""

    def sample(self, view: V, rng: Random) -> Match[S, V]:
        """A match at the decision `view` was made for, agreeing with all it shows, the rest
        (another side's hand, the numbers under its tokens, the order of the piles) drawn
        with `rng` and its dice fresh, so it tells nothing the side may not know; Unsampled
        when the view's course has no start to replay from."""
        ...


class Unsampled(ValueError):
    """A view a game cannot be sampled from: its course kept no start (it was made while a
    game was played in place), or no draw agreed with it."""

    code = "match.unsampled"


class Match(Generic[S, V]):
    """One game from a prepared start, driven one decision at a time."""

    def __init__(self, rules: Rules[S, V], state: S, tape: tuple[object, ...] = ()) -> None:
        self._rules = rules
        self._start = state  # at the start of the step in play: never changed once here
        self._tape = tape  # the answers given since
        self._now = state  # at the pending decision (the step played up to it)
        self._pending: Decision[Any] | None = None
        self._course: Course[S] = Course(state)  # how the step came to the pending decision
        self._advance()

    @property
    def pending(self) -> Decision[Any] | None:
        """The decision the game waits for; None once it is over."""
        return self._pending

    @property
    def over(self) -> bool:
        return self._pending is None

    @property
    def state(self) -> S:
        """The game as it stands at the pending decision, for a front end to draw: read it,
        never change it (copies share it)."""
        return self._now

    def outcome(self) -> Outcome:
        return self._rules.outcome(self._now)

    def view(self, side: str) -> V:
        return self._rules.view(self._now, side, self._course)

    def apply(self, choice: object) -> None:
        """Answer the pending decision with one of its options (IllegalChoice otherwise) and
        play on to the next decision."""
        if self._pending is None:
            raise GameOver("the game is over: there is no decision to answer")
        self._tape = (*self._tape, self._pending.accept(choice))
        self._advance()

    def copy(self) -> Match[S, V]:
        """A match that goes on independently of this one from the same decision."""
        twin: Match[S, V] = object.__new__(Match)
        twin.__dict__.update(self.__dict__)
        return twin

    def play(
        self,
        players: Mapping[str, Player[V, Any]],
        *,
        first: Sequence[object] = (),
        until: Callable[[S], bool] | None = None,
    ) -> S:
        """Play on, the `players` answering from the pending decision on (after the answers
        `first`, checked as theirs are), to the end or to the first moment between two steps
        where `until` holds (a search agent's horizon); this match is left as it was. The
        state reached."""
        state = self._rules.copy(self._start)
        if not self._rules.over(state):
            tape = (*self._tape, *first)
            self._rules.step(state, Table(self._view_of(state), players, tape, self._start))
        return play(self._rules, state, players, until=until)

    def _advance(self) -> None:
        rules = self._rules
        while not rules.over(self._start):
            now = rules.copy(self._start)
            table = Table(self._view_of(now), None, self._tape, self._start)
            try:
                rules.step(now, table)
            except Pending as stop:
                self._now, self._pending, self._course = now, stop.decision, table.course(stop.decision)
                return
            self._start, self._tape = now, ()
        self._now, self._pending, self._course = self._start, None, Course(self._start)

    def _view_of(self, state: S) -> Callable[[str, Course[Any]], V]:
        return lambda side, course: self._rules.view(state, side, course)


def play(
    rules: Rules[S, V],
    state: S,
    players: Mapping[str, Player[V, Any]],
    after_step: Callable[[S], None] | None = None,
    *,
    until: Callable[[S], bool] | None = None,
    sampled: bool = False,
) -> S:
    """Play `state` on in place, the `players` answering every decision as it comes: each
    step runs once. The same game as a match answered by the same players. It stops at the
    end, or between two steps where `until` holds. `sampled`: each step's start is kept (a
    copy) for the views' course, so a player may sample games from its view (a search
    agent, Sampler); without, a view made in place cannot be sampled (Unsampled).
    `after_step` sees the game between two steps (a balance run reads who holds what)."""
    with fewer_collections():
        while not rules.over(state) and not (until is not None and until(state)):
            start = rules.copy(state) if sampled else None
            rules.step(state, Table(lambda side, course: rules.view(state, side, course), players, (), start))
            if after_step is not None:
                after_step(state)
    return state


YOUNG_COLLECTED_EVERY = 200_000  # allocations between two collections of the youngest objects


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector run less often while a game is played: a play-out makes
    and drops small tuples by the million (search states, options), nearly all freed as soon
    as dropped, and at Python's default (a collection every 700 allocations, a full one over
    every long-lived object, a loaded catalogue's included) collecting took 8 % of a greedy
    play-out. The threshold is put back after, unless someone changed it meanwhile.

    What the game leaves alive (kept tables, the record: some 135,000 objects after a first
    Free Battle 2x550, 35,000 after the next; a few hundred in cycles) is then handed to the
    oldest generation as it stands (`gc.freeze`, `gc.unfreeze`), not walked by a young
    collection on the way: the young collections took 3.5 % of a greedy play-out, and the
    threshold is above what such a play-out leaves, so none runs during it. The cycles are
    left to a full collection, made here once HANDED_BEFORE_FULL objects were handed over
    (Python counts none of them towards its own). Skipped when someone froze objects of
    their own (they stay frozen)."""
    old = gc.get_threshold()
    raised = (max(old[0], YOUNG_COLLECTED_EVERY), *old[1:])
    gc.set_threshold(*raised)
    try:
        yield
    finally:
        if gc.get_threshold() == raised:
            gc.set_threshold(*old)
        if not gc.get_freeze_count():
            _hand_over()


# Objects handed to the oldest generation between two full collections: some 100 play-outs
# of Free Battle 2x550 (135,000 the first, 8,000 to 35,000 each after), which leave some 180
# objects in cycles each.
HANDED_BEFORE_FULL = 1_000_000
_handed = [0]  # handed over since the last full collection made here


def _hand_over() -> None:
    """The young objects to the oldest generation, untraversed; a full collection instead
    once HANDED_BEFORE_FULL were handed over since the last."""
    _handed[0] += gc.get_count()[0]  # young objects alive: allocated less freed since the last collection
    if _handed[0] < HANDED_BEFORE_FULL:
        gc.freeze()
        gc.unfreeze()
    else:
        _handed[0] = 0
        gc.collect()


class _Replay:
    """Every side's player in a replay: the answers given in the real step, in order, each
    to a question of its own side and kind; at the question asked, the answers all given,
    the replay stops there (Pending)."""

    def __init__(self, answers: Sequence[Answer], asking: tuple[str, str]) -> None:
        self._answers, self._asking, self._read = answers, asking, 0

    def choose(self, view: object, decision: Decision[Any]) -> object:
        asked = (decision.side, decision.kind)
        if self._read == len(self._answers) and asked == self._asking:
            raise Pending(decision)
        if (
            self._read == len(self._answers)
            or (self._answers[self._read].side, self._answers[self._read].kind) != asked
        ):
            raise _Disagrees
        self._read += 1
        return self._answers[self._read - 1].choice


class _Disagrees(Exception):
    """The replay asked what the real step did not."""


def replayed(rules: Rules[S, V], start: S, course: Course[Any]) -> tuple[object, ...] | None:
    """The tape that brings `start`, a game drawn at the start of the step `course` tells
    of, to the question the course ends on, each answer of the course given again to a
    question of its side and kind; None when the drawn game asks otherwise, or refuses an
    answer (a card the drawn hand lacks), so that it is no game the view could be of. A
    sampler's check (Sampler) for rules whose steps ask only what the side saw asked."""
    if course.asking is None:
        return ()  # a view between two steps: the game is at it already
    trial = rules.copy(start)
    replay = _Replay(course.answers, course.asking)
    players: defaultdict[str, Player[V, Any]] = defaultdict(lambda: replay)  # the same for every side asked
    table = Table(lambda side, now: rules.view(trial, side, now), players)
    try:
        rules.step(trial, table)
    except Pending:
        return tuple(answer.choice for answer in table.answers)
    except (IllegalChoice, _Disagrees):
        return None
    return None  # the step ended without asking the view's question
