"""The legality engine: every rule an army list must follow, each finding an `Issue`.

An entry the catalogue no longer has is reported on its own; the rest of the list is
still checked and counted."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from builder.heroes.army.models import ArmyList, HeroEntry, OptionPick
from builder.heroes.army.resolve import Group, Placed, ResolvedArmy, resolve
from builder.heroes.army.slots import slot_issues
from builder.heroes.army.summary import MAX_BLUFF, MAX_NUMBERED, MAX_SPECIAL, ArmySummary, summary_of
from builder.heroes.army.usability import usability_issues
from builder.heroes.catalogue.index import Catalogue, close_matches
from builder.heroes.catalogue.recruitment import Hero, RecruitmentOption
from builder.kernel.diagnostics import Issue, error, info, join_or, plural, warning


def validate(army: ArmyList, catalogue: Catalogue) -> list[Issue]:
    return check(army, catalogue)[0]


def check(army: ArmyList, catalogue: Catalogue) -> tuple[list[Issue], ArmySummary]:
    """The issues of a list and its summary, resolving the list once for both."""
    resolved = resolve(army, catalogue)
    summary = summary_of(resolved)
    issues = [
        *_faction_issues(resolved),
        *_stamp_issues(resolved),
        *_group_issues(resolved),
        *_free_option_issues(resolved),
        *_uniqueness_issues(resolved),
        *_points_issues(summary),
        *_order_issues(summary),
        *_marker_limit_issues(resolved),
    ]
    return issues, summary


def _faction_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    army, catalogue = resolved.army, resolved.catalogue
    faction = catalogue.factions.get(army.faction)
    if faction is None:
        yield _unknown(catalogue, "factions", army.faction, "faction")
    elif faction.game not in (army.game, None):
        yield error(
            "army.game",
            "game",
            f"The list says it is for {army.game.full_name}, but {faction.name} is a "
            f"{faction.game.full_name if faction.game else 'Heroes System'} faction.",
            f"Set game to {faction.game.value if faction.game else army.game.value}.",
        )


def _stamp_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    stamp, catalogue = resolved.army.catalogue, resolved.catalogue
    if stamp is not None and stamp.revision != catalogue.revision:
        yield info(
            "catalogue.revision",
            "catalogue.revision",
            f"This list was saved against catalogue revision {stamp.revision}; the catalogue "
            f"is now at {catalogue.revision}.",
            "Costs or slots may have changed; saving the list stamps the new revision.",
        )


# What an unknown id or a foreign entry is called in messages, per catalogue section.
_SECTIONS = {
    "factions": ("faction", "faction"),
    "tiles": ("tile", "recruitment tile"),
    "heroes": ("hero", "hero"),
    "options": ("option", "recruitment option"),
}


def _unknown(catalogue: Catalogue, section: str, entry_id: str, path: str) -> Issue:
    code, what = _SECTIONS[section]
    close = catalogue.did_you_mean(entry_id, section)
    return error(
        f"{code}.unknown",
        path,
        f"The catalogue has no {what} {entry_id!r}.",
        f"Did you mean {join_or(repr(c) for c in close)}?"
        if close
        else "Check the id, or add the entry to your catalogue.",
    )


def _foreign(catalogue: Catalogue, section: str, name: str, faction: str, path: str, army_faction: str) -> Issue:
    code, what = _SECTIONS[section]
    return error(
        f"{code}.faction",
        path,
        f"{name} is a {catalogue.name_of('factions', faction)} {what}; this army is "
        f"{catalogue.name_of('factions', army_faction)}.",
        f"Choose a {what} of the army's faction" + (", or a common one." if section == "options" else "."),
    )


def _group_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    catalogue, army = resolved.catalogue, resolved.army
    present_tiles = {g.catalogue_id for g in resolved.groups if g.recruit is not None}
    for group in resolved.groups:
        section = "heroes" if isinstance(group.entry, HeroEntry) else "tiles"
        recruit = group.recruit
        if recruit is None:
            yield _unknown(catalogue, section, group.catalogue_id, group.path)
            continue
        if not catalogue.belongs_to(recruit.faction, recruit.game, army.faction):
            yield _foreign(catalogue, section, recruit.name, recruit.faction, group.path, army.faction)
        if isinstance(recruit, Hero) and recruit.requires_tile and not present_tiles & set(recruit.requires_tile):
            needed = join_or(catalogue.name_of("tiles", t) for t in recruit.requires_tile)
            yield error(
                "hero.requires",
                group.path,
                f"{recruit.name} can only be recruited beside {needed}, and the army has none.",
                f"Add {needed} to the army.",
            )
        yield from _slot_entry_issues(resolved, group)
        yield from _empty_unlock_notes(group)


def _slot_entry_issues(resolved: ResolvedArmy, group: Group) -> Iterator[Issue]:
    catalogue = resolved.catalogue
    recruit = group.recruit
    assert recruit is not None
    for placed in group.placed:
        if placed.slot is None:
            slots = [slot.id for slot in recruit.slots]
            yield error(
                "slot.unknown",
                placed.path,
                f"{group.title} has no slot {placed.slot_id!r}; "
                + (f"its slots are {join_or(slots)}." if slots else "it has no slots."),
                f"Did you mean {join_or(repr(s) for s in close_matches(placed.slot_id or '', slots) or slots)}?"
                if slots
                else "Remove the option, or field it on another tile.",
            )
        option = placed.option
        if option is None:
            yield _unknown(catalogue, "options", placed.pick.option, placed.path)
            continue
        yield from _option_issues(resolved, placed, option, group)
        if placed.slot is not None:
            yield from slot_issues(option, placed.slot, recruit, group.title, placed.path, catalogue)
        yield from usability_issues(resolved, option, group, placed.path)


def _option_issues(
    resolved: ResolvedArmy, placed: Placed, option: RecruitmentOption, group: Group | None
) -> Iterator[Issue]:
    """Faction, sub-faction and choice: what any option must satisfy wherever it is."""
    catalogue, army = resolved.catalogue, resolved.army
    if not catalogue.belongs_to(option.faction, option.game, army.faction):
        yield _foreign(catalogue, "options", option.name, option.faction, placed.path, army.faction)
    if option.requires_tags:
        yield from _tag_issues(resolved, placed, option, group)
    yield from _choice_issues(placed.pick, option, placed.path, catalogue)


def _tag_issues(
    resolved: ResolvedArmy, placed: Placed, option: RecruitmentOption, group: Group | None
) -> Iterator[Issue]:
    """Sub-faction restrictions such as SS Spirit's "Restricted to SS" (BfC p.09). An option
    on a tile serves that tile; on a command tile, or fielded free, it serves the whole army
    (HoN core p.28), so any tile of the sub-faction will do."""
    army_wide = group is None or group.is_command
    if army_wide or group is None:
        tags = set(resolved.tags)
    else:
        tags = set(group.recruit.tags) if group.recruit is not None else set()
        tags.update(tag for f in resolved.fielded_by(group) for tag in f.unit.tags)
    missing = [tag for tag in option.requires_tags if tag not in tags]
    if missing:
        wanted = join_or(t.upper() for t in missing)
        where = "the army has no such tile" if army_wide or group is None else f"{group.title} is not"
        yield error(
            "option.restricted",
            placed.path,
            f"{option.name} is restricted to {wanted}, and {where}.",
            "Field it with a tile of that sub-faction.",
        )


def _choice_issues(pick: OptionPick, option: RecruitmentOption, path: str, catalogue: Catalogue) -> Iterator[Issue]:
    """Choices made when the army is built are recorded and checked (BfC p.08-09)."""
    choice = option.choice
    if choice is None:
        if pick.choice:
            yield error(
                "choice.unexpected",
                f"{path}.choice",
                f"{option.name} asks for no choice, but the list records {join_or(pick.choice)}.",
                "Remove the choice.",
            )
        return

    def name(pick_id: str) -> str:
        return catalogue.name_of("markers", pick_id) if choice.markers else pick_id

    among = join_or(name(a) for a in choice.among)
    if not pick.choice:
        yield error(
            "choice.missing",
            f"{path}.choice",
            f"{option.name} asks for {choice.prompt.rstrip('.')}: pick {choice.count} among {among}; none is recorded.",
            f"Record the choice, e.g. choice: [{', '.join(choice.among[: choice.count])}].",
        )
        return
    invalid = [p for p in pick.choice if p not in choice.among]
    if invalid:
        yield error(
            "choice.invalid",
            f"{path}.choice",
            f"{option.name} may pick among {among}, not {join_or(repr(p) for p in invalid)}.",
            "Pick only what the option offers.",
        )
    if len(pick.choice) != choice.count:
        yield error(
            "choice.count",
            f"{path}.choice",
            f"{option.name} takes {choice.count} picks; the list records {len(pick.choice)}.",
            f"Record exactly {choice.count}.",
        )
    repeated = sorted({p for p in pick.choice if pick.choice.count(p) > 1})
    if repeated and not choice.repeat:
        yield error(
            "choice.repeat",
            f"{path}.choice",
            f"{option.name} may not pick the same thing twice, and {join_or(name(r) for r in repeated)} is repeated.",
            "Pick different entries.",
        )


def _empty_unlock_notes(group: Group) -> Iterator[Issue]:
    recruit = group.recruit
    assert recruit is not None
    filled = set(group.entry.slots)
    for slot in recruit.slots:
        if slot.id in filled or slot.unlocks is None:
            continue
        what = []
        if slot.unlocks.order_stars:
            what.append(plural(slot.unlocks.order_stars, "order star"))
        if slot.unlocks.ability is not None:
            what.append(f"the {slot.unlocks.ability.id.replace('-', ' ')} ability")
        if what:
            yield info(
                "slot.empty-unlock",
                f"{group.path}.slots.{slot.id}",
                f"The {slot.id} slot of {group.title} is empty; filling it unlocks {' and '.join(what)}.",
            )


def _free_option_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    catalogue = resolved.catalogue
    for placed in resolved.free:
        option = placed.option
        if option is None:
            yield _unknown(catalogue, "options", placed.pick.option, placed.path)
            continue
        if not option.free:
            yield error(
                "option.not-free",
                placed.path,
                f"{option.name} is not a free option: it goes in a slot of a recruitment tile.",
                "Move it into a slot whose stripes match it.",
            )
        yield from _option_issues(resolved, placed, option, None)


def _uniqueness_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    """A hero or named character may be fielded once per army."""
    seen: dict[str, list[str]] = defaultdict(list)
    names: dict[str, str] = {}
    for group in resolved.groups:
        if group.recruit is not None and (group.recruit.unique or isinstance(group.recruit, Hero)):
            seen[f"recruit:{group.catalogue_id}"].append(group.path)
            names[f"recruit:{group.catalogue_id}"] = group.recruit.name
    for placed in resolved.placed():
        if placed.option is not None and placed.option.unique:
            seen[f"option:{placed.option.id}"].append(placed.path)
            names[f"option:{placed.option.id}"] = placed.option.name
    for fielded in resolved.fielded():
        if fielded.unit.unique:
            seen[f"unit:{fielded.unit.id}"].append(fielded.path)
            names[f"unit:{fielded.unit.id}"] = fielded.unit.name
    for key, paths in seen.items():
        if len(paths) > 1:
            yield error(
                "unique.duplicate",
                paths[1],
                f"{names[key]} is unique and may be fielded once per army; this list fields "
                f"{plural(len(paths), 'copy', 'copies')} ({', '.join(paths)}).",
                "Remove the extra copies.",
            )


def _points_issues(summary: ArmySummary) -> Iterator[Issue]:
    left = summary.points_left
    if left is not None and left < 0:
        yield error(
            "points.over",
            "points_limit",
            f"The army costs {summary.points} points, {-left} over its {summary.points_limit}-point limit.",
            "Remove options or tiles worth at least that much.",
        )


def _order_issues(summary: ArmySummary) -> Iterator[Issue]:
    """Order tokens (HoN core p.8): capped at 10 numbered, 2 bluff, 2 special; an army with
    no numbered or special token loses at once (sudden death)."""
    orders = summary.orders
    if orders.numbered == 0 and orders.special == 0:
        yield error(
            "orders.none",
            "tiles",
            "The army has no order star, so no numbered or special order token: it would lose "
            "at the first Order Phase (sudden death).",
            "Add an officer, a command tile or an option that gives orders, such as Planning.",
        )
    if orders.star_total > MAX_NUMBERED:
        yield warning(
            "orders.wasted",
            "tiles",
            f"The army has {orders.star_total} order stars; only {MAX_NUMBERED} numbered order tokens "
            f"can be used, so {orders.star_total - MAX_NUMBERED} are wasted.",
            "Spend those points elsewhere.",
        )
    if orders.bluff_total > MAX_BLUFF:
        yield warning(
            "bluffs.wasted",
            "tiles",
            f"The army would have {orders.bluff_total} bluff tokens; at most {MAX_BLUFF} can be used.",
            "One Bluff option is enough.",
        )
    if orders.special_total > MAX_SPECIAL:
        yield warning(
            "special.wasted",
            "tiles",
            f"The army would have {orders.special_total} special order tokens; at most {MAX_SPECIAL} can be used.",
        )


def _marker_limit_issues(resolved: ResolvedArmy) -> Iterator[Issue]:
    """Markers the army's options give beyond the most the book allows at once: "You cannot
    have more than two Totems at the same time during a battle" (SoN p.16)."""
    counts: dict[str, int] = defaultdict(int)
    paths: dict[str, list[str]] = defaultdict(list)
    for placed in resolved.placed():
        for given in placed.option.markers if placed.option is not None else ():
            counts[given.id] += given.count
            paths[given.id].append(placed.path)
    markers = resolved.catalogue.markers
    for marker_id, total in sorted(counts.items()):
        marker = markers.get(marker_id)
        if marker is None or marker.at_most is None or total <= marker.at_most:
            continue
        yield error(
            "markers.too-many",
            paths[marker_id][-1],
            f"The army's options give {total} {marker.name} markers ({', '.join(paths[marker_id])}); "
            f"never more than {marker.at_most} at once ({marker.source}).",
            f"Remove options until they give at most {marker.at_most}.",
        )
