"""`hon catalogue check`: dangling references and entries without a source.

Duplicate ids are found while the catalogue is assembled (`layers.assemble`)."""

from __future__ import annotations

from collections.abc import Iterator

from builder.heroes.catalogue.base import AbilityRef, Entry
from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.kinds import KINDS, Kind
from builder.heroes.catalogue.recruitment import COMMON_FACTION, Hero, Recruit, RecruitmentOption, RecruitmentTile
from builder.heroes.catalogue.terrain import Board, TerrainType
from builder.heroes.catalogue.units import Unit
from builder.kernel.diagnostics import Issue, error, join_or, warning

# A reference: (field path within the entry, section it points into, id).
Ref = tuple[str, str, str]


def check_catalogue(catalogue: Catalogue) -> list[Issue]:
    """Every entry's missing source and dangling references (`hon catalogue check`)."""
    faction_tags = {tag for faction in catalogue.factions.values() for tag in faction.tags}
    issues: list[Issue] = []
    for kind, entry in catalogue.all_entries():
        issues.extend(check_entry(catalogue, kind, entry, _where(catalogue, kind, entry), faction_tags))
    return issues


def check_entry(
    catalogue: Catalogue, kind: Kind, entry: Entry, where: str, faction_tags: set[str] | None = None
) -> list[Issue]:
    """One entry against the catalogue around it: what the editor shows live."""
    if faction_tags is None:
        faction_tags = {tag for faction in catalogue.factions.values() for tag in faction.tags}
    issues: list[Issue] = []
    if entry.source is None:
        issues.append(
            error(
                "source.missing",
                where,
                f"The {kind.singular} {entry.name!r} has no source.",
                "Give the rule-book page that prints it ('HoN core p.28'), or 'example' "
                "when its values were chosen for play.",
            )
        )
    for field_path, section, target in _references(entry):
        if target in catalogue.entries[section]:
            continue
        if section == "factions" and target == COMMON_FACTION and isinstance(entry, RecruitmentOption | ActionCard):
            continue
        issues.append(_dangling(catalogue, kind, entry, where, field_path, section, target))
    if isinstance(entry, RecruitmentOption):
        for tag in entry.requires_tags:
            if tag not in faction_tags:
                issues.append(
                    warning(
                        "reference.tag",
                        f"{where}.requires_tags",
                        f"The option {entry.name!r} requires the tag {tag!r}, which no faction has.",
                        "Add the tag to a faction, or fix its spelling.",
                    )
                )
    return issues


def _where(catalogue: Catalogue, kind: Kind, entry: Entry) -> str:
    origin = catalogue.origins.get((kind.section, entry.id))
    return f"{origin.file}:{origin.path}" if origin else f"{kind.section}.{entry.id}"


def _dangling(
    catalogue: Catalogue, kind: Kind, entry: Entry, where: str, field_path: str, section: str, target: str
) -> Issue:
    target_kind = next(k for k in KINDS if k.section == section)
    close = catalogue.did_you_mean(target, section)
    hint = f"Did you mean {join_or(repr(c) for c in close)}?" if close else f"Add the {target_kind.singular} first."
    return error(
        "reference.unknown",
        f"{where}.{field_path}",
        f"The {kind.singular} {entry.name!r} refers to the {target_kind.singular} {target!r}, "
        "which the catalogue doesn't have.",
        hint,
    )


def _ability_refs(path: str, refs: list[AbilityRef]) -> Iterator[Ref]:
    for i, ref in enumerate(refs):
        yield f"{path}[{i}]", "abilities", ref.id


def _references(entry: Entry) -> Iterator[Ref]:
    """Every id an entry names, with where it names it."""
    if isinstance(entry, Unit):
        yield "faction", "factions", entry.faction
        for i, stripe in enumerate(entry.stripes):
            yield f"stripes[{i}]", "stripes", stripe
        for s, side in enumerate(entry.sides):
            yield from _ability_refs(f"sides[{s}].abilities", side.abilities)
            for w, weapon in enumerate(side.weapons):
                yield from _ability_refs(f"sides[{s}].weapons[{w}].abilities", weapon.abilities)
    elif isinstance(entry, Recruit):
        yield from _recruit_references(entry)
    elif isinstance(entry, RecruitmentOption):
        yield from _option_references(entry)
    elif isinstance(entry, TerrainType):
        for i, symbol in enumerate(entry.symbols):
            yield f"symbols[{i}]", "terrain_effects", symbol
    elif isinstance(entry, Board):
        for i, element in enumerate(entry.elements):
            yield f"elements[{i}].terrain", "terrain", element.terrain
    elif isinstance(entry, ActionCard):
        yield "faction", "factions", entry.faction


def _recruit_references(entry: Recruit) -> Iterator[Ref]:
    yield "faction", "factions", entry.faction
    for i, count in enumerate(entry.composition):
        yield f"composition[{i}]", "units", count.id
    for i, count in enumerate(entry.markers):
        yield f"markers[{i}]", "markers", count.id
    for i, stripe in enumerate(entry.stripes):
        yield f"stripes[{i}]", "stripes", stripe
    if entry.ability is not None:
        yield "ability", "abilities", entry.ability.id
    for s, slot in enumerate(entry.slots):
        for i, stripe in enumerate(slot.stripes):
            yield f"slots[{s}].stripes[{i}]", "stripes", stripe
        if slot.unlocks is not None and slot.unlocks.ability is not None:
            yield f"slots[{s}].unlocks.ability", "abilities", slot.unlocks.ability.id
    if isinstance(entry, RecruitmentTile) and entry.leading is not None:
        yield "leading", "units", entry.leading
    if isinstance(entry, Hero):
        yield "unit", "units", entry.unit
        for i, tile in enumerate(entry.requires_tile):
            yield f"requires_tile[{i}]", "tiles", tile


def _option_references(entry: RecruitmentOption) -> Iterator[Ref]:
    yield "faction", "factions", entry.faction
    for i, stripe in enumerate(entry.stripes):
        yield f"stripes[{i}]", "stripes", stripe
    for i, count in enumerate(entry.markers):
        yield f"markers[{i}]", "markers", count.id
    for i, count in enumerate(entry.composition):
        yield f"composition[{i}]", "units", count.id
    if entry.summons is not None:
        yield "summons", "units", entry.summons
    yield from _ability_refs("grants.abilities", entry.grants.abilities)
    if entry.choice is not None and entry.choice.markers:
        for i, pick in enumerate(entry.choice.among):
            yield f"choice.among[{i}]", "markers", pick
