"""What Shadows over Normandie adds to a game in play (SoN p.11, p.14-15, p.18): the Madness
bag and the Search bag, the Madness tokens left on units, the spells each Character may cast
and the spell markers on the battlefield. The GameState holds one `Mythos`; the rules that
use it are mythos/terror.py, mythos/madness.py, mythos/spells.py and mythos/search_checks.py.

It also answers what the Mythos abilities give a unit: its Mythos Manifestation value, its
Mythos Hunter bonus (printed, or from an Enchant Unit marker) and Faith."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from builder.heroes.catalogue.recruitment import RecruitmentOption
from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.pieces import Piece, Square


class Madness(StrEnum):
    """The Madness tokens (SoN p.11), by their catalogue marker id."""

    STEADY = "son-steady"
    RAGE = "son-rage"
    CATATONIA = "son-catatonia"
    PARANOIA = "son-paranoia"
    SUICIDE = "son-suicide"
    FEAR = "son-fear"
    HYSTERIA = "son-hysteria"

    @property
    def label(self) -> str:
        return self.name.capitalize()


# The tokens SoN p.11 leaves on the unit: they act in the next round (the others act at once).
LEFT_ON_UNIT = frozenset({Madness.RAGE, Madness.CATATONIA, Madness.PARANOIA, Madness.HYSTERIA})
# ...and those that keep the unit from receiving an Order token the next round.
NO_ORDER = frozenset({Madness.RAGE, Madness.CATATONIA, Madness.PARANOIA})


class Boon(StrEnum):
    """What a standing Totem gives its side at the beginning of the Order Phase (SoN p.16)."""

    ORDER = "order"
    CARD = "card"


@dataclass
class Totem:
    """A Totem on the board: its side, its interspace, whether it still stands, and the
    advantage chosen for this round."""

    side: str
    at: tuple[int, int]
    standing: bool = True
    boon: Boon | None = None


@dataclass(frozen=True)
class Perch:
    """The unit a Dragon is on (SoN p.16), and on which sides of its counter it added Terrifying."""

    carrier: str
    added: tuple[bool, ...]


@dataclass(frozen=True)
class Afflicted:
    """A Madness token left on a unit, drawn in `turn`: it acts in the round after."""

    madness: Madness
    turn: int


@dataclass(frozen=True)
class KnownSpell:
    """A spell option on a recruitment tile: the tile's Character casts it (SoN p.4, p.14)."""

    side: str
    group: str  # the tile's path in the army list: "tiles[2]"
    option: RecruitmentOption
    found: bool = False  # drawn from the Search bag during the game (SoN p.11)


@dataclass(frozen=True)
class SpellMarker:
    """A spell's marker on a unit or square: out of its caster's hands until retrieved (SoN p.14)."""

    spell: str  # the spell option id
    group: str  # "side/tiles[2]": the tile whose spell it is
    turn: int  # the turn it was placed in
    value: int = 0  # Enchant Unit: the Mythos Hunter it gives, 2 then 1 (SoN p.15)


@dataclass(frozen=True)
class LaidCloud:
    """A Toxic Cloud's token on the board until the end of the Supply Phase (SoN p.16)."""

    side: str  # the Overlord's
    group: str | None  # the tile path of the option whose token it is
    squares: frozenset[Square]


