"""What an army adds up to: points, order tokens, counters, breaking points, markers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from builder.heroes.army.models import ArmyList
from builder.heroes.army.resolve import Group, Placed, ResolvedArmy, resolve
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import Side

# HoN core p.8: "You can never have more than 10 Numbered Order Tokens, 2 Special Order
# Tokens, and 2 Bluff Order Tokens."
MAX_NUMBERED = 10
MAX_SPECIAL = 2
MAX_BLUFF = 2
# HoN core p.8: each player may place one Bluff Order Token.
BASE_BLUFFS = 1


@dataclass(frozen=True)
class Star:
    """Where order stars come from, for the summary and the roster."""

    source: str
    stars: int
    path: str
    # False when the count is an example: the book names the source but does not print how
    # many it gives (the option lists `grants` in its `unprinted` fields).
    printed: bool = True


@dataclass(frozen=True)
class OrderTokens:
    stars: tuple[Star, ...]
    bluff_sources: tuple[Star, ...]
    special_sources: tuple[Star, ...]

    @property
    def star_total(self) -> int:
        return sum(s.stars for s in self.stars)

    @property
    def numbered(self) -> int:
        return min(self.star_total, MAX_NUMBERED)

    @property
    def bluff_total(self) -> int:
        return BASE_BLUFFS + sum(s.stars for s in self.bluff_sources)

    @property
    def bluff(self) -> int:
        return min(self.bluff_total, MAX_BLUFF)

    @property
    def special_total(self) -> int:
        return sum(s.stars for s in self.special_sources)

    @property
    def special(self) -> int:
        return min(self.special_total, MAX_SPECIAL)


@dataclass(frozen=True)
class BreakingGroup:
    """A tile or support option that breaks: its counters, breaking point and the victory
    points the opponent scores when it breaks (HoN core p.6, p.28)."""

    name: str
    path: str
    counters: int
    breaking_point: int | None
    victory_points: int


@dataclass(frozen=True)
class ArmySummary:
    points: int
    points_limit: int | None
    orders: OrderTokens
    counters: dict[str, int]
    groups: tuple[BreakingGroup, ...]
    markers: dict[str, int]

    @property
    def points_left(self) -> int | None:
        return None if self.points_limit is None else self.points_limit - self.points

    @property
    def victory_points_at_stake(self) -> int:
        return sum(group.victory_points for group in self.groups)


def summarize(army: ArmyList, catalogue: Catalogue) -> ArmySummary:
    return summary_of(resolve(army, catalogue))


def summary_of(resolved: ResolvedArmy) -> ArmySummary:
    return ArmySummary(
        points=points_of(resolved),
        points_limit=resolved.army.points_limit,
        orders=order_tokens(resolved),
        counters=_counters(resolved),
        groups=_breaking_groups(resolved),
        markers=_markers(resolved),
    )


def points_of(resolved: ResolvedArmy) -> int:
    total = sum(g.recruit.cost for g in resolved.groups if g.recruit is not None)
    return total + sum(p.option.cost for p in resolved.placed() if p.option is not None)


def stars_of(side: Side) -> int:
    """The order stars a counter's side prints: Order(s) and Personal Order (HoN core p.8)."""
    return (side.ability_value("order") or 0) + (1 if side.has("personal-order") else 0)


def order_tokens(resolved: ResolvedArmy) -> OrderTokens:
    """Count order stars (HoN core p.8, step 2): officers' Order(s) and Personal Order
    abilities, tile stars and special abilities, stars unlocked by filled slots, and
    options such as Planning (HoN core p.30) and Hardened (BfC p.09)."""
    stars: list[Star] = []
    for fielded in resolved.fielded():
        count = stars_of(fielded.unit.front)
        if count:
            stars.append(Star(fielded.unit.name, count, fielded.path))
    for group in resolved.groups:
        stars.extend(_group_stars(group))
    bluffs: list[Star] = []
    specials: list[Star] = []
    for placed in resolved.placed():
        option = placed.option
        if option is None:
            continue
        printed = "grants" not in option.unprinted
        granted = option.grants.orders + sum(ref.value or 1 for ref in option.grants.abilities if ref.id == "order")
        if granted:
            stars.append(Star(option.name, granted, placed.path, printed))
        if option.grants.bluffs:
            bluffs.append(Star(option.name, option.grants.bluffs, placed.path, printed))
        if option.grants.special_orders:
            specials.append(Star(option.name, option.grants.special_orders, placed.path, printed))
    return OrderTokens(tuple(stars), tuple(bluffs), tuple(specials))


def _group_stars(group: Group) -> list[Star]:
    recruit = group.recruit
    if recruit is None:
        return []
    stars: list[Star] = []
    printed = recruit.order_stars
    if recruit.ability is not None and recruit.ability.id == "order":
        printed += recruit.ability.value or 1
    if printed:
        stars.append(Star(recruit.name, printed, group.path))
    for placed in group.placed:
        unlock = placed.slot.unlocks if placed.slot is not None else None
        if unlock is None or placed.option is None:
            continue
        unlocked = unlock.order_stars
        if unlock.ability is not None and unlock.ability.id == "order":
            unlocked += unlock.ability.value or 1
        if unlocked:
            stars.append(Star(f"{placed.slot_id} slot of {recruit.name}", unlocked, placed.path))
    return stars


def _counters(resolved: ResolvedArmy) -> dict[str, int]:
    counts = Counter(fielded.unit.type.value for fielded in resolved.fielded())
    return dict(sorted(counts.items()))


def _breaking_groups(resolved: ResolvedArmy) -> tuple[BreakingGroup, ...]:
    groups: list[BreakingGroup] = []
    for group in resolved.groups:
        if group.recruit is not None:
            recruit = group.recruit
            counters = recruit.counter_count
            groups.append(
                BreakingGroup(group.title, group.path, counters, recruit.breaking_point, recruit.victory_points)
            )
    for _, placed in resolved.supports():
        option = placed.option
        assert option is not None
        groups.append(
            BreakingGroup(option.name, placed.path, option.counter_count, option.breaking_point, option.victory_points)
        )
    return tuple(groups)


def _markers(resolved: ResolvedArmy) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for group in resolved.groups:
        if group.recruit is not None:
            for count in group.recruit.markers:
                counts[count.id] += count.count
    for placed in resolved.placed():
        counts.update(_option_markers(placed))
    return dict(sorted(counts.items()))


def _option_markers(placed: Placed) -> Counter[str]:
    counts: Counter[str] = Counter()
    option = placed.option
    if option is None:
        return counts
    for count in option.markers:
        counts[count.id] += count.count
    if option.choice is not None and option.choice.markers:
        counts.update(pick for pick in placed.pick.choice if pick in option.choice.among)
    return counts
