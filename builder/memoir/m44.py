"""`.m44` files to scenarios and back: the JSON the official scenario editor writes and the
open-source Board Game Arena implementation reads (`board` with `type`, `face` and
`hexagons` of `row`, `col`, `terrain`, `rect_terrain`, `obstacle`, `unit {name, badge,
nbr_units}`, `tags`; `game_info` with sides, cards, victory medals and the starting player;
`text` by language).

Unit names are a unit (`inf`, `tank`, `gun`, or a badge's `inf2`, `tank2`) followed by a
nation (`us`, `ger` …) that says the side. Player 1 sits at the top of the board. Names hon
does not model are kept as written, and so is every field it does not read (in the `extra`
of the object that held it, or the scenario's `m44`): export writes them back, so a file
comes back the same JSON. The import says, one line per kind, what hon plays and what it
only keeps (builder.memoir.m44_report).

Pure: takes and gives plain JSON data; builder.io reads and writes the files."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from builder.kernel.diagnostics import Issue
from builder.memoir.catalogue import Catalogue, Layer, Side
from builder.memoir.hexes import Edge
from builder.memoir.m44_report import Found, Report
from builder.memoir.scenario import (
    BoardSetup,
    Label,
    M44Kept,
    Place,
    Scenario,
    ScenarioText,
    SideSetup,
    Tag,
    Tile,
    Unit,
)

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


# The fields hon reads at each level; everything else is kept as written (see `_extra`).
_ROOT = ("game_info", "board", "text")
_INFO = tuple(
    [
        "front",
        "date_begin",
        "date_end",
        "starting",
        *(f"{field}_{player}" for field in ("side", "country", "cards", "victory") for player, _ in _PLAYERS),
    ]
)
_BOARD = ("type", "face", "hexagons", "labels")
_HEXAGON = ("row", "col", *_LAYERS, "unit", "tags")
_TILE = ("name", "orientation", "behavior")
_UNIT = ("name", "badge", "nbr_units", "behavior")
_LABEL = ("row", "col", "text")
_TEXTS = ("name", "subtitle", "historical", "description", "rules", "victory", "bibliography")


def _extra(found: dict[str, Any], read: tuple[str, ...]) -> dict[str, Any]:
    """What an object holds beyond the fields hon reads, to be written back as it is: the
    other fields, and read ones hon takes as absent (an empty list, "", null)."""
    return {k: v for k, v in found.items() if k not in read or v in ("", [], {}, None)}


def from_m44(data: Any, catalogue: Catalogue, fallback_id: str = "imported") -> tuple[Scenario, list[Issue]]:
    """The scenario a .m44 file describes, and what the import says of it: one line per kind
    of what hon plays, what it only keeps (and writes back) and what it does not model."""
    root = _mapping(data, "the file")
    board = _mapping(root.get("board"), "board")
    info = _mapping(root.get("game_info"), "game_info", required=False)
    report = Report()
    sides = tuple(_side(info, player, edge, catalogue) for player, edge in _PLAYERS)
    starting = _text(info.get("starting"), "game_info.starting") or "PLAYER1"
    hexagons, labels = _list(board, "hexagons"), _list(board, "labels")
    places = [_place(hexagon, f"board.hexagons[{i}]", catalogue, sides, report) for i, hexagon in enumerate(hexagons)]
    texts, kept_text = _all_texts(_mapping(root.get("text"), "text", required=False), fallback_id)
    kept = M44Kept(file=_extra(root, _ROOT), game_info=_extra(info, _INFO), text=kept_text)
    for part, extra in (("", kept.file), ("game_info", kept.game_info), (f"text.{texts['language']}", kept.text)):
        report.kept(extra, part, part)
    try:
        scenario = Scenario(
            game="m44",
            source=f"imported from {fallback_id}.m44",
            id=_slug(texts["title"]) or _slug(fallback_id) or "imported",
            board=_board_setup(board, catalogue, report),
            sides=sides,
            starts=sides[1].id if starting.upper() == "PLAYER2" else sides[0].id,
            hexes=tuple(places),
            labels=tuple(_label(label, f"board.labels[{i}]", report) for i, label in enumerate(labels)),
            front=_text(info.get("front"), "game_info.front") or None,
            date=_text(info.get("date_begin"), "game_info.date_begin") or None,
            date_end=_text(info.get("date_end"), "game_info.date_end") or None,
            m44=kept,
            **texts,
        )
    except ValidationError as problem:
        raise _invalid(problem) from None
    return scenario, report.issues(scenario, catalogue)


def _list(found: dict[str, Any], key: str) -> list[Any]:
    value = found.get(key) or []
    if not isinstance(value, list):
        raise M44Error(f"this must be a list of {key}.", f"board.{key}")
    return value


def _board_setup(board: dict[str, Any], catalogue: Catalogue, report: Report) -> BoardSetup:
    """The board as hon names it, with the name the file gave it when hon writes another."""
    written = _text(board.get("type"), "board.type") or "STANDARD"
    kind = catalogue.board_named(written)
    extra = _extra(board, _BOARD)
    report.kept(extra, "board", "board")
    return _checked(
        lambda: BoardSetup(
            type=kind.id if kind is not None else written,
            face=_text(board.get("face"), "board.face") or "COUNTRY",
            m44=written if kind is not None and written != kind.m44[0] else None,
            extra=extra,
        ),
        "board",
    )


def _all_texts(texts: dict[str, Any], fallback_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario's text fields (its language, `en` when the file has it, then each other
    language), and what its language's texts held beyond them, a blank name among them."""
    language = "en" if "en" in texts else next(iter(texts), "en")
    main = _texts(texts.get(language), f"text.{language}")
    blank = main.name is not None and not main.name.strip()
    fields = {
        "language": language,
        "title": main.name if main.name and not blank else fallback_id,
        "briefing": main.description,
        "victory": main.victory,
        "subtitle": main.subtitle,
        "historical": main.historical,
        "special_rules": main.rules,
        "bibliography": main.bibliography,
        "translations": {lang: _texts(found, f"text.{lang}") for lang, found in texts.items() if lang != language},
    }
    return fields, {**main.extra, **({"name": main.name} if blank else {})}


