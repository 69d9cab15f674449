"""`hon simulate`: a scenario played by the simple policy for both sides, every roll told.

hon simulate scenarios/rush-on-maltot.yaml --turns 2 --seed 7
hon simulate scenarios/free-battle.yaml --army allies=us.yaml --army axis=german.yaml --json
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from builder.cli.app import CatalogueOption, JsonOption, PolicyOption, app, console, open_catalogue
from builder.cli.bounds import BUDGET, SEEDS, TURNS, bounded
from builder.cli.terminal import say, say_failed
from builder.kernel.decisions import Policy
from builder.kernel.search import BUDGET as DEFAULT_BUDGET

if TYPE_CHECKING:
    from builder.cli.fronts import SimulateAsk
    from builder.heroes.catalogue.index import Catalogue
    from builder.heroes.rules.simulation import GameRecord
    from builder.services.game import PreparedGame

PLAYERS = {Policy.GREEDY: "the greedy player", Policy.RANDOM: "the random player", Policy.SEARCH: "the search agent"}

ArmiesOption = Annotated[
    list[str] | None,
    typer.Option("--army", help="SIDE=FILE: the army list a side plays; by default the one the scenario names."),
]
VariantsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        help="tcg: a variant rule of TCG p.21 (no-event-cards, automatic-activation, no-terrain, "
        "all-visible, more-casualties); repeat for several.",
    ),
]


def armies_given(given: list[str]) -> dict[str, Path]:
    """--army SIDE=FILE, by side: they replace the lists the scenario names."""
    chosen: dict[str, Path] = {}
    for item in given:
        side, sep, file = item.partition("=")
        if not sep or not side or not file:
            raise typer.BadParameter(f"{item!r} is not SIDE=FILE", param_hint="--army")
        chosen[side] = Path(file)
    return chosen


@contextmanager
def army_problems() -> Iterator[None]:
    """A side --army names that the scenario lacks, or a side left without a list, said as
    a problem with --army."""
    from builder.services.game import MissingArmies, UnknownSide

    try:
        yield
    except UnknownSide as problem:
        raise typer.BadParameter(problem.reason.rstrip("."), param_hint="--army") from None
    except MissingArmies as problem:
        sides = " ".join(f"--army {side}=FILE" for side in problem.sides)
        raise typer.BadParameter(
            f"the scenario names no army list for {', '.join(problem.sides)}; give {sides}", param_hint="--army"
        ) from None


@contextmanager
def played(seed: int) -> Iterator[None]:
    """A game the rules core could not finish is a bug, told as `hon balance` tells it: one
    line naming the seed and the error, exit 1, never a traceback (issue 34)."""
    try:
        yield
    except Exception as problem:  # any error of the rules core or a player, with its seed
        from builder.services.balance import failure

        say_failed(seed, failure(problem))
        raise typer.Exit(1) from None


def playable(scenario: Path, catalogue: Catalogue, army: list[str] | None) -> PreparedGame:
    """The game `hon simulate` plays: the scenario with the lists given by --army; a list
    given that does not fit its force is a warning."""
    from builder.kernel.system import Capability
    from builder.services.game import prepare_game
    from builder.services.systems import require

    require(scenario, Capability.SIMULATE)
    with army_problems():
        game = prepare_game(scenario, catalogue, armies_given(army or []))
    for issue in game.army_warnings:
        say(f"warning: {issue.message}")
    return game


def narrate(record: GameRecord, verbose: bool) -> None:
    from builder.cli.render import titled
    from builder.heroes.rules.events.game import DrawEvent, HoldEvent, RevealEvent, TurnEvent, VictoryEvent
    from builder.render.heroes_events import Narrator
    from builder.render.narration import event_line, roll_text

    narrator = Narrator.of(record)
    phase = None
    for index, event in enumerate(record.events):
        if isinstance(event, RevealEvent | HoldEvent) and not verbose:
            continue
        if isinstance(event, DrawEvent) and event.turn and not verbose:
            continue  # the opening hands are told; the draws of each Supply Phase with --verbose
        if isinstance(event, TurnEvent):
            console.print()
        elif (event.turn, event.phase) != phase and not isinstance(event, VictoryEvent):
            console.print(Text(f"  {event.phase} phase", style="dim italic"))
        phase = (event.turn, event.phase)
        console.print(event_line(event, narrator.sentence(index)))
        for roll in event.rolls:
            console.print(roll_text(roll))
    console.print()
    points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
    verdict = record.outcome if record.winner is not None else f"not finished after {record.turns} turn(s)"
    console.print(titled("Result:", f" {verdict} — victory points: {points}; seed {record.seed}."))


@app.command("simulate")
def simulate_command(
    scenario: Annotated[Path, typer.Argument(help="A scenario (YAML).")],
    army: ArmiesOption = None,
    turns: Annotated[int | None, bounded("--turns", within=TURNS, help="Play at most this many turns.")] = None,
    seed: Annotated[int, bounded("--seed", within=SEEDS, help="The dice seed: the same seed plays the same game.")] = 1,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also tell every token revealed, hold and action card draw.")
    ] = False,
    tui: Annotated[bool, typer.Option("--tui", help="Step through the game on the map in the app.")] = False,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
    policy: PolicyOption = Policy.GREEDY,
    budget: Annotated[
        int | None,
        bounded(
            "--budget",
            within=BUDGET,
            help=f"With --policy search: the play-outs it may make to weigh each action ({DEFAULT_BUDGET} by default).",
        ),
    ] = None,
    variant: VariantsOption = None,
) -> None:
    """Play the scenario, every side by the greedy player (or --policy random, search), and tell every roll."""
    from builder.cli.fronts import SimulateAsk, front
    from builder.kernel.system import Capability
    from builder.services.systems import require

    system = require(scenario, Capability.SIMULATE)
    check_search(scenario, policy, budget, tui)
    searched = budget or DEFAULT_BUDGET  # the search agent's, which check_search allowed
    asked = (scenario, army or [], turns, seed, verbose, tui, catalogue, as_json, policy, variant or [], searched)
    ask = SimulateAsk(*asked)
    front(system, ask.catalogue).simulate(ask)


def simulate_heroes(ask: SimulateAsk) -> None:
    """`hon simulate` of a Heroes System scenario: narrated, as JSON, or in the app's viewer."""
    from builder.cli.render import titled

    loaded_catalogue, _ = open_catalogue(ask.catalogue)
    game = playable(ask.scenario, loaded_catalogue, ask.armies)
    if ask.tui:
        from builder.tui.app import HonApp

        app = HonApp.simulating(
            ask.scenario, loaded_catalogue, seed=ask.seed, turns=ask.turns, armies=game.armies, policy=ask.policy
        )
        app.run()
        return
    with played(ask.seed):
        record = game.simulate(seed=ask.seed, turns=ask.turns, policy=ask.policy, budget=ask.budget)
    if ask.as_json:
        from builder.render.heroes_events import record_json

        print(json.dumps(record_json(record), indent=1))
        return
    players = players_named(ask.policy, ask.budget, "an action")
    said = f" — simulated with seed {ask.seed}, {players} for every side."
    console.print(titled(game.scenario.title, said))
    narrate(record, ask.verbose)


def players_named(policy: Policy, budget: int, weighed: str) -> str:
    """Who played, as the narration's heading says: the search agent with its budget, the
    play-outs it may make for each of what it weighs (`weighed`: "an action")."""
    return PLAYERS[policy] + (f" ({budget} play-outs {weighed})" if policy is Policy.SEARCH else "")


def check_search(scenario: Path, policy: Policy, budget: int | None, tui: bool) -> None:
    """--policy search where the scenario's system has a search agent, in the terminal;
    --budget only with it."""
    from builder.kernel.system import Capability
    from builder.services.systems import require

    if policy is not Policy.SEARCH:
        if budget is not None:
            raise typer.BadParameter("it is the search agent's; give --policy search too", param_hint="--budget")
        return
    require(scenario, Capability.SEARCH)
    if tui:
        raise typer.BadParameter(
            "the app's viewer plays greedy or random; the search agent plays in the terminal", param_hint="--policy"
        )
