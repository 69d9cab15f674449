"""Who benefits from an option, and the warning when nobody can use it: heavy-vehicle gear
on an infantry tile, a customization on a tile without a character."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from builder.heroes.army.resolve import Group, ResolvedArmy
from builder.heroes.catalogue.recruitment import OptionKind, RecruitmentOption, Restriction
from builder.heroes.catalogue.units import Unit, UnitType
from builder.kernel.diagnostics import Issue, join_or, warning

_MATCHES: dict[Restriction, Callable[[Unit], bool]] = {
    Restriction.INFANTRY: lambda unit: unit.type is UnitType.INFANTRY,
    Restriction.LIGHT_VEHICLES: lambda unit: unit.type is UnitType.LIGHT_VEHICLE,
    Restriction.HEAVY_VEHICLES: lambda unit: unit.type is UnitType.HEAVY_VEHICLE,
    Restriction.CHARACTERS: lambda unit: unit.is_character,
    Restriction.CREATURES: lambda unit: unit.type is UnitType.LARGE_CREATURE,
}
# Customizations serve Characters only (HoN core p.31), and only Characters cast spells (SoN p.15).
_CHARACTER_KINDS = (OptionKind.CUSTOMIZATION, OptionKind.SPELL)


def restrictions_of(option: RecruitmentOption) -> list[Restriction]:
    found = list(option.restricted_to)
    if option.kind in _CHARACTER_KINDS and Restriction.CHARACTERS not in found:
        found.append(Restriction.CHARACTERS)
    return found


def beneficiaries(resolved: ResolvedArmy, option: RecruitmentOption, group: Group | None) -> list[Unit]:
    """The counters that may use an option put on `group` (None: fielded free).

    On a command tile the whole army benefits (HoN core p.28, SoN p.14). Elsewhere only the
    tile's own counters showing its specific stripes do (HoN core p.28); a customization
    serves the tile's Character, "the main counter of a Recruitment Tile (and not one given
    by an option)" (HoN core p.31); heroes use any gear of their army (SoN p.14)."""
    if group is None or group.is_command:
        return [f.unit for f in resolved.fielded()]
    own = [f.unit for f in resolved.fielded_by(group) if f.path == group.path]
    if option.kind in _CHARACTER_KINDS:
        return [unit for unit in own if unit.is_character]
    specific = set(group.recruit.stripes) if group.recruit is not None else set()
    users = [unit for unit in own if not unit.stripes or not specific or specific & set(unit.stripes)]
    if option.kind is OptionKind.GEAR:
        users.extend(resolved.hero_units)
    return users


def usability_issues(
    resolved: ResolvedArmy, option: RecruitmentOption, group: Group | None, path: str
) -> Iterator[Issue]:
    restrictions = restrictions_of(option)
    if option.kind is OptionKind.SUPPORT or not restrictions:
        return
    if group is None or group.is_command:
        # The whole army benefits: asked once per restriction, not once per option.
        if any(resolved.any_fielded(_MATCHES[r]) for r in restrictions):
            return
    elif any(_MATCHES[r](unit) for unit in beneficiaries(resolved, option, group) for r in restrictions):
        return
    wanted = join_or(r.value.replace("-", " ") for r in restrictions)
    where = f"on {group.title}" if group is not None and not group.is_command else "in the army"
    yield warning(
        "option.unusable",
        path,
        f"{option.name} is restricted to {wanted}, but no counter {where} is one, so nobody can use it.",
        "Put it on a tile whose counters can use it.",
    )
