"""The engine's declared hook points, and `Ability`, the base of every ability that hooks them
(issue 32, point 4).

An ability overrides the methods of the points it plays at; the registry (registry.py) works
out once, per hook, which registered abilities override it, so the engine asks only those -
none at all for a unit without abilities. A point is asked either of the abilities a piece
holds (`Scope.PIECE`: printed on its visible side, given by a Character Trait option on its
tile, or markers of a pool that serves it) or of every registered ability (`Scope.GAME`: one
unit's ability acting on another's hit or destruction, or at a step of a phase). A choice an
ability adds is asked through the Turn (`turn.ask`), as a Decision with its legal options."""

from __future__ import annotations

from enum import Enum, IntEnum, auto
from typing import TYPE_CHECKING, ClassVar

from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.damage import Effect

if TYPE_CHECKING:
    from builder.heroes.rules.events.combat import AssaultNote
    from builder.heroes.rules.resolution.assault_roll import AssaultResult
    from builder.heroes.rules.ruleset import Ruleset
    from builder.heroes.rules.turn_context import Turn


class Swimming(IntEnum):
    """How a unit takes to water (Amphibious, amphibious.py); a key of the movement tables (0
    is false: a land unit)."""

    LAND = 0
    AMPHIBIOUS = 1
    WATER_ONLY = 2  # the red border (SoN p.18)


class Source(Enum):
    """Where a piece holds the ability from (a PIECE-scoped point asks the piece's)."""

    COUNTER = auto()  # on its visible side (HoN core p.20), a Crew's or the Dragon's included
    TRAIT = auto()  # a Character Trait option serving it (HoN core p.28, 7.3)
    GEAR = auto()  # markers of a gear or equipment pool that serves it (HoN core p.28; SoN p.16)


class Scope(Enum):
    PIECE = auto()  # asked of the abilities the piece concerned holds
    GAME = auto()  # asked of every registered ability, which looks for its own holders


class Step(Enum):
    """The steps of a round at which abilities act (the `at_step` point)."""

    ORDER_START = auto()  # the beginning of the Order Phase (HoN core p.8)
    ACTIVATION_START = auto()  # before the first token is revealed
    SUPPLY_START = auto()  # as the Supply Phase begins, after the bluffs (HoN core p.16)
    BEFORE_TERROR = auto()  # the Supply Phase, just before the Terror checks (SoN p.10-11)


class Ability:
    """One special ability, marker, gear or option, by its catalogue id. Each method is a
    declared point (`Hook`); the base answers "no effect", and an ability overrides the ones
    it plays at."""

    id: ClassVar[str]  # the catalogue id: an ability, a Character Trait option or a marker
    name: ClassVar[str]  # as the books print it
    page: ClassVar[str]  # where its rule is
    source: ClassVar[Source]
    steps: ClassVar[frozenset[Step]] = frozenset()  # the steps `at_step` acts at

    # --- Movement (PIECE, the counter's: the movement tables are keyed by what they say)

    def swimming(self) -> Swimming:
        """How the unit takes to water (HoN core p.18)."""
        return Swimming.LAND

    def climbs_windows(self) -> bool:
        """Whether the unit enters and leaves buildings by their windows too (BfC p.09)."""
        return False

    # --- Assault

    def assault_markers(self, won: bool, opponent_destroyed: bool) -> int:
        """Suppressed markers the holder (PIECE, the counter's) puts on its opponent once an
        assault is won or lost (a tie gives none)."""
        return 0

    def assault_note(self, result: AssaultResult, ruleset: Ruleset) -> tuple[AssaultNote, ...]:
        """(GAME) What the assault's event notes for this ability (the markers it put)."""
        return ()

    def pushes_back(self, defender: Piece, attacker_destroyed: bool) -> bool:
        """(PIECE, the attacker's) Whether a defender that won or tied retreats all the same."""
        return False

    # --- Firing

    def may_fire(self, turn: Turn, firer: Piece) -> bool:
        """(PIECE) Whether the unit about to fire still may, checked before its shots."""
        return True

    # --- Activation

    def on_activation(self, turn: Turn, piece: Piece) -> Piece:
        """(PIECE) The unit just activated, before it acts, as the ability leaves it."""
        return piece

    def again(self, turn: Turn, piece: Piece) -> Piece | None:
        """(PIECE) The unit that has just acted, ready to act once more, or None."""
        return None

    # --- Hits and destruction

    def takes_hit(self, turn: Turn, before: Piece, after: Piece | None, effect: Effect, assault: bool) -> bool:
        """(GAME) Whether the ability takes the hit `before` just took instead of it: then the
        hit is done with. `assault`: a hit in an assault."""
        return False

    def on_destroyed(self, turn: Turn, before: Piece, after: Piece | None) -> None:
        """(GAME) A unit just destroyed (`after` its wreck or None), before it is told."""

    # --- Phases

    def at_step(self, turn: Turn, step: Step) -> None:
        """(GAME) One of the ability's `steps` of the round."""


class Hook(Enum):
    """The declared points: each a method of `Ability` and whose abilities it asks."""

    SWIMMING = (Ability.swimming, Scope.PIECE)
    WINDOWS = (Ability.climbs_windows, Scope.PIECE)
    ASSAULT_MARKERS = (Ability.assault_markers, Scope.PIECE)
    ASSAULT_NOTE = (Ability.assault_note, Scope.GAME)
    PUSH_BACK = (Ability.pushes_back, Scope.PIECE)
    BEFORE_FIRING = (Ability.may_fire, Scope.PIECE)
    ACTIVATED = (Ability.on_activation, Scope.PIECE)
    ACTED = (Ability.again, Scope.PIECE)
    HIT = (Ability.takes_hit, Scope.GAME)
    DESTROYED = (Ability.on_destroyed, Scope.GAME)
    STEP = (Ability.at_step, Scope.GAME)

    def __init__(self, method: object, scope: Scope) -> None:
        self.method = method
        self.scope = scope

    def overridden_by(self, ability: type[Ability]) -> bool:
        """Whether `ability` plays at this point: it overrides the point's method."""
        name = getattr(self.method, "__name__", "")
        return getattr(ability, name) is not self.method
