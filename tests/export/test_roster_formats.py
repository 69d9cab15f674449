"""What every format of the roster says, from the same model: tiles and labels, counters
with both sides, one tick box per marker, order-token sources, a glossary of only the
abilities present with their pages, the catalogue revision, and the not-legal banner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from builder.export.formats import Format, Paper
from builder.export.roster import render, render_html
from builder.export.roster_text import BOX, BREAKS, TICK
from builder.heroes.army.resolve import Fielded, resolve
from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR
from tests.export.helpers import ILLEGAL, Example, example, html_text, largest, squash

TEXT_FORMATS = [Format.HTML, Format.MD, Format.TXT]


@pytest.fixture(scope="module")
def big(bundled: Catalogue) -> Example:
    return largest(bundled)


def shown(found: Example, fmt: Format) -> str:
    """The roster as a reader sees it: HTML as its text, the others as they are."""
    data = render(found.roster, fmt).decode("utf-8")
    return html_text(data) if fmt is Format.HTML else data


def side_pattern(state: str, defense: str, values: list[str]) -> re.Pattern[str]:
    """A side's line in any format: state, defense (maybe with its shield's colour), then
    movement and combat values, separated by spaces or table bars."""
    gap = r"[\s|]+"
    body = gap.join(re.escape(v) for v in values)
    return re.compile(rf"{re.escape(state)}{gap}{re.escape(defense)}(?: \w+)?{gap}{body}")


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_every_tile_label_and_option_is_named(big: Example, fmt: Format, bundled: Catalogue) -> None:
    text = squash(shown(big, fmt)).replace("\\", "")
    listed = big.loaded.army
    for entry in listed.tiles:
        assert bundled.tiles[entry.tile].name in text
        if entry.label:
            assert entry.label in text
        for pick in entry.slots.values():
            assert bundled.options[pick.option].name in text
    for hero in listed.heroes:
        assert bundled.heroes[hero.hero].name in text
    for pick in listed.free_options:
        assert bundled.options[pick.option].name in text
    assert listed.name in text
    assert f"{big.summary.points} / {listed.points_limit}" in text


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_every_counter_shows_both_sides(big: Example, fmt: Format, bundled: Catalogue) -> None:
    text = shown(big, fmt)
    flat = squash(text)
    seen = 0
    for fielded in {f.unit.id: f.unit for f in _fielded(big, bundled)}.values():
        assert fielded.name in flat
        for side in fielded.sides:
            assert side.state.value in flat
            if side.defense is None:
                continue
            movement = "X" if side.movement is None else str(side.movement)
            combats = [side.combat] if side.combat else [w.combat for w in side.weapons[:1]]
            for combat in combats:
                values = ["X" if v is None else str(v) for v in (combat.infantry, combat.light, combat.heavy)]
                assert side_pattern(side.state.value, side.defense.label(), [movement, *values]).search(text), (
                    fielded.name,
                    side.state,
                )
                seen += 1
            for weapon in side.weapons:
                assert weapon.name in flat
    assert seen >= 10


def _fielded(found: Example, catalogue: Catalogue) -> list[Fielded]:
    return list(resolve(found.loaded.army, catalogue).fielded())


def test_one_tick_box_per_marker(big: Example) -> None:
    markers = sum(big.summary.markers.values())
    assert markers >= 5
    html = render(big.roster, Format.HTML).decode()
    assert html.count('class="tick"') == markers
    for fmt in (Format.MD, Format.TXT):
        assert render(big.roster, fmt).decode().count(TICK) == markers


def test_one_tally_box_per_counter_that_can_break(big: Example) -> None:
    boxes = sum(g.counters for g in big.summary.groups)
    breaking = sum(1 for g in big.summary.groups if g.breaking_point and g.breaking_point <= g.counters)
    html = render(big.roster, Format.HTML).decode()
    assert html.count('class="box"') + html.count('class="box breaks"') == boxes
    assert html.count('class="box breaks"') == breaking
    for fmt in (Format.MD, Format.TXT):
        text = render(big.roster, fmt).decode()
        assert text.count(BOX) + text.count(BREAKS) - text.count(f"({BREAKS} = ") == boxes
    for group in big.summary.groups:
        assert f"opponent scores {group.victory_points} victory point" in shown(big, Format.TXT)


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_order_tokens_and_where_they_come_from(big: Example, fmt: Format) -> None:
    text = squash(shown(big, fmt)).replace("\\", "")
    orders = big.summary.orders
    assert f"{orders.star_total} stars" in text
    for star in orders.stars:
        assert star.source in text
    assert "every army (HoN core p.8)" in text


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_the_glossary_has_only_abilities_present_with_their_pages(
    big: Example, fmt: Format, bundled: Catalogue
) -> None:
    text = squash(shown(big, fmt)).replace("\\", "")
    glossary = text[text.index("Special abilities in this army") :]
    glossary = glossary[: glossary.index("Notes")] if "Notes" in glossary else glossary
    present = {entry.id for entry in big.roster.glossary}
    assert present
    for ability in bundled.abilities.values():
        summary = squash(ability.summary)
        if ability.id in present:
            assert summary in glossary and str(ability.source) in glossary, ability.id
        else:
            assert summary not in glossary, ability.id


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_the_catalogue_revision_and_date_are_printed(big: Example, fmt: Format, bundled: Catalogue) -> None:
    text = shown(big, fmt)
    assert f"revision {bundled.revision}" in text
    assert bundled.date and bundled.date in text


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_an_illegal_army_prints_under_a_banner(path: Path, fmt: Format, bundled: Catalogue) -> None:
    found = example(path, bundled)
    text = squash(shown(found, fmt)).replace("\\", "")
    assert "NOT LEGAL" in text
    for issue in found.roster.issues:
        assert squash(issue.message) in text
    banner = text[text.index("NOT LEGAL: this list") if "NOT LEGAL: this" in text else text.index("NOT LEGAL — ") :]
    assert found.roster.issues[0].message in banner


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_a_legal_army_has_no_banner(big: Example, fmt: Format) -> None:
    text = shown(big, fmt)
    assert "NOT LEGAL" not in text
    assert re.search(r"\blegal\b", text, re.IGNORECASE)


def test_the_paper_size_is_chosen(big: Example) -> None:
    assert "size: A4;" in render_html(big.roster)
    assert "size: letter;" in render_html(big.roster, Paper.LETTER)


def test_markdown_renders_as_markdown(big: Example) -> None:
    html = MarkdownIt("commonmark").enable("table").render(render(big.roster, Format.MD).decode())
    # Order tokens, one per block, the glossary and the notes.
    assert html.count("<h2>") == 1 + len(big.roster.blocks) + 1 + bool(big.roster.notes)
    assert "<table>" in html


@pytest.mark.parametrize("fmt", TEXT_FORMATS, ids=str)
def test_a_stripe_the_formation_names_is_not_said_again(fmt: Format, bundled: Catalogue) -> None:
    """ "43rd (Wessex) Inf. Div." is the stripe of tiles whose formation is "43rd (Wessex) Inf.
    Div. / 129th Brigade": their line says it once (issue 30, point 14)."""
    found = example(EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml", bundled)
    named = [b for b in found.roster.blocks if b.formation and any(s.name in b.formation for s in b.stripes)]
    assert named
    data = render(found.roster, fmt).decode("utf-8")
    if fmt is Format.HTML:
        lines = [html_text(p) for p in re.findall(r'<p class="meta">.*?</p>', data, re.DOTALL)]
    else:
        lines = data.replace("\\", "").splitlines()
    for block in named:
        assert block.formation is not None
        said = [line for line in lines if block.formation in line]
        assert said, block.formation
        for stripe in {s.name for s in block.stripes if s.name in block.formation}:
            assert all(line.count(stripe) == 1 for line in said), (stripe, said)
