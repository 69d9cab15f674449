"""What the command line does for each game system: one `Front` per system, found by the
system's id (`front`). A command finds the file's system in the registry
(builder.services.systems, which refuses a system without the capability in one line) and
hands the request to that system's front, so no command asks which system it holds; a
system's own options the others lack are refused by the front that does not take them."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import typer

if TYPE_CHECKING:
    from builder.kernel.decisions import Policy
    from builder.kernel.system import GameSystem


@dataclass(frozen=True)
class DeployAsk:
    """`hon deploy`'s request."""

    scenario: Path
    side: str
    army: str | None  # SIDE=FILE: the Heroes System's own, as --positions and --save
    positions: Path | None
    save: str | None
    catalogue: Path | None
    as_json: bool
    force: bool

    def heroes_options(self) -> bool:
        return self.army is not None or self.positions is not None or self.save is not None


@dataclass(frozen=True)
class SheetAsk:
    """`hon scenario sheet`'s request: the format and paper as given, judged by the front."""

    scenario: Path
    fmt: str
    output: str | None
    strict: bool
    paper: str
    catalogue: Path | None
    force: bool


@dataclass(frozen=True)
class SimulateAsk:
    """`hon simulate`'s request."""

    scenario: Path
    armies: list[str]  # SIDE=FILE: the Heroes System's own
    turns: int | None
    seed: int
    verbose: bool
    tui: bool
    catalogue: Path | None
    as_json: bool
    policy: Policy
    variants: list[str]  # the Tactical Card Game's variant rules (TCG p.21)
    budget: int  # the search agent's play-outs for each choice it weighs (--policy search)


@dataclass(frozen=True)
class DesignAsk:
    """`hon design`'s request: the file (perhaps new), the player's catalogue, the TCG side
    whose deck to open, the game of a new file."""

    path: Path
    catalogue: Path | None
    deck: str | None
    game: str | None


@dataclass(frozen=True)
class OddsAsk:
    """`hon odds`'s request: every option as given (each named by its field, `--long-range`
    for `long_range`); the system's front takes its own and refuses the others."""

    game: str
    as_json: bool
    combat: int | None = None
    defense: int | None = None
    terrain: int = 0
    bonus: int = 0
    suppressed: int = 0
    obscured: int = 0
    long_range: bool = False
    suppressive: bool = False
    dual: bool = False
    assault: bool = False
    defender_combat: int | None = None
    defender_dice: int | None = None
    defender_bonus: int | None = None
    defender_suppressed: int | None = None
    dice: int | None = None
    target: str | None = None
    shooting_value: int | None = None
    save: int | None = None
    armour_piercing: bool = False
    armoured: bool = False

    def given(self) -> list[str]:
        """The options given, as `--name`, in the order of `hon odds --help`: those off
        their default."""
        return [
            option(f.name) for f in fields(self) if f.name not in ODDS_ALWAYS and getattr(self, f.name) != f.default
        ]


ODDS_ALWAYS = ("game", "as_json")  # every system's


def option(name: str) -> str:
    """The command-line option of an `OddsAsk` field."""
    return "--" + name.replace("_", "-")


class Front:
    """A game system's commands. The registry refuses what a system does not support before
    its front is asked, so the defaults here are never reached: a system overrides what its
    capabilities promise (tests/cli/test_fronts.py checks both agree)."""

    odds_options: ClassVar[frozenset[str]] = frozenset()  # the `hon odds` options it takes
    takes_catalogue: ClassVar[bool] = False  # reads the player's catalogue folder (--catalogue)

    def check(self, scenario: Path, catalogue: Path | None, as_json: bool) -> int:
        raise NotImplementedError

    def validate(self, army: Path, catalogue: Path | None, as_json: bool) -> int:
        raise NotImplementedError

    def deploy(self, ask: DeployAsk) -> int:
        raise NotImplementedError

    def sheet(self, ask: SheetAsk) -> int:
        raise NotImplementedError

    def simulate(self, ask: SimulateAsk) -> None:
        raise NotImplementedError

    def design(self, ask: DesignAsk) -> None:
        raise NotImplementedError

    def odds(self, ask: OddsAsk, system: GameSystem) -> None:
        raise NotImplementedError


