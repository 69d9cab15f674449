"""The search agent of the Heroes System (`hon simulate --policy search --budget N`). At the
decision that matters most, what an activated unit does in the Activation Phase (HoN core
p.9-26), it weighs the greedy player's action against a few others by play-outs on games
drawn from its view (builder.kernel.search); every other decision it answers as the greedy
player does (builder.heroes.ai.greedy).

The others, the most promising first (a small budget leaves out the last):

* actions drawn by the greedy player with seeded variety (builder.heroes.ai.varied):
  another target, another square to end a move on, another assault;
* one of each other kind of action offered (holding, a move, a shot, an assault, a grenade,
  a template...), drawn among those of its kind, so a shot is weighed against a move.

Each is played on by the greedy player for every side until the side is about to act again
(or the Activation Phase ends), the enemy's next activation included, and scored by what
the books count (builder.heroes.ai.evaluation). Another action replaces the greedy one only
when it scores better game by game, by more than its noise: a search that cannot tell plays
as the greedy player does, and so does a budget too small to weigh anything (under 4).

The games are drawn from its view alone (builder.heroes.rules.sampling): it never reads
the enemy's hand nor the numbers under its tokens. Its draws come from its own stream,
seeded by the game's seed and its side, never from the game's dice: the same seed plays the
same game."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from builder.heroes.ai.evaluation import Evaluation
from builder.heroes.ai.greedy import SimplePolicy, own_dice
from builder.heroes.ai.varied import VariedPolicy
from builder.heroes.rules.actions.kinds import Action
from builder.heroes.rules.decisions import ActivationAction, HeroesDecision
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.simulation import RULES, HeroesGame, Stage
from builder.kernel.search import Playout, Search, widest

DRAWN = 3  # actions drawn by the varied greedy player
TEMPERATURE = 1.0  # their variety: one step of preference worse is e^-1 as likely
OTHERS = 7  # other actions at most, whatever the budget
CAUTION = 1.0  # standard errors of its mean gain another action must clear


@dataclass
class SearchPlayer:
    """Plays `side` of a game between `sides`, searching what its activated units do with
    at most `budget` play-outs each. `greedy` answers the rest, and gives the first candidate."""

    side: str
    sides: tuple[str, ...]
    budget: int
    stream: random.Random
    greedy: SimplePolicy = field(default_factory=SimplePolicy)
    search: Search[HeroesGame, HeroesView] = field(init=False)
    varied: VariedPolicy = field(init=False)

    def __post_init__(self) -> None:
        evaluation = Evaluation()
        players = {side: SimplePolicy(dice=self.stream) for side in self.sides}  # it remembers nothing of a game
        playout = Playout(lambda choice: players, self._horizon, lambda game, side: evaluation(game.state, side))
        self.search = Search(RULES, playout, self.budget, self.stream, caution=CAUTION)
        self.varied = VariedPolicy(temperature=TEMPERATURE, stream=self.stream, dice=self.stream)

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        """An Activation Phase action searched; every other decision the greedy player's."""
        match decision:
            case ActivationAction(supply=False) if widest(OTHERS, self.budget):
                default, *others = self.candidates(view, decision)
                return self.search.choose(view, default, others)
            case _:
                return self.greedy.choose(view, decision)

    def candidates(self, view: HeroesView, decision: ActivationAction) -> list[Action]:
        """The actions to weigh (see the module), none twice: the greedy player's first."""
        chosen: list[Action] = []
        _add(chosen, [self.greedy.choose(view, decision)])
        _add(chosen, [self.varied.choose(view, decision) for _ in range(DRAWN)])
        kinds: dict[type, list[Action]] = {}
        for option in decision.options:
            kinds.setdefault(type(option), []).append(option)
        others = [kind for kind in kinds if not any(type(c) is kind for c in chosen)]
        self.stream.shuffle(others)
        _add(chosen, [self.stream.choice(kinds[kind]) for kind in others])
        return chosen[: OTHERS + 1]

    def _horizon(self, game: HeroesGame) -> bool:
        """Between two steps: the side is about to act again, or the Activation Phase is over."""
        if game.stage is not Stage.ACTIVATING:
            return True
        sequence = game.activations.sequence
        return bool(sequence) and sequence[0].side == self.side


def for_every_side(sides: tuple[str, ...], seed: int, budget: int) -> dict[str, SearchPlayer]:
    """A search agent for each of `sides`, each with its own stream for the game of `seed`."""
    return {
        side: SearchPlayer(
            side,
            sides,
            budget,
            random.Random(f"hon-search-player/{seed}/{side}"),
            SimplePolicy(dice=own_dice(seed, side)),
        )
        for side in sides
    }


def _add(chosen: list[Action], found: Iterable[object]) -> None:
    """Each action of `found` not chosen yet, chosen."""
    for action in found:
        if isinstance(action, Action) and action not in chosen:
            chosen.append(action)
