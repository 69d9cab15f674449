"""The Tactical Card Game's pipeline from files to checks and games (DESIGN.md 2): read the
cards and the scenario, check the scenario and each side's force, and hand the rules core a
scenario it can play — or one sentence saying why not, the way builder.services.game does
for the Heroes System."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from builder.io.errors import HonFileError
from builder.io.tcg_files import LoadedTcgScenario, load_cards, load_force, load_tcg_scenario
from builder.kernel.decisions import Policy
from builder.kernel.diagnostics import Issue, Severity, plural
from builder.kernel.search import BUDGET
from builder.tcg.ai import greedy, search, uniform
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_cards, check_force, check_scenario
from builder.tcg.rules.players import TcgPlayer
from builder.tcg.rules.simulation import TcgRecord, simulate
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import ForceFile, Scenario


class TcgNotReady(HonFileError):
    """The scenario cannot be played as it stands; `issues` are its errors."""

    def __init__(self, file: str | Path, message: str, issues: tuple[Issue, ...] = (), line: int | None = None):
        self.issues = issues
        super().__init__(file, message, line)


@dataclass(frozen=True)
class CheckedScenario:
    loaded: LoadedTcgScenario
    cards: CardCatalogue
    issues: list[Issue]

    @property
    def scenario(self) -> Scenario:
        return self.loaded.scenario

    def simulate(
        self,
        *,
        seed: int = 1,
        turns: int | None = None,
        policy: Policy = Policy.GREEDY,
        frames: bool = False,
        variants: frozenset[Variant] = frozenset(),
        budget: int = BUDGET,
    ) -> TcgRecord:
        """The game played by `policy` for every side (builder.tcg.rules.simulation.simulate),
        a search agent with `budget` play-outs a tactic."""
        players = players_for(self.scenario, policy, seed, budget)
        sampled = policy is Policy.SEARCH
        return simulate(
            self.scenario,
            self.cards,
            players,
            seed=seed,
            turns=turns,
            frames=frames,
            variants=variants,
            sampled=sampled,
        )


def players_for(scenario: Scenario, policy: Policy, seed: int, budget: int = BUDGET) -> dict[str, TcgPlayer]:
    """A player of `policy` for every side of `scenario`, for the game of `seed`; a search
    agent weighs a decision with at most `budget` play-outs (a balance run passes every
    player's), in a game played with `sampled` (builder.kernel.match.play)."""
    match policy:
        case Policy.GREEDY:
            return dict(greedy.for_every_side(scenario, seed))
        case Policy.RANDOM:
            return dict(uniform.for_every_side([side.id for side in scenario.sides], seed))
        case Policy.SEARCH:
            return dict(search.for_every_side(tuple(side.id for side in scenario.sides), seed, budget))
        case _:
            assert_never(policy)


@dataclass(frozen=True)
class CheckedForce:
    force: ForceFile
    scenario: Scenario
    issues: list[Issue]
    files: tuple[Path, ...]  # the force's file and its scenario's: what checking it read


def open_cards(user: Path | None = None) -> CardCatalogue:
    """The bundled cards (with a player's folder over them); a catalogue error is refused."""
    cards, issues = load_cards(user=user)
    problems = [*issues, *check_cards(cards)]
    errors = [issue for issue in problems if issue.severity is Severity.ERROR]
    if errors:
        raise HonFileError(errors[0].path, errors[0].message)
    return cards


def check_scenario_file(path: Path, cards: CardCatalogue) -> CheckedScenario:
    loaded = load_tcg_scenario(path)
    return CheckedScenario(loaded, cards, loaded.locate(check_scenario(loaded.scenario, cards)))


def check_force_file(path: Path, cards: CardCatalogue) -> CheckedForce:
    """A force composed for one side of a scenario, checked against it (`hon validate`)."""
    loaded = load_force(path)
    scenario_path = loaded.scenario_path()
    scenario = load_tcg_scenario(scenario_path).scenario
    side = scenario.side(loaded.force.side)
    if side is None:
        known = ", ".join(s.id for s in scenario.sides)
        raise loaded.document.error(
            f"the scenario has no side {loaded.force.side!r}; its sides are {known}.", ["side"], "side"
        )
    issues = check_force(scenario, side, loaded.force.force, cards, "force")
    return CheckedForce(loaded.force, scenario, loaded.locate(issues), (path, scenario_path))


def ready(path: Path, cards: CardCatalogue) -> CheckedScenario:
    """A scenario the rules core can play, or TcgNotReady naming its first error."""
    checked = check_scenario_file(path, cards)
    errors = tuple(issue for issue in checked.issues if issue.severity is Severity.ERROR)
    if errors:
        first = errors[0]
        more = f" ({plural(len(errors), 'error')}; see hon scenario check)" if len(errors) > 1 else ""
        raise TcgNotReady(path, f"{first.path}: {first.message}{more}", errors, first.line)
    return checked
