"""The cards (TCG p.4, p.9-13): Unit Cards with their face-down side, decoys, Hero Cards and
Event Cards, and the abilities and shooting effects printed on them as icons."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, model_validator

from builder.tcg.base import Id, Name, Part, Sourced, Text
from builder.tcg.terrain import Terrain

AUTOMATIC = "A"  # an activation value of A: the activation always succeeds (TCG p.11)
HIDDEN_ACTIVATION = 4  # a hidden Unit Card always activates on 4 (TCG p.16)
HIDDEN_SAVE = 6  # and is always fired upon with a save value of 6 (TCG p.16)


class UnitType(StrEnum):
    """The unit types of TCG p.13; a card has one or two of them."""

    HEADQUARTERS = "headquarters"
    INFANTRY = "infantry"
    ARTILLERY = "artillery"
    TANK = "tank"
    MECHANISED = "mechanised"
    FORTIFICATION = "fortification"
    PARATROOPER = "paratrooper"
    OSTTRUPPEN = "osttruppen"


# Paratroopers and Osttruppen are always another type as well (TCG p.13).
ALWAYS_PAIRED = frozenset({UnitType.PARATROOPER, UnitType.OSTTRUPPEN})
# The types that may "seize their position!" (TCG p.9, p.13): artillery, HQs and
# fortifications may not.
SEIZERS = frozenset({UnitType.TANK, UnitType.MECHANISED, UnitType.INFANTRY})


class EffectKind(StrEnum):
    """Shooting effects (TCG p.12): icons in the box of one or more shooting values."""

    ARMOUR_PIERCING = "armour-piercing"
    SUPPRESSIVE_ON_SEVEN = "suppressive-fire-seven"  # a roll of exactly 7: SUPPRESSED, any type
    SUPPRESSIVE_INFANTRY = "suppressive-fire-infantry"  # 7 or more: SUPPRESSED on infantry
    SUPPRESSIVE_HIT_INFANTRY = "suppressive-fire-hit-infantry"  # a HIT on infantry also suppresses
    SUPPRESSIVE_HIT_TANK = "suppressive-fire-hit-tank"  # a HIT on a tank also suppresses
    DOUBLE_HITS = "double-hits"
    FIRE_AGAIN = "fire-again"
    RELENTLESS_ASSAULT = "relentless-assault"  # value: bonus per SUPPRESSED marker on the target
    DEFENCELESS = "defenceless"
    LUMBERING = "lumbering"  # value: the shooting value used after moving
    SUSTAINED_FIRE = "sustained-fire"  # value: bonus to every roll


VALUED_EFFECTS = frozenset({EffectKind.RELENTLESS_ASSAULT, EffectKind.LUMBERING, EffectKind.SUSTAINED_FIRE})


class Effect(Part):
    kind: EffectKind
    value: int | None = Field(default=None, ge=1, le=12)

    @model_validator(mode="after")
    def _value_where_printed(self) -> Effect:
        if (self.kind in VALUED_EFFECTS) != (self.value is not None):
            need = "needs the number printed in its icon" if self.kind in VALUED_EFFECTS else "takes no number"
            raise ValueError(f"the {self.kind.value} shooting effect {need}")
        return self


class Shooting(Part):
    """One shooting value: a weapon or a high rate of fire (TCG p.7)."""

    value: int = Field(ge=2, le=12)  # 2d6 must reach it (TCG p.8)
    range: int = Field(default=1, ge=1, le=12)  # in boxes; 1 is the eight adjacent boxes
    effects: list[Effect] = Field(default_factory=list, max_length=4)

    def has(self, kind: EffectKind) -> bool:
        return any(effect.kind is kind for effect in self.effects)

    def effect(self, kind: EffectKind) -> Effect | None:
        return next((effect for effect in self.effects if effect.kind is kind), None)


class AbilityKind(StrEnum):
    """The abilities of TCG p.11-12 (command and miscellaneous)."""

    FIELD_COMMAND = "field-command"  # place GO! markers
    ELAN = "elan"  # draw DIRECTIVE markers
    ENCOURAGEMENT = "encouragement"  # passive: +1 to Shooting attacks within range
    FALL_BACK = "fall-back"
    FIRE = "fire"
    FORWARD = "forward"
    MEDICS = "medics"  # value: the target number
    REINFORCEMENTS = "reinforcements"  # draw cards
    SUPPORT = "support"  # passive: value is the save value granted within range
    AMPHIBIOUS = "amphibious"
    ENGINEERS = "engineers"
    FRAGILE = "fragile"  # value: SUPPRESSED markers that send it back to the reserve
    RALLY = "rally"  # "Encouragement" of p.12: remove one SUPPRESSED marker
    DEFENCELESS = "defenceless"  # passive: adjacent enemies may not make throws
    FIRE_OR_MOVE = "fire-or-move"
    IMMOBILE = "immobile"
    DEFENDERS = "defenders"  # passive: value added to the terrain's save value
    RESISTANCE = "resistance"  # passive: value is a save value
    DISORIENTATED = "disorientated"  # passive: no DIRECTIVE markers


PASSIVE = frozenset(
    {
        AbilityKind.ENCOURAGEMENT,
        AbilityKind.SUPPORT,
        AbilityKind.DEFENCELESS,
        AbilityKind.DEFENDERS,
        AbilityKind.RESISTANCE,
        AbilityKind.DISORIENTATED,
        AbilityKind.AMPHIBIOUS,
        AbilityKind.FIRE_OR_MOVE,
        AbilityKind.IMMOBILE,
        AbilityKind.FRAGILE,
    }
)
VALUED_ABILITIES = frozenset(
    {AbilityKind.MEDICS, AbilityKind.SUPPORT, AbilityKind.FRAGILE, AbilityKind.DEFENDERS, AbilityKind.RESISTANCE}
)
INFINITE = "infinite"


class Ability(Part):
    """An ability's icon box (TCG p.10-11): its range, restrictions and number of uses."""

    kind: AbilityKind
    value: int | None = Field(default=None, ge=1, le=6)
    uses: int | Literal["infinite"] = 1  # the number of icons, or the infinity sign
    # None: the card itself or adjacent cards, as the ability says; a number: boxes.
    range: int | None = Field(default=None, ge=1, le=12)
    unlimited_range: bool = False  # the infinity sign over the range arrow
    restriction: list[UnitType] = Field(default_factory=list, max_length=2)  # only these types benefit
    exclusive: bool = False  # "!": only cards of that type alone, not of two types
    terrain: list[Terrain] = Field(default_factory=list)  # Defenders, Resistance: only in these boxes
    automatic: bool = False  # Field Command whose GO! markers activate on A

    @model_validator(mode="after")
    def _consistent(self) -> Ability:
        if (self.kind in VALUED_ABILITIES) != (self.value is not None):
            need = "needs the number printed in its icon" if self.kind in VALUED_ABILITIES else "takes no number"
            raise ValueError(f"the {self.kind.value} ability {need}")
        if self.unlimited_range and self.range is not None:
            raise ValueError("an ability's range is a number of boxes or unlimited, not both")
        if self.exclusive and not self.restriction:
            raise ValueError("exclusive (the ! icon) restricts to a unit type: name it under restriction")
        return self

    @property
    def passive(self) -> bool:
        return self.kind in PASSIVE

    @property
    def count(self) -> int | None:
        """How many times it may be used; None for the infinity sign."""
        return None if self.uses == INFINITE else int(self.uses)


