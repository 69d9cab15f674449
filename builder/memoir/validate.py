"""Checking a hex-game scenario (DESIGN.md 4): the shared `Issue` with stable codes.

* `board.unknown`      error    a board type the catalogue does not have
* `board.face`         warning  a board face the catalogue does not have: it plays as countryside
* `hex.coordinates`    error    row + col odd: not a hex in .m44 coordinates
* `hex.off-board`      error    a hex outside the board
* `hex.duplicate`      error    the same hex listed twice
* `unit.stacked`       error    two units on one hex (M44 summary, Move: "Two units cannot
                                occupy the same hex")
* `unit.unknown`       error    a unit type hon does not model (kept from a .m44 file)
* `badge.unknown`      error    a badge the catalogue does not have
* `badge.unit`         error    a badge on the wrong type of unit (Elite Armor on infantry)
* `unit.figures`       error    more figures than the unit starts with, or none
* `unit.impassable`    error    a unit deployed on ground it may not enter
* `side.no-units`      error    a side without any unit
* `terrain.unknown`    warning  a terrain name hon does not model: it plays as open ground
* `terrain.not-played` warning  terrain the summary does not describe (a lake, a ship): kept,
                                played as open ground
* `objective.unknown`  info     a tag that is not a medal objective (kept, not played)"""

from __future__ import annotations

from builder.kernel.diagnostics import Issue, error, info, the_side, warning
from builder.memoir.catalogue import Catalogue, UnitType
from builder.memoir.rules.terrain import ground_of
from builder.memoir.rules.units import rules_for
from builder.memoir.scenario import Place, Scenario


def validate(scenario: Scenario, catalogue: Catalogue) -> list[Issue]:
    issues = _board(scenario, catalogue)
    kind = catalogue.boards.get(scenario.board.type)
    board = kind.board() if kind is not None else None
    seen: dict[tuple[int, int], int] = {}
    for index, place in enumerate(scenario.hexes):
        where = f"hexes[{index}]"
        key = (place.row, place.col)
        if not place.is_hex:
            issues.append(
                error(
                    "hex.coordinates",
                    where,
                    f"({place.row}, {place.col}) is not a hex: on even rows the columns are even, on odd rows odd.",
                )
            )
            continue
        if board is not None and not board.contains(place.hex):
            issues.append(
                error(
                    "hex.off-board",
                    where,
                    f"{place.hex} is off the {board.type} board ({board.rows} rows, columns 0-{board.max_col}).",
                )
            )
        if key in seen:
            first = scenario.hexes[seen[key]]
            code = "unit.stacked" if first.unit is not None and place.unit is not None else "hex.duplicate"
            issues.append(
                error(
                    code,
                    where,
                    f"{place.hex} is already listed at hexes[{seen[key]}]; one entry, and one unit, per hex.",
                )
            )
        else:
            seen[key] = index
        issues.extend(_terrain(place, where, catalogue))
        issues.extend(_unit(place, where, catalogue))
    for side in scenario.sides:
        if not any(p.unit is not None and p.unit.side is side.id for p in scenario.hexes):
            said = f"{the_side(side.name, capital=True)} has no unit on the board."
            issues.append(error("side.no-units", "sides", said))
    return issues


def _board(scenario: Scenario, catalogue: Catalogue) -> list[Issue]:
    """A board the catalogue has, and a face it knows (another plays as countryside)."""
    found: list[Issue] = []
    if scenario.board.type not in catalogue.boards:
        known = ", ".join(sorted(catalogue.boards))
        found.append(
            error("board.unknown", "board.type", f"There is no board {scenario.board.type!r}; boards are {known}.")
        )
    if scenario.board.face not in catalogue.faces:
        known = ", ".join(catalogue.faces)
        said = f"hon does not know the board face {scenario.board.face!r} (faces are {known}); it plays as countryside."
        found.append(warning("board.face", "board.face", said))
    return found


def _terrain(place: Place, where: str, catalogue: Catalogue) -> list[Issue]:
    found: list[Issue] = []
    for layer in ("terrain", "feature", "obstacle"):
        tile = getattr(place, layer)
        unplayed = catalogue.not_played_named(tile.id) if tile is not None else None
        if unplayed is not None:
            found.append(
                warning(
                    "terrain.not-played",
                    f"{where}.{layer}",
                    f"{unplayed.name} are not played ({unplayed.reason}); {tile.id!r} is kept and plays as open "
                    "ground.",
                )
            )
        elif tile is not None and tile.id not in catalogue.terrain:
            found.append(
                warning(
                    "terrain.unknown",
                    f"{where}.{layer}",
                    f"hon does not model the {layer} {tile.id!r}; it plays as open ground.",
                )
            )
    for index, tag in enumerate(place.tag_names):
        if tag not in catalogue.medal_tags:
            found.append(
                info(
                    "objective.unknown",
                    f"{where}.tags[{index}]",
                    f"The tag {tag!r} is not a medal objective; it is kept but not played.",
                )
            )
    return found


def _unit(place: Place, where: str, catalogue: Catalogue) -> list[Issue]:
    unit = place.unit
    if unit is None:
        return []
    at = f"{where}.unit"
    try:
        kind = catalogue.units[UnitType(unit.type)]
    except (ValueError, KeyError):
        return [
            error(
                "unit.unknown",
                f"{at}.type",
                f"hon does not model the unit {unit.type!r}; units are infantry, armor and artillery.",
            )
        ]
    badge = None
    if unit.badge is not None:
        badge = catalogue.badges.get(unit.badge)
        if badge is None:
            known = ", ".join(sorted(catalogue.badges))
            return [error("badge.unknown", f"{at}.badge", f"There is no badge {unit.badge!r}; badges are {known}.")]
        if badge.unit is not kind.id:
            return [
                error(
                    "badge.unit", f"{at}.badge", f"{badge.name} is a badge for {badge.unit.value}, not {kind.id.value}."
                )
            ]
    rules = rules_for(kind, badge)
    found: list[Issue] = []
    if unit.figures is not None and not 1 <= unit.figures <= rules.figures:
        found.append(
            error(
                "unit.figures",
                f"{at}.figures",
                f"{rules.name} starts with at most {rules.figures} figures, not {unit.figures}.",
            )
        )
    if ground_of(catalogue, place).impassable(kind.id, entering=False):
        found.append(error("unit.impassable", at, f"{rules.name} stands on {place.hex}, ground it may not enter."))
    return found
