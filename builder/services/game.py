"""One pipeline from files to a game ready to deploy or simulate (DESIGN.md 2): load the
scenario, validate it, load the army lists, assemble the map. `hon simulate`, `hon deploy`,
the app's simulation viewer and balance runs all start here, so a scenario `hon scenario
check` rejects is refused the same way everywhere: one sentence, never a traceback."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from builder.heroes.ai import greedy, search, uniform
from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.players import HeroesPlayer
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.force_issues import NO_ARMY
from builder.heroes.scenario.models import Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.io.army_files import load_army
from builder.io.errors import HonFileError
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.kernel.decisions import Policy
from builder.kernel.diagnostics import Issue, Severity, join_and, plural
from builder.kernel.search import BUDGET


class GameNotReady(HonFileError):
    """The scenario cannot be played as it stands; `issues` are its errors, first first."""

    def __init__(self, file: str | Path, message: str, issues: tuple[Issue, ...] = (), line: int | None = None):
        self.issues = issues
        super().__init__(file, message, line)


class MissingArmies(GameNotReady):
    """Sides the scenario names no army list for, and none was given."""

    def __init__(self, loaded: LoadedScenario, sides: list[str]):
        self.sides = sides
        names = join_and(side.name for side in loaded.scenario.sides if side.id in sides)
        super().__init__(
            loaded.path,
            f"{loaded.scenario.title} names no army list for {names}; a game needs one for every side "
            "(an army: file under the side's force, or one given for the side).",
        )


class UnknownSide(GameNotReady):
    def __init__(self, loaded: LoadedScenario, side: str):
        self.side = side
        known = ", ".join(s.id for s in loaded.scenario.sides)
        super().__init__(loaded.path, f"the scenario has no side {side!r}; its sides are {known}.")


def players_for(scenario: Scenario, policy: Policy, seed: int, budget: int = BUDGET) -> dict[str, HeroesPlayer]:
    """A player of `policy` for every side of `scenario`, for the game of `seed`; a search
    agent weighs each action with at most `budget` play-outs."""
    sides = tuple(side.id for side in scenario.sides)
    match policy:
        case Policy.GREEDY:
            return dict(greedy.for_every_side(scenario, seed))
        case Policy.RANDOM:
            return dict(uniform.for_every_side(list(sides), seed))
        case Policy.SEARCH:
            return dict(search.for_every_side(sides, seed, budget))
        case _:
            assert_never(policy)


@dataclass(frozen=True)
class PreparedGame:
    """A checked scenario on its assembled map with an army list for each side asked for."""

    loaded: LoadedScenario
    catalogue: Catalogue
    battlefield: Battlefield
    armies: Mapping[str, ArmyList]
    issues: tuple[Issue, ...]  # warnings and notes (errors refuse the game)

    @property
    def scenario(self) -> Scenario:
        return self.loaded.scenario

    @property
    def army_warnings(self) -> tuple[Issue, ...]:
        """What does not fit the scenario in the army lists played (a list a player gave
        over its force's points, of another faction, not legal), told before the game by
        `hon simulate` and the app's viewer alike. The scenario's own are `hon scenario
        check`'s to tell."""
        return tuple(issue for issue in self.issues if issue.path.startswith("forces["))

    def simulate(
        self,
        *,
        seed: int = 1,
        turns: int | None = None,
        policies: Mapping[str, HeroesPlayer] | None = None,
        policy: Policy = Policy.GREEDY,
        budget: int = BUDGET,
    ) -> GameRecord:
        """Play the game from set-up to the victory check (or `turns` turns); the sides without
        a player in `policies` are played by `policy` (a search agent with `budget`)."""
        players = {**players_for(self.scenario, policy, seed, budget), **(policies or {})}
        return simulate(
            self.scenario,
            self.battlefield,
            self.armies,
            self.catalogue,
            seed=seed,
            turns=turns,
            policies=players,
            sampled=any(isinstance(player, search.SearchPlayer) for player in players.values()),
        )


def prepare_game(
    source: Path | LoadedScenario,
    catalogue: Catalogue,
    armies: Mapping[str, Path | ArmyList] | None = None,
    sides: Collection[str] | None = None,
) -> PreparedGame:
    """The game of `source` (a file, or a scenario already read, perhaps edited since),
    with `armies` by side replacing the lists the scenario names. `sides` are the sides that
    need a list (every side by default; one for a deployment dry-run).

    Raises HonFileError for a file that cannot be read and GameNotReady for a scenario that
    cannot be played: an error `hon scenario check` reports, a side without an army list."""
    loaded = load_scenario(source) if isinstance(source, Path) else source
    scenario = loaded.scenario
    given = dict(armies or {})
    for side in given:
        if scenario.side(side) is None:
            raise UnknownSide(loaded, side)
    needed = [s.id for s in scenario.sides] if sides is None else list(sides)
    for side in needed:
        if scenario.side(side) is None:
            raise UnknownSide(loaded, side)
    sources = {side: given.get(side) or loaded.army_path(side) for side in needed}
    missing = [side for side, source in sources.items() if source is None]
    if missing:
        raise MissingArmies(loaded, missing)
    chosen = {side: _army(source) for side, source in sources.items() if source is not None}
    checked = validate_scenario(scenario, catalogue, chosen)
    # Every side this game needs has its list by now; a side it does not (a deployment
    # dry-run's other side) needs none.
    found = [issue for issue in loaded.locate(checked.issues) if issue.code != NO_ARMY]
    issues = tuple(_chosen_by_player(issue, scenario, given) for issue in found)
    errors = tuple(issue for issue in issues if issue.severity is Severity.ERROR)
    if errors:
        first = errors[0]
        more = f" ({plural(len(errors), 'error')}; see hon scenario check)" if len(errors) > 1 else ""
        raise GameNotReady(loaded.path, f"{first.path}: {first.message}{more}", errors, first.line)
    return PreparedGame(loaded, catalogue, checked.battlefield, chosen, issues)


def _chosen_by_player(issue: Issue, scenario: Scenario, given: Mapping[str, object]) -> Issue:
    """A list the player gave for a side that does not fit its force (too many points, the
    wrong faction, not legal) is their choice, a house rule: said as a warning, not refused.
    The same problem in a list the scenario names is the scenario's error."""
    for index, force in enumerate(scenario.forces):
        if force.side in given and issue.path == f"forces[{index}].army" and issue.severity is Severity.ERROR:
            return issue.model_copy(update={"severity": Severity.WARNING})
    return issue


def _army(source: Path | ArmyList) -> ArmyList:
    return source if isinstance(source, ArmyList) else load_army(source).army
