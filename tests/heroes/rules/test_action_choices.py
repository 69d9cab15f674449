"""What an activated unit is offered (HoN core p.9-26; BfC; SoN), family by family: beside
holding, moving, the shots and the assaults, the rules' other actions, each listed by the
module of its concept (builder.heroes.rules.actions.activation.action_choices). Every option listed
is one the rules allow and its resolver takes; the rules refuse what a resolver would refuse
(`action_refusal`); the Supply Phase offers no firing action, assault nor spell (p.16)."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import replace

import pytest

from builder.heroes.catalogue.units import Role, UnitType
from builder.heroes.rules.actions.activation import action_choices, action_refusal
from builder.heroes.rules.actions.aviation import straight_path
from builder.heroes.rules.actions.kinds import (
    Action,
    AssaultOnTheMove,
    Board,
    ChainAssault,
    ChangeState,
    Clear,
    ClearMine,
    Deploy,
    Disembark,
    Embark,
    Enter,
    Fire,
    Fly,
    Item,
    Leave,
    Move,
    PlaceMine,
    PushWreck,
    Snipe,
    TemplateFire,
)
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import Cast, FireAtTotem, KnownSpell, SearchCheck, Totem, Treat
from builder.heroes.rules.pieces import EAST, NORTH, WEST, Piece
from builder.heroes.rules.resolution.structures import Demolish
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import SeededDice
from builder.render.heroes_refusals import reason
from tests.fixtures.rules.boards import JEEP, SNIPERS, TANK, element, field, piece, placed_line, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules.test_action_cards import bundled, holding
from tests.heroes.rules.test_assault_variants import BRUTE, SPITTERS, TROOPERS
from tests.heroes.rules.test_aviation import _crewed, _plane, pilot_unit
from tests.heroes.rules.test_board import CARRIER, HULK1

OPEN = "\n".join(["........"] * 6)
ROCKY = "\n".join(["........", "..#.....", "........", "........", "........", "........"])
SNIPER = unit("sniper", abilities=["sniper"])
HOWITZER = unit("howitzer", abilities=["howitzer"])
ENGINEERS = unit("engineers", abilities=["engineer"])
SAPPERS = unit("sappers", UnitType.LIGHT_VEHICLE, abilities=["military-engineering"])
RAIDERS = unit("raiders", abilities=["fire-on-the-move"])
WRECKERS = unit("wreckers", abilities=[{"id": "destruction", "value": 2}])
MEDICS = unit("medics", abilities=["medic"], states=("active", "inactive"))
ADEPT = unit("adept").model_copy(update={"role": Role.OFFICER})
PATH_EAST = Path((Position(((1, 2),), NORTH), Position(((2, 2),), NORTH)), 1)


def offered(state: GameState, key: str, supply: bool = False) -> list[Action]:
    return list(action_choices(state, state.pieces[key], supply))


def allowed(state: GameState, key: str, action: object, supply: bool = False) -> bool:
    return action in action_choices(state, state.pieces[key], supply)


def resolve(state: GameState, key: str, action: Action, supply: bool = False) -> Turn:
    """`action` taken on a copy of the game, as the turn takes it."""
    turn = Turn(deepcopy(state), SeededDice(7), Phase.SUPPLY if supply else Phase.ACTIVATION)
    turn.perform(key, action)
    return turn


# --- The situations: a game, the unit activated, the phase and the kinds offered ----------


def sniping() -> GameState:
    """A Sniper at (0, 0): enemy infantry in sight at (0, 3), behind the rocks at (4, 2), a
    jeep in sight; a friend beside it."""
    return game(
        ROCKY,
        [
            piece("a1", (0, 0), kind=SNIPER),
            piece("a2", (1, 0)),
            piece("b1", (0, 3), "b"),
            piece("b2", (3, 2), "b"),
            piece("b3", (3, 4), "b", JEEP),
        ],
    )


WALLED = "\n".join(["..#....."] * 4 + ["........"] * 2)


def shelling() -> GameState:
    """A Howitzer west of a wall of rocks: an enemy beyond the wall, one in sight south of it."""
    return game(WALLED, [piece("a1", (0, 1), kind=HOWITZER), piece("b1", (1, 5), "b"), piece("b2", (4, 1), "b")])


def armed() -> GameState:
    """Rifles with a Panzerfaust and a Grenade, a tank 3 squares off, rifles 2 off."""
    tank = piece("b1", [(4, 2), (5, 2)], "b", TANK, facing=WEST)
    state = game(OPEN, [piece("a1", (1, 2)), tank, piece("b2", (1, 4), "b")])
    state.gear = [GearPool("a", "panzerfaust", 1, None), GearPool("a", "grenade", 1, None)]
    return state


HOUSE = "\n".join(["........", ".BB.....", ".BB.....", "........"])


def by_the_door() -> GameState:
    """Rifles with a Grenade by the house's south door, enemies inside."""
    state = game(HOUSE, [piece("a1", (1, 3)), piece("b1", (1, 2), "b"), piece("b2", (2, 1), "b")])
    state.battlefield = field(HOUSE, doors=[((1, 2), (1, 3))])
    state.gear = [GearPool("a", "grenade", 1, None)]
    return state


