"""Checking a scenario (`hon scenario check`) and each side's force and deck against it
(`hon validate`): every finding an `Issue` with a stable `tcg.…` code (DESIGN.md 4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from builder.kernel.diagnostics import Issue, Severity, error, join_and, the_side, warning
from builder.tcg.base import Box
from builder.tcg.cards import ALWAYS_PAIRED, AbilityKind, DecoyCard, EventCard, HeroCard, UnitCard, UnitType
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.conditions import Control
from builder.tcg.scenario import (
    DRAW,
    MAX_COPIES,
    MAX_DIRECTIVES,
    MAX_TURNS,
    MIN_TURNS,
    VALUED_MARKERS,
    DeckEntry,
    Force,
    MarkerKind,
    Placement,
    Scenario,
    Side,
)
from builder.tcg.terrain import Terrain


def check_cards(catalogue: CardCatalogue) -> list[Issue]:
    """What the book says of every Unit Card (TCG p.4, p.8, p.13)."""
    issues: list[Issue] = []
    for card in catalogue.cards.values():
        if not isinstance(card, UnitCard):
            continue
        if card.is_a(UnitType.TANK) and not card.armoured:
            issues.append(error("tcg.card.tank-armour", card.id, f"{card.name} is a tank; tanks are always armoured."))
        alone = [t for t in card.types if t in ALWAYS_PAIRED]
        if alone and len(card.types) == 1:
            issues.append(
                error(
                    "tcg.card.type-alone",
                    card.id,
                    f"{card.name} is only {alone[0].value}; paratroopers and Osttruppen are always another type too.",
                )
            )
    return issues


def check_scenario(scenario: Scenario, catalogue: CardCatalogue) -> list[Issue]:
    """Every issue of the scenario, its board and its sides' forces."""
    issues = list(_set_up(scenario))
    issues += _board(scenario)
    issues += _victory(scenario)
    for index, side in enumerate(scenario.sides):
        issues += check_force(scenario, side, side.force, catalogue, f"sides[{index}].force")
    return issues


def _set_up(scenario: Scenario) -> Iterator[Issue]:
    if len(scenario.sides) != 2:
        yield error("tcg.sides.count", "sides", f"A scenario has two sides, not {len(scenario.sides)}.")
    ids = Counter(side.id for side in scenario.sides)
    for side_id, count in ids.items():
        if count > 1:
            yield error("tcg.sides.duplicate", "sides", f"The side id {side_id} is used {count} times.")
    if not MIN_TURNS <= scenario.turns <= MAX_TURNS:
        yield error(
            "tcg.turns.range",
            "turns",
            f"A battle lasts four to eight turns, not {scenario.turns}.",
            "TCG p.6: set turns between 4 and 8.",
        )
    if scenario.side(scenario.first_player) is None:
        yield error("tcg.first-player.unknown", "first_player", f"The first player {scenario.first_player} is no side.")
    for index, side in enumerate(scenario.sides):
        if side.directives > MAX_DIRECTIVES:
            yield error(
                "tcg.directives.cap",
                f"sides[{index}].directives",
                f"{the_side(side.name, capital=True)} starts with {side.directives} DIRECTIVE markers; "
                "no player has more than six in play.",
                "TCG p.5: give at most 6.",
            )
        if not side.reinforcement_zone:
            yield warning(
                "tcg.zone.empty",
                f"sides[{index}].reinforcement_zone",
                f"{the_side(side.name, capital=True)} has no reinforcement zone: "
                "only its HQs can bring reinforcements.",
            )
    for index, event in enumerate(scenario.events):
        if scenario.side(event.side) is None:
            yield error(
                "tcg.event.side", f"events[{index}].side", f"The scenario event's side {event.side} is no side."
            )
        if event.turn > scenario.turns:
            yield warning("tcg.event.turn", f"events[{index}].turn", f"Turn {event.turn} is after the last turn.")


def _board(scenario: Scenario) -> Iterator[Issue]:
    yield from _terrain_boxes(scenario)
    yield from _markers(scenario)
    yield from _reinforcement_zones(scenario)


