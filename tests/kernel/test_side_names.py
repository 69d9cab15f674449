"""A side's name is any word its player typed ("US", "Germans", "Allies", "The Black Sun"):
sentences name it through `the_side`, never by appending "'" or "'s" to it or by guessing the
verb's number after it (issue 30, point 9). Keyed on the names, not on the sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.conditions import describe
from builder.heroes.scenario.validate import validate_scenario
from builder.io.memoir_files import load_catalogue as load_hex_catalogue
from builder.io.memoir_files import load_scenario as load_hex_scenario
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.diagnostics import capitalised, the_side
from builder.memoir.validate import validate as validate_hex
from builder.services.memoir_game import blank_scenario as blank_hex_scenario
from builder.services.memoir_game import play as simulate_hex
from builder.services.scenario_session import blank_scenario
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.services.tcg_scenario_session import blank_scenario as blank_tcg_scenario
from builder.tcg.ai.greedy import for_every_side
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario
from builder.tcg.rules.simulation import simulate
from builder.tui.widgets.tcg_box_text import box_text

BUILDER = Path(__file__).resolve().parents[2] / "builder"


def bare(text: str, names: set[str]) -> list[str]:
    """The mentions of `names` in `text` that are not "the NAME side" (any case of "the")."""
    found = []
    for name in names:
        for match in re.finditer(re.escape(name), text):
            before = text[max(0, match.start() - 4) : match.start()].lower()
            after = text[match.end() : match.end() + 5]
            if before != "the " or after != " side":
                found.append(text[max(0, match.start() - 10) : match.end() + 12])
    return found


@pytest.mark.parametrize(
    ("name", "phrase"),
    [
        ("US", "the US side"),
        ("German", "the German side"),
        ("Allies", "the Allies side"),
        ("The Black Sun", "the Black Sun side"),
        ("Allied side", "the Allied side"),
    ],
)
def test_a_side_is_the_name_side(name: str, phrase: str) -> None:
    assert the_side(name) == phrase
    assert the_side(name, capital=True) == capitalised(phrase)
    assert the_side(name, possessive=True) == f"{phrase}'s"


@pytest.fixture(scope="module")
def tcg_cards() -> CardCatalogue:
    return open_cards()


def test_the_card_game_names_its_sides_through_the_helper(tcg_cards: CardCatalogue, tmp_path: Path) -> None:
    """A new scenario's "German" and "US" sides (no deck, no cards): its issues, a played
    game and the designer's box and deck texts."""
    scenario = blank_tcg_scenario(tcg_cards)
    names = {side.name for side in scenario.sides}
    assert names == {"German", "US"}
    said = [issue.message for issue in check_scenario(scenario, tcg_cards)]
    said += [event.text for event in simulate(scenario, tcg_cards, for_every_side(scenario, 1), seed=1).events]
    said += scenario.victory_text()
    session = TcgScenarioSession.new(tmp_path / "new.yaml", tcg_cards)
    zone = scenario.sides[0].reinforcement_zone[0]
    said.append(str(box_text(scenario, session.box_view(zone), [])))
    assert any(name in line for line in said for name in names)
    assert [bare(line, names) for line in said if bare(line, names)] == []


def test_the_hex_game_names_its_sides_through_the_helper() -> None:
    catalogue = load_hex_catalogue()
    scenario = blank_hex_scenario()
    names = {side.name for side in scenario.sides}
    said = [issue.message for issue in validate_hex(scenario, catalogue)]
    assert said and [bare(line, names) for line in said if bare(line, names)] == []
    played = load_hex_scenario(SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml").scenario
    texts = [event.text for event in simulate_hex(played, catalogue, seed=3, turns=2).events if event.turn == 0]
    names = {side.name for side in played.sides}
    assert texts and [bare(line, names) for line in texts if bare(line, names)] == []


def test_heroes_scenarios_name_their_sides_through_the_helper(bundled: Catalogue) -> None:
    """Victory conditions and the check's issues of a new scenario whose sides are renamed
    "Allies" and "Axis" (a plural and a singular)."""
    scenario = blank_scenario(bundled)
    renamed = [s.model_copy(update={"name": n}) for s, n in zip(scenario.sides, ("Allies", "Axis"), strict=True)]
    scenario = scenario.model_copy(update={"sides": renamed, "forces": []})
    name = scenario.namer()
    said = [describe(outcome.condition, name) for outcome in scenario.victory.outcomes]
    said += [issue.message for issue in validate_scenario(scenario, bundled).issues]
    names = {"Allies", "Axis"}
    assert len(said) > 2 and [bare(line, names) for line in said if bare(line, names)] == []


def test_no_code_appends_an_apostrophe_to_a_name() -> None:
    """The mistake itself, wherever it could be made again: a name's placeholder followed
    by "'" or "'s" in builder's Python and templates."""
    pattern = re.compile(r"""name\)?\}+'|name *\}\}'|name\)? *\+ *["']'""")
    found = [
        f"{path.relative_to(BUILDER)}: {line.strip()}"
        for path in sorted(BUILDER.rglob("*"))
        if path.suffix in {".py", ".j2", ".typ"}
        for line in path.read_text(encoding="utf-8").splitlines()
        if pattern.search(line)
    ]
    assert found == []
