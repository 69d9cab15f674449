"""The printable campaign sheet: results so far, what each result of each scenario changes
(the one recorded marked), what was carried into the next scenario, blank lines to fill in
by hand for the games to come; HTML escapes the player's text, Markdown too."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.export.campaign_sheet import build_campaign_sheet, render_html, render_markdown
from builder.heroes.campaign.models import Result
from builder.heroes.catalogue.index import Catalogue
from builder.io.campaign_files import LoadedCampaign, load_campaign, save_campaign
from builder.services.campaign import find_chain, record_result, start
from tests.export.helpers import html_text
from tests.io.hostile import run_hon


@pytest.fixture
def windsor(tmp_path: Path, bundled: Catalogue) -> LoadedCampaign:
    path = tmp_path / "windsor.yaml"
    save_campaign(start(find_chain("operation-windsor"), {}, path, bundled), path)
    loaded = load_campaign(path)
    result = Result(
        scenario="carp-jump-in-carpiquet",
        winner="commonwealth",
        victory_points={"commonwealth": 6},
        lost={"german": ["Willi Herold"]},
        notes="<b>Herold</b> taken | at last",
    )
    save_campaign(record_result(loaded, result, bundled), path, loaded.fingerprint)
    return load_campaign(path)


def test_the_sheet_tells_results_links_and_what_was_carried(windsor: LoadedCampaign, bundled: Catalogue) -> None:
    sheet = build_campaign_sheet(windsor, bundled)
    assert sheet.status == "1 of 2 games played; next: Welcome to Caen-Carpiquet..."
    first, second = sheet.stages
    assert (first.state, first.winner, first.victory_points) == (
        "played",
        "3rd Canadian Inf. Division won",
        "3rd Canadian Inf. Division 6",
    )
    assert first.lost == "16. Luftwaffen-Feld-Div.: Willi Herold"
    assert [(o.result, o.chosen) for o in first.outcomes] == [
        ("The 3rd Canadian Inf. Division side wins", True),
        ("The 16. Luftwaffen-Feld-Div. side wins", False),
    ]
    assert "deploys Flak 36 and Flak-Kanoniere before the 3rd Canadian Inf. Division side" in first.outcomes[0].changes
    assert (second.state, second.result) == ("next", None)
    assert second.outcomes[0].changes == "The 3rd Canadian Inf. Division side wins the Operation Windsor campaign."
    assert len(sheet.carried) == 1 and sheet.carried[0].startswith("Campaign: Carp Jump in Carpiquet!, won by")

    html = render_html(sheet)
    text = html_text(html)
    assert "Operation Windsor" in text and "<b>Herold</b> taken | at last" in text  # printed as written
    assert "<b>Herold" not in html and "&lt;b&gt;Herold&lt;/b&gt; taken" in html  # escaped, never markup
    assert "(next)" in text
    markdown = render_markdown(sheet)
    assert "| 1 | Carp Jump in Carpiquet\\! | 3rd Canadian Inf. Division won |" in markdown
    assert "\\<b\\>Herold\\</b\\> taken \\| at last" in markdown
    assert "- **The 3rd Canadian Inf. Division side wins** ✔:" in markdown


def test_hon_campaign_sheet_writes_each_format(windsor: LoadedCampaign, tmp_path: Path) -> None:
    for fmt in ("html", "md"):
        outcome = run_hon(["campaign", "sheet", str(windsor.path), "-f", fmt, "-o", f"{tmp_path}/sheets/"])
        assert outcome.code == 0, outcome.err
        written = Path(outcome.out.strip())
        assert written.name == f"operation-windsor-campaign.{fmt}" and "Willi Herold" in written.read_text(
            encoding="utf-8"
        )
    outcome = run_hon(["campaign", "sheet", str(windsor.path), "-f", "docx"])
    assert outcome.code == 2 and "--format" in outcome.err
