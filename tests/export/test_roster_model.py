"""The roster model: every total is the summary's, every tile and support option has its
block, and the glossary holds exactly the abilities the roster prints."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from builder.export.roster_build import build_roster
from builder.export.roster_model import Block, Roster
from builder.export.roster_sheets import ability_mark
from builder.heroes.army.models import ArmyList
from builder.heroes.army.summary import summarize
from builder.heroes.army.validate import check
from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.diagnostics import Severity
from tests.conftest import army
from tests.export.helpers import EXAMPLES, ILLEGAL, example

ALL = EXAMPLES + ILLEGAL


def printed_abilities(roster: Roster) -> set[str]:
    """Every ability id the roster prints: on counters and weapons, tiles, filled slots'
    unlocks (by name) and options' grants."""
    ids: set[str] = set()
    for block in roster.blocks:
        if block.ability is not None:
            ids.add(block.ability.id)
        for counter in block.counters:
            for side in counter.sides:
                ids.update(a.id for a in side.abilities)
                for weapon in side.weapons:
                    ids.update(a.id for a in weapon.abilities)
    return ids


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_totals_are_the_summarys(path: Path, bundled: Catalogue) -> None:
    found = example(path, bundled)
    roster, summary = found.roster, found.summary
    assert (roster.points, roster.points_limit, roster.points_left) == (
        summary.points,
        summary.points_limit,
        summary.points_left,
    )
    orders = summary.orders
    assert (roster.orders.numbered, roster.orders.bluff, roster.orders.special) == (
        orders.numbered,
        orders.bluff,
        orders.special,
    )
    numbered = [(s.source, s.count) for s in roster.orders.sources if s.kind == "numbered"]
    assert numbered == [(s.source, s.stars) for s in orders.stars]
    bluffs = sum(s.count for s in roster.orders.sources if s.kind == "bluff")
    assert bluffs == orders.bluff_total
    assert roster.markers == tuple((bundled.name_of("markers", m), n) for m, n in summary.markers.items())
    assert roster.victory_points_at_stake == summary.victory_points_at_stake
    assert roster.revision == bundled.revision and roster.date == bundled.date


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_breaking_group_has_its_block_and_tally(path: Path, bundled: Catalogue) -> None:
    found = example(path, bundled)
    blocks = {block.path: block for block in found.roster.blocks}
    for group in found.summary.groups:
        tally = blocks[group.path].tally
        assert tally is not None, group.name
        assert (tally.boxes, tally.threshold, tally.victory_points) == (
            group.counters,
            group.breaking_point,
            group.victory_points,
        )
        assert sum(tally.marks) == (1 if group.breaking_point and group.breaking_point <= group.counters else 0)
    assert [b.number for b in found.roster.blocks] == list(range(1, len(found.roster.blocks) + 1))


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_block_markers_add_up_to_the_armys(path: Path, bundled: Catalogue) -> None:
    found = example(path, bundled)
    counted: Counter[str] = Counter()
    for block in found.roster.blocks:
        counted.update({m.id: m.count for m in block.markers})
    assert dict(counted) == found.summary.markers


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_the_glossary_is_what_the_roster_prints(path: Path, bundled: Catalogue) -> None:
    roster = example(path, bundled).roster
    glossary = {entry.id: entry for entry in roster.glossary}
    printed = printed_abilities(roster)
    unlocked_or_granted = set(glossary) - printed
    # What is not on a counter or tile must be a filled slot's unlock or an option's grant.
    texts = {t for b in roster.blocks for s in b.slots if s.option for t in [s.unlocks or ""]}
    texts |= {g for b in roster.blocks for s in b.slots if s.option for g in s.option.grants}
    texts |= {g for b in roster.blocks for o in b.options for g in o.grants}
    for ability_id in unlocked_or_granted:
        assert any(glossary[ability_id].name in text for text in texts), ability_id
    assert printed <= set(glossary)
    for entry in roster.glossary:
        assert entry.source == bundled.abilities[entry.id].source
        assert entry.summary


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_no_shipped_army_notes_claim_a_verdict(path: Path, bundled: Catalogue) -> None:
    """A roster prints the list's notes beside its own verdict: a shipped example whose notes
    say "legal" would print that on a NOT LEGAL roster once edited (issue 30, point 14)."""
    notes = example(path, bundled).loaded.army.notes
    assert re.search(r"\b(il)?legal\b", notes, re.IGNORECASE) is None, notes


def test_the_glossary_leaves_out_abilities_the_army_lacks(bundled: Catalogue) -> None:
    roster = example(Path("data/armies/commonwealth-43rd-770.yaml"), bundled).roster
    ids = {entry.id for entry in roster.glossary}
    assert {"order", "assault", "crew", "indirect-fire", "defender"} <= ids
    assert not {"flamethrower", "amphibious", "magician", "howitzer"} & ids
    assert len(ids) < len(bundled.abilities) / 2


def test_choices_add_their_markers_to_the_tile(bundled: Catalogue) -> None:
    """BfC p.08: Gear gives three markers picked when the army is built."""
    roster = example(Path("data/armies/commonwealth-43rd-770.yaml"), bundled).roster
    hollis = roster.blocks[0]
    assert hollis.name == "Maj. Hollis"
    markers = {m.id: (m.count, m.sources) for m in hollis.markers}
    assert markers == {"grenade": (1, ("Gear (Commonwealth)",)), "piat": (2, ("Gear (Commonwealth)",))}
    a_company = next(b for b in roster.blocks if b.label == "A Company")
    assert {m.id: m.count for m in a_company.markers} == {"grenade": 2 + 3, "knife": 1}


