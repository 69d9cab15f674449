"""`hon games`: the game systems hon has, the `game:` ids their files carry, the formats they
read and what each supports (DESIGN.md 5)."""

from __future__ import annotations

import json

from builder.cli.app import JsonOption, app, console


@app.command("games")
def games_command(as_json: JsonOption = False) -> None:
    """List the game systems, their game ids and what each supports."""
    from rich.text import Text

    from builder.kernel.system import Capability
    from builder.services.systems import SYSTEMS

    if as_json:
        systems = [
            {
                "id": system.id,
                "name": system.name,
                "games": [{"id": game.id, "name": game.title} for game in system.games],
                "formats": list(system.formats),
                "supports": [c.value for c in Capability if system.supports(c)],
            }
            for system in SYSTEMS
        ]
        print(json.dumps({"systems": systems}, indent=2))
        return
    for system in SYSTEMS:
        supported = [c.command for c in Capability if system.supports(c)]
        missing = [c.command for c in Capability if not system.supports(c)]
        console.print(Text(f"{system.name} ({system.id})", style="bold"))
        for index, game in enumerate(system.games):
            console.print(Text(f"  {'games' if index == 0 else '':<10}{game.id:<6}{game.title}"))
        console.print(Text(f"  {'formats':<10}{', '.join(system.formats)}"))
        console.print(Text(f"  {'supports':<10}{', '.join(supported)}"))
        if missing:
            console.print(Text(f"  {'not yet':<10}{', '.join(missing)}", style="dim"))
