"""What `hon deploy` prints and writes: the map around the zone, the placements and the
issues, or the same as JSON. Imported only when the command runs (start-up time)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table
from rich.text import Text

from builder.cli.app import catalogue_inputs, console, open_catalogue, tell_written
from builder.cli.render import issues_table, judged, titled
from builder.heroes.rules.geometry.grid import compass
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.setup.deployment import Deployment, dry_run, zone_squares, zones_for
from builder.heroes.rules.setup.positions import PositionEntry, PositionsFile
from builder.heroes.scenario.battlefield import Battlefield
from builder.io.outputs import Output, output
from builder.io.positions_files import POSITIONS_KIND, LoadedPositions, load_positions, positions_yaml
from builder.io.scenario_files import LoadedScenario
from builder.kernel.diagnostics import Issue, Severity, is_legal
from builder.kernel.system import Capability
from builder.services.game import MissingArmies, UnknownSide, prepare_game
from builder.services.systems import require

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
MAX_MAP_WIDTH = 40  # squares; wider maps are cut down to the zone and the units around it


def _locate(issues: tuple[Issue, ...], loaded: LoadedScenario, positions: LoadedPositions | None) -> list[Issue]:
    found = []
    for issue in issues:
        if issue.path.startswith("positions[") and positions is not None:
            found.extend(positions.locate([issue]))
        elif issue.path.startswith(("zones[", "setup", "sides")):
            found.extend(loaded.locate([issue]))
        else:
            found.append(issue)
    return found


def _placement(piece: Piece) -> dict[str, Any]:
    return {
        "unit": piece.key,
        "name": piece.unit.name,
        "at": list(piece.squares[0]),
        "squares": [list(sq) for sq in piece.squares],
        "facing": compass(piece.facing),
        "side": piece.side_index,
    }


def _map_lines(battlefield: Battlefield, zone: frozenset[Square], letters: dict[Square, str]) -> list[Text]:
    """The battlefield (or the part around the zone) as text: a unit's letter, a terrain
    glyph, ':' for the open squares of the zone and '.' elsewhere."""
    cols, rows = range(battlefield.width), range(battlefield.height)
    if battlefield.width > MAX_MAP_WIDTH:
        shown = zone | set(letters)
        low = max(0, min(c for c, _ in shown) - 2)
        cols = range(low, min(battlefield.width, max(c for c, _ in shown) + 3))
        top = max(0, min(r for _, r in shown) - 2)
        rows = range(top, min(battlefield.height, max(r for _, r in shown) + 3))
    header = Text("    " + "".join(f"{c % 100:<2}" if c % 5 == 0 else "  " for c in cols), style="dim")
    lines = [header]
    for r in rows:
        line = Text(f"{r:>3} ", style="dim")
        for c in cols:
            square = (c, r)
            style = "on grey23" if square in zone else ""
            if square in letters:
                line.append(letters[square], style=f"bold yellow {style}".strip())
            elif square not in battlefield.squares:
                line.append(" ")
            elif square in battlefield.element_at:
                line.append(battlefield.element_at[square].terrain.glyph, style=style or None)
            else:
                line.append(":" if square in zone else ".", style=style or None)
            line.append(" ", style=style or None)
        lines.append(line)
    return lines


def _show(deployment: Deployment, loaded: LoadedScenario, battlefield: Battlefield, issues: list[Issue]) -> None:
    scenario, side = loaded.scenario, deployment.side
    zones = zones_for(scenario, side)
    zone = zone_squares(zones, battlefield)
    placed = deployment.placed
    letters: dict[Square, str] = {}
    for index, piece in enumerate(placed):
        for square in piece.squares:
            letters[square] = LETTERS[index] if index < len(LETTERS) else "?"
    how = "deployed automatically" if deployment.automatic else "placements checked"
    console.print(titled(scenario.title, f" — side {side}, {how}: ", judged(issues, "legal", "not legal")))
    names = ", ".join(repr(z.id) for z in zones) or "none"
    console.print(Text(f"Zone {names}: {len(zone)} squares (shaded, ':' where open)."))
    for line in _map_lines(battlefield, zone, letters):
        console.print(line)
    table = Table.grid(padding=(0, 2))
    for column in ("", "unit", "squares", "facing", "counter"):
        table.add_column(column, style="dim" if column == "counter" else None)
    for index, piece in enumerate(placed):
        letter = LETTERS[index] if index < len(LETTERS) else "?"
        where = " ".join(f"[{c}, {r}]" for c, r in piece.squares)
        up = "" if piece.side_index == 0 else f" ({piece.side.state.value} side up)"
        table.add_row(
            Text(letter, style="bold yellow"),
            Text(piece.unit.name + up),
            Text(where),
            compass(piece.facing),
            Text(piece.key),
        )
    console.print(table)
    unplaced = [p for p in deployment.pieces if not p.squares]
    if unplaced:
        console.print(Text(f"Not on the battlefield: {', '.join(p.key for p in unplaced)}"))
    if issues:
        console.print(issues_table(issues))


def _save(deployment: Deployment, scenario_id: str, target: Output) -> Path:
    entries = [
        PositionEntry(unit=p.key, at=p.squares[0], facing=p.facing, side=1 if p.side_index else 0)
        for p in deployment.placed
    ]
    positions = PositionsFile(scenario=scenario_id, side=deployment.side, positions=entries)
    return target.save(positions_yaml(positions).encode("utf-8"))


def deploy(
    scenario: Path,
    side: str,
    army: Path | None,
    positions: Path | None,
    save: str | None,
    catalogue: Path | None,
    as_json: bool,
    force: bool = False,
) -> int:
    """Run `hon deploy`; the exit code."""
    require(scenario, Capability.DEPLOY)
    loaded_catalogue, _ = open_catalogue(catalogue)
    try:
        game = prepare_game(scenario, loaded_catalogue, {side: army} if army is not None else None, sides=[side])
    except UnknownSide as problem:
        raise typer.BadParameter(problem.reason.rstrip("."), param_hint="--side") from None
    except MissingArmies:
        raise typer.BadParameter(
            f"the scenario names no army list for {side}; give --army {side}=FILE", param_hint="--army"
        ) from None
    loaded = game.loaded
    loaded_positions = load_positions(positions) if positions is not None else None
    target = None
    if save is not None:  # checked before the dry run: a refused --save writes nothing
        name = f"{game.scenario.id}-{side}-positions.yaml"
        given = [p for p in (army, positions) if p is not None]
        inputs = [*loaded.files(), *given, *catalogue_inputs(catalogue)]
        target = output(save, name, None, POSITIONS_KIND, option="--save", inputs=inputs, force=force, stdout=False)
    deployment = dry_run(
        game.scenario,
        game.battlefield,
        side,
        game.armies[side],
        loaded_catalogue,
        loaded_positions.positions if loaded_positions else None,
    )
    # A list the player gave that does not fit the side's force is said with the placements.
    issues = [*game.army_warnings, *_locate(deployment.issues, loaded, loaded_positions)]
    if loaded_positions is not None and loaded_positions.positions.side not in (None, side):
        issues.insert(
            0,
            Issue(
                severity=Severity.WARNING,
                code="deploy.side",
                path="side",
                message=f"The positions file is for side {loaded_positions.positions.side}, checked here for {side}.",
                line=loaded_positions.document.line_of(["side"]),
            ),
        )
    if target is not None:
        tell_written(_save(deployment, game.scenario.id, target), beside_report=True)
    ok = is_legal(issues)
    if as_json:
        print(
            json.dumps(
                {
                    "ok": ok,
                    "side": side,
                    "automatic": deployment.automatic,
                    "placements": [_placement(p) for p in deployment.placed],
                    "unplaced": [p.key for p in deployment.pieces if not p.squares],
                    "issues": [i.model_dump(mode="json") for i in issues],
                },
                indent=2,
            )
        )
    else:
        _show(deployment, loaded, game.battlefield, issues)
    return 0 if ok else 1