def carrying() -> GameState:
    """Rifles next to their side's carrier, another 3 squares off; an enemy carrier near."""
    return game(
        OPEN,
        [
            piece("c", (3, 2), kind=CARRIER),
            piece("a1", (2, 2)),
            piece("a2", (0, 4)),
            piece("b-c", (2, 3), "b", CARRIER),
        ],
    )


def riding() -> GameState:
    state = carrying()
    state.pieces["a1"] = replace(state.pieces["a1"], squares=state.pieces["c"].squares, embarked_in="c")
    return state


def pushing() -> GameState:
    return game(OPEN, [piece("j", (1, 2), kind=JEEP, facing=EAST), piece("w", (2, 2), "b", HULK1, side_index=1)])


def clearing() -> GameState:
    """Engineers by a barbed hedgehog and next to a Mine marker."""
    state = game(OPEN, [piece("a1", (2, 2), kind=ENGINEERS), piece("b1", (7, 5), "b")])
    state.battlefield = field(OPEN, lines=[placed_line("hedgehog", [(3, 2), (3, 3)])])
    state.mines[(1, 3)] = "b"
    return state


def digging() -> GameState:
    """Rifles with a Mine marker and a Forward Position of their option."""
    state = game(OPEN, [piece("a1", (2, 2)), piece("b1", (7, 5), "b")])
    state.gear = [GearPool("a", "mine", 1, None), GearPool("a", "forward-position", 1, None)]
    return state


def engineering() -> GameState:
    """A vehicle with Military Engineering and its two items."""
    state = game(OPEN, [piece("a1", (2, 2), kind=SAPPERS), piece("b1", (7, 5), "b")])
    state.gear = [GearPool("a", "advanced-position", 1, None), GearPool("a", "barbed-hedgehog", 1, None)]
    return state


RUNWAY = "\n".join(["." * 14] * 4)


def boarding() -> GameState:
    return game(RUNWAY, [_plane(), Piece("pilot", pilot_unit(), "a", ((3, 3),))])


def flying() -> GameState:
    state = game(RUNWAY, [_plane()])
    _crewed(state)
    state.speeds["plane"] = 6
    return state


def in_the_cockpit() -> GameState:
    state = game(RUNWAY, [_plane()])
    _crewed(state)
    return state


def pilot_afar() -> GameState:
    return game(RUNWAY, [_plane(), Piece("pilot", pilot_unit(), "a", ((10, 3),))])


def fuelled() -> GameState:
    state = game(OPEN, [piece("a1", (0, 2), kind=JEEP, facing=EAST), piece("b1", (7, 5), "b")])
    state.gear = [GearPool("a", "fuel", 2, None)]
    return state