@dataclass
class Mythos:
    """The Shadows over Normandie state of one game."""

    madness_bag: list[Madness] = field(default_factory=list)
    search_bag: list[RecruitmentOption] = field(default_factory=list)
    afflicted: dict[str, Afflicted] = field(default_factory=dict)  # piece key -> token left on it
    spells: list[KnownSpell] = field(default_factory=list)
    on_units: dict[str, list[SpellMarker]] = field(default_factory=dict)  # piece key -> spell markers
    barriers: dict[Square, SpellMarker] = field(default_factory=dict)  # Mythos Barrier tokens
    clouds: dict[Square, LaidCloud] = field(default_factory=dict)  # interspace -> Toxic Cloud (p.16)
    summonable: dict[str, Unit] = field(default_factory=dict)  # the creatures summoning tiles call (p.15)
    summoned: dict[str, tuple[str, str]] = field(default_factory=dict)  # piece key -> (tile, spell)
    search_tokens: set[Square] = field(default_factory=set)
    found: list[tuple[str, str, RecruitmentOption]] = field(default_factory=list)  # (side, tile path, option)
    aid: dict[str, str] = field(default_factory=dict)  # Medic key -> the unit its Aid marker is on
    avoided: dict[str, bool] = field(default_factory=dict)  # Medic key -> the hit avoided eliminated
    treated: set[str] = field(default_factory=set)  # Aid removed this Supply Phase: no rally yet
    jammed: set[str] = field(default_factory=set)  # Jury-rigged units whose material broke (p.17)
    poisoned: dict[str, list[str]] = field(default_factory=dict)  # key -> a poisoner side a marker (p.16)
    dragons: dict[str, Perch] = field(default_factory=dict)  # "side/tile" -> the unit its Dragon is on (p.16)
    totems: list[Totem] = field(default_factory=list)  # the Deep Ones' Totems on the board (p.16)
    # By side, a tile path per empty slot bordered by a white or green band (SoN p.11).
    open_slots: dict[str, list[str]] = field(default_factory=dict)

    def markers_on(self, key: str, spell: str | None = None) -> list[SpellMarker]:
        return [m for m in self.on_units.get(key, []) if spell is None or m.spell == spell]

    def put(self, key: str, marker: SpellMarker) -> None:
        self.on_units.setdefault(key, []).append(marker)

    def take(self, key: str, marker: SpellMarker) -> None:
        """A marker retrieved from a unit: its spell may be cast again (SoN p.14)."""
        held = self.on_units.get(key, [])
        held.remove(marker)
        if not held:
            self.on_units.pop(key, None)

    def out(self, group: str, spell: str) -> list[tuple[str | Square, SpellMarker]]:
        """The markers of `group`'s spell on the battlefield, where they are."""
        found: list[tuple[str | Square, SpellMarker]] = [
            (key, m) for key, held in self.on_units.items() for m in held if m.group == group and m.spell == spell
        ]
        found += [(sq, m) for sq, m in self.barriers.items() if m.group == group and m.spell == spell]
        return found

    def keeps_suppressed(self, key: str) -> bool:
        """A unit with an Aid marker, or treated this Supply Phase, keeps its Suppressed
        marker (SoN p.18)."""
        return key in self.treated or key in self.aid.values()

    def sweep(self, alive: set[str]) -> None:
        """Units gone from the battlefield: their Madness tokens go back in the bag (SoN p.11)
        and their spell markers are retrieved (Rust: "if the vehicle is destroyed, you
        retrieve the markers", p.15)."""
        for key in [k for k in self.afflicted if k not in alive]:
            self.madness_bag.append(self.afflicted.pop(key).madness)
        for key in [k for k in self.on_units if k not in alive]:
            del self.on_units[key]
        for medic in [m for m, patient in self.aid.items() if m not in alive or patient not in alive]:
            del self.aid[medic]  # hon: the Aid marker goes with an eliminated Medic or patient


@dataclass(frozen=True)
class Cast:
    """A Character casts a spell instead of a Movement or Firing Action, with an Order token
    (SoN p.14): at a unit (`target`), a square (`at`) or in a direction (`facing`, a flame
    template), spending `sigils` Blood Sigils."""

    spell: str  # the spell option id
    target: str | None = None
    at: Square | None = None
    sigils: int = 0
    facing: int | None = None  # 0-7, north clockwise (Blessing of the Black Sun, SoN p.15)


@dataclass(frozen=True)
class FireAtTotem:
    """A unit with Destruction fires at the enemy Totem on the interspace `at` (SoN p.16-17)."""

    at: tuple[int, int]


@dataclass(frozen=True)
class Treat:
    """A Medic removes its Aid marker from the adjacent unit it treats (SoN p.18)."""


@dataclass(frozen=True)
class SearchCheck:
    """A Search check instead of an action, by a unit on or next to a Search token (SoN p.11)."""


MANIFESTATION = "mythos-manifestation"
HUNTER = "mythos-hunter"
DRAGON = "son-dragon"  # Ariane's Dragon: Terrifying and Mythos Hunter 1 on the unit it is on (SoN p.16)
DRAGON_HUNTER = 1


def manifestation(piece: Piece) -> int | None:
    """The piece's Mythos Manifestation value (SoN p.18), None without the ability."""
    if not piece.side.has(MANIFESTATION):
        return None
    return piece.side.ability_value(MANIFESTATION) or 0


def mythos_hunter(mythos: Mythos, piece: Piece) -> int:
    """Every Mythos Hunter bonus the unit has, added up (SoN p.18: "this bonus can be added to
    all other Mythos Hunter bonuses coming from spells, Character traits, cards"): its printed
    ability, its Enchant Unit marker and a Dragon on it (Mythos Hunter 1, SoN p.16)."""
    printed = (piece.side.ability_value(HUNTER) or 1) if piece.side.has(HUNTER) else 0
    dragon = DRAGON_HUNTER * sum(1 for perch in mythos.dragons.values() if perch.carrier == piece.key)
    return printed + dragon + sum(m.value for m in mythos.markers_on(piece.key, "son-enchant-unit"))


def bars(mythos: Mythos, piece: Piece, squares: list[Square]) -> bool:
    """Whether a Mythos Barrier token stands on any of `squares` for this unit: Mythos
    Manifestations cannot cross it (SoN p.15); hon has no underground movement."""
    return bool(mythos.barriers) and manifestation(piece) is not None and any(sq in mythos.barriers for sq in squares)


def has_faith(piece: Piece) -> bool:
    """Faith: never subjected to Terror checks (SoN p.17)."""
    return piece.side.has("faith")
