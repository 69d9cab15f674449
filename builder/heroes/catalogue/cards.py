"""Action cards (HoN core p.17; SoN has the same rules): each faction's deck, a card played either for its
Battle Event, in the phases its text names, or for its Alternate Bonus, declared before a
roll or a Movement Action.

The books print the rules of the cards and a few explanations of single cards (HoN core
p.17, "Selected card explanations"), not the cards themselves: most texts, every count and
every Alternate Bonus value are the project's, listed in `unprinted` or marked `source:
example`. `effect` is a card's Battle Event as data the rules core applies; a card whose
event it cannot apply has none, says why in `notes`, and is played only for its bonus."""

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from builder.heroes.catalogue.base import Entry, Id, Text


class CardTiming(StrEnum):
    """When a card's Battle Event may be played."""

    ORDER_START = "order-start"  # step 1 of the Order Phase (HoN core p.8)
    ORDER_END = "order-end"  # step 4 of the Order Phase (HoN core p.8)
    ACTIVATION = "activation"  # on a unit of yours as it is activated, before it acts
    AFTER_ACTION = "after-action"  # on a unit of yours once its action is over
    AFTER_ROLL = "after-roll"  # right after a roll of yours, before its result is applied
    SUPPLY = "supply"  # during the Supply Phase (HoN core p.16)
    GRENADE = "grenade"  # when an enemy grenade lands with units of yours under it
    SUPPRESSED = "suppressed"  # when an enemy unit that has a Suppressed marker receives another
    DESTROYED = "destroyed"  # when a unit of yours is about to be removed as Destroyed
    MOVEMENT = "movement"  # on a unit of yours as it takes a Movement Action
    ANY = "any"  # whenever its text says: the rules core does not play it


class CardEffectKind(StrEnum):
    """Battle Events the rules core applies (builder.heroes.rules.action_cards.deck says how)."""

    SPECIAL_ORDER = "special-order"  # take `value` Special Order tokens this turn (HoN core p.8)
    REROLL = "reroll"  # roll the dice of the roll just made again (a firing action's)
    GRANT_ASSAULT = "grant-assault"  # every unit of yours has Assault +`value` for the turn
    FORCED_MOVE = "forced-move"  # one unit of yours moves `value` squares, a Forced Move
    REMOVE_SUPPRESSED = "remove-suppressed"  # take `value` Suppressed markers off a unit of yours
    TAKE_INITIATIVE = "take-initiative"  # the side has the initiative this turn, never on a Special Order
    DESERTION = "desertion"  # the enemy unit deserts: removed from the game as Destroyed
    PASS_ORDER = "pass-order"  # a destroyed unit's unrevealed numbered Order Token goes to another unit
    MOVE_AND_FIRE = "move-and-fire"  # a unit of yours that moved also fires, every weapon, no penalty
    FALL_BACK = "fall-back"  # a unit of yours that acted falls back its Movement Value, a Forced Move
    THROW_BACK = "throw-back"  # an enemy grenade about to land on units of yours is thrown back at its thrower
    PLACE_MINE = "place-mine"  # a Mine marker (BfC p.09) on a free square of an infantry unit's ZoC
    WINDOWS = "windows"  # the unit's Movement Action goes through one building window per card


# When the rules core plays each Battle Event: a card giving another time would never be played.
EFFECT_TIMINGS: dict[CardEffectKind, CardTiming] = {
    CardEffectKind.SPECIAL_ORDER: CardTiming.ORDER_START,
    CardEffectKind.REROLL: CardTiming.AFTER_ROLL,
    CardEffectKind.GRANT_ASSAULT: CardTiming.ACTIVATION,
    CardEffectKind.FORCED_MOVE: CardTiming.AFTER_ACTION,
    CardEffectKind.REMOVE_SUPPRESSED: CardTiming.ACTIVATION,
    CardEffectKind.TAKE_INITIATIVE: CardTiming.ORDER_START,
    CardEffectKind.DESERTION: CardTiming.SUPPRESSED,
    CardEffectKind.PASS_ORDER: CardTiming.DESTROYED,
    CardEffectKind.MOVE_AND_FIRE: CardTiming.AFTER_ACTION,
    CardEffectKind.PLACE_MINE: CardTiming.SUPPLY,
    CardEffectKind.THROW_BACK: CardTiming.GRENADE,
    CardEffectKind.FALL_BACK: CardTiming.AFTER_ACTION,
    CardEffectKind.WINDOWS: CardTiming.MOVEMENT,
}


class CardEffect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    kind: CardEffectKind
    value: int = Field(default=1, ge=1, le=10)


class BonusKind(StrEnum):
    """The four Alternate Bonus symbols (HoN core p.17)."""

    FIRE = "fire"  # +X to one Firing Action (or an option or card giving an alternate firing action)
    MOVEMENT = "movement"  # +X squares to a unit's Movement Value during a Movement Action
    ASSAULT = "assault"  # +X during an Assault, attacking or defending
    ANY_ROLL = "any-roll"  # +X to any die roll


class AlternateBonus(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    kind: BonusKind
    value: int = Field(ge=1, le=6)


class ActionCard(Entry):
    """One card of a faction's deck, `count` copies of it."""

    # A faction id, or "common": in the deck of every faction of the card's game.
    faction: Id
    text: Text
    timing: CardTiming | None = None  # None: the card has no Battle Event the books describe
    effect: CardEffect | None = None  # None: the rules core does not play its Battle Event
    alternate_bonus: AlternateBonus | None = None
    count: int = Field(default=1, ge=1, le=20)

    @model_validator(mode="after")
    def _effect_has_its_time(self) -> "ActionCard":
        if self.effect is not None:
            when = EFFECT_TIMINGS[self.effect.kind]
            if self.timing is not when:
                raise ValueError(
                    f"the rules core plays a {self.effect.kind.value} effect with timing {when.value}, "
                    f"not {self.timing.value if self.timing else 'none'}"
                )
        return self
