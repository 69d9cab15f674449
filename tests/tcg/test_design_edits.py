"""The designer's and the deck composer's edits, and why a card cannot go in a deck: each
edit turns a scenario into the next, and undoing it (the history keeps the one before)
gives the same scenario back; the reasons are the force check's codes (TCG p.4, p.9-10)."""

from __future__ import annotations

from pathlib import Path

from builder.io.tcg_files import load_tcg_scenario, tcg_scenario_yaml
from builder.kernel.diagnostics import Severity
from builder.kernel.history import History
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tcg.cards import EventCard, EventEffect, EventEffectKind
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario, why_not_add, why_not_deploy
from builder.tcg.edits import (
    AddToDeck,
    ClearBox,
    Deploy,
    RemoveFromDeck,
    SetSideMarkers,
    SetTerrain,
    StepMarkerValue,
    ToggleHidden,
    ToggleMarker,
    ToggleZone,
)
from builder.tcg.scenario import MAX_COPIES, DeckEntry, MarkerKind, Placement, Scenario, Side
from builder.tcg.terrain import Terrain
from tests.tcg.conftest import TCG_SCENARIOS, small


def side(scenario: Scenario, side_id: str) -> Side:
    found = scenario.side(side_id)
    assert found is not None
    return found


def test_terrain_is_set_and_open_ground_is_not_written() -> None:
    scenario = small()
    hill = SetTerrain((0, 0), Terrain.HILL).apply(scenario)
    assert hill.terrain_at((0, 0)) is Terrain.HILL
    assert SetTerrain((2, 1), Terrain.OPEN).apply(scenario).terrain == []
    assert SetTerrain((2, 1), Terrain.FOREST).apply(scenario).terrain_at((2, 1)) is Terrain.FOREST


def test_markers_toggle_with_ids_and_values(cards: CardCatalogue) -> None:
    scenario = small()
    with_objective = ToggleMarker((1, 1), MarkerKind.OBJECTIVE).apply(scenario)
    added = [m for m in with_objective.markers if m.box == (1, 1)]
    assert [(m.kind, m.id) for m in added] == [(MarkerKind.OBJECTIVE, "objective-1-1")]
    assert ToggleMarker((1, 1), MarkerKind.OBJECTIVE).apply(with_objective) == scenario
    bonus = ToggleMarker((0, 2), MarkerKind.DEFENCE_BONUS).apply(scenario)
    values = []
    for _ in range(6):
        bonus = StepMarkerValue((0, 2)).apply(bonus)
        values.append(next(m.value for m in bonus.markers if m.box == (0, 2)))
    assert values == [2, 3, 4, 5, 6, 1]
    assert not [i for i in check_scenario(bonus, cards) if i.severity is Severity.ERROR]
    ford = ToggleMarker((0, 0), MarkerKind.FORD).apply(scenario)
    assert "tcg.marker.ford" in {i.code for i in check_scenario(ford, cards)}


def test_a_zone_box_belongs_to_one_side(cards: CardCatalogue) -> None:
    scenario = small()
    moved = ToggleZone((0, 1), "german").apply(scenario)
    assert (0, 1) in side(moved, "german").reinforcement_zone
    assert (0, 1) not in side(moved, "us").reinforcement_zone
    assert "tcg.zone.overlap" not in {i.code for i in check_scenario(moved, cards)}
    assert (0, 1) not in side(ToggleZone((0, 1), "german").apply(moved), "german").reinforcement_zone


def test_hidden_toggles_the_card_on_the_box() -> None:
    scenario = small()
    hidden = ToggleHidden((1, 1)).apply(scenario)
    assert side(hidden, "us").force.deployment[0].hidden
    assert ToggleHidden((1, 1)).apply(hidden) == scenario
    assert ToggleHidden((3, 2)).apply(scenario) == scenario  # no card there


def test_deck_edits_count_copies_and_undo() -> None:
    history = History(small())
    history.apply(AddToDeck("us", "us-decoy"))
    history.apply(AddToDeck("us", "us-decoy"))
    assert side(history.present, "us").force.deck_cards().count("us-decoy") == 2
    history.apply(RemoveFromDeck("us", "us-m10"))
    assert "us-m10" not in side(history.present, "us").force.deck_cards()
    for _ in range(3):
        history.undo()
    assert history.present == small()


def test_why_not_add_gives_the_force_checks_codes(cards: CardCatalogue) -> None:
    scenario = small()
    us, german = side(scenario, "us"), side(scenario, "german")
    # Deployed, or already in the deck: unique (TCG p.4).
    assert [i.code for i in why_not_add(scenario, us, "us-rifle-company-a", cards)] == ["tcg.force.unique"]
    assert [i.code for i in why_not_add(scenario, us, "us-m10", cards)] == ["tcg.force.unique"]
    # Another army's card.
    assert [i.code for i in why_not_add(scenario, us, "de-panzer-iv", cards)] == ["tcg.force.insignia"]
    assert [i.code for i in why_not_add(scenario, us, "de-field-supplies", cards)] == ["tcg.force.insignia"]
    # A historical Event Card, and the side has no historical events (TCG p.9).
    assert [i.code for i in why_not_add(scenario, us, "us-historical-event", cards)] == ["tcg.deck.historical"]
    # Unknown.
    assert [i.code for i in why_not_add(scenario, german, "no-such-card", cards)] == ["tcg.card.unknown"]
    # Fits: a card nobody uses, and decoys as many as wanted.
    assert why_not_add(scenario, us, "us-mortar-platoon", cards) == []
    assert why_not_add(scenario, us, "us-decoy", cards) == []


