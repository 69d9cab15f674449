"""The Tactical Card Game's scenario sheet and deck list (HTML, Markdown and PDF)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from builder.cli import main
from builder.export.tcg_deck import build_deck_list, render_deck
from builder.export.tcg_sheet import TcgFormat, build_tcg_sheet, render
from builder.io.paths import SCENARIOS_DIR
from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.diagnostics import Issue, Severity
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_scenario
from tests.export.test_roster_print import needs_poppler, page_texts
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


# Typst code and markup in every shape a name could take (as tests/export/test_pdf_typst.py).
HOSTILE = "#panic() *x* $y$ <z> @w"


def hostile_scenario(folder: Path) -> Path:
    data = yaml.safe_load(HEDGEROW.read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    data["description"] = '#read("/etc/passwd") = heading'
    data["sides"][0]["name"] = "*Amis* _x_"
    data["markers"][0]["name"] = "$x^2$ #emph[farm]"
    path = folder / "hostile.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_the_pdf_sheet_and_deck_list_print_every_shipped_scenario(tmp_path: Path) -> None:
    for path in TCG_SCENARIOS:
        scenario = load_tcg_scenario(path).scenario
        assert main(["scenario", "sheet", str(path), "-f", "pdf", "-o", f"{tmp_path}/"]) == 0
        pdf = tmp_path / f"{scenario.id}.pdf"
        assert pdf.read_bytes().startswith(b"%PDF")
        for side in scenario.sides:
            assert main(["scenario", "deck", str(path), "--side", side.id, "-f", "pdf", "-o", f"{tmp_path}/"]) == 0
            assert (tmp_path / f"{scenario.id}-{side.id}.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.poppler
@needs_poppler
def test_the_pdf_sheet_shows_the_board_sides_decks_turns_and_victory(tmp_path: Path) -> None:
    assert main(["scenario", "sheet", str(HEDGEROW), "-f", "pdf", "-o", f"{tmp_path}/"]) == 0
    text = " ".join(page_texts(tmp_path / "hedgerow-crossroads.pdf"))
    scenario = load_tcg_scenario(HEDGEROW).scenario
    assert "6 turns; the Americans side plays first." in text
    assert "the crossroads (objective" in text and "fortified position" in text and "Pak 40 (german)" in text
    assert "3 COMMAND markers a turn" in text and "2 COMMAND markers a turn" in text
    assert "Parachute Rifle Section" in text and "Oberfeldwebel Haas" in text
    for line in scenario.victory_text():
        assert line in text


@pytest.mark.poppler
@needs_poppler
def test_a_hostile_tcg_scenario_prints_its_texts_as_written(tmp_path: Path) -> None:
    path = hostile_scenario(tmp_path)
    assert main(["scenario", "sheet", str(path), "-f", "pdf", "-o", f"{tmp_path}/out/"]) == 0
    texts = page_texts(tmp_path / "out" / "hedgerow-crossroads.pdf")
    everything = " ".join(texts)
    assert texts[0].count(HOSTILE) == 2  # the title and the footer
    for written in ('#read("/etc/passwd") = heading', "*Amis* _x_", "$x^2$ #emph[farm]"):
        assert written in everything
    assert "root:" not in everything
    assert main(["scenario", "deck", str(path), "--side", "us", "-f", "pdf", "-o", f"{tmp_path}/out/"]) == 0
    deck = " ".join(page_texts(tmp_path / "out" / "hedgerow-crossroads-us.pdf"))
    assert HOSTILE in deck and "*Amis* _x_" in deck


@pytest.mark.poppler
@needs_poppler
def test_a_hostile_card_name_prints_as_written(cards: CardCatalogue, tmp_path: Path) -> None:
    card = cards.cards["us-m10"].model_copy(update={"name": HOSTILE})
    hostile = CardCatalogue({**cards.cards, "us-m10": card})
    scenario = load_tcg_scenario(HEDGEROW).scenario
    for name, content in (
        ("sheet.pdf", render(build_tcg_sheet(scenario, hostile, []), TcgFormat.PDF)),
        ("deck.pdf", render_deck(build_deck_list(scenario, "us", scenario.sides[0].force, hostile, []), TcgFormat.PDF)),
    ):
        (tmp_path / name).write_bytes(content)
        assert HOSTILE in " ".join(page_texts(tmp_path / name))
    markdown = render_deck(build_deck_list(scenario, "us", scenario.sides[0].force, hostile, []), TcgFormat.MD)
    assert HOSTILE in markdown.decode()


def test_the_deck_list_counts_the_side_cards_by_kind(cards: CardCatalogue) -> None:
    scenario = load_tcg_scenario(HEDGEROW).scenario
    deck = build_deck_list(scenario, "us", scenario.sides[0].force, cards, [])
    assert deck.kinds == (("unit", 5), ("decoy", 2), ("hero", 1), ("event", 2)) and deck.cards == 10
    assert len(deck.side.deployment) == 6 and deck.id == "hedgerow-crossroads-us"
    html = render_deck(deck, TcgFormat.HTML).decode()
    assert "10 cards: 5 unit, 2 decoy, 1 hero, 2 event" in html and "Germans" not in html
    other = Issue(code="x", severity=Severity.ERROR, path="sides[1].force.deck[0]", message="other side")
    mine = Issue(code="x", severity=Severity.ERROR, path="sides[0].force.deck[0]", message="this side")
    deck = build_deck_list(scenario, "us", scenario.sides[0].force, cards, [other, mine])
    assert [i.message for i in deck.errors] == ["this side"] and not deck.playable


def test_hon_scenario_deck_refuses_what_it_cannot_print(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "deck", str(HEDGEROW), "--side", "us", "-f", "md", "-o", "-"]) == 0
    assert "# Americans" in capsys.readouterr().out
    assert main(["scenario", "deck", str(HEDGEROW), "--side", "british"]) == 2
    assert "british" in capsys.readouterr().err
    assert main(["scenario", "deck", str(HEDGEROW), "--side", "us", "-f", "svg"]) == 2
    heroes = SCENARIOS_DIR / "free-battle.yaml"
    assert main(["scenario", "deck", str(heroes), "--side", "us"]) == 2


def test_hon_roster_prints_a_force_deck_list_in_pdf(tmp_path: Path) -> None:
    force = tmp_path / "force.yaml"
    force.write_text(
        "format: tcg-force\nversion: 1\ngame: tcg\nname: Baker Company\n"
        f"scenario: {HEDGEROW}\nside: german\nforce:\n"
        "  deployment:\n    - {card: de-pak-40, box: [4, 0], panzerfaust: true}\n"
        "  deck:\n    - {card: de-decoy, count: 2}\n",
        encoding="utf-8",
    )
    assert main(["roster", str(force), "-f", "pdf", "-o", f"{tmp_path}/out/"]) == 0
    assert (tmp_path / "out" / "baker-company.pdf").read_bytes().startswith(b"%PDF")  # named after the force
    assert main(["roster", str(force), "-f", "md", "-o", f"{tmp_path}/out/deck.md"]) == 0
    text = (tmp_path / "out" / "deck.md").read_text(encoding="utf-8")
    assert text.startswith("# Baker Company") and "a Panzerfaust marker" in text and "2 cards: 2 decoy" in text