class HeroesFront(Front):
    takes_catalogue = True
    odds_options = frozenset(
        option(name)
        for name in (
            "combat", "defense", "terrain", "bonus", "suppressed", "obscured", "long_range", "suppressive", "dual",
            "assault", "defender_combat", "defender_dice", "defender_bonus", "defender_suppressed",
        )
    )  # fmt: skip

    def check(self, scenario: Path, catalogue: Path | None, as_json: bool) -> int:
        from builder.cli.scenario_commands import check_heroes

        return check_heroes(scenario, catalogue, as_json)

    def validate(self, army: Path, catalogue: Path | None, as_json: bool) -> int:
        from builder.cli.army_report import validate_army

        return validate_army(army, catalogue, as_json)

    def deploy(self, ask: DeployAsk) -> int:
        from builder.cli.deploy_commands import army_of
        from builder.cli.deploy_report import deploy

        army = army_of(ask.army, ask.side)
        return deploy(ask.scenario, ask.side, army, ask.positions, ask.save, ask.catalogue, ask.as_json, ask.force)

    def sheet(self, ask: SheetAsk) -> int:
        from builder.cli.scenario_commands import heroes_sheet

        return heroes_sheet(ask)

    def simulate(self, ask: SimulateAsk) -> None:
        from builder.cli.simulate_commands import simulate_heroes

        no_variants(ask)
        simulate_heroes(ask)

    def design(self, ask: DesignAsk) -> None:
        from builder.cli.tui_commands import launch_heroes_designer

        no_deck(ask)
        launch_heroes_designer(ask)

    def odds(self, ask: OddsAsk, system: GameSystem) -> None:
        from builder.cli.odds_commands import heroes_odds

        refuse_foreign(ask, self, system)
        heroes_odds(ask)


class TcgFront(Front):
    odds_options = frozenset(
        option(name) for name in ("shooting_value", "bonus", "save", "armour_piercing", "armoured")
    )

    def check(self, scenario: Path, catalogue: Path | None, as_json: bool) -> int:
        from builder.cli.tcg_report import check_scenario

        return check_scenario(scenario, as_json)

    def validate(self, army: Path, catalogue: Path | None, as_json: bool) -> int:
        from builder.cli.tcg_report import validate_force

        return validate_force(army, as_json)

    def deploy(self, ask: DeployAsk) -> int:
        from builder.cli.tcg_play import deploy_scenario

        if ask.heroes_options():
            raise typer.BadParameter(
                "a Tactical Card Game scenario deploys as it says: no --army, --positions or --save"
            )
        return deploy_scenario(ask.scenario, ask.side, ask.as_json)

    def sheet(self, ask: SheetAsk) -> int:
        from builder.cli.tcg_report import scenario_sheet

        return scenario_sheet(ask.scenario, ask.fmt, ask.output, ask.strict, ask.paper, ask.force)

    def simulate(self, ask: SimulateAsk) -> None:
        from builder.cli.tcg_play import simulate_scenario, simulate_tui

        if ask.armies:
            raise typer.BadParameter("a Tactical Card Game scenario plays its own forces; --army does not apply")
        if ask.tui:
            simulate_tui(ask.scenario, ask.seed, ask.turns, ask.variants, ask.policy)
        else:
            simulate_scenario(ask.scenario, ask.seed, ask.turns, ask.as_json, ask.variants, ask.policy, ask.budget)

    def design(self, ask: DesignAsk) -> None:
        from builder.cli.tui_commands import launch_tcg_designer

        launch_tcg_designer(ask)

    def odds(self, ask: OddsAsk, system: GameSystem) -> None:
        from builder.cli.tcg_play import shooting_odds

        refuse_foreign(ask, self, system)
        shooting_odds(ask.shooting_value, ask.bonus, ask.save, ask.armour_piercing, ask.armoured, ask.as_json)


