"""The assembled catalogue: bundled entries with a user folder layered over them,
looked up by id, searched by name, and asked "did you mean…?"."""

from __future__ import annotations

import difflib
import heapq
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar, cast

from builder.heroes.catalogue.base import Entry, Game
from builder.heroes.catalogue.glossary import Ability, Faction, Marker, Stripe, TerrainEffect
from builder.heroes.catalogue.kinds import KIND_BY_SECTION, KINDS, Kind
from builder.heroes.catalogue.recruitment import (
    COMMON_FACTION,
    Hero,
    RecruitmentOption,
    RecruitmentTile,
)
from builder.heroes.catalogue.units import Unit

if TYPE_CHECKING:  # imported with the sections that hold them (LATER)
    from builder.heroes.catalogue.cards import ActionCard
    from builder.heroes.catalogue.terrain import Board, TerrainType

E = TypeVar("E", bound=Entry)

# The layers an entry may come from (Origin.layer): see layers.py.
BUNDLED = "bundled"
USER = "user"


@dataclass(frozen=True)
class Origin:
    """Where an entry came from: a file (relative to its folder) in a layer."""

    file: str
    layer: str
    section: str
    index: int

    @property
    def path(self) -> str:
        return f"{self.section}[{self.index}]"


@dataclass(frozen=True)
class SearchHit:
    kind: Kind
    entry: Entry
    score: float


# The sections the army builder does not show (terrain, boards, action cards): a catalogue
# read from the cache reads them, and imports their models, only when first asked for.
LATER = ("terrain_effects", "terrain", "boards", "action_cards")


class Sections(Mapping[str, dict[str, Entry]]):
    """A catalogue's sections by name: those `ready`, and those read by `later` when first
    asked for (once, whichever thread asks; the reader, and what it holds, is dropped once
    it has read). Pickled as the plain dict of all of them (`builtins.dict`, a name the
    cache's unpickler refuses: the cache stores a catalogue's sections as a dict of its
    own, builder/io/catalogue_files.py)."""

    def __init__(
        self, ready: Mapping[str, dict[str, Entry]], later: Mapping[str, Callable[[], dict[str, Entry]]]
    ) -> None:
        self._names = [kind.section for kind in KINDS if kind.section in ready or kind.section in later]
        self._ready = dict(ready)
        self._later = dict(later)
        self._lock = threading.Lock()

    def __getitem__(self, section: str) -> dict[str, Entry]:
        found = self._ready.get(section)
        if found is None:
            with self._lock:
                if section not in self._ready:
                    self._ready[section] = self._later.pop(section)()
                found = self._ready[section]
        return found

    def __contains__(self, section: object) -> bool:
        return section in self._names  # without reading it, unlike Mapping's

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __reduce__(self) -> tuple[type[dict[str, dict[str, Entry]]], tuple[dict[str, dict[str, Entry]]]]:
        return dict, (dict(self.items()),)


