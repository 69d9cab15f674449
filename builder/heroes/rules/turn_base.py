"""The state every part of a Turn shares (HoN core p.8-9): the game state it changes, the
dice, the phase, the players asked while an action resolves, and the frames it records."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.units import CombatValues, Weapon
from builder.heroes.rules.actions import Fire
from builder.heroes.rules.assault import Assault, AssaultOutcome, AssaultResult
from builder.heroes.rules.cards import CardChoices
from builder.heroes.rules.combat import Aim, FireOutcome, Shot
from builder.heroes.rules.damage import Effect, Rerolls
from builder.heroes.rules.events import (
    CardUse,
    HeroesEvent,
    Phase,
)
from builder.heroes.rules.firing_resolution import FireResult
from builder.heroes.rules.grid import Point
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.players import Player, Watcher
from builder.heroes.rules.state import Frame, GameState, GearPool
from builder.heroes.rules.templates import SniperResult
from builder.heroes.scenario.battlefield import PlacedElement
from builder.kernel.dice import Dice
from builder.kernel.events import Roll


class TurnBase:
    """What every part of a Turn shares: the state it changes, the dice, the phase, the
    players asked while an action resolves, and the frames it records."""

    def __init__(self, state: GameState, dice: Dice, phase: Phase, players: Mapping[str, Player] | None = None) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.choices: Mapping[str, CardChoices] = players or {}
        self.frames: list[Frame] = []
        # Each side's policy, asked for Opportunity Fire during the Activation Phase (HoN core p.24).
        self.watchers: Mapping[str, Watcher] = players or {}
        # The same players as the optional rules ask them (Heroic, Veteran, Battle Events...):
        # each tests the side's player for the protocol it asks, and a side without one has None.
        # Typed `object`: mypy cannot narrow `Watcher | None` to a protocol Watcher does not
        # name (mypy #12802) and would skip the code after such a test as unreachable.
        self.players: Mapping[str, object] = players or {}

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, self.state.snapshot()))

    if TYPE_CHECKING:
        # Parts of a Turn that call one another (builder.heroes.rules.activation assembles them).
        def update_control(self) -> None: ...

        def _move(
            self,
            piece: Piece,
            path: Path,
            cards: tuple[str, ...] = (),
            *,
            ends_action: bool = True,
            turned: bool = False,
            shots: Fire | None = None,
            fire_at: int | None = None,
            interruptible: bool = True,
        ) -> bool: ...

        def _moved_on(self, key: str, path: Path) -> Piece | None: ...

        def _capture(self, attacker: Piece, defender: Piece) -> bool: ...

        def tread(self, key: str, squares: tuple[Square, ...]) -> Piece | None: ...

        def breathe(self, key: str, was: tuple[Square, ...], squares: tuple[Square, ...]) -> Piece | None: ...

        def _carry(self, vehicle: Piece) -> None: ...

        def _wreck_points(
            self, vehicle: Piece, key: str, points: int, how: str, rule: str = "crushing-wrecks"
        ) -> None: ...

        def _spotted_on_the_way(self, piece: Piece, path: Path) -> tuple[int, Piece, tuple[Square, ...]] | None: ...

        def _spotting_on_the_way(self, piece: Piece, path: Path) -> list[Piece]: ...

        def _tell_spotted(self, piece: Piece, by: Piece, at: tuple[Square, ...], how: str = "") -> None: ...

        def spot_all(self, except_key: str | None = None) -> None: ...

        def _watching(self, mover: str) -> bool: ...

        def watch(self, key: str, when: str) -> None: ...

        def _fire(
            self, firer: Piece, action: Fire, on_the_move: bool = False, opportunity: bool = False, when: str = ""
        ) -> None: ...

        def _shoot(self, shooter: Piece, shot: Shot, before: str = "", after: str = "") -> None: ...

        def _after_fire(self, result: FireResult) -> None: ...

        def _destruction(self, result: FireResult) -> None: ...

        def damage_structure(self, element: PlacedElement, points: int) -> None: ...

        def _assault_destruction(self, attacker: Piece, where: PlacedElement | None) -> None: ...

        def _template_destruction(self, firer: Piece, area: Iterable[Square], weapon: Weapon | None = None) -> None: ...

        def _displace(
            self,
            defender: Piece,
            options: list[Square],
            moved: str,
            stuck: str,
            rule: str,
            suppress: int = 0,
            windows: bool = False,
        ) -> None: ...

        def _surprise(
            self,
            piece: Piece,
            path: Path,
            card_ids: tuple[str, ...],
            action: str = "Movement Action",
            over: bool = False,
        ) -> None: ...

        def _surprise_exit(self, defender: Piece, options: list[Square]) -> bool: ...

        def _play_bonus(self, side: str, card: ActionCard, piece: Piece, what: str) -> None: ...

        def _fire_bonus(self, firer: Piece, shot: Shot) -> Shot: ...

        def _rerolls(self, shooter: Piece, shot: Shot) -> Callable[[Aim, Roll, FireOutcome], bool] | None: ...

        def _veteran_reroll(self, shooter: Piece | None, shot: Shot) -> Callable[[Aim, Roll, FireOutcome], bool]: ...

        def _veteran_rolls(self, *parties: Piece | None) -> Rerolls: ...

        def _shielded(self, shot: Shot) -> Shot: ...

        def _shield_terrain(self, combat: CombatValues, firer: Piece | None) -> Callable[[Piece], int]: ...

        def _shielded_assault(self, assault: Assault) -> Assault: ...

        def _life_point_sniped(self, target: Piece, result: SniperResult) -> SniperResult: ...

        def _life_point_assault(self, result: AssaultResult) -> AssaultResult: ...

        def _assault_rerolls(self, assault: Assault) -> Callable[[AssaultOutcome, Roll, Roll], str | None]: ...

        def _life_points(self, result: FireResult) -> FireResult: ...

        def _recce_ammo(self, firer: Piece, action: Fire) -> int: ...

        def _spend_marker(self, piece: Piece, marker: str, page: str, what: str, count: int = 1) -> GearPool: ...

        def _second_chance(self, firer: Piece) -> Callable[[Aim, Roll, FireOutcome], bool] | None: ...

        def _assault_bonuses(self, assault: Assault) -> Assault: ...

        def _take_initiative(self, side: str, card: ActionCard, head: str) -> None: ...

        def _return_to_sender(self, thrower: Piece, lands: Point) -> Point: ...

        def _burst(self, side: str, card: ActionCard, piece: Piece, head: str, chosen: Fire | None = None) -> None: ...

        def _declare(
            self, firer: Piece, weapon: Weapon | None, planned: str, later: bool, action: Fire
        ) -> str | None: ...

        def _second_chance_assault(
            self, assault: Assault
        ) -> Callable[[AssaultOutcome, Roll, Roll], str | None] | None: ...

        def _card_event(
            self, side: str, card: ActionCard, use: CardUse, unit: str | None, text: str, rolls: tuple[Roll, ...] = ()
        ) -> None: ...

        def still_works(self, piece: Piece) -> bool: ...

        def signed_shot(self, shot: Shot) -> Shot: ...

        def signed_assault(self, assault: Assault) -> Assault: ...

        def poisoned_blades(self, assault: Assault) -> tuple[Assault, int]: ...

        def poison(self, attacker: Piece, defender: Piece, count: int) -> None: ...

        def aided(self, before: Piece, after: Piece | None, effect: Effect) -> bool: ...

        def hurt(
            self, before: Piece, after: Piece | None, effect: Effect, hit: bool = True, assault: bool = False
        ) -> None: ...

        def _stand_in_for(self, weapon: Piece, destroyed: bool, double: bool) -> Piece | None: ...

        def _substituted(self, before: Piece, effect: Effect, assault: bool) -> bool: ...
