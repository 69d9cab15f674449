"""The two little bags of Shadows over Normandie (SoN p.11), filled at the start of a game
from the catalogue and drawn from with the game's seeded dice:

* the Madness bag: every Madness token (the catalogue's markers with `bag: madness`, as many
  of each as its `copies`);
* the Search bag: every customization and spell with a white or green back that no
  recruitment tile of either army holds, save those the book keeps out ("Don't put this …
  in the Search bag", p.14-15: `search_bag: false`).

A token drawn leaves the bag; tokens left on units go back when the unit is eliminated
(`Mythos.sweep`). hon's reading of "discard the Madness token": it leaves the game, as any
discarded marker does, so a long game may empty the bag; a unit that would draw from an
empty bag resists the Terror."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.glossary import Bag, Marker
from builder.heroes.catalogue.recruitment import OptionKind, RecruitmentOption
from builder.heroes.rules.mythos.state import Madness, Mythos
from builder.kernel.dice import Dice, uniform

# The backs of the tiles that go into the Search bag, and the bands of the slots a drawn tile
# may be put in (SoN p.11: "an empty space bordered by a white or green band").
SEARCH_BANDS = frozenset({"son-white", "son-green"})
SEARCHED_KINDS = frozenset({OptionKind.CUSTOMIZATION, OptionKind.SPELL})


def madness_bag(markers: Iterable[Marker]) -> list[Madness]:
    """Every Madness token, `copies` of each, in catalogue order."""
    found: list[Madness] = []
    for marker in markers:
        if marker.bag is Bag.MADNESS:
            found += [Madness(marker.id)] * (marker.copies or 1)
    return found


def search_bag(options: Iterable[RecruitmentOption], armies: Mapping[str, ResolvedArmy]) -> list[RecruitmentOption]:
    """The customizations and spells with a white or green back that no army assigned."""
    assigned = {p.option.id for army in armies.values() for p in army.placed() if p.option is not None}
    return [
        option
        for option in options
        if option.game is Game.SON
        and option.kind in SEARCHED_KINDS
        and option.search_bag
        and option.stripes
        and set(option.stripes) <= SEARCH_BANDS
        and option.id not in assigned
    ]


def fill(
    mythos: Mythos,
    markers: Iterable[Marker],
    options: Iterable[RecruitmentOption],
    armies: Mapping[str, ResolvedArmy],
) -> None:
    """Both bags at the beginning of a Shadows over Normandie game (SoN p.11)."""
    mythos.madness_bag = madness_bag(m for m in markers if m.game is Game.SON)
    mythos.search_bag = search_bag(options, armies)


def draw_madness(mythos: Mythos, dice: Dice) -> Madness | None:
    """One Madness token out of the bag, None when it is empty."""
    if not mythos.madness_bag:
        return None
    return mythos.madness_bag.pop(uniform(dice, len(mythos.madness_bag)))


def draw_search(mythos: Mythos, dice: Dice) -> RecruitmentOption | None:
    """One customization or spell out of the Search bag, None when it is empty."""
    if not mythos.search_bag:
        return None
    return mythos.search_bag.pop(uniform(dice, len(mythos.search_bag)))
