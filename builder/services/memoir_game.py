"""The hex game from files to a game ready to deploy or simulate: load the scenario and
the catalogue, validate, and refuse a scenario with errors in one sentence (as
builder.services.game does for the Heroes System)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from builder.io.memoir_files import LoadedScenario, load_catalogue, load_playable
from builder.kernel.decisions import Policy
from builder.kernel.diagnostics import Issue, Severity, plural
from builder.kernel.search import BUDGET
from builder.memoir.ai import greedy, search, uniform
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.hexes import Edge
from builder.memoir.rules.players import MemoirPlayer
from builder.memoir.rules.simulation import GameRecord, MemoirGame, new_game, simulate
from builder.memoir.scenario import Scenario, SideSetup
from builder.memoir.validate import validate
from builder.services.game import GameNotReady


@dataclass(frozen=True)
class CheckedScenario:
    loaded: LoadedScenario
    catalogue: Catalogue
    issues: tuple[Issue, ...]

    @property
    def scenario(self) -> Scenario:
        return self.loaded.scenario


def blank_scenario(title: str = "New scenario") -> Scenario:
    """A new hex-game scenario (`hon design NEW.yaml --game m44`): an empty standard board,
    the Axis at the top and the Allies at the bottom. The summary prints no hand size nor
    medal count, so both are examples (source: example)."""
    return Scenario(
        game="m44",
        id="new-scenario",
        title=title,
        source="example",
        sides=(
            SideSetup(id=Side.AXIS, name="Axis", edge=Edge.TOP, cards=4, medals=4),
            SideSetup(id=Side.ALLIES, name="Allies", edge=Edge.BOTTOM, cards=4, medals=4),
        ),
        starts=Side.ALLIES,
    )


def check(path: Path) -> CheckedScenario:
    """A scenario read (hon's YAML, or a .m44 file imported) and validated, its issues
    located on their lines."""
    catalogue = load_catalogue()
    loaded = load_playable(path, catalogue)
    return CheckedScenario(loaded, catalogue, tuple(loaded.locate(validate(loaded.scenario, catalogue))))


@dataclass(frozen=True)
class PreparedGame:
    checked: CheckedScenario

    def simulate(
        self, *, seed: int = 1, turns: int | None = None, policy: Policy = Policy.GREEDY, budget: int = BUDGET
    ) -> GameRecord:
        checked = self.checked
        return play(checked.scenario, checked.catalogue, seed=seed, turns=turns, policy=policy, budget=budget)


def play(
    scenario: Scenario,
    catalogue: Catalogue,
    *,
    seed: int = 1,
    turns: int | None = None,
    policy: Policy = Policy.GREEDY,
    budget: int = BUDGET,
) -> GameRecord:
    """The game of a validated `scenario` and `seed`, every side played by `policy` (a
    search agent with `budget` play-outs a choice)."""
    game = new_game(scenario, catalogue, seed=seed, turns=turns)
    return simulate(game, players_for(game, policy, budget), sampled=policy is Policy.SEARCH)


def players_for(game: MemoirGame, policy: Policy, budget: int = BUDGET) -> dict[Side, MemoirPlayer]:
    """A player of `policy` for every side of `game`; a search agent weighs a decision with
    at most `budget` play-outs (a balance run passes every player's), in a game played with
    `sampled` (builder.kernel.match.play)."""
    sides, seed = [s.id for s in game.state.scenario.sides], game.dice.seed
    match policy:
        case Policy.GREEDY:
            return dict(greedy.for_every_side(sides, seed))
        case Policy.RANDOM:
            return dict(uniform.for_every_side(sides, seed))
        case Policy.SEARCH:
            return dict(search.for_every_side(sides, seed, budget))
        case _:
            assert_never(policy)


def prepare_game(path: Path) -> PreparedGame:
    """The game of a scenario file, or GameNotReady naming its first error."""
    checked = check(path)
    refuse_errors(path, checked.issues)
    return PreparedGame(checked)


def refuse_errors(path: Path, issues: Iterable[Issue]) -> None:
    """GameNotReady naming the first error of the scenario at `path` (as it stands in the
    designer, or as read), when it has errors: the rules core plays only a valid scenario."""
    errors = tuple(issue for issue in issues if issue.severity is Severity.ERROR)
    if errors:
        first = errors[0]
        more = f" ({plural(len(errors), 'error')}; see hon scenario check)" if len(errors) > 1 else ""
        raise GameNotReady(path, f"{first.path}: {first.message}{more}", errors, first.line)


def side_named(scenario: Scenario, name: str) -> Side | None:
    return next((s.id for s in scenario.sides if s.id.value == name), None)