def _terrain_boxes(scenario: Scenario) -> Iterator[Issue]:
    """Each terrain on the board, one terrain a box."""
    seen: set[Box] = set()
    for index, terrain in enumerate(scenario.terrain):
        if not scenario.board.contains(terrain.box):
            yield _outside("terrain", f"terrain[{index}].box", terrain.box, scenario)
        if terrain.box in seen:
            yield error("tcg.terrain.duplicate", f"terrain[{index}].box", f"Box {list(terrain.box)} has two terrains.")
        seen.add(terrain.box)


def _markers(scenario: Scenario) -> Iterator[Issue]:
    """Each marker on the board, with its number if its kind has one, and its own id."""
    ids = Counter(m.id for m in scenario.markers if m.id is not None)
    for index, marker in enumerate(scenario.markers):
        path = f"markers[{index}]"
        if not scenario.board.contains(marker.box):
            yield _outside("marker", f"{path}.box", marker.box, scenario)
        if marker.kind is MarkerKind.FORD and scenario.terrain_at(marker.box) is not Terrain.WATER:
            yield error("tcg.marker.ford", f"{path}.box", "A ford marker goes in a Water box (TCG p.16).")
        if (marker.kind in VALUED_MARKERS) != (marker.value is not None):
            need = "needs its number" if marker.kind in VALUED_MARKERS else "takes no number"
            yield error("tcg.marker.value", f"{path}.value", f"A {marker.kind.value} marker {need}.")
        if marker.kind is MarkerKind.OBJECTIVE and marker.id is None:
            yield error("tcg.objective.id", path, "An objective needs an id for the victory conditions to name it.")
        if marker.id is not None and ids[marker.id] > 1:
            yield error("tcg.marker.duplicate-id", f"{path}.id", f"The marker id {marker.id} is used twice.")


def _reinforcement_zones(scenario: Scenario) -> Iterator[Issue]:
    """Each side's reinforcement zone on the board, no box in both."""
    owners: dict[Box, str] = {}
    for index, side in enumerate(scenario.sides):
        for at, box in enumerate(side.reinforcement_zone):
            path = f"sides[{index}].reinforcement_zone[{at}]"
            if not scenario.board.contains(box):
                yield _outside("reinforcement zone", path, box, scenario)
            if owners.get(box, side.id) != side.id:
                yield error("tcg.zone.overlap", path, f"Box {list(box)} is in both sides' reinforcement zones.")
            owners[box] = side.id


def _outside(what: str, path: str, box: Box, scenario: Scenario) -> Issue:
    size = f"{scenario.board.columns}x{scenario.board.rows}"
    return error("tcg.board.box", path, f"The {what} box {list(box)} is off the {size} board.")


def _victory(scenario: Scenario) -> Iterator[Issue]:
    if not scenario.victory:
        yield warning("tcg.victory.none", "victory", "The scenario has no victory condition: every game ends as set.")
    objectives = {m.id for m in scenario.objectives()}
    known = join_and(sorted(o for o in objectives if o is not None)) or "none"
    for index, condition in enumerate(scenario.victory):
        if scenario.side(condition.side) is None:
            yield error("tcg.victory.side", f"victory[{index}].side", f"{condition.side} is no side of the scenario.")
        if isinstance(condition, Control):
            for at, objective in enumerate(condition.objectives):
                if objective not in objectives:
                    yield error(
                        "tcg.victory.objective",
                        f"victory[{index}].objectives[{at}]",
                        f"There is no objective {objective}; the objectives are {known}.",
                    )
            named = len(condition.objectives) or len(objectives)
            if condition.count is not None and condition.count > named:
                yield error(
                    "tcg.victory.count",
                    f"victory[{index}].count",
                    f"{condition.count} objectives to control, but only {named} to take.",
                )
    if scenario.otherwise != DRAW and scenario.side(scenario.otherwise) is None:
        yield error("tcg.victory.otherwise", "otherwise", f"{scenario.otherwise} is neither a side nor draw.")


def check_force(scenario: Scenario, side: Side, force: Force, catalogue: CardCatalogue, path: str) -> list[Issue]:
    """A side's deployment and deck against the scenario and the catalogue (TCG p.4-5, p.10,
    p.17): known cards of the side's army, each unique card once, hidden decoys, legal boxes,
    heroes someone can carry, historical events to choose from."""
    issues = list(_deployment(scenario, side, force, catalogue, path))
    issues += _deck(side, force, catalogue, path)
    issues += _unique_cards(force, catalogue, path)
    issues += _carriers(side, force, catalogue, path)
    if not force.deck:
        said = f"{the_side(side.name, capital=True)} has no deck: it never draws a card."
        issues.append(warning("tcg.deck.empty", f"{path}.deck", said))
    return issues


