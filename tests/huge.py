"""Huge but valid inputs, written as text (a model would refuse to hold them): the example
army's tiles repeated, the Maltot scenario with one of its lists repeated, a Tactical Card
Game force and scenario with thousands of cards and markers. What issue 31.4 measured: a
1.9 MB list of 13,788 tiles kept `hon validate` busy for 20 s and `hon roster` for 45 s."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR

HUGE = 13_788  # the tiles of the list in the issue


def army_text(tiles: int, source: Path = DEFAULT_ARMY) -> str:
    """An army list of `tiles` recruitment tiles: the source's, over and over."""
    head, body = source.read_text(encoding="utf-8").split("tiles:\n", 1)
    body, _, tail = body.partition("\nnotes:")
    blocks = re.split(r"\n(?=  - tile:)", body.strip("\n"))
    repeated = "\n".join(blocks[i % len(blocks)] for i in range(tiles))
    return f"{head}tiles:\n{repeated}\n" + (f"notes:{tail}" if tail else "")


def scenario_text(field: str, entries: int) -> str:
    """Rush on Maltot with `entries` of one of its lists (`map.boards`, `objectives`...),
    each a copy of the scenario's first, one line each; the scenario names the army lists
    of `scenarios/armies/`, to be copied beside it."""
    data: dict[str, Any] = yaml.safe_load((SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8"))
    *parents, name = field.split(".")
    holder = data
    for part in parents:
        holder = holder[part]
    entry = yaml.safe_dump(holder[name][0], default_flow_style=True, width=1_000_000).strip()
    holder[name] = _PLACE
    text = yaml.safe_dump(data, sort_keys=False, width=200)
    at = text.index(f"{name}: {_PLACE}")
    indent = " " * (at - text.rindex("\n", 0, at) - 1)
    return text.replace(f"{name}: {_PLACE}", f"{name}:" + f"\n{indent}- {entry}" * entries, 1)


_PLACE = "entries-go-here"


def tcg_force_text(scenario: Path, cards: int) -> str:
    """A Tactical Card Game force of `cards` cards deployed and as many in its deck."""
    deployed = "".join(f"    - {{card: us-rifle-company-a, box: [0, {i % 4}]}}\n" for i in range(cards))
    deck = "    - {card: us-m10}\n" * cards
    return (
        f"format: tcg-force\nversion: 1\ngame: tcg\nname: My Americans\nscenario: {scenario}\nside: us\n"
        f"force:\n  deployment:\n{deployed}  deck:\n{deck}"
    )


def tcg_scenario_text(source: Path, markers: int) -> str:
    """A Tactical Card Game scenario with `markers` more objective markers."""
    head, markers_on, rest = source.read_text(encoding="utf-8").partition("markers:\n")
    added = "".join(
        f"  - {{box: [{i % 5}, {i % 4}], kind: objective, id: m{i}, name: m {i}}}\n" for i in range(markers)
    )
    return head + markers_on + added + rest


def scenario_at_the_limits() -> str:
    """Rush on Maltot grown to every limit a scenario has: boards six wide, forest overlays,
    entry zones, objectives, bonuses, search tokens, events and special rules, each list as
    long as a file may hold, spread over the map; the army lists it names beside it."""
    from builder.heroes.scenario import models as limits

    data: dict[str, Any] = yaml.safe_load((SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8"))
    names = ["hon-bocage", "hon-wood", "hon-open-field", "hon-hill"]
    boards = [{"board": names[i % 4], "at": [i % 6 * 14, i // 6 * 10]} for i in range(limits.MAX_BOARDS)]
    width, height = 6 * 14, len(boards) // 6 * 10

    def square(i: int, step: int) -> list[int]:
        return [i * step % (width - 1), i * (step + 2) % (height - 1)]

    data["map"] = {
        "boards": boards,
        "overlays": [
            {"terrain": "forest", "area": {"rects": [[*square(i, 3), *(c + 1 for c in square(i, 3))]]}}
            for i in range(limits.MAX_OVERLAYS)
        ],
    }
    data["zones"][1]["area"] = {"rects": [[width - 3, 0, width - 1, height - 1]]}
    data["zones"] += [
        {"id": f"entry-{i}", "side": "german", "kind": "entry", "edge": "east", "area": {"squares": [[width - 1, i]]}}
        for i in range(limits.MAX_ZONES - len(data["zones"]))
    ]
    kept = [o for o in data["objectives"] if "at" in o]  # the others are elements of the village
    data["objectives"] = kept + [
        {"id": f"o{i}", "name": f"Objective {i}", "kind": "secondary", "at": square(i, 5)}
        for i in range(limits.MAX_OBJECTIVES - len(kept))
    ]
    data["victory"]["outcomes"] = [
        {"winner": side, "label": side, "condition": {"type": "control", "side": side, "objectives": ["track-bend"]}}
        for side in ("commonwealth", "german")
    ]
    data["victory"]["end"] = {}
    data["tactical_bonuses"] = [{"id": f"b{i}", "at": square(i, 7)} for i in range(limits.MAX_BONUSES)]
    data["search_tokens"] = [square(i, 11) for i in range(limits.MAX_SEARCH_TOKENS)]
    data["events"] = [
        {"turn": 1 + i % 8, "phase": "supply", "side": "german", "what": f"Event {i}."}
        for i in range(limits.MAX_EVENTS)
    ]
    data["special_rules"] = [{"title": f"Rule {i}", "text": "A rule. " * 20} for i in range(limits.MAX_SPECIAL_RULES)]
    data.pop("campaign")
    return yaml.safe_dump(data, sort_keys=False, width=200)
