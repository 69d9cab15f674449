"""`.m44` files to scenarios and back: the JSON the official scenario editor writes and the
open-source Board Game Arena implementation reads (`board` with `type`, `face` and
`hexagons` of `row`, `col`, `terrain`, `rect_terrain`, `obstacle`, `unit {name, badge,
nbr_units}`, `tags`; `game_info` with sides, cards, victory medals and the starting player;
`text` by language).

Unit names are a unit (`inf`, `tank`, `gun`, or a badge's `inf2`, `tank2`) followed by a
nation (`us`, `ger` …) that says the side. Player 1 sits at the top of the board. Names hon
does not model are kept as written, with a warning, and written back on export.

Pure: takes and gives plain JSON data; builder.io reads and writes the files."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from builder.kernel.diagnostics import Issue, warning
from builder.memoir.catalogue import Catalogue, Layer, Side
from builder.memoir.hexes import Edge
from builder.memoir.scenario import BoardSetup, Label, Place, Scenario, SideSetup, Tag, Tile, Unit

_LAYERS = {"terrain": Layer.TERRAIN, "rect_terrain": Layer.FEATURE, "obstacle": Layer.OBSTACLE}
_FIELDS = {Layer.TERRAIN: "terrain", Layer.FEATURE: "feature", Layer.OBSTACLE: "obstacle"}
T = TypeVar("T")
_PLAYERS = (("player1", Edge.TOP), ("player2", Edge.BOTTOM))
DEFAULT_NATION = {Side.ALLIES: "us", Side.AXIS: "ger"}


class M44Error(Exception):
    """A .m44 file hon cannot read: `message` is one sentence, `field` where."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.message, self.field = message, field


def _mapping(value: Any, where: str, required: bool = True) -> dict[str, Any]:
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise M44Error("this must be a JSON object.", where)
    return value