class UnitCard(Sourced):
    """A Unit Card, face up (TCG p.4). Face down it shows only an activation value of 4 and a
    save value of 6 (TCG p.16): HIDDEN_ACTIVATION and HIDDEN_SAVE."""

    id: Id
    name: Name
    insignia: Id  # the army the card belongs to
    number: int = Field(ge=1, le=9999)  # the unique number
    activation: int | Literal["A"] = Field(default=4)
    shooting: list[Shooting] = Field(default_factory=list, max_length=2)
    abilities: list[Ability] = Field(default_factory=list, max_length=6)
    hit_points: int = Field(default=1, ge=1, le=3)
    types: list[UnitType] = Field(min_length=1, max_length=2)
    armoured: bool = False  # the metallic badge
    save: int | None = Field(default=None, ge=2, le=6)
    notes: Text = ""

    @model_validator(mode="after")
    def _as_the_book_prints(self) -> UnitCard:
        if isinstance(self.activation, int) and not 1 <= self.activation <= 6:
            raise ValueError("an activation value is a die face from 1 to 6, or A")
        if len(set(self.types)) != len(self.types):
            raise ValueError("a unit type is named twice")
        return self

    def is_a(self, unit_type: UnitType) -> bool:
        return unit_type in self.types

    def has(self, kind: AbilityKind) -> Ability | None:
        return next((ability for ability in self.abilities if ability.kind is kind), None)

    @property
    def automatic(self) -> bool:
        """Activates without a roll: an A, or any HQ (TCG p.13)."""
        return self.activation == AUTOMATIC or self.is_a(UnitType.HEADQUARTERS)