def _deployment(scenario: Scenario, side: Side, force: Force, catalogue: CardCatalogue, path: str) -> Iterator[Issue]:
    """Each card on the battlefield at the start: a known Unit Card (or decoy) of the side's
    army, with the hero it carries (TCG p.4-5)."""
    occupied: dict[Box, str] = {}
    for at, placed in enumerate(force.deployment):
        where = f"{path}.deployment[{at}]"
        card = catalogue.get(placed.card)
        if card is None:
            yield _unknown(placed.card, f"{where}.card")
            continue
        yield from _insignia(card, side, f"{where}.card")
        if not isinstance(card, UnitCard | DecoyCard):
            yield error("tcg.deploy.not-unit", f"{where}.card", f"{card.name} is not a Unit Card; only they deploy.")
            continue
        yield from _placed_box(scenario, placed, card, where, occupied)
        yield from _placed_hero(placed.hero, card, catalogue, side, where)


def _placed_box(
    scenario: Scenario, placed: Placement, card: UnitCard | DecoyCard, where: str, occupied: dict[Box, str]
) -> Iterator[Issue]:
    """A deployed card's box: on the board, free, dry unless it is Amphibious; a decoy face
    down (TCG p.17). `occupied` gathers the boxes taken so far."""
    if isinstance(card, DecoyCard) and not placed.hidden:
        yield error(
            "tcg.decoy.visible",
            f"{where}.hidden",
            "A decoy deployed face up is discarded at once; deploy it hidden (TCG p.17).",
        )
    if not scenario.board.contains(placed.box):
        yield _outside("deployment", f"{where}.box", placed.box, scenario)
    elif placed.box in occupied:
        yield error(
            "tcg.deploy.occupied", f"{where}.box", f"Box {list(placed.box)} already holds {occupied[placed.box]}."
        )
    occupied.setdefault(placed.box, card.name)
    if (
        isinstance(card, UnitCard)
        and scenario.terrain_at(placed.box) is Terrain.WATER
        and card.has(AbilityKind.AMPHIBIOUS) is None
    ):
        yield error("tcg.deploy.water", f"{where}.box", f"{card.name} cannot stand in Water (TCG p.17).")


def _deck(side: Side, force: Force, catalogue: CardCatalogue, path: str) -> Iterator[Issue]:
    """Each card of the deck: known, of the side's army; a historical Event Card only where
    the scenario has historical events to choose from (TCG p.9)."""
    for at, entry in enumerate(force.deck):
        where = f"{path}.deck[{at}].card"
        card = catalogue.get(entry.card)
        if card is None:
            yield _unknown(entry.card, where)
            continue
        yield from _insignia(card, side, where)
        if isinstance(card, EventCard) and card.historical and not side.historical_events:
            yield error(
                "tcg.deck.historical",
                where,
                f"{card.name} chooses among the scenario's historical events, and {the_side(side.name)} has none.",
            )


def _unique_cards(force: Force, catalogue: CardCatalogue, path: str) -> Iterator[Issue]:
    """Each Unit and Hero Card once in the force, deployed, carried or in the deck (TCG p.4)."""
    for card_id, count in _uses(force, catalogue).items():
        card = catalogue.get(card_id)
        if isinstance(card, UnitCard | HeroCard) and count > 1:
            yield error(
                "tcg.force.unique",
                path,
                f"{card.name} (number {card.number}) is used {count} times; each card is unique.",
            )


def _uses(force: Force, catalogue: CardCatalogue) -> Counter[str]:
    """How often the force uses each card. A hero counts only on a card that can carry one:
    on any other, the card itself is the error reported."""
    uses: Counter[str] = Counter()
    for placed in force.deployment:
        uses[placed.card] += 1
        if placed.hero is not None and isinstance(catalogue.get(placed.card), UnitCard | DecoyCard):
            uses[placed.hero] += 1
    for entry in force.deck:
        uses[entry.card] += entry.count
    return uses