class HexFront(Front):
    odds_options = frozenset(option(name) for name in ("dice", "target"))

    def check(self, scenario: Path, catalogue: Path | None, as_json: bool) -> int:
        from builder.cli.memoir_commands import check

        return check(scenario, as_json)

    def deploy(self, ask: DeployAsk) -> int:
        from builder.cli.memoir_commands import deploy

        if ask.heroes_options():
            raise typer.BadParameter(
                "a hex-game scenario deploys its own units; --army, --positions and --save do not apply"
            )
        return deploy(ask.scenario, ask.side, ask.as_json)

    def sheet(self, ask: SheetAsk) -> int:
        from builder.cli.memoir_commands import sheet

        return sheet(ask.scenario, ask.fmt, ask.paper, ask.output, ask.strict, ask.force)

    def simulate(self, ask: SimulateAsk) -> None:
        from builder.cli import memoir_commands

        if ask.armies:
            raise typer.BadParameter("a hex-game scenario plays its own units; --army does not apply")
        if ask.variants:
            raise typer.BadParameter(
                "--variant is for Tactical Card Game scenarios (game: tcg)", param_hint="--variant"
            )
        if ask.tui:
            memoir_commands.simulate_tui(ask.scenario, ask.seed, ask.turns, ask.policy)
        else:
            memoir_commands.simulate(ask.scenario, ask.seed, ask.turns, ask.as_json, ask.policy, ask.budget)

    def design(self, ask: DesignAsk) -> None:
        from builder.cli.tui_commands import launch_hex_designer

        no_deck(ask)
        launch_hex_designer(ask)

    def odds(self, ask: OddsAsk, system: GameSystem) -> None:
        from builder.cli.memoir_commands import odds

        refuse_foreign(ask, self, system)
        odds(ask.dice, ask.target, ask.as_json)


def no_variants(ask: SimulateAsk) -> None:
    """Refuse the Tactical Card Game's variant rules for another game."""
    if ask.variants:
        raise typer.BadParameter("--variant is for Tactical Card Game scenarios (game: tcg)", param_hint="--variant")


def no_deck(ask: DesignAsk) -> None:
    """Refuse --deck for a game without decks."""
    if ask.deck is not None:
        raise typer.BadParameter("only a Tactical Card Game (game: tcg) scenario has decks", param_hint="--deck")


def refuse_foreign(ask: OddsAsk, here: Front, system: GameSystem) -> None:
    """Refuse, in one sentence, the `hon odds` options given that are another system's, naming
    whose they are: one option ignored would print odds the player did not ask for."""
    from builder.kernel.diagnostics import join_and
    from builder.services.systems import SYSTEMS

    groups: dict[tuple[str, ...], list[str]] = {}
    for name in ask.given():
        if name not in here.odds_options:
            owners = tuple(f"the {s.name} (--game {s.games[0].id})" for s in SYSTEMS if name in front(s).odds_options)
            groups.setdefault(owners, []).append(name)
    if groups:
        whose = [_whose(names, owners, first=not i) for i, (owners, names) in enumerate(groups.items())]
        raise typer.BadParameter(f"{join_and(whose)}, not of the {system.name}")


def _whose(names: list[str], owners: tuple[str, ...], first: bool) -> str:
    """'--dice and --target are options of the hex game (--game m44)'; after the first, '--save
    of the Tactical Card Game (--game tcg)'."""
    from builder.kernel.diagnostics import join_and, join_or

    verb = ("is an option of" if len(names) == 1 else "are options of") if first else "of"
    return f"{join_and(names)} {verb} {join_or(owners)}"


FRONTS: dict[str, Front] = {"heroes": HeroesFront(), "tcg": TcgFront(), "memoir": HexFront()}


def front(system: GameSystem, catalogue: Path | None = None) -> Front:
    """The front of `system`, by its id. A catalogue folder given for a system that reads
    none is refused in one sentence: ignored, the player would think it was used."""
    here = FRONTS[system.id]
    if catalogue is not None and not here.takes_catalogue:
        raise typer.BadParameter(
            f"only Heroes System files read a catalogue folder, not a file of the {system.name}",
            param_hint="--catalogue",
        )
    return here