def demolishing() -> GameState:
    """Wreckers (Destruction 2) in sight of a bunker and of a wreck."""
    state = game(OPEN, [piece("a1", (0, 0), kind=WRECKERS), piece("w", (5, 0), "b", HULK1, side_index=1)])
    bunker = element("Bunker", {(4, 4), (5, 4)}, {"structure": 2, "defense": {"infantry": 2}}, key="bunker")
    state.battlefield = field(OPEN, extra=[bunker])
    return state


def turning() -> GameState:
    return game(OPEN, [piece("a1", (1, 1), kind=SNIPERS), piece("b1", (7, 5), "b")])


def firing_on_the_move() -> GameState:
    return game(OPEN, [piece("a1", (1, 2), kind=RAIDERS), piece("b1", (5, 2), "b")])


def with_cards() -> GameState:
    state = game(OPEN, [piece("a1", (0, 0)), piece("b1", (7, 5), "b")])
    holding(state, "a", bundled().action_cards["go-go-go"])
    return state


WINDOWED = "\n".join(["........", ".BB.....", "........"])


def by_the_window() -> GameState:
    """Rifles west of a house with windows on its west and east walls, a Surprise card in hand."""
    state = game(WINDOWED, [piece("a1", (0, 1)), piece("b1", (7, 2), "b")])
    state.battlefield = field(WINDOWED, windows=[((0, 1), (1, 1)), ((2, 1), (3, 1))])
    holding(state, "a", bundled().action_cards["surprise"])
    return state


def son(state: GameState) -> GameState:
    state.ruleset = SON
    return state


def casting() -> GameState:
    """A Character whose tile holds Paralyze, Fog and Mythos Barrier; an enemy 2 squares off."""
    adept = replace(piece("a1", (1, 2), kind=ADEPT), group="tiles[0]")
    state = son(game(OPEN, [adept, piece("b1", (3, 2), "b"), piece("b2", (7, 5), "b")]))
    options = bundled().options
    state.mythos.spells = [
        KnownSpell("a", "tiles[0]", options[s]) for s in ("son-paralyze", "son-fog", "son-mythos-barrier")
    ]
    return state


def toppling() -> GameState:
    state = son(demolishing())
    state.mythos.totems = [Totem("b", (3, 1)), Totem("a", (1, 4))]
    return state


def searching() -> GameState:
    state = son(game(OPEN, [piece("a1", (2, 2)), piece("b1", (7, 5), "b")]))
    state.mythos.search_tokens = {(3, 3)}
    state.mythos.search_bag = [bundled().options["son-fog"]]
    return state


def treating() -> GameState:
    """An active Medic next to the unit its Aid marker is on."""
    state = son(game(OPEN, [piece("m", (2, 2), kind=MEDICS), piece("a1", (3, 2)), piece("b1", (7, 5), "b")]))
    state.mythos.aid["m"] = "a1"
    return state


def brutal() -> GameState:
    brute = piece("a1", [(3, 2), (2, 2)], kind=BRUTE, facing=EAST)
    return son(game(OPEN, [brute, piece("b1", (3, 1), "b"), piece("b2", (2, 1), "b")]))


def from_afar() -> GameState:
    return son(game(OPEN, [piece("a1", (1, 2), kind=SPITTERS), piece("b1", (3, 2), "b"), piece("b2", (7, 5), "b")]))


def on_the_move() -> GameState:
    return son(game(OPEN, [piece("a1", (0, 2), kind=TROOPERS), piece("b1", (2, 2), "b")]))


def pushing_at_a_jeep() -> GameState:
    """A wreck east of a jeep, another jeep where the wreck would be pushed."""
    state = pushing()
    state.pieces["b2"] = piece("b2", (3, 2), "b", JEEP)
    return state


def blocked_runway() -> GameState:
    """An airplane at Speed 6 with a unit 3 squares ahead of it."""
    state = flying()
    state.pieces["b1"] = piece("b1", (6, 1), "b")
    return state


