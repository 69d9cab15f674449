"""What `hon odds`, `hon deploy` and `hon simulate` print for the Tactical Card Game."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table
from rich.text import Text

from builder.cli.app import console
from builder.cli.render import titled
from builder.kernel.decisions import Policy
from builder.kernel.search import BUDGET
from builder.render.tcg_narration import event_line, roll_text
from builder.services.tcg_game import open_cards, ready
from builder.tcg.rules.events import TcgEvent, TurnEvent
from builder.tcg.rules.simulation import TcgRecord, deployed
from builder.tcg.rules.state import Game
from builder.tcg.rules.variants import Variant


def shooting_odds(
    value: int | None,
    bonus: int,
    save: int | None,
    armour_piercing: bool,
    armoured: bool,
    as_json: bool,
) -> None:
    """`hon odds --game tcg`: the chances of each outcome of a Shooting attack (TCG p.8)."""
    from builder.tcg.rules.odds import shot_odds

    if value is None:
        raise typer.BadParameter("a Shooting attack needs --shooting-value N", param_hint="'--shooting-value'")
    odds = shot_odds(value, bonus, save, armour_piercing, armoured)
    if as_json:
        print(json.dumps(odds.as_dict()))
        return
    target = "an armoured card" if armoured else "a card"
    weapon = "an armour-piercing" if armour_piercing else "a"
    saving = f", save {save}" if save is not None else ", no save"
    console.print(
        Text(f"Shooting attack (TCG p.8): {weapon} shooting value {value}, 2d6 {bonus:+d}, at {target}{saving}")
    )
    table = Table(header_style="bold")
    table.add_column("outcome")
    table.add_column("chance", justify="right")
    outcomes = odds.outcomes()
    for name, p in outcomes.items():
        table.add_row(name, f"{float(p) * 100:.1f}%", end_section=name == list(outcomes)[-1])
    table.add_row(Text("one of these", style="dim"), Text(f"{float(sum(outcomes.values())) * 100:.1f}%", style="dim"))
    console.print(table)
    # Double 1s are a roll of one of the outcomes above (a miss, or a partial success), not
    # an outcome of their own: said apart, so that the table adds up (TCG p.8).
    directive = f"{float(odds.directive) * 100:.1f}%"
    console.print(Text(f"Besides the outcome, double 1s give the firer a DIRECTIVE marker: {directive} (TCG p.8)."))


def narrate(events: tuple[TcgEvent, ...]) -> None:
    for event in events:
        if isinstance(event, TurnEvent):
            console.print()
        console.print(event_line(event), soft_wrap=True)
        for roll in event.rolls:
            console.print(roll_text(roll), soft_wrap=True)


def variants_named(names: tuple[str, ...] | list[str]) -> frozenset[Variant]:
    """The variant rules `--variant` names; an unknown name is refused in one line."""
    known = {v.value: v for v in Variant}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise typer.BadParameter(f"{unknown[0]!r} is not one of {', '.join(known)}", param_hint="--variant")
    return frozenset(known[name] for name in names)


def simulate_tui(path: Path, seed: int, turns: int | None, variants: list[str], policy: Policy) -> None:
    """The game in the app's simulation viewer; a scenario with errors is refused here, in one line."""
    from builder.tui.app import HonApp
    from builder.tui.screens.tcg_simulation import TcgSimulationScreen

    chosen = variants_named(variants)
    ready(path, open_cards())
    HonApp(opening=TcgSimulationScreen(path, seed, turns, policy, chosen)).run()


def simulate_scenario(
    path: Path,
    seed: int,
    turns: int | None,
    as_json: bool,
    variants: tuple[str, ...] | list[str] = (),
    policy: Policy = Policy.GREEDY,
    budget: int = BUDGET,
) -> None:
    chosen = variants_named(variants)
    checked = ready(path, open_cards())
    from builder.cli.simulate_commands import played, players_named

    with played(seed):
        record: TcgRecord = checked.simulate(seed=seed, turns=turns, policy=policy, variants=chosen, budget=budget)
    if as_json:
        print(json.dumps(record.to_json(), indent=1))
        return
    players = players_named(policy, budget, "a tactic")
    console.print(titled(checked.scenario.title, f" — simulated with seed {seed}, {players} for both sides."))
    if chosen:
        console.print(Text("  Variant rules (TCG p.21): " + "; ".join(v.english for v in sorted(chosen)) + "."))
    narrate(record.events)
    console.print()
    points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
    verdict = record.outcome if record.winner is not None else f"not finished after {record.turns} turn(s)"
    console.print(titled("Result:", f" {verdict} — victory points: {points}; seed {seed}."))


def deploy_scenario(path: Path, side: str | None, as_json: bool) -> int:
    """The set-up dry-run: every card where the scenario puts it, face up or hidden."""
    checked = ready(path, open_cards())
    scenario = checked.scenario
    if side is not None and scenario.side(side) is None:
        known = ", ".join(s.id for s in scenario.sides)
        raise typer.BadParameter(f"the scenario has no side {side!r}; its sides are {known}", param_hint="--side")
    game = deployed(scenario, checked.cards)
    sides = [s.id for s in scenario.sides if side is None or s.id == side]
    if as_json:
        print(json.dumps(_deployment_json(game, sides), indent=1))
        return 0
    console.print(titled(scenario.title, f" — {scenario.board.columns}x{scenario.board.rows} boxes: the set-up."))
    for side_id in sides:
        player = game.players[side_id]
        console.print()
        console.print(
            titled(
                player.side.name,
                f": {player.side.command} COMMAND markers a turn, {player.directives} DIRECTIVE markers, "
                f"{len(player.reserve)} cards in the reserve.",
            )
        )
        for piece in game.of(side_id):
            face = "hidden" if piece.hidden else "face up"
            terrain = game.terrain(piece.box).label
            hero = f", with {piece.hero.name}" if piece.hero is not None else ""
            console.print(Text(f"  {list(piece.box)} {piece.card.name} ({face}, {terrain}{hero})"), soft_wrap=True)
    console.print()
    for line in scenario.victory_text():
        console.print(line, soft_wrap=True)
    return 0


def _deployment_json(game: Game, sides: list[str]) -> dict[str, object]:
    return {
        "scenario": game.scenario.id,
        "sides": {
            side: {
                "command": game.players[side].side.command,
                "directives": game.players[side].directives,
                "reserve": len(game.players[side].reserve),
                "cards": [
                    {"piece": p.key, "card": p.card.id, "box": list(p.box), "hidden": p.hidden} for p in game.of(side)
                ],
            }
            for side in sides
        },
        "victory": game.scenario.victory_text(),
    }