class DecoyCard(Sourced):
    """A decoy: the same back as every Unit Card and no characteristics (TCG p.17)."""

    id: Id
    name: Name = "Decoy"
    insignia: Id


class HeroCondition(Part):
    """Who may carry the Hero marker: a card with one of `types` (any card if empty) and
    none of `excluded` (TCG p.10: "with an infantry unit, mechanised or not, but not a
    paratrooper unit")."""

    types: list[UnitType] = Field(default_factory=list)
    excluded: list[UnitType] = Field(default_factory=list)

    def admits(self, card: UnitCard) -> bool:
        wanted = not self.types or any(card.is_a(t) for t in self.types)
        return wanted and not any(card.is_a(t) for t in self.excluded)

    def english(self) -> str:
        """ "an infantry (not paratrooper) unit" """
        said = " or ".join(t.value for t in self.types) if self.types else "any"
        if self.excluded:
            said += f" (not {' or '.join(t.value for t in self.excluded)})"
        article = "an" if said[0] in "aeiou" else "a"
        return f"{article} {said} unit"


class HeroCard(Sourced):
    """A Hero Card (TCG p.10): a deployment condition and one ability — an active or passive
    ability, a shooting effect for every Shooting attack, or a save value that replaces the
    card's."""

    id: Id
    name: Name
    insignia: Id
    number: int = Field(ge=1, le=9999)
    condition: HeroCondition = Field(default_factory=HeroCondition)
    ability: Ability | None = None
    shooting_effect: Effect | None = None
    save: int | None = Field(default=None, ge=2, le=6)

    @model_validator(mode="after")
    def _one_ability(self) -> HeroCard:
        given = [x for x in (self.ability, self.shooting_effect, self.save) if x is not None]
        if len(given) != 1:
            raise ValueError("a Hero Card gives exactly one ability: ability, shooting_effect or save")
        return self


class EventEffectKind(StrEnum):
    """What hon plays of an Event Card's text: the book prints no generic card, so these are
    the effects its rules name (DIRECTIVE markers, cards from the reserve, SUPPRESSED markers,
    bombardment)."""

    DIRECTIVES = "directives"  # take N DIRECTIVE markers (never more than six)
    REINFORCEMENTS = "reinforcements"  # draw N cards from the reserve
    RALLY = "rally"  # remove N SUPPRESSED markers from your cards
    BOMBARDMENT = "bombardment"  # N SUPPRESSED markers on one enemy Unit Card


class EventEffect(Part):
    kind: EventEffectKind
    value: int = Field(default=1, ge=1, le=6)

    def english(self) -> str:
        n = self.value
        return {
            EventEffectKind.DIRECTIVES: f"take {n} DIRECTIVE marker{'s' if n > 1 else ''}",
            EventEffectKind.REINFORCEMENTS: f"draw {n} card{'s' if n > 1 else ''} from the reserve",
            EventEffectKind.RALLY: f"remove {n} SUPPRESSED marker{'s' if n > 1 else ''} from your Unit Cards",
            EventEffectKind.BOMBARDMENT: f"put {n} SUPPRESSED marker{'s' if n > 1 else ''} on an enemy Unit Card",
        }[self.kind]


class EventCard(Sourced):
    """An Event Card (TCG p.9): a generic one carries its effect; a historical one lets its
    player choose one of the scenario's historical events, each usable once. The book prints
    no Event Card, only that "each scenario indicates which Generic Event Cards and which
    Historical Event Cards are present in the reserves of both armies" (p.9): a card made for
    one army names it in `insignia`, and goes into that army's reserve only, as a Unit or
    Hero Card of the army does (p.4); a card without one may go into either."""

    id: Id
    name: Name
    insignia: Id | None = None
    historical: bool = False
    effect: EventEffect | None = None
    text: Text = ""

    @model_validator(mode="after")
    def _effect_or_history(self) -> EventCard:
        if self.historical == (self.effect is not None):
            raise ValueError("a generic Event Card has an effect; a historical one takes the scenario's events")
        return self


Card = UnitCard | DecoyCard | HeroCard | EventCard
