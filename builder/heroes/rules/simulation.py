"""A simulated game: the armies fielded and deployed as the scenario's set-up says, the
initiative decided, then full Game Turns played by a player (a policy) for each side until
the scenario ends. Every roll and every change is an event; a seed reproduces the whole game.

    armies = {"us": us_army, "german": german_army}
    record = simulate(scenario, battlefield, armies, catalogue, policies=for_every_side(scenario, 7), seed=7)

(`for_every_side`, builder.heroes.ai.greedy: a simple policy for every side, on dice of its own.)"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field, replace
from enum import Enum
from random import Random
from typing import Any

from builder.heroes.army.models import ArmyList
from builder.heroes.army.resolve import ResolvedArmy, resolve
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import RecruitmentOption
from builder.heroes.catalogue.units import Unit, UnitType
from builder.heroes.rules.abilities.crew import board, crewed, crews_to_board
from builder.heroes.rules.action_cards.deck import deal, decks_for
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import DeployEvent, HeroesEvent, InitiativeEvent, Phase
from builder.heroes.rules.events.names import Names
from builder.heroes.rules.mythos.setup import prepare
from builder.heroes.rules.orders.personal_order import hardened_tiles
from builder.heroes.rules.orders.special_orders import is_special
from builder.heroes.rules.orders.tokens import Orders, passed_on_to
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.players import HeroesPlayer, HeroesView, PlacedInStep, viewer
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.sampling import sample
from builder.heroes.rules.setup.cave import conditions
from builder.heroes.rules.setup.deployment import auto_deploy, deployment_dice
from builder.heroes.rules.setup.initiative import DieRerolls, initiative_rerolls
from builder.heroes.rules.setup.placement import Force, campaign_changed, field_army, zones_for
from builder.heroes.rules.state import Frame, GameState, copy_state
from builder.heroes.rules.state import new_game as new_state
from builder.heroes.rules.turn import (
    Activations,
    activate_next,
    activation_end,
    activation_opening,
    draw_cards,
    end_of_turn,
    order_phase,
    supply_moves,
)
from builder.heroes.rules.views import tokens_of
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import RANDOM, Scenario, ZoneKind
from builder.kernel.diagnostics import Severity
from builder.kernel.dice import Dice, SeededDice
from builder.kernel.events import Roll
from builder.kernel.match import Course, GameOver, Match, Outcome, Table, play


@dataclass(frozen=True)
class GameRecord:
    scenario: str
    seed: int
    turns: int  # turns played
    winner: str | None  # a side id, "draw", or None when stopped before the end
    outcome: str
    victory_points: dict[str, int]
    frames: tuple[Frame, ...] = field(repr=False)
    names: Names = field(repr=False)  # what the events refer to by key, for front ends to name
    # The units each side lost (destroyed), by name, in the order they fell.
    lost: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def events(self) -> tuple[HeroesEvent, ...]:
        return tuple(frame.event for frame in self.frames)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(roll for frame in self.frames for roll in frame.event.rolls)

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "turns": self.turns,
            "winner": self.winner,
            "outcome": self.outcome,
            "victory_points": self.victory_points,
            "lost": {side: list(names) for side, names in self.lost.items()},
            "events": [event.to_json() for event in self.events],
        }


def deploy_all(state: GameState, forces: Mapping[str, Force], seed: int) -> list[HeroesEvent]:
    """Each side deploys in the order of the set-up's steps (sides it does not name after,
    in the scenario's order), automatically and legally, positions alike drawn as the game of
    `seed` draws them (builder.heroes.rules.setup.deployment). Units
    that enter through entry squares wait in reserve; units that find no room are left out,
    and the event says why."""
    scenario = state.scenario
    events: list[HeroesEvent] = []
    named = [step.side for step in scenario.setup.deployment]
    order = list(dict.fromkeys([*named, *(s.id for s in scenario.sides)]))
    for side in order:
        force = forces.get(side)
        if force is None:
            continue
        entering: list[Piece] = []
        deploying: list[Piece] = []
        arriving = arrivals(scenario, side)
        for piece in force.pieces:
            if piece.unit.id in arriving:
                state.arriving[piece.key] = piece
                continue
            zones = zones_for(scenario, side, piece.unit.id)
            (entering if zones and all(z.kind is ZoneKind.ENTRY for z in zones) else deploying).append(piece)
        placed, issues = auto_deploy(
            scenario,
            state.battlefield,
            side,
            deploying,
            dice=deployment_dice(seed, side),
            others=state.pieces.values(),
            ruleset=state.ruleset,
            titles=force.titles,
        )
        for piece in placed:
            if piece.squares:
                state.pieces[piece.key] = piece
        state.reserve.update((p.key, p) for p in entering)
        crews = board_crews(state, [p for p in placed if p.squares])
        left = tuple(p.key for p in placed if not p.squares)
        events.append(
            DeployEvent(
                turn=0,
                phase=Phase.SETUP,
                side=side,
                units=tuple(p.key for p in placed if p.squares),
                crews=crews,
                crew_page=state.ruleset.cite("crew") if crews else None,
                entering=tuple(p.key for p in entering),
                arriving=tuple(key for key, p in state.arriving.items() if p.owner == side),
                left=left,
                problem=next((i for i in issues if i.severity is Severity.ERROR), None) if left else None,
            )
        )
    return events


def board_crews(state: GameState, placed: Sequence[Piece]) -> tuple[str, ...]:
    """Each Crew unit deployed rides in a vehicle of its combat group (crew.crews_to_board),
    the vehicle taking on its abilities (HoN core p.21): the keys of those Crew units."""
    pairs = crews_to_board(placed)
    for crew, vehicle in pairs:
        vehicle = state.pieces[vehicle.key]
        aboard = [p for p in state.pieces.values() if p.embarked_in == vehicle.key]
        state.pieces[crew.key] = board(replace(crew, squares=()), vehicle, aboard, state.ruleset)
        state.pieces[vehicle.key] = crewed(vehicle, state.pieces[crew.key])
    return tuple(crew.key for crew, _ in pairs)


def arrivals(scenario: Scenario, side: str) -> frozenset[str]:
    """The units of `side` that a scenario event brings into play: they are not deployed at
    the set-up (BfC p.14: "the Universal Carriers will enter play in the squares marked with a
    red arrow")."""
    return frozenset(u for e in scenario.events if e.side == side for u in e.units)


def roll_initiative(
    scenario: Scenario, dice: Dice, ruleset: Ruleset, reroll: DieRerolls | None = None
) -> tuple[str, InitiativeEvent]:
    """The scenario's side, or for "random" a die each, highest wins, ties rolled again;
    `reroll`: the Veteran markers spent on the dice (HoN core p.30, setup/initiative.py)."""
    sides = [s.id for s in scenario.sides]
    if scenario.setup.initiative != RANDOM:
        side = scenario.setup.initiative
        return side, InitiativeEvent(turn=0, phase=Phase.SETUP, side=side)
    rolls: list[Roll] = []
    contenders = sides
    while True:
        faces = {side: dice.roll(1)[0] for side in contenders}
        if reroll is not None:
            for side in contenders:
                others = {s: f for s, f in faces.items() if s != side}
                faces[side] = reroll(side, faces[side], others, lambda: dice.roll(1)[0])
        rolls += [
            Roll(f"initiative: {side}", (face,), face, (), face, ruleset.cite("initiative"))
            for side, face in faces.items()
        ]
        best = max(faces.values())
        contenders = [side for side, face in faces.items() if face == best]
        if len(contenders) == 1:
            side = contenders[0]
            return side, InitiativeEvent(turn=0, phase=Phase.SETUP, side=side, rolls=tuple(rolls), roll=best)


def start(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: Mapping[str, ResolvedArmy],
    dice: SeededDice,
    ruleset: Ruleset | None = None,
    decks: Mapping[str, Sequence[ActionCard]] | None = None,
    units: Mapping[str, Unit] | None = None,
    players: Mapping[str, HeroesPlayer] | None = None,
) -> tuple[GameState, list[HeroesEvent]]:
    """A game ready for turn 1: initiative decided (the `players` spending Veteran markers on
    its dice), armies deployed, and each side's action card deck (`decks`, by side; none
    without) shuffled and its hand drawn. `units`: the catalogue's, for the units a campaign
    adds to a side (placement.campaign_changed)."""
    state, forces = begin(scenario, battlefield, armies, ruleset, units)
    table = Table(viewer(state), players) if players else None
    return state, set_up(state, forces, dice, decks or {}, table)


def begin(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: Mapping[str, ResolvedArmy],
    ruleset: Ruleset | None = None,
    units: Mapping[str, Unit] | None = None,
) -> tuple[GameState, dict[str, Force]]:
    """The game before its set-up: the markers the armies give, the initiative provisional,
    and each side's force to deploy. Nothing rolled, nobody asked."""
    rules = ruleset or conditions(scenario, battlefield)  # night in a cave (SoN p.11)
    forces = {
        side: _in_team(campaign_changed(field_army(resolved, side), scenario, units or {}), scenario.team_of(side))
        for side, resolved in armies.items()
    }
    titles = {f"{side}/{path}": title for side, force in forces.items() for path, title in force.titles.items()}
    provisional = scenario.sides[0].id if scenario.setup.initiative == RANDOM else scenario.setup.initiative
    return new_state(scenario, battlefield, rules, provisional, armies, titles), forces  # the markers, before the roll


def set_up(
    state: GameState,
    forces: Mapping[str, Force],
    dice: SeededDice,
    decks: Mapping[str, Sequence[ActionCard]],
    table: Table[HeroesView] | None,
) -> list[HeroesEvent]:
    """The set-up (HoN core p.8): the initiative rolled (Veteran markers spent on its dice as
    the `table` answers), the forces deployed, the decks shuffled and the hands drawn."""
    spent: list[HeroesEvent] = []
    reroll = initiative_rerolls(state, table, spent) if table is not None else None
    state.initiative, said = roll_initiative(state.scenario, dice, state.ruleset, reroll)
    state.hardened = {side: hardened_tiles(resolved) for side, resolved in state.armies.items()}  # BfC p.09
    deployed = deploy_all(state, forces, dice.seed)
    return [*spent, said, *deployed, *deal(state, decks, dice)]  # rerolls as made, then who won


def _in_team(force: Force, team: str) -> Force:
    """The force's counters marked with their team when the side plays in one (SoN p.10)."""
    if team == force.side:
        return force
    return replace(force, pieces=tuple(replace(p, team=team) for p in force.pieces))


class Stage(Enum):
    """Where a game stands between two steps of play: the next to play."""

    SET_UP = "set-up"
    ORDER = "order"
    ACTIVATION = "activation"  # its opening: what comes before the first token
    ACTIVATING = "activating"  # one token revealed (and the special tokens played before it)
    ACTIVATION_END = "activation-end"
    SUPPLY = "supply"
    DRAW = "draw"  # one side discards and draws its action cards (step 7 of the Supply Phase)
    END_OF_TURN = "end-of-turn"
    OVER = "over"


@dataclass
class HeroesGame:
    """A game of the Heroes System between two steps of play, the state a forward model
    carries (builder.kernel.match): the rules' state, the dice, what has been recorded, the
    orders placed this turn, and the next step."""

    state: GameState
    dice: SeededDice
    set_up: SetUp
    turns: int | None  # the most to play; None for the whole game
    frames: list[Frame] = field(default_factory=list)
    orders: dict[str, Orders] = field(default_factory=dict)
    activations: Activations = field(default_factory=lambda: Activations([], {}))
    drawing: list[str] = field(default_factory=list)  # the sides still to draw their action cards
    stage: Stage = Stage.SET_UP
    played: int = 0  # the last turn begun

    @property
    def last(self) -> int:
        """The last turn to play: the game's (END marker moves included), or fewer when asked."""
        return _limit(self.state.scenario.setup.turns.count + self.state.end_moved, self.turns)

    def record(self) -> GameRecord:
        state = self.state
        return GameRecord(
            state.scenario.id,
            self.dice.seed,
            self.played,
            state.winner,
            state.outcome or "not finished",
            dict(state.victory_points),
            tuple(self.frames),
            names_of(state, self.set_up.battlefield),
            {side: tuple(p.unit.name for p in state.destroyed.values() if p.owner == side) for side in state.sides},
        )


def names_of(state: GameState, battlefield: Battlefield) -> Names:
    """What the game's events name, from its state at the end: every unit it had, wherever it
    is now, the combat groups' titles, the options its armies field, and the terrain elements
    by the names they had on the `battlefield` it began on (a building turned to rubble is
    renamed) and those it gained since."""
    captives = {key: captive.piece for key, captive in state.captives.items()}
    units = (state.arriving, state.reserve, state.exited, state.destroyed, captives, state.pieces)
    return Names(
        scenario=state.scenario,
        pieces={key: piece for found in units for key, piece in found.items()},
        titles=dict(state.titles),
        groups=dict(state.groups),
        cards={
            card.id: card.name for deck in state.decks.values() for card in (*deck.pile, *deck.hand, *deck.discards)
        },
        elements={e.key: e.name for field in (state.battlefield, battlefield) for e in field.elements},
        options={option.id: option.name for option in _options(state)},
    )


def _options(state: GameState) -> Iterator[RecruitmentOption]:
    """The options the game knew: its armies' (reinforcements taken included), and the Search
    bag's, drawn or not (SoN p.11)."""
    for army in state.armies.values():
        yield from (placed.option for placed in army.placed() if placed.option is not None)
    yield from state.mythos.search_bag
    yield from (option for _, _, option in state.mythos.found)


@dataclass(frozen=True)
class SetUp:
    """What the set-up deploys and deals, the catalogue's terrain and spells it reads, and
    the battlefield the game begins on."""

    forces: Mapping[str, Force]
    decks: Mapping[str, Sequence[ActionCard]]
    catalogue: Catalogue
    battlefield: Battlefield


class HeroesRules:
    """The Heroes System for a forward model (builder.kernel.match.Rules): a step is the
    set-up, the Order Phase, the opening of the Activation Phase, one token revealed, its end,
    the Supply Phase (HoN core p.8-9, p.16), or the victory check that ends a turn."""

    def copy(self, game: HeroesGame, dice: SeededDice | None = None) -> HeroesGame:
        """A game that goes on apart from `game`; with `dice`, rolling those instead of its own."""
        return replace(
            game,
            state=copy_state(game.state),
            dice=deepcopy(game.dice) if dice is None else dice,
            frames=list(game.frames),
            orders=dict(game.orders),
            activations=game.activations.copy(),
            drawing=list(game.drawing),
        )

    def step(self, game: HeroesGame, table: Table[HeroesView]) -> None:
        state, dice = game.state, game.dice
        match game.stage:
            case Stage.SET_UP:
                _set_up(game, table)
                game.stage = Stage.OVER if state.over or state.turn > game.last else Stage.ORDER
            case Stage.ORDER:
                game.played = state.turn
                game.orders = order_phase(state, table, dice, game.frames)
                game.stage = Stage.OVER if state.over else Stage.ACTIVATION
            case Stage.ACTIVATION:
                game.activations, frames = activation_opening(state, game.orders, table, dice)
                game.frames += frames
                game.stage = Stage.ACTIVATING if game.activations.remaining else Stage.ACTIVATION_END
            case Stage.ACTIVATING:
                game.frames += activate_next(state, game.activations, table, dice)
                game.stage = Stage.ACTIVATING if game.activations.remaining else Stage.ACTIVATION_END
            case Stage.ACTIVATION_END:
                game.frames += activation_end(state, table, dice)
                game.stage = Stage.SUPPLY
            case Stage.SUPPLY:
                game.frames += supply_moves(state, game.orders, table, dice)
                game.drawing = [side for side in state.initiative_order() if side in state.decks]
                game.stage = Stage.DRAW if game.drawing else Stage.END_OF_TURN
            case Stage.DRAW:
                game.frames += draw_cards(state, game.drawing.pop(0), table, dice)
                game.stage = Stage.DRAW if game.drawing else Stage.END_OF_TURN
            case Stage.END_OF_TURN:
                game.frames += end_of_turn(state, state.scenario.setup.turns.count, dice)
                done = state.over or game.played == game.last or state.turn > game.last
                game.stage = Stage.OVER if done else Stage.ORDER
            case Stage.OVER:
                raise GameOver("the game is over")

    def over(self, game: HeroesGame) -> bool:
        return game.stage is Stage.OVER

    def outcome(self, game: HeroesGame) -> Outcome:
        return Outcome(game.state.winner, game.state.outcome or "not finished")

    def view(self, game: HeroesGame, side: str, course: Course[HeroesGame]) -> HeroesView:
        return HeroesView(side, game.state, _TokensOnTable(game, course), course, game.dice.rolled)

    def sample(self, view: HeroesView, rng: Random) -> Match[HeroesGame, HeroesView]:
        return sample(self, view, rng)


RULES = HeroesRules()


class _TokensOnTable:
    """The order tokens on the table of `game` this turn (players.Tokens)."""

    __slots__ = ("_course", "_game")

    def __init__(self, game: HeroesGame, course: Course[HeroesGame]) -> None:
        self._game, self._course = game, course

    def placed(self) -> Mapping[str, Orders]:
        """In an Order Phase, as the answers have placed them so far; after it, the game's."""
        match self._game.stage:
            case Stage.ORDER:
                return PlacedInStep(self._course).placed()
            case Stage.SET_UP | Stage.OVER:
                return {}
            case _:
                return self._game.orders

    def face_down(self, placed: Mapping[str, Orders]) -> Mapping[str, frozenset[str]]:
        """All of them until the Activation Phase reveals them (HoN core p.9), then the
        numbered tokens not yet revealed (passed on with Dynamic, p.17), the special tokens
        not yet played and the bluffs; only the bluffs once it ends, none once they are
        discarded in the Supply Phase (p.16)."""
        game = self._game
        match game.stage:
            case Stage.ORDER | Stage.ACTIVATION:
                return {side: tokens_of(orders) for side, orders in placed.items()}
            case Stage.ACTIVATING:
                return {side: _unrevealed(game, orders) for side, orders in placed.items()}
            case Stage.ACTIVATION_END:
                return {side: frozenset(orders.bluffs) for side, orders in placed.items()}
            case _:
                return {}


def _unrevealed(game: HeroesGame, orders: Orders) -> frozenset[str]:
    state, activations = game.state, game.activations
    numbered = {passed_on_to(state, key) for key in orders.numbered} & state.unrevealed.keys()
    special = {r.key for r in activations.sequence if r.side == orders.side and is_special(r.token)}
    return frozenset((*numbered, *special, *activations.held.get(orders.side, ()), *orders.bluffs))


def new_game(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: Mapping[str, ArmyList],
    catalogue: Catalogue,
    *,
    seed: int = 1,
    turns: int | None = None,
) -> HeroesGame:
    """The game of `scenario` with `armies` (by side id) and `seed`, before its set-up: the
    start of a match (builder.kernel.match.Match(RULES, game)), or of `simulate`."""
    missing = [s.id for s in scenario.sides if s.id not in armies]
    if missing:
        raise RulesError(Code.NO_ARMY_LIST, f"no army list for {', '.join(missing)}")
    resolved = {side: resolve(army, catalogue) for side, army in armies.items()}
    state, forces = begin(scenario, battlefield, resolved, units=catalogue.units)
    set_up = SetUp(forces, decks_for(scenario, catalogue), catalogue, battlefield)
    return HeroesGame(state, SeededDice(seed), set_up, turns)


def _set_up(game: HeroesGame, table: Table[HeroesView]) -> None:
    state, catalogue = game.state, game.set_up.catalogue
    opening = set_up(state, game.set_up.forces, game.dice, game.set_up.decks, table)
    ruins = catalogue.terrain.get("ruins")
    if ruins is not None:
        state.rubble = ruins.effects  # a fallen building's rubble side (HoN core p.22)
    for kind, terrain_id in ((UnitType.LIGHT_VEHICLE, "wreck-light"), (UnitType.HEAVY_VEHICLE, "wreck-heavy")):
        wreck = catalogue.terrain.get(terrain_id)
        if wreck is not None:
            state.wreck_terrain[kind] = wreck.effects  # a wreck counter's terrain (HoN core p.19; examples)
    if state.scenario.game is Game.SON:
        prepare(state, state.armies, catalogue)  # bags, spells, Search tokens (SoN p.11, p.14)
    game.frames += [Frame(event, tuple(state.pieces.values())) for event in opening]


def simulate(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: Mapping[str, ArmyList],
    catalogue: Catalogue,
    *,
    seed: int = 1,
    turns: int | None = None,
    policies: Mapping[str, HeroesPlayer],
    sampled: bool = False,
) -> GameRecord:
    """Play the scenario with `armies` and `policies` (each by side id), at most `turns` turns
    (all by default): the game a match answered by the same players plays, each step once.
    `sampled`: the players may sample games from their views (a search agent's, kernel.match.play)."""
    unplayed = [s.id for s in scenario.sides if s.id not in policies]
    if unplayed:
        raise RulesError(Code.NO_PLAYER, f"no player for {', '.join(unplayed)}")
    game = new_game(scenario, battlefield, armies, catalogue, seed=seed, turns=turns)
    return play(RULES, game, {side.id: policies[side.id] for side in scenario.sides}, sampled=sampled).record()


def _limit(last: int, turns: int | None) -> int:
    """The last turn to play: the game's (END marker moves included), or fewer when asked."""
    return min(last, turns) if turns is not None else last
