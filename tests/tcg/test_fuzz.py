"""Mutated Tactical Card Game files never yield a traceback: one sentence naming the file, or
a scenario the checker judges (and never a crash in the check or the rules core)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from builder.io.errors import HonFileError
from builder.io.paths import TCG_DATA
from builder.io.tcg_files import card_file_from_document, scenario_from_document
from builder.io.yamlio import parse
from builder.kernel.diagnostics import is_legal
from builder.tcg.ai.greedy import for_every_side
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario
from builder.tcg.rules.simulation import simulate
from tests.io.test_fuzz import mutated
from tests.tcg.conftest import HEDGEROW

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
SCENARIO = HEDGEROW.read_text(encoding="utf-8")
CARDS = (TCG_DATA / "us.yaml").read_text(encoding="utf-8")


@FUZZ
@given(mutated(SCENARIO))
def test_mutated_scenarios(cards: CardCatalogue, text: str) -> None:
    try:
        scenario = scenario_from_document(parse(text, "fuzz.yaml"))
    except HonFileError as problem:
        assert str(problem).startswith("fuzz.yaml") and "\n" not in str(problem)
        return
    issues = check_scenario(scenario, cards)
    for issue in issues:
        assert issue.code.startswith("tcg.") and "\n" not in issue.message
    if is_legal(issues):
        assert simulate(scenario, cards, for_every_side(scenario, 1), seed=1, turns=2).turns >= 1


@FUZZ
@given(mutated(CARDS))
def test_mutatedcard_file_from_documents(text: str) -> None:
    try:
        card_file_from_document(parse(text, "fuzz.yaml"))
    except HonFileError as problem:
        assert str(problem).startswith("fuzz.yaml") and "\n" not in str(problem)