def test_support_options_get_their_own_block_after_their_tile(bundled: Catalogue) -> None:
    roster = example(Path("data/armies/commonwealth-43rd-770.yaml"), bundled).roster
    for block in roster.blocks:
        for slot in block.slots:
            if slot.option is not None and slot.option.kind == "support":
                support = roster.blocks[slot.option.support_block - 1] if slot.option.support_block else None
                assert support is not None and support.kind == "support"
                assert support.name == slot.option.name
                assert support.where == f"{slot.id} slot of {block.title}"
                assert support.number > block.number
                assert support.counters and support.tally is not None


def test_counters_show_both_sides_as_the_catalogue_prints_them(bundled: Catalogue) -> None:
    found = example(Path("data/armies/commonwealth-43rd-770.yaml"), bundled)
    composition = {t.tile: bundled.tiles[t.tile].composition for t in found.loaded.army.tiles}
    for block in found.roster.blocks:
        if block.kind == "tile":
            expected = {c.id: c.count for c in composition[block.id]}
            assert {c.id: c.copies for c in block.counters} == expected
        for counter in block.counters:
            unit = bundled.units[counter.id]
            assert [s.state for s in counter.sides] == [s.state.value for s in unit.sides]
            for sheet, side in zip(counter.sides, unit.sides, strict=True):
                assert sheet.defense == (side.defense.label() if side.defense else None)
                assert counter.shield_colour == unit.colour.display
    sherman = next(c for b in found.roster.blocks for c in b.counters if c.id == "cw-sherman")
    assert sherman.sides[0].defense == "8/6/5"
    assert [w.name for w in sherman.sides[0].weapons] == ["75mm gun", ".30 cal coaxial"]
    assert [v.value for v in sherman.sides[0].weapons[1].combat] == ["4", "1", "X"]
    assert sherman.sides[1].is_wreck


def test_order_sources_name_their_block(bundled: Catalogue) -> None:
    roster = example(Path("data/armies/commonwealth-43rd-770.yaml"), bundled).roster
    by_number = {b.number: b for b in roster.blocks}
    for source in roster.orders.sources:
        if source.kind == "bluff" and source.block is None:
            assert "HoN core p.8" in source.source
            continue
        assert source.block is not None
        block = by_number[source.block]
        names = {block.name, *(c.name for c in block.counters), *(s.option.name for s in block.slots if s.option)}
        assert any(name in source.source for name in names), (source, block.name)


def test_free_options_and_heroes_have_blocks(mini: Catalogue) -> None:
    listed = army(
        [{"tile": "command", "slots": {"left": "planning"}}, {"tile": "platoon", "slots": {"bottom": "mg-squad"}}],
        heroes=["hero"],
        free_options=["totem"],
    )
    issues, _ = check(listed, mini)
    roster = build_roster(listed, mini, issues)
    kinds = [b.kind for b in roster.blocks]
    assert kinds == ["tile", "tile", "support", "hero", "free"]
    free = roster.blocks[-1]
    assert [o.name for o in free.options] == ["Totem"]
    assert free.tally is None and free.closing.endswith("does not break.")
    assert any(s.source == "Totem" and s.block == free.number for s in roster.orders.sources)


def test_an_illegal_army_keeps_its_issues_errors_first(bundled: Catalogue) -> None:
    for path in ILLEGAL:
        found = example(path, bundled)
        issues, _ = check(found.loaded.army, bundled)
        assert not found.roster.legal
        assert {i.message for i in found.roster.issues} == {i.message for i in issues}
        severities = [i.severity for i in found.roster.issues]
        assert severities == sorted(severities, key=list(Severity).index)
        assert all(i.line is not None for i in found.roster.issues)


def test_unknown_entries_still_print(bundled: Catalogue) -> None:
    listed = ArmyList.model_validate(
        {
            "name": "Ghosts",
            "game": "hon",
            "faction": "us",
            "tiles": [{"tile": "us-no-such-tile", "slots": {"left": "no-such-option"}}, "us-16th-inf-reg-a"],
        }
    )
    issues, _ = check(listed, bundled)
    roster = build_roster(listed, bundled, issues)
    ghost = roster.blocks[0]
    assert (ghost.known, ghost.name, ghost.tally, ghost.counters) == (False, "us-no-such-tile", None, ())
    assert ghost.slots[0].option is not None and not ghost.slots[0].option.known
    assert not ghost.slots[0].on_tile
    assert roster.points == summarize(listed, bundled).points
    assert not roster.legal


@pytest.mark.parametrize(
    ("ref", "text"),
    [
        ({"assault": 1}, "Assault +1"),
        ({"order": 2}, "Order(s) ×2"),
        ({"fire-on-the-move": -2}, "Fire on the Move -2"),
        ({"limited-range": 4}, "Limited Range 4"),
        ("assault", "Assault"),
        ({"no-such-ability": 3}, "No such ability 3"),
    ],
)
def test_ability_values_read_as_printed(ref: object, text: str, bundled: Catalogue) -> None:
    assert ability_mark(AbilityRef.model_validate(ref), bundled).text == text


def test_blocks_close_with_their_number_and_title() -> None:
    block = Block(number=4, kind="tile", path="tiles[3]", id="t", name="4th Wiltshire Platoon", label="A Company")
    assert block.closing == "#4 4th Wiltshire Platoon (A Company): does not break."
