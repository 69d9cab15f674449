"""The Tactical Card Game's scenario sheet and deck list (HTML and Markdown)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.export.tcg_sheet import TcgFormat, build_tcg_sheet, render
from builder.io.tcg_files import load_tcg_scenario
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario
from tests.tcg.conftest import HEDGEROW, TCG_SCENARIOS
from tests.tcg.conftest import cards as cards  # the fixture


@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_the_sheet_shows_the_board_the_sides_their_cards_and_victory(path: Path, cards: CardCatalogue) -> None:
    scenario = load_tcg_scenario(path).scenario
    sheet = build_tcg_sheet(scenario, cards, check_scenario(scenario, cards))
    assert sheet.playable and len(sheet.board) == scenario.board.rows
    assert all(len(row) == scenario.board.columns for row in sheet.board)
    markdown = render(sheet, TcgFormat.MD).decode()
    html = render(sheet, TcgFormat.HTML).decode()
    for text in (markdown, html):
        assert scenario.title in text and "COMMAND markers a turn" in text
        assert all(side.name in text for side in scenario.sides)
        assert scenario.victory_text()[0] in text
    placed = sum(1 for row in sheet.board for cell in row if cell.card)
    assert placed == sum(len(side.force.deployment) for side in scenario.sides)


def test_user_text_is_escaped_in_html(cards: CardCatalogue) -> None:
    scenario = load_tcg_scenario(HEDGEROW).scenario.model_copy(update={"title": "<script>x</script>"})
    html = render(build_tcg_sheet(scenario, cards, []), TcgFormat.HTML).decode()
    assert "<script>x" not in html and "&lt;script&gt;" in html


def test_hon_scenario_sheet_and_deck_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "sheet", str(HEDGEROW), "--format", "md", "-o", str(tmp_path) + "/"]) == 0
    assert (tmp_path / "hedgerow-crossroads.md").read_text(encoding="utf-8").startswith("# Hedgerow Crossroads")
    assert main(["scenario", "sheet", str(HEDGEROW), "--format", "svg"]) == 2
    force = tmp_path / "force.yaml"
    force.write_text(
        "format: tcg-force\nversion: 1\ngame: tcg\nname: Baker Company\n"
        f"scenario: {HEDGEROW}\nside: us\nforce:\n"
        "  deployment:\n    - {card: us-m10, box: [0, 1]}\n"
        "  deck:\n    - {card: us-decoy, count: 2}\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["roster", str(force), "--format", "md", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert "Baker Company" in out and "2 × Decoy" in out and "Germans" not in out.split("## Victory")[0]