Situation = tuple[Callable[[], GameState], str, bool, set[type]]
SITUATIONS: dict[str, Situation] = {
    "snipe": (sniping, "a1", False, {Snipe}),
    "template": (shelling, "a1", False, {TemplateFire}),
    "gear fire and throw": (armed, "a1", False, {GearFire, GearThrow}),
    "grenade into a building": (by_the_door, "a1", False, {GrenadeInto}),
    "embark": (carrying, "a2", False, {Embark}),
    "disembark": (riding, "a1", False, {Disembark}),
    "push a wreck": (pushing, "j", False, {PushWreck}),
    "clear a hedgehog, lift a mine": (clearing, "a1", False, {Clear, ClearMine}),
    "lay a mine, dig in": (digging, "a1", True, {PlaceMine, Deploy}),
    "military engineering": (engineering, "a1", False, {Deploy}),
    "board": (boarding, "pilot", False, {Board}),
    "fly": (flying, "plane", False, {Fly}),
    "leave the cockpit": (in_the_cockpit, "pilot", False, {Disembark}),
    "fuel": (fuelled, "a1", True, {GearMove}),
    "demolish": (demolishing, "a1", False, {Demolish}),
    "turn over": (turning, "a1", True, {ChangeState}),
    "fire on the move": (firing_on_the_move, "a1", False, {Move}),
    "a card's movement bonus": (with_cards, "a1", True, {Move}),
    "through windows": (by_the_window, "a1", False, {Move}),
    "cast": (casting, "a1", False, {Cast}),
    "topple a totem": (toppling, "a1", False, {FireAtTotem}),
    "search": (searching, "a1", False, {SearchCheck}),
    "treat": (treating, "m", True, {Treat}),
    "brutal assault": (brutal, "a1", False, {ChainAssault}),
    "long distance assault": (from_afar, "a1", False, {ChainAssault}),
    "assault on the move": (on_the_move, "a1", False, {AssaultOnTheMove}),
}


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_each_family_is_offered_and_every_option_listed_is_allowed_and_resolved(name: str) -> None:
    make, key, supply, kinds = SITUATIONS[name]
    state = make()
    listed = offered(state, key, supply)
    assert kinds <= {type(action) for action in listed}
    for action in listed:
        assert allowed(state, key, action, supply), action
        resolve(state, key, action, supply)  # raises if the resolver refuses it


def test_a_sniper_is_offered_the_enemy_infantry_it_sees_only() -> None:
    """HoN core p.24: infantry only, in sight, never its own side's."""
    state = sniping()
    assert {a.target for a in offered(state, "a1") if isinstance(a, Snipe)} == {"b1"}


def test_fire_on_the_move_cards_and_windows_take_a_unit_where_a_plain_move_does_not() -> None:
    """HoN core p.17, p.23: a card's movement bonus reaches beyond the Movement Value, a
    Surprise card per window opens a way through a building, Fire on the Move goes with the move."""
    plain = {a.path.destination for a in offered(with_cards(), "a1") if isinstance(a, Move) and not a.cards}
    boosted = [a for a in offered(with_cards(), "a1") if isinstance(a, Move) and a.cards]
    assert boosted and all(a.cards == ("go-go-go",) and a.path.destination not in plain for a in boosted)
    through = [a for a in offered(by_the_window(), "a1") if isinstance(a, Move) and a.windows]
    assert through and all(a.windows == ("surprise",) * len(a.windows) for a in through)
    firing = [a for a in offered(firing_on_the_move(), "a1") if isinstance(a, Move) and a.fire is not None]
    assert firing and {a.fire.shots for a in firing if a.fire is not None} == {((None, "b1"),)}


