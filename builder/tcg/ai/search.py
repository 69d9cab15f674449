"""The search agent of the Tactical Card Game (`hon simulate --policy search --budget N`). At
the decisions that matter most, the tactic each COMMAND marker goes on (TCG p.6-7: which card
acts, or recovering, drawing, a manoeuvre) and the first step of each activation (p.7: how
the card acts: a move, a shot or an ability first), it weighs the greedy player's
choice against others by play-outs on games drawn from its view (builder.kernel.search);
every other decision it answers as the greedy player does (builder.tcg.ai.greedy), which
carries the activation on from the step chosen.

The other tactics, the most promising first (a small budget leaves out the last): every card
that may be activated, those whose activation would do most first (the greedy player's
measure; a tie to its own stream), drawing and recovering, and one manoeuvre and one removal
of SUPPRESSED markers drawn among those offered. The other first steps: one of each kind
offered, drawn within its kind, in an order drawn from its stream.

Each is played on by the greedy player for both sides until the side's next phase opens
(the enemy's phase and the end of a turn, where objectives score, included) and scored by
what the book counts (builder.tcg.ai.evaluation). Another choice replaces the greedy one only
when it scores better game by game, by more than its noise: a search that cannot tell plays
as the greedy player does, and so does a budget too small to weigh anything (under 4).

The games are drawn from its view alone (builder.tcg.rules.sampling): it never reads the
enemy's hand, reserve or hidden cards. Its draws come from its own stream, seeded by the
game's seed and its side, never from the game's dice: the same seed plays the same game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from builder.kernel.match import Unsampled
from builder.kernel.search import Playout, Search, widest
from builder.tcg.ai.evaluation import evaluate
from builder.tcg.ai.greedy import SimplePolicy, own_dice
from builder.tcg.base import Box
from builder.tcg.rules.choices import Command, Manage, Manoeuvre, Recover, RemoveSuppressed, Step, Tactic
from builder.tcg.rules.decisions import ActivationStep, TacticChoice, TcgDecision
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.simulation import RULES, Stage, TcgGame
from builder.tcg.rules.state import Game

Phase = tuple[int, str]  # a turn and the side whose phase it is, as the greedy player remembers it
OTHERS = 8  # other tactics at most, whatever the budget
CAUTION = 1.0  # standard errors of its mean gain another tactic must clear


@dataclass
class SearchPlayer:
    """Plays `side` of a game between `sides`, searching each COMMAND marker's tactic and each
    activation's first step with at most `budget` play-outs. `greedy` (the side's greedy
    player, its ties on the same dice) answers the rest, and gives the first candidate."""

    side: str
    sides: tuple[str, ...]
    budget: int
    stream: random.Random
    greedy: SimplePolicy = field(default_factory=SimplePolicy)
    search: Search[TcgGame, TcgView] = field(init=False)
    _now: Phase | None = field(default=None, init=False)  # the phase of the decision searched

    def __post_init__(self) -> None:
        playout = Playout(self._players, self._horizon, lambda game, side: evaluate(game.game, side))
        self.search = Search(RULES, playout, self.budget, self.stream, caution=CAUTION)

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        """A COMMAND marker's tactic and an activation's first step searched; every other
        decision the greedy player's."""
        if not widest(OTHERS, self.budget):
            return self.greedy.choose(view, decision)
        self._now = (view.game.turn, view.side)
        match decision:
            case TacticChoice():
                memory = (self.greedy.managed, self.greedy.recovered)
                default, *others = self.candidates(view, decision)  # the greedy player remembers its own
                self.greedy.managed, self.greedy.recovered = memory
                chosen = self.search.choose(view, default, others)
                self._remember(self.greedy, self._now, chosen)
                return chosen
            case ActivationStep(taken=(), manoeuvre=False):
                first, *rest = self.first_steps(view, decision)  # the greedy player's plan begun
                try:
                    return self.search.choose(view, first, rest)
                except Unsampled:  # a step that showed cards before it (builder.tcg.rules.sampling)
                    return first
            case _:
                return self.greedy.choose(view, decision)

    def first_steps(self, view: TcgView, decision: ActivationStep) -> list[Step | None]:
        """An activation's first steps to weigh, none twice: the greedy player's, then one of
        each other kind offered (a move, a shot, an ability...) and another of its own kind,
        each drawn within its kind, in an order drawn from the stream; never ending it at once
        unless the greedy player does."""
        default = self.greedy.choose(view, decision)
        assert default is None or isinstance(default, Step)  # the greedy player's answer to an ActivationStep
        kinds: dict[type, list[Step | None]] = {}
        for option in decision.options:
            if option is not None:  # ending at once looks best to a short horizon, and loses (see the notes)
                kinds.setdefault(type(option), []).append(option)
        others = [self.stream.choice([o for o in kind if o != default] or kind) for kind in kinds.values()]
        others = list(dict.fromkeys(other for other in others if other != default))
        self.stream.shuffle(others)
        return [default, *others[:OTHERS]]

    def candidates(self, view: TcgView, decision: TacticChoice) -> list[Tactic]:
        """The tactics to weigh (see the module), none twice: the greedy player's first."""
        default = self.greedy.choose(view, decision)
        assert isinstance(default, Tactic)  # the greedy player's answer to a TacticChoice
        kinds: dict[type, list[Tactic]] = {}
        for option in decision.options:
            kinds.setdefault(type(option), []).append(option)
        commands = [option for option in kinds.get(Command, []) if isinstance(option, Command)]
        others: list[Tactic] = [*self._ranked(view, commands), Manage(), Recover()]
        others += [self.stream.choice(kinds[kind]) for kind in (Manoeuvre, RemoveSuppressed) if kind in kinds]
        return [default, *[tactic for tactic in others if tactic != default][:OTHERS]]

    def _ranked(self, view: TcgView, commands: list[Command]) -> list[Command]:
        """The cards to activate, those whose activation would do most first (the greedy
        player's worth: a GO! chain, targets, a step forward), a tie to the search's stream."""
        game = view.game
        ties = {command: self.stream.random() for command in commands}
        worth = {command: self._worth(game, command.card) for command in commands}
        return sorted(commands, key=lambda command: (-worth[command], ties[command]))

    def _worth(self, game: Game, box: Box) -> int:
        piece = game.at(box)
        return self.greedy.worth(game, piece) if piece is not None else 0

    @staticmethod
    def _remember(greedy: SimplePolicy, now: Phase, chosen: object) -> None:
        """The greedy player remembers the tactic taken, not the one it offered: it draws
        cards, and recovers when low, once a phase."""
        if isinstance(chosen, Manage):
            greedy.managed = now
        if isinstance(chosen, Recover):
            greedy.recovered = now

    def _players(self, choice: object) -> Mapping[str, SimplePolicy]:
        """The greedy player for both sides of one play-out of `choice`: new, remembering no
        other game, its ties on dice drawn from the search's stream; the side's remembering,
        as the side's own does, the phase it drew cards and recovered in, `choice` taken (the
        other side's phase is not under way: it remembers nothing of it yet)."""
        players = {side: SimplePolicy(random.Random(self.stream.getrandbits(64))) for side in self.sides}
        own = players[self.side]
        own.managed, own.recovered = self.greedy.managed, self.greedy.recovered
        if self._now is not None:
            self._remember(own, self._now, choice)
        return players

    def _horizon(self, game: TcgGame) -> bool:
        """Between two steps: the side's next phase opens (or the game is over)."""
        return game.stage is Stage.OPENING and game.game.phase_side == self.side


def for_every_side(sides: tuple[str, ...], seed: int, budget: int) -> dict[str, SearchPlayer]:
    """A search agent for each of `sides`, each with its own stream for the game of `seed`."""
    return {
        side: SearchPlayer(
            side,
            sides,
            budget,
            random.Random(f"hon-tcg-search-player/{seed}/{side}"),
            SimplePolicy(own_dice(seed, side)),
        )
        for side in sides
    }