@dataclass
class Catalogue:
    """Every entry by kind and id. Build one with `layers.assemble`."""

    entries: Mapping[str, dict[str, Entry]]
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    revision: str = "unsaved"
    date: str = ""

    # Typed views of the sections most code reads.
    @property
    def stripes(self) -> dict[str, Stripe]:
        return cast(dict[str, Stripe], self.entries["stripes"])

    @property
    def factions(self) -> dict[str, Faction]:
        return cast(dict[str, Faction], self.entries["factions"])

    @property
    def abilities(self) -> dict[str, Ability]:
        return cast(dict[str, Ability], self.entries["abilities"])

    @property
    def markers(self) -> dict[str, Marker]:
        return cast(dict[str, Marker], self.entries["markers"])

    @property
    def terrain_effects(self) -> dict[str, TerrainEffect]:
        return cast(dict[str, TerrainEffect], self.entries["terrain_effects"])

    @property
    def terrain(self) -> dict[str, TerrainType]:
        return cast("dict[str, TerrainType]", self.entries["terrain"])

    @property
    def boards(self) -> dict[str, Board]:
        return cast("dict[str, Board]", self.entries["boards"])

    @property
    def units(self) -> dict[str, Unit]:
        return cast(dict[str, Unit], self.entries["units"])

    @property
    def tiles(self) -> dict[str, RecruitmentTile]:
        return cast(dict[str, RecruitmentTile], self.entries["tiles"])

    @property
    def heroes(self) -> dict[str, Hero]:
        return cast(dict[str, Hero], self.entries["heroes"])

    @property
    def options(self) -> dict[str, RecruitmentOption]:
        return cast(dict[str, RecruitmentOption], self.entries["options"])

    @property
    def action_cards(self) -> dict[str, ActionCard]:
        return cast("dict[str, ActionCard]", self.entries["action_cards"])

    def __len__(self) -> int:
        return sum(len(section) for section in self.entries.values())

    def all_entries(self) -> Iterator[tuple[Kind, Entry]]:
        for kind in KINDS:
            for entry in self.entries[kind.section].values():
                yield kind, entry

    def find(self, entry_id: str) -> list[tuple[Kind, Entry]]:
        """Every entry with this id, whatever its kind (ids are unique per kind)."""
        return [
            (kind, self.entries[kind.section][entry_id]) for kind in KINDS if entry_id in self.entries[kind.section]
        ]

    def name_of(self, section: str, entry_id: str) -> str:
        """The printed name of an entry, or its id when it is unknown."""
        entry = self.entries[section].get(entry_id)
        return entry.name if entry is not None else entry_id

    def did_you_mean(self, entry_id: str, section: str, within: Iterable[str] | None = None) -> list[str]:
        """Close ids of one kind, best first, for "did you mean…?" hints."""
        candidates = list(within) if within is not None else list(self.entries[section])
        close = close_matches(entry_id, candidates)
        if close:
            return close
        # A name typed instead of an id: "Lt. Blean" for "us-lt-blean".
        by_name = {self.entries[section][c].name.lower(): c for c in candidates if c in self.entries[section]}
        return [by_name[name] for name in close_matches(entry_id.lower(), list(by_name))]

    def faction_game(self, faction_id: str) -> Game | None:
        faction = self.factions.get(faction_id)
        return faction.game if faction is not None else None

    def belongs_to(self, entry_faction: str, entry_game: Game | None, faction_id: str) -> bool:
        """May an army of `faction_id` field an entry of `entry_faction`? Common entries
        are open to every faction of the same game."""
        if entry_faction == faction_id:
            return True
        if entry_faction != COMMON_FACTION:
            return False
        game = self.faction_game(faction_id)
        return entry_game in (game, Game.COMMON)

    def tiles_of(self, faction_id: str) -> list[RecruitmentTile]:
        return [t for t in self.tiles.values() if t.faction == faction_id]

    def heroes_of(self, faction_id: str) -> list[Hero]:
        return [h for h in self.heroes.values() if h.faction == faction_id]

    def options_of(self, faction_id: str) -> list[RecruitmentOption]:
        return [o for o in self.options.values() if self.belongs_to(o.faction, o.game, faction_id)]

    def deck_of(self, faction_id: str) -> list[ActionCard]:
        """The action cards of a faction's deck, its own and those common to its game, by id
        (each stands for `count` copies; HoN core p.17)."""
        return sorted(
            (c for c in self.action_cards.values() if self.belongs_to(c.faction, c.game, faction_id)),
            key=lambda c: c.id,
        )

    def search(
        self, query: str, sections: Iterable[str] | None = None, faction: str | None = None, limit: int = 50
    ) -> list[SearchHit]:
        """Fuzzy search over names and ids, best first; `faction` keeps what that army can use."""
        wanted = [KIND_BY_SECTION[s] for s in sections] if sections is not None else list(KINDS)
        hits: list[SearchHit] = []
        for kind in wanted:
            for entry in self.entries[kind.section].values():
                if faction is not None and not self._usable_by(entry, faction):
                    continue
                score = max(fuzzy_score(query, entry.name), fuzzy_score(query, entry.id) * 0.9)
                if score > 0:
                    hits.append(SearchHit(kind, entry, score))
        hits.sort(key=lambda hit: (-hit.score, hit.entry.name))
        return hits[:limit]

    def _usable_by(self, entry: Entry, faction_id: str) -> bool:
        entry_faction = getattr(entry, "faction", None)
        if entry_faction is None:
            # Abilities, markers and stripes: keep those of the army's game.
            return entry.game in (self.faction_game(faction_id), Game.COMMON)
        return self.belongs_to(entry_faction, entry.game, faction_id)


# difflib compares a word with every candidate at some cost each; a list with a thousand
# unknown ids once spent seconds on its hints. The candidates sharing the most letter pairs
# with the word are the only ones difflib could rank first, so it sees only those.
SHORTLIST = 12


def close_matches(word: str, candidates: Iterable[str]) -> list[str]:
    """Up to three candidates that look like `word`, closest first."""
    found = list(candidates)
    if len(found) > SHORTLIST:
        pairs = _letter_pairs(word)
        found = heapq.nlargest(SHORTLIST, found, key=lambda c: len(pairs & _letter_pairs(c)))
    return difflib.get_close_matches(word, found, n=3, cutoff=0.55)


@lru_cache(maxsize=4096)
def _letter_pairs(word: str) -> frozenset[str]:
    return frozenset(word[i : i + 2] for i in range(len(word) - 1))


def fuzzy_score(query: str, text: str) -> float:
    """0 when `query` is not a subsequence of `text`; more for tighter, earlier matches."""
    q, t = query.lower().strip(), text.lower()
    if not q:
        return 1.0
    if q in t:
        start = t.index(q)
        at_word = start == 0 or not t[start - 1].isalnum()
        return 100.0 + (25.0 if at_word else 0.0) - start * 0.5 - (len(t) - len(q)) * 0.05
    score, previous, position = 0.0, -2, -1
    for char in q:
        position = t.find(char, position + 1)
        if position < 0:
            return 0.0
        if position == previous + 1:
            score += 3.0
        elif position == 0 or not t[position - 1].isalnum():
            score += 2.0
        else:
            score += 0.5
        previous = position
    return score