def _texts(found: Any, where: str) -> ScenarioText:
    """One language's texts: each named text as written ("" kept as ""), the rest as extra."""
    texts = _mapping(found, where, required=False)
    read = {key: _text(value, f"{where}.{key}") for key, value in texts.items() if key in _TEXTS and value is not None}
    extra = {k: v for k, v in texts.items() if k not in read}
    return _checked(lambda: ScenarioText(**read, extra=extra), where)


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


def _place(hexagon: Any, where: str, catalogue: Catalogue, sides: tuple[SideSetup, ...], report: Report) -> Place:
    found = _mapping(hexagon, where)
    row, col = _int(found.get("row"), f"{where}.row"), _int(found.get("col"), f"{where}.col")
    layers: dict[str, Tile] = {}
    for key, layer in _LAYERS.items():
        if found.get(key) is not None:
            layers[_FIELDS[layer]] = _tile(
                _mapping(found[key], f"{where}.{key}"), f"{where}.{key}", layer, catalogue, report
            )
    unit = (
        _unit(_mapping(found["unit"], f"{where}.unit"), f"{where}.unit", row, catalogue, sides, report)
        if found.get("unit") is not None
        else None
    )
    tags = found.get("tags") or []
    if not isinstance(tags, list):
        raise M44Error("this must be a list of tags.", f"{where}.tags")
    names = tuple(_tag(tag, f"{where}.tags[{index}]", report) for index, tag in enumerate(tags))
    extra = _extra(found, _HEXAGON)
    report.kept(extra, where, "hexagon")
    try:
        return Place(row=row, col=col, unit=unit, tags=names, extra=extra, **layers)
    except ValidationError as problem:
        raise _invalid(problem, where) from None


def _tag(found: Any, where: str, report: Report) -> Tag:
    tag = _mapping(found, where)
    name = _text(tag.get("name"), f"{where}.name")
    extra = {k: v for k, v in tag.items() if k != "name"}
    report.kept(extra, where, "tag")
    return _checked(lambda: Tag(name=name, extra=extra), where)