def _carriers(side: Side, force: Force, catalogue: CardCatalogue, path: str) -> Iterator[Issue]:
    """Each Hero Card of the deck has a Unit Card of the force to go with (TCG p.10)."""
    card_ids = [placed.card for placed in force.deployment] + [entry.card for entry in force.deck]
    units = [card for card in map(catalogue.get, card_ids) if isinstance(card, UnitCard)]
    for at, entry in enumerate(force.deck):
        hero = catalogue.get(entry.card)
        if isinstance(hero, HeroCard) and not any(hero.condition.admits(unit) for unit in units):
            yield warning(
                "tcg.hero.no-carrier",
                f"{path}.deck[{at}].card",
                f"No Unit Card of {the_side(side.name)} can carry {hero.name} ({hero.condition.english()}).",
            )


def _placed_hero(
    hero_id: str | None, card: UnitCard | DecoyCard, catalogue: CardCatalogue, side: Side, where: str
) -> list[Issue]:
    if hero_id is None:
        return []
    hero = catalogue.get(hero_id)
    if not isinstance(hero, HeroCard):
        return [error("tcg.hero.unknown", f"{where}.hero", f"{hero_id} is not a Hero Card of the catalogue.")]
    if not isinstance(card, UnitCard) or not hero.condition.admits(card):
        return [
            error(
                "tcg.hero.condition",
                f"{where}.hero",
                f"{hero.name} goes with {hero.condition.english()}; {card.name} is not one.",
            )
        ]
    return _insignia(hero, side, f"{where}.hero")


def _unknown(card_id: str, path: str) -> Issue:
    return error("tcg.card.unknown", path, f"There is no card {card_id} in the catalogue.", "See data/tcg/.")


def _insignia(card: UnitCard | DecoyCard | HeroCard | EventCard, side: Side, path: str) -> list[Issue]:
    """A card of one army goes into that army's force only (TCG p.4; an Event Card of no
    army, into either, as the scenario says, p.9)."""
    insignia = card.insignia
    if insignia is None or insignia == side.insignia:
        return []
    return [
        error(
            "tcg.force.insignia",
            path,
            f"{card.name} is a card of the {insignia} army; {the_side(side.name)} plays the {side.insignia} army.",
        )
    ]


def why_not_add(scenario: Scenario, side: Side, card_id: str, catalogue: CardCatalogue) -> list[Issue]:
    """What adding one `card_id` to the side's deck would break, errors first: the issues
    the force check finds with the card added that it did not find without it (each card
    unique, TCG p.4; of the side's army; a historical Event Card needs the scenario's
    historical events, p.9; a Hero Card someone can carry, p.10). Empty when it fits."""
    entry = next((e for e in side.force.deck if e.card == card_id), None)
    if entry is not None and entry.count >= MAX_COPIES:
        return [error("tcg.deck.copies", "deck", f"The deck already holds {MAX_COPIES} copies of {card_id}.")]
    trial = side.force.model_copy(update={"deck": [*side.force.deck, DeckEntry(card=card_id)]})
    return _new_issues(scenario, side, trial, catalogue)


def why_not_deploy(scenario: Scenario, side: Side, placement: Placement, catalogue: CardCatalogue) -> list[Issue]:
    """What deploying the card at the start as `placement` says would break, errors first
    (only Unit Cards deploy, each once, TCG p.4-5; a decoy hidden, p.17; no Water box
    without Amphibious, p.17; one card a box). Empty when it fits."""
    trial = side.force.placed(placement, isinstance(catalogue.get(placement.card), DecoyCard))
    issues = _new_issues(scenario, side, trial, catalogue)
    for other in scenario.sides:
        taken = next((p for p in other.force.deployment if p.box == placement.box), None)
        if other.id != side.id and taken is not None:
            issues.insert(
                0,
                error(
                    "tcg.deploy.occupied",
                    "deployment",
                    f"Box {list(placement.box)} holds a card of {the_side(other.name)}.",
                ),
            )
    return issues


def _new_issues(scenario: Scenario, side: Side, trial: Force, catalogue: CardCatalogue) -> list[Issue]:
    """The force check's issues of `trial` that the side's own force does not have (told
    apart by what they say, not where: a card moved shifts the places of the others)."""
    before = {(i.code, i.message) for i in check_force(scenario, side, side.force, catalogue, "force")}
    after = check_force(scenario, side, trial, catalogue, "force")
    new = [issue for issue in after if (issue.code, issue.message) not in before]
    return sorted(new, key=lambda issue: issue.severity is not Severity.ERROR)