def test_a_hero_nobody_can_carry_is_a_warning_not_a_refusal(cards: CardCatalogue) -> None:
    # Oberfeldwebel Haas goes with an infantry unit (TCG p.10): with only the PaK 40 on
    # the German side nobody can carry him, which warns; with infantry, nothing is said.
    scenario = small()
    german = side(scenario, "german")
    force = german.force.model_copy(update={"deployment": [], "deck": [DeckEntry(card="de-pak-40")]})
    gunners = german.model_copy(update={"force": force})
    scenario = scenario.model_copy(update={"sides": [side(scenario, "us"), gunners]})
    reasons = why_not_add(scenario, gunners, "de-oberfeldwebel-haas", cards)
    assert [(r.code, r.severity) for r in reasons] == [("tcg.hero.no-carrier", Severity.WARNING)]
    assert why_not_add(small(), side(small(), "german"), "de-oberfeldwebel-haas", cards) == []


def test_copies_are_bounded(cards: CardCatalogue) -> None:
    scenario = small()
    for _ in range(MAX_COPIES):
        scenario = AddToDeck("us", "us-decoy").apply(scenario)
    assert [i.code for i in why_not_add(scenario, side(scenario, "us"), "us-decoy", cards)] == ["tcg.deck.copies"]


def test_the_designers_file_reads_back_the_same(tmp_path: Path) -> None:
    for path in TCG_SCENARIOS:
        scenario = load_tcg_scenario(path).scenario
        target = tmp_path / path.name
        target.write_text(tcg_scenario_yaml(scenario, target), encoding="utf-8")
        assert load_tcg_scenario(target).scenario == scenario


def test_why_not_deploy_gives_the_force_checks_codes(cards: CardCatalogue) -> None:
    scenario = small(terrain=[{"box": [0, 2], "terrain": "water"}])
    us = side(scenario, "us")

    def codes(card: str, box: tuple[int, int], hidden: bool = False) -> list[str]:
        return [i.code for i in why_not_deploy(scenario, us, Placement(card=card, box=box, hidden=hidden), cards)]

    assert codes("us-m10", (0, 0)) == ["tcg.force.unique"]  # it is in the deck
    assert codes("us-mortar-platoon", (0, 2)) == ["tcg.deploy.water"]  # TCG p.17
    assert codes("us-decoy", (0, 0)) == ["tcg.decoy.visible"]  # TCG p.17
    assert codes("us-decoy", (0, 0), hidden=True) == []
    assert codes("us-supply-drop", (0, 0)) == ["tcg.deploy.not-unit"]
    assert codes("us-mortar-platoon", (2, 1)) == ["tcg.deploy.occupied"]  # a German card is there
    assert codes("us-rifle-company-a", (0, 0)) == []  # deployed already: it moves


def test_deploy_moves_a_card_and_adds_decoys() -> None:
    scenario = small()
    moved = Deploy("us", Placement(card="us-rifle-company-a", box=(0, 0))).apply(scenario)
    assert [p.box for p in side(moved, "us").force.deployment] == [(0, 0)]
    decoys = Deploy("us", Placement(card="us-decoy", box=(0, 1), hidden=True), decoy=True).apply(scenario)
    decoys = Deploy("us", Placement(card="us-decoy", box=(0, 2), hidden=True), decoy=True).apply(decoys)
    assert [p.card for p in side(decoys, "us").force.deployment].count("us-decoy") == 2
    assert ClearBox((1, 1)).apply(scenario).sides[0].force.deployment == []


def test_side_markers_the_file_cannot_hold_are_named_and_never_applied() -> None:
    scenario = small()
    first = scenario.sides[0]
    inside = SetSideMarkers(first.id, 6, 20)
    assert inside.out_of_bounds(scenario) is None
    assert (side(inside.apply(scenario), first.id).command, side(inside.apply(scenario), first.id).directives) == (
        6,
        20,
    )
    for command, directives, field in (
        (0, 2, "command"),
        (7, 2, "command"),
        (3, -1, "directives"),
        (3, 21, "directives"),
    ):
        issue = SetSideMarkers(first.id, command, directives).out_of_bounds(scenario)
        assert issue is not None and issue.code == "tcg.side.markers-range"
        assert issue.path == f"sides[0].{field}" and issue.severity is Severity.ERROR
        # Applied anyway, the scenario still loads back: the counts stay in the file's bounds.
        applied = side(SetSideMarkers(first.id, command, directives).apply(scenario), first.id)
        assert 1 <= applied.command <= 6 and 0 <= applied.directives <= 20
        Side.model_validate(applied.model_dump())


def test_the_composer_offers_a_side_its_own_events_and_those_of_no_army(cards: CardCatalogue, tmp_path: Path) -> None:
    rations = EventCard(id="any-ration", name="Rations", effect=EventEffect(kind=EventEffectKind.DIRECTIVES))
    both = CardCatalogue({**cards.cards, rations.id: rations})
    session = TcgScenarioSession(both, History(small()), tmp_path / "small.yaml")
    for side, theirs in (("us", "de-field-supplies"), ("german", "us-supply-drop")):
        offered = {choice.card.id for choice in session.deck_choices(side) if choice.kind == "Event"}
        assert theirs not in offered and "any-ration" in offered
        assert {both.cards[card].insignia for card in offered} == {side, None}
