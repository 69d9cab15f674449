"""The game contract every rules core keeps (DESIGN.md 7), after OpenSpiel's legal actions
and bga-memoir's "the legal set first, the choice checked against it".

The engine plays the book's sequence and stops wherever a player chooses. Each stop is a
`Decision`: the side that chooses, its kind (one class per kind, so that a player handles
every kind or fails to type-check) and its legal **options**, worked out by the rules. A
player answers with one of the options; `Decision.accept` refuses anything else, so the
engine never takes a choice it did not offer.

A player is one method, `choose(view, decision)`, given the side's **view**: what that
side may know, never the other side's hand or what hides under a concealed marker. The
choice is the option itself (an order token, a path, True or False), not an index: a
game's log reads as what was chosen."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from random import Random
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

OptionT = TypeVar("OptionT")
OptionT_co = TypeVar("OptionT_co", covariant=True)
T = TypeVar("T")
V_contra = TypeVar("V_contra", contravariant=True)
D_contra = TypeVar("D_contra", contravariant=True)


class Options(Protocol[OptionT_co]):
    """The legal options of a decision: listed, and asked whether a choice is one of them.

    A tuple is the usual one. Where the options are too many to list at once (every path
    to a square), a rules core offers a lazy set: it lists a representative few and says
    of any other choice whether the rules allow it."""

    def __contains__(self, choice: object, /) -> bool: ...

    def __iter__(self) -> Iterator[OptionT_co]: ...


YES_NO: tuple[bool, bool] = (True, False)


@dataclass(frozen=True)
class Selections(Generic[T]):
    """Options that are several items of `pool` at once, each at most once, in the order the
    player gives them (the order they are played in): from `least` to `most` of them. Listed
    by size, each selection in the pool's order; any order of a listed selection is one too."""

    pool: tuple[T, ...]
    most: int
    least: int = 0

    def __contains__(self, choice: object, /) -> bool:
        if not isinstance(choice, tuple) or not self.least <= len(choice) <= self.most:
            return False
        if not all(item in self.pool for item in choice):
            return False
        return len({self.pool.index(item) for item in choice}) == len(choice)  # each at most once

    def __iter__(self) -> Iterator[tuple[T, ...]]:
        for size in range(self.least, min(self.most, len(self.pool)) + 1):
            yield from combinations(self.pool, size)


@dataclass(frozen=True)
class Checked(Generic[T]):
    """Options too many to list, such as every path to a square: `listed` are a few of them,
    and any other choice is one when the rules' `allows` says so. Only legal ones: `allows`
    is the rules' own check, and every listed option passes it. `draw`, where the rules give
    one, picks any legal option at random, each with a fair chance (every placement of the
    order tokens, which no list could hold), for a player that plays at random."""

    listed: tuple[T, ...]
    allows: Callable[[object], bool]
    draw: Callable[[Random], T] | None = None

    def __contains__(self, choice: object, /) -> bool:
        return choice in self.listed or self.allows(choice)

    def __iter__(self) -> Iterator[T]:
        return iter(self.listed)


@dataclass(frozen=True)
class Offered(Generic[T]):
    """Options worked out only when a player lists them: a player that knows what it wants
    asks only whether it is one (`allows`, the rules' check), so the engine does not list a
    unit's every move for a player that reads none of them. Each option `offer` yields passes
    `allows`; a choice it does not yield may pass too (another path to the same square).
    Both read the game as it stands: list them when the decision is asked, not after."""

    offer: Callable[[], Iterator[T]]
    allows: Callable[[object], bool]
    # The last choice judged and the answer: the game stands still while its decision waits,
    # so the player's own check of its choice and the engine's (`Decision.accept`) make one.
    _judged: list[tuple[object, bool]] = field(default_factory=list, init=False, repr=False, compare=False)

    def __contains__(self, choice: object, /) -> bool:
        judged = self._judged
        if judged and judged[0][0] is choice:
            return judged[0][1]
        allowed = self.allows(choice)
        judged[:] = [(choice, allowed)]
        return allowed

    def __iter__(self) -> Iterator[T]:
        return self.offer()


class IllegalChoice(ValueError):
    """A player answered a decision with something it did not offer."""

    code = "decision.illegal-choice"

    def __init__(self, decision: Decision[Any], choice: object) -> None:
        super().__init__(f"{choice!r} is not an option of {type(decision).__name__} for {decision.side}")
        self.decision = decision
        self.choice = choice


@dataclass(frozen=True, kw_only=True)
class Decision(Generic[OptionT]):
    """One stop of the engine: `side` chooses one of `options`. A system subclasses it once per
    kind, adding what the chooser is told (the unit activated, the shot it may answer) and
    fixing `kind`, the stable code a log and a front end key on."""

    kind: ClassVar[str] = "decision"
    side: str
    options: Options[OptionT]

    def accept(self, choice: object) -> OptionT:
        """`choice`, when it is one of the options; IllegalChoice otherwise."""
        if choice not in self.options:
            raise IllegalChoice(self, choice)
        return cast(OptionT, choice)


def uniform_choice(decision: Decision[Any], stream: Random) -> object:
    """One of `decision`'s options, each as likely, drawn from `stream` (a random player's
    answer to any kind): the rules' own draw where they give one (`Checked.draw`: every
    placement of the order tokens, which no list could hold), else one of those listed."""
    options = decision.options
    if isinstance(options, Checked) and options.draw is not None:
        return options.draw(stream)
    listed = list(options)
    if not listed:
        raise ValueError(f"{type(decision).__name__} for {decision.side} offers no option")
    return listed[stream.randrange(len(listed))]


class View(Protocol):
    """What one side may know of a game in progress; each system says what that is."""

    @property
    def side(self) -> str: ...


class Player(Protocol[V_contra, D_contra]):
    """Who chooses for a side. `decision` is one of the system's decision kinds; the answer
    must be one of its options (a player that matches on the kinds, with `assert_never` in
    the last case, is checked by the type checker to handle every kind)."""

    def choose(self, view: V_contra, decision: D_contra) -> object: ...


class Policy(StrEnum):
    """The players a system offers by name (`hon simulate --policy`): the greedy one (the
    best-scored option at every decision), the random one (any legal option, each as
    likely) and the search agent (options weighed by play-outs on games sampled from its
    view, builder.kernel.search), where the system has one (Capability.SEARCH)."""

    GREEDY = "greedy"
    RANDOM = "random"
    SEARCH = "search"
