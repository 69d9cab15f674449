"""Reinforcements from options (BfC p.14, p.16): a scenario event lets a side "bring in
reinforcements if he has free and valid slots on his Recruitment Tiles" - it fills them with
options, whose units "enter play in the squares marked with an arrow".

The options offered are the army's faction's (and common) support options that fit an empty
slot by the slot rule (HoN core p.6: shape, size, stripes); which ones is the player's choice,
asked of the policy. hon's readings where the book is silent (Way of the Cross's offered options
are icons lost from the text): any fitting support option; no points are counted; gear and
other options are not offered (they bring no unit); a support option at its Breaking Point
is discarded to free its slot (its units left in play stay, hon's reading), a gear option's
spent markers are not. The units enter through the event's zone, the new option a combat group
of its own (breaking as any other), told apart from the one it replaces by the turn it came."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from builder.heroes.army.edits import SetSlot
from builder.heroes.army.models import OptionPick
from builder.heroes.army.resolve import ResolvedArmy, resolve
from builder.heroes.army.slots import slot_issues
from builder.heroes.catalogue.recruitment import OptionKind, RecruitmentOption
from builder.heroes.rules.setup.placement import field_army
from builder.heroes.rules.state import GameState, combat_groups
from builder.kernel.decisions import Checked

_PATH = re.compile(r"^(tiles|heroes)\[(\d+)\]$")
TAG = "@"  # a group path's mark of the turn its option came in: "tiles[0].slots.a@3"


@dataclass(frozen=True)
class Offer:
    """A support option the side may put in an empty slot of one of its tiles."""

    section: str  # "tiles" or "heroes"
    index: int
    slot: str
    option: RecruitmentOption

    @property
    def path(self) -> str:
        return f"{self.section}[{self.index}].slots.{self.slot}"


def broken_options(state: GameState, side: str) -> frozenset[str]:
    """The slot paths of the side's support options at their Breaking Point: discarded, their
    slots are free again (BfC p.14, p.16)."""
    found = set()
    for key in state.broken:
        owner, _, path = key.partition("/")
        if owner == side and ".slots." in path:
            found.add(path.split(TAG)[0])
    return frozenset(found)


def offers(resolved: ResolvedArmy, freed: frozenset[str] = frozenset()) -> Iterator[Offer]:
    """Every fitting support option for every empty slot of the army's tiles and heroes, the
    `freed` slot paths (options discarded) counted empty."""
    catalogue, army = resolved.catalogue, resolved.army
    supports = [o for o in catalogue.options_of(army.faction) if o.kind is OptionKind.SUPPORT and not o.free]
    for group in resolved.groups:
        found = _PATH.match(group.path)
        if group.recruit is None or found is None:
            continue
        filled = {p.slot_id for p in group.placed if p.option is not None and p.path not in freed}
        for slot in group.recruit.slots:
            if slot.id in filled:
                continue
            for option in supports:
                where = f"{group.path}.slots.{slot.id}"
                if option.choice is None and not slot_issues(
                    option, slot, group.recruit, group.title, where, catalogue
                ):
                    yield Offer(found.group(1), int(found.group(2)), slot.id, option)


def take(state: GameState, side: str, chosen: Sequence[Offer], zone: str | None) -> list[str]:
    """Put the chosen options in their slots: their units wait off the battlefield to enter
    through `zone`, each option a combat group of its own. The ids of the options taken."""
    resolved = state.armies[side]
    army = resolved.army
    for offer in chosen:
        army = SetSlot(offer.section, offer.index, offer.slot, OptionPick(option=offer.option.id)).apply(army)
    resolved = state.armies[side] = resolve(army, resolved.catalogue)
    force = field_army(resolved, side)
    groups = combat_groups(resolved, side)
    tag = f"{TAG}{state.turn}"
    team = state.team_of(side)
    for offer in chosen:
        group = offer.path + tag
        found = groups[f"{side}/{offer.path}"]
        state.groups[f"{side}/{group}"] = replace(found, key=f"{side}/{group}")
        state.titles[f"{side}/{group}"] = force.titles.get(offer.path, offer.option.name)
        for piece in (p for p in force.pieces if p.group == offer.path):
            key = f"{side}/{group}/{piece.key.rsplit('/', 2)[1]}/{piece.key.rsplit('/', 1)[1]}"
            state.reserve[key] = replace(piece, key=key, group=group, team=team if team != side else "")
            if zone is not None:
                state.entries[key] = zone
    return [offer.option.id for offer in chosen]


def reinforcement_choices(state: GameState, side: str) -> Checked[tuple[Offer, ...]]:
    """What a side may take when a scenario event lets it fill its empty slots (BfC p.14, p.16):
    fitting support options, at most one a slot, in any order. Listed: none, or one of them."""
    resolved = state.armies.get(side)
    offered = tuple(offers(resolved, broken_options(state, side))) if resolved is not None else ()

    def allows(choice: object) -> bool:
        if not isinstance(choice, tuple) or not all(c in offered for c in choice):
            return False
        return len({c.path for c in choice}) == len(choice)

    return Checked(((), *((offer,) for offer in offered)), allows)
