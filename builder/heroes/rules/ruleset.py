"""What differs between the games of the Heroes System, as data chosen by the scenario's
game, not as `if game == ...` scattered through the rules (DESIGN.md 7)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.units import UnitType


@dataclass(frozen=True)
class Ruleset:
    game: Game
    book: str  # how pages are cited: "HoN core", "SoN"
    # Shots longer than this many squares are at long range, -2 (HoN core p.14; SoN p.8).
    long_range_beyond: int = 7
    long_range_penalty: int = 2
    # Night and fog cap every shot's range (SoN p.11); None: no cap.
    max_range: int | None = None
    # Squares within which a concealed unit in terrain is spotted (HoN core p.21; SoN p.17).
    spot_in_terrain: int = 2
    # Squares within which a concealed unit in the open is spotted: None, any clear LoS (HoN
    # core p.21; SoN p.17); at night 2, in fog 3 ("a unit can hide in open terrain if no enemy
    # is within 2 spaces with a clear LoS on the hidden unit", SoN p.11).
    spot_in_open: int | None = None
    # Interspaces added to Indirect Fire's dispersion: 2 at night and in fog (SoN p.11).
    scatter_added: int = 0
    # An Indirect Fire unit seeing its target fires directly (HoN core p.23); not at night nor
    # in fog: "No direct fire with the Indirect Fire Special Ability" (SoN p.11).
    indirect_fires_direct: bool = True
    # Destruction points that remove a wreck (HoN core p.19, p.22): printed on each wreck's
    # symbol, which the catalogue does not hold; hon's reading is 2, what one heavy vehicle
    # driving over both squares of a wreck deals in a Movement Action (p.10).
    wreck_structure: int = 2
    # A unit with Destruction rolls at the structure of a unit it assaults (HoN core p.22:
    # "during a Firing Action or an Assault"); SoN p.17 names firing only.
    assault_destroys: bool = True
    # The marker a Veteran option gives (HoN core p.30; SoN p.16 calls them tokens, its own id).
    veteran_marker: str = "veteran"
    # SoN p.17: spotting is checked on every square an enemy infantry unit or light vehicle
    # moves through; HoN core p.21 checks at the end of its Movement Action.
    spot_on_every_square: bool = False
    # A unit entering rough terrain takes a Suppressed marker (SoN p.12).
    rough_terrain_suppresses: bool = False
    # The abilities adding 1 to a damage location roll: Piercing (HoN core p.24), called
    # Perforating in SoN (p.18).
    piercing_abilities: tuple[str, ...] = ("piercing",)
    # Large creatures get no defensive bonus from terrain (SoN p.11, p.19).
    creatures_ignore_terrain: bool = False
    # Machine Gunner with Suppressive Fire: HoN core p.33 doubles the combat value and then
    # splits it; SoN p.8 splits the attack bonus and then doubles each share.
    split_before_doubling: bool = False
    # A vehicle's assault on infantry that ties or loses: the vehicle, wrecked or not, takes
    # the square and the infantry is pushed aside (HoN core p.26); in SoN a beaten attacker
    # "is pushed back to the last space it held" and after a tie both stay (SoN p.7), with
    # no exception for vehicles.
    vehicle_overruns_infantry: bool = True
    # Where each rule is printed, for the modifiers' citations; a rule this book does not
    # print is cited from the HoN core rules (the system's base), then from SoN.
    rule_pages: tuple[tuple[str, int], ...] = ()
    # Who exerts a zone of control: every unit in HoN, though only infantry's hinders
    # movement (HoN core p.11-12); only infantry in SoN (p.5).
    zoc_exerted_by: frozenset[UnitType] = frozenset(UnitType)
    # HoN core p.20: a unit by a door extends its ZoC through it; SoN p.5: "the ZoC of a
    # unit in a building does not extend outside the building".
    zoc_through_doors: bool = True
    # Infantry block the LoS between a firer and a target of these types: both infantry in
    # HoN (core p.13); in SoN "unless the target or the unit firing is a vehicle" (p.8).
    infantry_screens: frozenset[UnitType] = frozenset({UnitType.INFANTRY})
    # SoN p.18 (Order(s)): "If the unit is hit or eliminated, adjust your number of Order
    # tokens at the beginning of the next Order phase": a hit officer gives the stars its
    # damaged side prints. HoN core p.8 takes the tokens away only when the unit is lost.
    orders_follow_hits: bool = False
    # An obscuring element between two spaces: BfC p.04 spares a firer adjacent to it; SoN
    # p.11 spares "units in the spaces adjacent on either side", the target's as well.
    line_spares_target: bool = False
    # HoN core p.13: a vehicle of two or more squares traces its LoS "from the center of any
    # square occupied by the Vehicle or any point between them", and is aimed at the same way;
    # SoN p.8 names only "the center of either of the two (or four) spaces".
    los_between_centres: bool = True
    # The symbols of difficult passages a unit leaves freely: SoN p.12's Mud and Hedgerow
    # stop a unit that enters or moves within them, and "its next movement will be free if it
    # leaves". Any other difficult passage holds a unit working its way out to one square
    # (HoN core p.18; SoN p.11).
    leaves_freely: frozenset[str] = frozenset()

    def page(self, page: int | str) -> str:
        return f"{self.book} p.{page}"

    def cite(self, rule: str) -> str:
        """The page a rule is printed on: `cite("double-hit")` -> "HoN core p.15"."""
        found = self._citations.get(rule)
        if found is None:
            raise KeyError(f"no page known for the rule {rule!r}")
        return found

    @cached_property
    def _citations(self) -> dict[str, str]:
        """Every rule's citation, worked out once: a game cites tens of thousands of times.
        This book's pages first, then the HoN core rules (the system's base), then SoN."""
        found: dict[str, str] = {}
        for book, pages in ((SON_BOOK, SON_PAGES), (HON_BOOK, HON_PAGES), (self.book, self.rule_pages)):
            found.update((rule, f"{book} p.{page}") for rule, page in pages)
        return found


HON_BOOK = "HoN core"
SON_BOOK = "SoN"
# HoN core pages, inferred from the book's own cross-references (its text has no page marks).
HON_PAGES: tuple[tuple[str, int], ...] = (
    ("movement", 9),
    ("suppressed-movement", 9),
    ("forced-move", 9),  # an X Movement Value: destroyed instead of a Forced Move
    ("vehicle-movement", 10),
    ("running-over", 10),
    ("crushing-wrecks", 10),
    ("pushing-wrecks", 11),
    ("zone-of-control", 11),
    ("vehicle-zone-of-control", 12),
    ("line-of-sight", 13),
    ("obstacle", 18),
    ("difficult-passage", 18),
    ("impassable", 18),
    ("water", 18),
    ("no-passage", 18),
    ("buildings", 20),
    ("tripod", 21),
    ("scout", 26),
    ("attack-type", 13),
    ("facing", 14),
    ("firing-arc", 14),
    ("long-range", 14),
    ("fire", 15),
    ("double-hit", 15),
    ("damage", 15),
    ("suppressed", 16),
    ("terrain", 18),
    ("ambush", 21),
    ("change-of-state", 21),
    ("spotting", 21),
    ("destruction", 22),
    ("structure", 18),
    ("rubble", 22),  # a destroyed building turns over to its rubble side
    ("crew", 21),
    ("anti-aircraft", 22),
    ("artillery-spotter", 22),
    ("flamethrower", 22),
    ("howitzer", 23),
    ("indirect-fire", 23),
    ("sniper", 24),
    ("grenade", 29),
    ("dual-weapon", 22),
    ("limited-range", 22),
    ("fire-on-the-move", 23),
    ("frightening-shot", 23),
    ("machine-gunner", 24),
    ("piercing", 24),
    ("suppressive-fire", 24),
    ("opportunity-fire", 24),
    ("assault", 25),
    ("assault-results", 26),
    ("assault-arc", 26),
    ("positive-waves", 26),  # the unnamed description under 6.4, as hon reads it
    ("transport", 27),
    ("gear", 28),
    ("knife", 31),
    ("veteran", 30),
    ("fire-summary", 33),
    ("order-phase", 8),
    ("special-order", 8),
    ("initiative", 8),
    ("activation", 9),
    ("breaking-point", 15),
    ("supply-phase", 16),
    ("action-cards", 17),
    ("autonomous", 26),
)
SON_PAGES: tuple[tuple[str, int], ...] = (
    ("movement", 5),
    ("suppressed-movement", 5),
    ("vehicle-movement", 5),
    ("large-creature-movement", 5),
    ("zone-of-control", 5),
    ("vehicle-zone-of-control", 5),
    ("line-of-sight", 8),
    ("obstacle", 11),
    ("difficult-passage", 11),
    ("impassable", 11),
    ("water", 11),
    ("no-passage", 11),
    ("buildings", 12),
    ("difficult-terrain", 12),
    ("tripod", 19),
    ("scout", 18),
    ("attack-type", 8),
    ("facing", 8),
    ("long-range", 8),
    ("fire", 8),
    ("double-hit", 8),
    ("damage", 8),
    ("suppressed", 19),
    ("terrain", 11),
    ("large-creature", 11),
    ("ambush", 17),
    ("change-of-state", 17),
    ("spotting", 17),
    ("destruction", 17),
    ("dual-weapon", 17),
    ("fire-on-the-move", 17),
    ("hawkeye", 17),
    ("limited-range", 18),
    ("machine-gunner", 18),
    ("piercing", 18),
    ("sacrifice", 18),
    ("veteran", 16),
    ("suppressive-fire", 19),
    ("terrifying", 19),
    ("assault", 7),
    ("assault-results", 7),
    ("assault-arc", 7),
    ("fire-summary", 8),
    ("night", 11),
    # Shadows over Normandie's own mechanics (mythos/: state.py, terror.py, spells.py, search_checks.py).
    ("terror-checks", 11),
    ("search-checks", 11),
    ("mythos-manifestation", 18),
    ("mythos-hunter", 18),
    ("faith", 17),
    ("magician", 18),
    ("medic", 18),
    ("search", 18),
    ("spells", 14),
    ("spell-effects", 15),
    ("suffocating-cloud", 16),
    ("blood-sigil", 14),
    ("jury-rigged", 17),
    ("jump", 17),
    ("flying", 18),
    ("amphibious-ambush", 17),
    ("assault-variants", 17),
    ("equipment", 16),
    ("order-ability", 18),
    ("three-players", 10),
)

HON = Ruleset(game=Game.HON, book=HON_BOOK, rule_pages=HON_PAGES)
SON = Ruleset(
    game=Game.SON,
    book=SON_BOOK,
    rough_terrain_suppresses=True,
    assault_destroys=False,
    veteran_marker="son-veteran",
    piercing_abilities=("perforating", "piercing"),
    creatures_ignore_terrain=True,
    split_before_doubling=True,
    vehicle_overruns_infantry=False,
    spot_on_every_square=True,
    rule_pages=SON_PAGES,
    zoc_exerted_by=frozenset({UnitType.INFANTRY}),
    zoc_through_doors=False,
    infantry_screens=frozenset({UnitType.INFANTRY, UnitType.LARGE_CREATURE}),
    orders_follow_hits=True,
    line_spares_target=True,
    los_between_centres=False,
    leaves_freely=frozenset({"son-mud", "son-hedgerow"}),
)

# SoN p.11: at night shots reach 7 squares and "the penalty for long range starts at 5
# spaces", so a shot of 5 is at long range (beyond 4); in fog 9 and "starts at 6" (beyond 5).
# By day "beyond 7 spaces, shots suffer a -2 penalty" (SoN p.8, p.20): 8 is the first.
# Hidden units: discovered only from an adjacent square in a terrain overlay, and from 2
# (night) or 3 (fog) squares with a clear LoS in the open. Indirect Fire scatters 2
# interspaces more and never fires directly; its range is not capped.
NIGHT = {
    "max_range": 7,
    "long_range_beyond": 4,
    "spot_in_terrain": 1,
    "spot_in_open": 2,
    "scatter_added": 2,
    "indirect_fires_direct": False,
}
FOG = {**NIGHT, "max_range": 9, "long_range_beyond": 5, "spot_in_open": 3}


def ruleset_for(game: Game, night: bool = False, fog: bool = False) -> Ruleset:
    ruleset = SON if game is Game.SON else HON
    if night:
        ruleset = replace(ruleset, **NIGHT)  # type: ignore[arg-type]
    elif fog:
        ruleset = replace(ruleset, **FOG)  # type: ignore[arg-type]
    return ruleset