def _tile(found: dict[str, Any], where: str, layer: Layer, catalogue: Catalogue, report: Report) -> Tile:
    name = _text(found.get("name"), f"{where}.name")
    orientation = _int(found["orientation"], f"{where}.orientation") if found.get("orientation") is not None else None
    behavior = _text(found.get("behavior"), f"{where}.behavior") or None
    extra = _extra(found, _TILE)
    report.kept(extra, where, _FIELDS[layer])
    kind = catalogue.terrain_named(name, layer, behavior)
    if kind is None:
        unplayed = catalogue.not_played_named(name)
        if unplayed is not None:
            report.note(Found.NOT_PLAYED, unplayed.name, where, unplayed.reason)
        else:
            report.note(Found.UNKNOWN_TERRAIN, name, where)
        return _checked(lambda: Tile(id=name, orientation=orientation, behavior=behavior, extra=extra), where)
    if behavior is not None and behavior != kind.m44_behavior:
        report.note(Found.BEHAVIOR_KEPT, behavior, where, f"the tile plays as {kind.name}")
    return _checked(
        lambda: Tile(
            id=kind.id,
            m44=None if name == kind.m44_name else name,
            orientation=orientation,
            behavior=None if behavior == kind.behavior_for(name) else behavior,
            extra=extra,
        ),
        where,
    )


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
    report: Report,
) -> Unit:
    name = _text(found.get("name"), f"{where}.name")
    token = _text(found.get("badge"), f"{where}.badge") or None
    behavior = _text(found.get("behavior"), f"{where}.behavior") or None
    figures = _int(found["nbr_units"], f"{where}.nbr_units") if found.get("nbr_units") is not None else None
    extra = _extra(found, _UNIT)
    report.kept(extra, where, "unit")
    nation = next(
        (n for n in sorted(catalogue.nations, key=len, reverse=True) if name.endswith(n) and len(name) > len(n)), None
    )
    stem = name[: -len(nation)] if nation else name
    kind = next((u for u in catalogue.units.values() if u.m44 == stem), None)
    badge = catalogue.badge_of(stem, token, behavior) if kind is None else None
    if nation is None or (kind is None and badge is None):
        side = sides[0].id if row < 4 else sides[1].id
        report.note(Found.UNKNOWN_UNIT, name, where)
        return _checked(
            lambda: Unit(type=name, side=side, figures=figures, m44_badge=token, m44_behavior=behavior, extra=extra),
            where,
        )
    plays = badge.name if badge is not None else kind.name if kind is not None else name
    # "Special Forces badge tokens indicate which units are Special Forces" (M44 summary): on
    # inf2 or tank2 any token says the badge hon plays; on another unit hon plays none.
    if token is not None and badge is None:
        report.note(Found.BADGE_KEPT, token, f"{where}.badge", plays)
    if behavior is not None and (badge is None or badge.m44_behavior != behavior):
        report.note(Found.BEHAVIOR_KEPT, behavior, f"{where}.behavior", f"the unit plays as {plays}")
    unit_type = kind.id if kind is not None else badge.unit if badge is not None else None
    assert unit_type is not None
    return _checked(
        lambda: Unit(
            type=unit_type.value,
            side=catalogue.nations[nation].side,
            badge=badge.id if badge else None,
            figures=figures,
            nation=nation,
            m44_badge=token,
            m44_behavior=behavior,
            extra=extra,
        ),
        where,
    )


def _label(found: Any, where: str, report: Report) -> Label:
    found = _mapping(found, where)
    text = found.get("text") or []
    if not isinstance(text, list):
        raise M44Error("this must be a list of lines.", f"{where}.text")
    extra = _extra(found, _LABEL)
    report.kept(extra, where, "label")
    return _checked(
        lambda: Label(
            row=_int(found.get("row"), f"{where}.row"),
            col=_int(found.get("col"), f"{where}.col"),
            text=tuple(_text(t, f"{where}.text") for t in text),
            extra=extra,
        ),
        where,
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80].strip("-")