REFUSED: dict[str, tuple[Callable[[], GameState], str, Action, bool, Code]] = {
    "a snipe at a friend": (sniping, "a1", Snipe("a2"), False, Code.NO_TARGET),
    "a snipe at a vehicle": (sniping, "a1", Snipe("b3"), False, Code.TARGET_TYPE),
    "a snipe at an enemy out of sight": (sniping, "a1", Snipe("b2"), False, Code.NO_LINE_OF_SIGHT),
    "a howitzer without a line of sight": (shelling, "a1", TemplateFire((4, 1)), False, Code.TEMPLATE_PLACEMENT),
    "a panzerfaust at a friend": (armed, "a1", GearFire("panzerfaust", "a1"), False, Code.NO_TARGET),
    "a grenade beyond 2 interspaces": (armed, "a1", GearThrow("grenade", (7, 6)), False, Code.OUT_OF_RANGE),
    "a grenade into no building": (by_the_door, "a1", GrenadeInto((5, 0)), False, Code.NOT_A_BUILDING),
    "into the enemy's carrier": (carrying, "a1", Embark("b-c"), False, Code.NOT_A_TRANSPORT),
    "off the carrier onto a taken square": (riding, "a1", Disembark((2, 3)), False, Code.MAY_NOT_STAND),
    "a push away from the wreck": (pushing, "j", PushWreck("w", WEST), False, Code.NOT_INTO_THE_WRECK),
    "a hedgehog that is not there": (clearing, "a1", Clear(3), False, Code.NO_HEDGEHOG_IN_ZOC),
    "a mine far off": (clearing, "a1", ClearMine((7, 0)), False, Code.NO_MINE_IN_REACH),
    "a mine beyond its ZoC": (digging, "a1", PlaceMine((6, 5)), False, Code.NOT_A_MINE_SQUARE),
    "a forward position off its square": (digging, "a1", Deploy(Item.FORWARD_POSITION, (3, 3)), False, Code.OWN_SQUARE),
    "an advanced position far off": (engineering, "a1", Deploy(Item.ADVANCED_POSITION, (6, 0)), False, Code.NOT_IN_ZOC),
    "into an airplane from afar": (pilot_afar, "pilot", Board("plane"), False, Code.NOT_ADJACENT),
    "a fuel marker it has not": (fuelled, "a1", GearMove(Move(PATH_EAST), fuel=3), False, Code.NO_MARKER),
    "a structure that is not there": (demolishing, "a1", Demolish("nowhere"), False, Code.NO_STRUCTURE_SHOT),
    "a change of state without two sides": (clearing, "a1", ChangeState(), False, Code.NO_SUCH_SIDE),
    "ammo it has not on the move": (
        firing_on_the_move,
        "a1",
        Move(PATH_EAST, fire=Fire(((None, "b1"),), ammo=2)),
        False,
        Code.NO_MARKER,
    ),
    "a card it has not": (with_cards, "a1", Move(PATH_EAST, cards=("schnell",)), False, Code.NOT_IN_HAND),
    "a spell beyond its reach": (casting, "a1", Cast("son-paralyze", "b2"), False, Code.OUT_OF_RANGE),
    "a spell in the Supply Phase": (casting, "a1", Cast("son-fog"), True, Code.WRONG_PHASE),
    "its own side's totem": (toppling, "a1", FireAtTotem((1, 4)), False, Code.NO_SHOT),
    "a search with no token near": (
        lambda: son(game(OPEN, [piece("a1", (6, 0))])),
        "a1",
        SearchCheck(),
        False,
        Code.MAY_NOT_SEARCH,
    ),
    "a treatment in the Activation Phase": (treating, "m", Treat(), False, Code.TREAT_IN_SUPPLY_PHASE),
    "a long distance assault beyond its value": (
        from_afar,
        "a1",
        ChainAssault(Path((Position(((1, 2),), NORTH),), 0), ("b2",), from_afar=True),
        False,
        Code.OUT_OF_RANGE,
    ),
    "several enemies on the move without brutal": (
        on_the_move,
        "a1",
        AssaultOnTheMove(PATH_EAST, "b1", then=("b1",)),
        False,
        Code.NO_ABILITY,
    ),
    "no wreck of that key": (pushing, "j", PushWreck("nowhere", EAST), False, Code.NO_SUCH_PIECE),
    "a push into a jeep": (pushing_at_a_jeep, "j", PushWreck("w", EAST), False, Code.IN_THE_WAY),
    "a push by no vehicle": (clearing, "a1", PushWreck("w", EAST), False, Code.NOT_A_VEHICLE),
    "off a carrier it is not in": (carrying, "a1", Disembark((2, 1)), False, Code.NOT_ABOARD),
    "into no transport": (carrying, "a1", Embark("nowhere"), False, Code.NO_SUCH_PIECE),
    "a flight of no airplane": (clearing, "a1", Fly(2, PATH_EAST), False, Code.NOT_AN_AIRPLANE),
    "a take-off short of 6 squares": (
        flying,
        "plane",
        Fly(6, straight_path(Position(_plane().squares, EAST), 4), take_off=True),
        False,
        Code.TAKE_OFF_RUN,
    ),
    "a take-off into a unit": (
        blocked_runway,
        "plane",
        Fly(6, straight_path(Position(_plane().squares, EAST), 6), take_off=True),
        False,
        Code.RUNWAY_NOT_CLEAR,
    ),
    "into no airplane": (boarding, "pilot", Board("nowhere"), False, Code.NOT_ITS_SIDE),
    "Machine Gunner shares for some shots": (
        sniping,
        "a1",
        Fire(((None, "b1"),), shares=(1, 1)),
        False,
        Code.MACHINE_GUNNER_SHARES,
    ),
    "a card with gear markers": (
        fuelled,
        "a1",
        GearMove(Move(PATH_EAST, cards=("go-go-go",)), fuel=1),
        False,
        Code.CARDS_WITH_GEAR,
    ),
    "an advanced position nowhere": (engineering, "a1", Deploy(Item.ADVANCED_POSITION), False, Code.NO_PLACE),
    "a hedgehog across a diagonal": (
        engineering,
        "a1",
        Deploy(Item.BARBED_HEDGEHOG, segment=((2, 2), (3, 3))),
        False,
        Code.NOT_NEIGHBOURING,
    ),
    "a card with no movement bonus": (
        by_the_window,
        "a1",
        Move(PATH_EAST, cards=("surprise",)),
        False,
        Code.NO_ALTERNATE_BONUS,
    ),
    "entering from no reserve": (clearing, "a1", Enter(Position(((4, 4),), NORTH)), False, Code.NOT_IN_RESERVE),
    "leaving by no exit": (clearing, "a1", Leave(), False, Code.NOT_ON_AN_EXIT),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_rules_refuse_what_the_resolver_would_refuse(name: str) -> None:
    """What the engine accepts it can resolve: an action its resolver refuses is no option."""
    make, key, action, supply, code = REFUSED[name]
    state = make()
    assert not allowed(state, key, action, supply)
    refused = action_refusal(state, state.pieces[key], action, supply)
    assert refused is not None and refused.code is code
    assert reason(refused)  # the renderer has its words for it
    with pytest.raises(RulesError):
        resolve(state, key, action, supply)


def test_the_supply_phase_offers_movement_actions_only() -> None:
    """HoN core p.16: no firing action nor assault in the Supply Phase; SoN p.14: spells in the
    Activation Phase, with an Order token; a Medic's treatment in the Supply Phase (hon)."""
    firing = {Fire, Snipe, TemplateFire, GearFire, GearThrow, GrenadeInto, Demolish, Cast, ChainAssault}
    for make, key in ((sniping, "a1"), (shelling, "a1"), (armed, "a1"), (casting, "a1"), (brutal, "a1")):
        assert not firing & {type(a) for a in offered(make(), key, supply=True)}
    assert Treat in {type(a) for a in offered(treating(), "m", supply=True)}
    assert Treat not in {type(a) for a in offered(treating(), "m")}