def _int(value: Any, where: str, default: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 10:
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10_000:
        raise M44Error(f"this must be a whole number, not {str(value)[:40]!r}.", where)
    return value


def _text(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise M44Error("this must be text.", where)
    return value


def from_m44(data: Any, catalogue: Catalogue, fallback_id: str = "imported") -> tuple[Scenario, list[Issue]]:
    """The scenario a .m44 file describes, and warnings for what hon keeps unmodelled."""
    root = _mapping(data, "the file")
    board = _mapping(root.get("board"), "board")
    info = _mapping(root.get("game_info"), "game_info", required=False)
    english = _mapping(_mapping(root.get("text"), "text", required=False).get("en"), "text.en", required=False)
    warnings: list[Issue] = []
    hexagons = board.get("hexagons", [])
    if not isinstance(hexagons, list):
        raise M44Error("this must be a list of hexagons.", "board.hexagons")
    kind = catalogue.board_named(_text(board.get("type"), "board.type") or "STANDARD")
    board_type = kind.id if kind is not None else _text(board.get("type"), "board.type")
    sides = tuple(_side(info, player, edge, catalogue) for player, edge in _PLAYERS)
    starting = _text(info.get("starting"), "game_info.starting") or "PLAYER1"
    starts = sides[1].id if starting.upper() == "PLAYER2" else sides[0].id
    places = [_place(hexagon, f"board.hexagons[{i}]", catalogue, sides, warnings) for i, hexagon in enumerate(hexagons)]
    labels = board.get("labels", [])
    title = _text(english.get("name"), "text.en.name").strip() or fallback_id
    try:
        scenario = Scenario(
            game="m44",
            source=f"imported from {fallback_id}.m44",
            id=_slug(title) or _slug(fallback_id) or "imported",
            title=title,
            board=BoardSetup(type=board_type or "standard", face=_text(board.get("face"), "board.face") or "COUNTRY"),
            sides=sides,
            starts=starts,
            hexes=tuple(places),
            labels=tuple(_label(label, f"board.labels[{i}]") for i, label in enumerate(labels or [])),
            briefing=_text(english.get("description"), "text.en.description"),
            victory=_text(english.get("victory"), "text.en.victory"),
            front=_text(info.get("front"), "game_info.front") or None,
            date=_text(info.get("date_begin"), "game_info.date_begin") or None,
        )
    except ValidationError as problem:
        raise _invalid(problem) from None
    return scenario, warnings


def _invalid(problem: ValidationError, where: str = "") -> M44Error:
    """The first problem pydantic found, said for a player: a name that is not a plain
    word, a number out of range."""
    first = problem.errors(include_url=False)[0]
    parts = [str(p) for p in first["loc"] if not str(p).startswith("function")]
    field = ".".join([where, *parts] if where else parts)
    if first["type"] == "string_pattern_mismatch":
        value = str(first.get("input", ""))[:40]
        return M44Error(f"{value!r} is not a name hon reads (letters, digits, _ and -, at most 40).", field)
    message = str(first["msg"])
    return M44Error(message[0].lower() + message[1:] + ".", field)


def _side(info: dict[str, Any], player: str, edge: Edge, catalogue: Catalogue) -> SideSetup:
    raw = _text(info.get(f"side_{player}"), f"game_info.side_{player}") or ("AXIS" if edge is Edge.TOP else "ALLIES")
    try:
        side = Side(raw.lower())
    except ValueError:
        raise M44Error(f"{raw[:40]!r} is not a side; a side is AXIS or ALLIES.", f"game_info.side_{player}") from None
    country = _text(info.get(f"country_{player}"), f"game_info.country_{player}") or None
    try:
        return SideSetup(
            id=side,
            name=side.value.capitalize(),
            edge=edge,
            cards=_int(info.get(f"cards_{player}"), f"game_info.cards_{player}", 4),
            medals=_int(info.get(f"victory_{player}"), f"game_info.victory_{player}", 6),
            country=country,
        )
    except ValidationError as problem:
        raise _invalid(problem, f"game_info ({player})") from None


def _place(
    hexagon: Any, where: str, catalogue: Catalogue, sides: tuple[SideSetup, ...], warnings: list[Issue]
) -> Place:
    found = _mapping(hexagon, where)
    row, col = _int(found.get("row"), f"{where}.row"), _int(found.get("col"), f"{where}.col")
    layers: dict[str, Tile] = {}
    for key, layer in _LAYERS.items():
        if key in found:
            layers[_FIELDS[layer]] = _tile(
                _mapping(found[key], f"{where}.{key}"), f"{where}.{key}", layer, catalogue, warnings
            )
    unit = (
        _unit(_mapping(found["unit"], f"{where}.unit"), f"{where}.unit", row, catalogue, sides, warnings)
        if "unit" in found
        else None
    )
    tags = found.get("tags", [])
    if not isinstance(tags, list):
        raise M44Error("this must be a list of tags.", f"{where}.tags")
    names = tuple(_tag(tag, f"{where}.tags[{index}]") for index, tag in enumerate(tags))
    try:
        return Place(row=row, col=col, unit=unit, tags=names, **layers)
    except ValidationError as problem:
        raise _invalid(problem, where) from None


def _tag(found: Any, where: str) -> Tag:
    tag = _mapping(found, where)
    name = _text(tag.get("name"), f"{where}.name")
    return _checked(lambda: Tag(name=name, extra={k: v for k, v in tag.items() if k != "name"}), where)


def _tile(found: dict[str, Any], where: str, layer: Layer, catalogue: Catalogue, warnings: list[Issue]) -> Tile:
    name = _text(found.get("name"), f"{where}.name")
    orientation = _int(found["orientation"], f"{where}.orientation") if "orientation" in found else None
    kind = catalogue.terrain_named(name, layer)
    if kind is None:
        warnings.append(
            warning(
                "m44.unknown-terrain",
                where,
                f"hon does not model the {layer.value} {name!r}; it is kept as written and plays as open ground.",
            )
        )
        return _checked(lambda: Tile(id=name, orientation=orientation), where)
    return _checked(lambda: Tile(id=kind.id, m44=None if name == kind.m44[0] else name, orientation=orientation), where)


def _checked(build: Callable[[], T], where: str) -> T:
    try:
        return build()
    except ValidationError as problem:
        raise _invalid(problem, where) from None


def _unit(
    found: dict[str, Any],
    where: str,
    row: int,
    catalogue: Catalogue,
    sides: tuple[SideSetup, ...],
    warnings: list[Issue],
) -> Unit:
    name = _text(found.get("name"), f"{where}.name")
    token = _text(found.get("badge"), f"{where}.badge") or None
    behavior = _text(found.get("behavior"), f"{where}.behavior") or None
    figures = _int(found["nbr_units"], f"{where}.nbr_units") if "nbr_units" in found else None
    nation = next(
        (n for n in sorted(catalogue.nations, key=len, reverse=True) if name.endswith(n) and len(name) > len(n)), None
    )
    stem = name[: -len(nation)] if nation else name
    kind = next((u for u in catalogue.units.values() if u.m44 == stem), None)
    badge = catalogue.badge_of(stem, token, behavior) if kind is None else None
    if nation is None or (kind is None and badge is None):
        side = sides[0].id if row < 4 else sides[1].id
        warnings.append(
            warning(
                "m44.unknown-unit",
                where,
                f"hon does not model the unit {name!r}; it is kept as written (on the {side.value} side).",
            )
        )
        return _checked(
            lambda: Unit(type=name, side=side, figures=figures, m44_badge=token, m44_behavior=behavior), where
        )
    side = catalogue.nations[nation].side
    unit_type = kind.id if kind is not None else badge.unit if badge is not None else None
    assert unit_type is not None
    return _checked(
        lambda: Unit(
            type=unit_type.value,
            side=side,
            badge=badge.id if badge else None,
            figures=figures,
            nation=nation,
            m44_badge=token,
            m44_behavior=behavior,
        ),
        where,
    )


def _label(found: Any, where: str) -> Label:
    found = _mapping(found, where)
    text = found.get("text", [])
    if not isinstance(text, list):
        raise M44Error("this must be a list of lines.", f"{where}.text")
    return _checked(
        lambda: Label(
            row=_int(found.get("row"), f"{where}.row"),
            col=_int(found.get("col"), f"{where}.col"),
            text=tuple(_text(t, f"{where}.text") for t in text),
        ),
        where,
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80].strip("-")


# --- export ---------------------------------------------------------------------------------


def to_m44(scenario: Scenario, catalogue: Catalogue) -> dict[str, Any]:
    """The scenario as .m44 JSON data."""
    info: dict[str, Any] = {}
    if scenario.front:
        info["front"] = scenario.front
    if scenario.date:
        info["date_begin"] = scenario.date
    info["type"] = "HISTORICAL"
    top, bottom = sorted(scenario.sides, key=lambda s: s.edge is not Edge.TOP)
    info["starting"] = "PLAYER1" if scenario.starts is top.id else "PLAYER2"
    for player, setup in (("player1", top), ("player2", bottom)):
        info[f"side_{player}"] = setup.id.value.upper()
    for player, setup in (("player1", top), ("player2", bottom)):
        if setup.country:
            info[f"country_{player}"] = setup.country
    for player, setup in (("player1", top), ("player2", bottom)):
        info[f"cards_{player}"] = setup.cards
    for player, setup in (("player1", top), ("player2", bottom)):
        info[f"victory_{player}"] = setup.medals
    kind = catalogue.boards.get(scenario.board.type)
    board: dict[str, Any] = {
        "type": kind.m44 if kind is not None else scenario.board.type,
        "face": scenario.board.face,
        "hexagons": [_hexagon(place, catalogue) for place in scenario.hexes],
    }
    if scenario.labels:
        board["labels"] = [{"row": lab.row, "col": lab.col, "text": list(lab.text)} for lab in scenario.labels]
    english = {"name": scenario.title}
    if scenario.briefing:
        english["description"] = scenario.briefing
    if scenario.victory:
        english["victory"] = scenario.victory
    return {"meta_data": {"software": "hon"}, "game_info": info, "board": board, "packs": {}, "text": {"en": english}}


def _hexagon(place: Place, catalogue: Catalogue) -> dict[str, Any]:
    found: dict[str, Any] = {"row": place.row, "col": place.col}
    for key, layer in _LAYERS.items():
        tile = getattr(place, _FIELDS[layer])
        if tile is not None:
            found[key] = _tile_json(tile, catalogue)
    if place.unit is not None:
        found["unit"] = _unit_json(place.unit, catalogue)
    if place.tags:
        found["tags"] = [{"name": tag.name, **tag.extra} for tag in place.tags]
    return found


def _tile_json(tile: Tile, catalogue: Catalogue) -> dict[str, Any]:
    kind = catalogue.terrain.get(tile.id)
    name = tile.m44 or (kind.m44[0] if kind is not None else tile.id)
    return {"name": name, **({"orientation": tile.orientation} if tile.orientation is not None else {})}


def _unit_json(unit: Unit, catalogue: Catalogue) -> dict[str, Any]:
    badge = catalogue.badges.get(unit.badge) if unit.badge else None
    kind = next((u for u in catalogue.units.values() if u.id.value == unit.type), None)
    if kind is None:
        name = unit.type
    else:
        stem = badge.m44 if badge is not None else kind.m44
        name = stem + (unit.nation or DEFAULT_NATION[unit.side])
    found: dict[str, Any] = {"name": name}
    # A badge written by hand (no .m44 token or behavior kept) gets its catalogue token.
    said = unit.m44_badge or unit.m44_behavior
    token = unit.m44_badge if said else (badge.m44_badge if badge is not None else None)
    if token:
        found["badge"] = token
    if unit.figures is not None:
        found["nbr_units"] = unit.figures
    if unit.m44_behavior:
        found["behavior"] = unit.m44_behavior
    return found
