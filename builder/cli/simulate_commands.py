"""`hon simulate`: a scenario played by the simple policy for both sides, every roll told.

hon simulate scenarios/rush-on-maltot.yaml --turns 2 --seed 7
hon simulate scenarios/free-battle.yaml --army allies=us.yaml --army axis=german.yaml --json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from builder.cli.app import CatalogueOption, JsonOption, app, console, open_catalogue
from builder.render.narration import event_line, roll_text

if TYPE_CHECKING:
    from builder.heroes.army.models import ArmyList
    from builder.heroes.rules.simulation import GameRecord
    from builder.io.scenario_files import LoadedScenario

ArmiesOption = Annotated[
    list[str] | None,
    typer.Option("--army", help="SIDE=FILE: the army list a side plays; by default the one the scenario names."),
]


def armies_for(loaded: LoadedScenario, given: list[str]) -> dict[str, ArmyList]:
    """The army list of every side: --army SIDE=FILE first, else the scenario's."""
    from builder.io.army_files import load_army

    sides = [s.id for s in loaded.scenario.sides]
    chosen: dict[str, Path] = {}
    for item in given:
        side, sep, file = item.partition("=")
        if not sep or not side or not file:
            raise typer.BadParameter(f"{item!r} is not SIDE=FILE", param_hint="--army")
        if side not in sides:
            raise typer.BadParameter(
                f"the scenario has no side {side!r}; its sides are {', '.join(sides)}", param_hint="--army"
            )
        chosen[side] = Path(file)
    armies: dict[str, ArmyList] = {}
    for side in sides:
        path = chosen.get(side) or loaded.army_path(side)
        if path is None:
            raise typer.BadParameter(
                f"the scenario names no army list for {side}; give --army {side}=FILE", param_hint="--army"
            )
        armies[side] = load_army(path).army
    return armies


def narrate(record: GameRecord, verbose: bool) -> None:
    from builder.heroes.rules.events import HoldEvent, RevealEvent, TurnEvent, VictoryEvent

    phase = None
    for event in record.events:
        if isinstance(event, RevealEvent | HoldEvent) and not verbose:
            continue
        if isinstance(event, TurnEvent):
            console.print()
        elif (event.turn, event.phase) != phase and not isinstance(event, VictoryEvent):
            console.print(Text(f"  {event.phase} phase", style="dim italic"))
        phase = (event.turn, event.phase)
        console.print(event_line(event))
        for roll in event.rolls:
            console.print(roll_text(roll))
    console.print()
    points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
    verdict = record.outcome if record.winner is not None else f"not finished after {record.turns} turn(s)"
    console.print(f"[bold]Result:[/] {verdict} — victory points: {points}; seed {record.seed}.")


@app.command("simulate")
def simulate_command(
    scenario: Annotated[Path, typer.Argument(help="A scenario (YAML).")],
    army: ArmiesOption = None,
    turns: Annotated[int | None, typer.Option("--turns", min=1, help="Play at most this many turns.")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The dice seed: the same seed plays the same game.")] = 1,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also tell every token revealed and hold.")] = False,
    tui: Annotated[bool, typer.Option("--tui", help="Step through the game on the map in the app.")] = False,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
) -> None:
    """Play the scenario with the simple policy for every side and tell every roll."""
    from builder.cli.deploy_commands import assembled
    from builder.heroes.rules.simulation import simulate
    from builder.io.scenario_files import load_scenario

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = load_scenario(scenario)
    armies = armies_for(loaded, army or [])
    if tui:
        from builder.tui.app import HonApp

        HonApp.simulating(scenario, loaded_catalogue, seed=seed, turns=turns, armies=armies).run()
        return
    battlefield = assembled(loaded, loaded_catalogue)
    record = simulate(loaded.scenario, battlefield, armies, loaded_catalogue, seed=seed, turns=turns)
    if as_json:
        print(json.dumps(record.to_json(), indent=1))
        return
    console.print(f"[bold]{loaded.scenario.title}[/] — simulated with seed {seed}, the simple policy for every side.")
    narrate(record, verbose)