# --- export ---------------------------------------------------------------------------------


def to_m44(scenario: Scenario, catalogue: Catalogue) -> dict[str, Any]:
    """The scenario as .m44 JSON data: what hon reads written from the scenario, over what the
    imported file held beyond it (so an imported file comes back whole)."""
    kept = scenario.m44
    board: dict[str, Any] = {**scenario.board.extra, "type": _board_name(scenario, catalogue)}
    board["face"] = scenario.board.face
    board["hexagons"] = [_hexagon(place, catalogue) for place in scenario.hexes]
    if scenario.labels:
        board["labels"] = [
            {**lab.extra, "row": lab.row, "col": lab.col, "text": list(lab.text)} for lab in scenario.labels
        ]
    if kept is None:
        return {
            "meta_data": {"software": "hon"},
            "game_info": _game_info(scenario, {"type": "HISTORICAL"}),
            "board": board,
            "packs": {},
            "text": _text_json(scenario, {}),
        }
    return {
        **kept.file,
        "game_info": _game_info(scenario, kept.game_info),
        "board": board,
        "text": _text_json(scenario, kept.text),
    }


def _board_name(scenario: Scenario, catalogue: Catalogue) -> str:
    kind = catalogue.boards.get(scenario.board.type)
    return scenario.board.m44 or (kind.m44[0] if kind is not None else scenario.board.type)


def _game_info(scenario: Scenario, kept: dict[str, Any]) -> dict[str, Any]:
    info: dict[str, Any] = dict(kept)
    for key, value in (("front", scenario.front), ("date_begin", scenario.date), ("date_end", scenario.date_end)):
        if value:
            info[key] = value
    top, bottom = sorted(scenario.sides, key=lambda s: s.edge is not Edge.TOP)
    info["starting"] = "PLAYER1" if scenario.starts is top.id else "PLAYER2"
    for player, setup in (("player1", top), ("player2", bottom)):
        info[f"side_{player}"] = setup.id.value.upper()
        if setup.country:
            info[f"country_{player}"] = setup.country
        info[f"cards_{player}"] = setup.cards
        info[f"victory_{player}"] = setup.medals
    return info


def _text_json(scenario: Scenario, kept: dict[str, Any]) -> dict[str, Any]:
    """Every language's texts: the scenario's own in its language, then the translations."""
    main = ScenarioText(
        name=kept.get("name", scenario.title),  # a blank name the file had, for which hon made a title
        subtitle=scenario.subtitle,
        historical=scenario.historical,
        description=scenario.briefing,
        rules=scenario.special_rules,
        victory=scenario.victory,
        bibliography=scenario.bibliography,
        extra={k: v for k, v in kept.items() if k != "name"},
    )
    texts = {scenario.language: main, **scenario.translations}
    return {
        language: {**text.extra, **text.model_dump(exclude={"extra"}, exclude_none=True)}
        for language, text in texts.items()
    }


def _hexagon(place: Place, catalogue: Catalogue) -> dict[str, Any]:
    found: dict[str, Any] = {**place.extra, "row": place.row, "col": place.col}
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
    name = tile.m44 or (kind.m44_name if kind is not None else tile.id)
    found: dict[str, Any] = {**tile.extra, "name": name}
    if tile.orientation is not None:
        found["orientation"] = tile.orientation
    behavior = tile.behavior or (kind.behavior_for(name) if kind is not None else None)
    if behavior:
        found["behavior"] = behavior
    return found


def _unit_json(unit: Unit, catalogue: Catalogue) -> dict[str, Any]:
    badge = catalogue.badges.get(unit.badge) if unit.badge else None
    kind = next((u for u in catalogue.units.values() if u.id.value == unit.type), None)
    if kind is None:
        name = unit.type
    else:
        stem = badge.m44 if badge is not None else kind.m44
        name = stem + (unit.nation or DEFAULT_NATION[unit.side])
    found: dict[str, Any] = {**unit.extra, "name": name}
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
