"""The printed form of the catalogue entries a roster shows: counters with both sides,
abilities with their values, stripes with their colours, and the glossary of the special
abilities an army uses (HoN core p.4-5, p.21-27; SoN p.2, p.17-19)."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.glossary import ValueKind
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import CombatValues, DefenseColour, Side, Unit, Weapon

UNKNOWN_STRIPE = "#9a9a9a"
# The columns of a counter's combat values, one per target colour; a large creature's
# green shield has no column of its own (SoN p.7: any value may be used against it).
TARGETS = (DefenseColour.INFANTRY, DefenseColour.LIGHT, DefenseColour.HEAVY)


@dataclass(frozen=True)
class StripeMark:
    """A stripe colour with the colour to draw it in (the catalogue's Stripe)."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class AbilityMark:
    """A special ability with its printed value: "Assault +1", "Limited Range 4"."""

    id: str
    text: str


@dataclass(frozen=True)
class CombatValue:
    """A combat value against one target colour; "X" when it cannot attack it."""

    target: str  # infantry | light | heavy
    shield: str  # the target shield's colour name: yellow, purple, grey
    colour: str  # display colour
    value: str


@dataclass(frozen=True)
class WeaponSheet:
    name: str
    role: str  # primary | secondary | both (HoN core p.5: red and yellow outlines)
    combat: tuple[CombatValue, ...]
    abilities: tuple[AbilityMark, ...]
    arc: int | None


@dataclass(frozen=True)
class SideSheet:
    """One face of a counter (HoN core p.4-5)."""

    state: str
    name: str | None
    defense: str | None  # "6", or "8/6/5" front/side/rear for heavy vehicles
    movement: str | None
    combat: tuple[CombatValue, ...]
    weapons: tuple[WeaponSheet, ...]
    abilities: tuple[AbilityMark, ...]
    on_hit: str | None

    @property
    def is_wreck(self) -> bool:
        return self.state == "wreck"

    @property
    def rows(self) -> int:
        """Lines the side takes in a table: one per weapon, at least one."""
        return max(1, len(self.weapons))


@dataclass(frozen=True)
class CounterSheet:
    """A kind of counter in a block, with how many copies the block fields."""

    id: str
    name: str
    copies: int
    type: str
    role: str
    colour: str  # the defense colour: infantry, light, heavy, creature
    shield: str  # yellow, purple, grey, green
    shield_colour: str  # display colour of the shield
    footprint: int
    unique: bool
    sides: tuple[SideSheet, SideSheet]


@dataclass(frozen=True)
class GlossaryEntry:
    id: str
    name: str
    category: str
    summary: str
    source: str | None
    known: bool


def prose(text: str) -> str:
    """Catalogue text folded onto one line: YAML's folded blocks keep stray newlines."""
    return " ".join(text.split())


def stripe_mark(catalogue: Catalogue, stripe_id: str) -> StripeMark:
    stripe = catalogue.stripes.get(stripe_id)
    if stripe is None:
        return StripeMark(stripe_id, stripe_id, UNKNOWN_STRIPE)
    return StripeMark(stripe.id, stripe.name, stripe.colour.lower())


def ability_mark(ref: AbilityRef, catalogue: Catalogue) -> AbilityMark:
    """The ability as printed: the number in its symbol written the way its kind reads."""
    ability = catalogue.abilities.get(ref.id)
    name = ability.name if ability is not None else ref.id.replace("-", " ").capitalize()
    if ref.value is None:
        return AbilityMark(ref.id, name)
    kind = ability.value if ability is not None else ValueKind.NONE
    value = ref.value
    if kind is ValueKind.BONUS:
        shown = f"+{value}" if value >= 0 else str(value)
    elif kind is ValueKind.PENALTY:
        shown = str(value) if value <= 0 else f"-{value}"
    elif kind is ValueKind.STARS:
        shown = f"×{value}"
    elif kind is ValueKind.THRESHOLD:
        shown = f"{value}+"
    else:
        shown = str(value)
    return AbilityMark(ref.id, f"{name} {shown}")


def _combat(values: CombatValues | None) -> tuple[CombatValue, ...]:
    if values is None:
        return ()
    return tuple(
        CombatValue(target.value, target.shield, target.display, _rating(values.against(target))) for target in TARGETS
    )


def _rating(value: int | None) -> str:
    return "X" if value is None else str(value)


def _weapon(weapon: Weapon, catalogue: Catalogue) -> WeaponSheet:
    abilities = tuple(ability_mark(ref, catalogue) for ref in weapon.abilities)
    return WeaponSheet(weapon.name, weapon.role.value, _combat(weapon.combat), abilities, weapon.arc)


def _side(side: Side, catalogue: Catalogue) -> SideSheet:
    return SideSheet(
        state=side.state.value,
        name=side.name,
        defense=side.defense.label() if side.defense is not None else None,
        movement=None if side.defense is None else _rating(side.movement),
        combat=_combat(side.combat),
        weapons=tuple(_weapon(w, catalogue) for w in side.weapons),
        abilities=tuple(ability_mark(ref, catalogue) for ref in side.abilities),
        on_hit=side.on_hit.value if side.on_hit is not None else None,
    )


def counter_sheet(unit: Unit, copies: int, catalogue: Catalogue) -> CounterSheet:
    colour = unit.colour
    return CounterSheet(
        id=unit.id,
        name=unit.name,
        copies=copies,
        type=unit.type.label,
        role=unit.role.value.replace("-", " "),
        colour=colour.value,
        shield=colour.shield,
        shield_colour=colour.display,
        footprint=unit.footprint,
        unique=unit.unique,
        sides=(_side(unit.sides[0], catalogue), _side(unit.sides[1], catalogue)),
    )


def glossary_of(resolved: ResolvedArmy, catalogue: Catalogue) -> tuple[GlossaryEntry, ...]:
    """Only the special abilities present in this army: on its counters and their weapons,
    its tiles, the slots it fills and the options it takes."""
    present: set[str] = set()
    for fielded in resolved.fielded():
        for side in fielded.unit.sides:
            present.update(ref.id for ref in side.all_abilities())
    for group in resolved.groups:
        if group.recruit is not None and group.recruit.ability is not None:
            present.add(group.recruit.ability.id)
        for placed in group.placed:
            unlock = placed.slot.unlocks if placed.slot is not None else None
            if placed.option is not None and unlock is not None and unlock.ability is not None:
                present.add(unlock.ability.id)
    for placed in resolved.placed():
        if placed.option is not None:
            present.update(ref.id for ref in placed.option.grants.abilities)
    entries = []
    for ability_id in present:
        ability = catalogue.abilities.get(ability_id)
        if ability is None:
            name = ability_id.replace("-", " ").capitalize()
            entries.append(GlossaryEntry(ability_id, name, "", "Not described in the catalogue.", None, False))
        else:
            entries.append(
                GlossaryEntry(
                    ability.id,
                    ability.name,
                    ability.category.value.replace("-", " "),
                    prose(ability.summary),
                    ability.source,
                    True,
                )
            )
    return tuple(sorted(entries, key=lambda e: (e.name.lower(), e.id)))
