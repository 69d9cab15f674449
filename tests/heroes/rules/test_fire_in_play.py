"""Fire during play (issue 13): Opportunity Fire offered by the turn engine during an enemy's
Movement Action and after its Firing Action (HoN core p.24), firing arcs (HoN core p.14)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path as FilePath

import pytest

from builder.heroes.ai import firing
from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.cards import ActionCard, CardTiming
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.action_cards.deck import CardPlay
from builder.heroes.rules.actions.firing import shots_at
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Move
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import Watched
from builder.heroes.rules.events.game import FireEvent, MoveEvent, MoveStop, Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH
from builder.heroes.rules.preview import preview_fire
from builder.heroes.rules.resolution.combat import FireOutcome, IllegalAttack
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.setup.placement import field_army
from builder.heroes.rules.state import Deck, GearPool, gear_pools
from builder.heroes.rules.turn_context import Turn
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Modifier
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank

OPEN = "\n".join(["........"] * 5)
WATCHERS = unit("watchers", abilities=["opportunity-fire"])
POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
SCENARIOS = FilePath(__file__).resolve().parents[3] / "scenarios"
HILL = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [7, 2]}]


def east(start: tuple[int, int], steps: int) -> Path:
    """A path due east, one square a step."""
    squares = [(start[0] + i, start[1]) for i in range(steps + 1)]
    return Path(tuple(Position((sq,), EAST) for sq in squares), steps)


@pytest.mark.rule("opportunity-fire")
def test_opportunity_fire_interrupts_the_move_at_the_square_and_the_move_goes_on() -> None:
    """HoN core p.24: a non-activated unit may fire "at any time during the Movement Action of
    an enemy unit"; it is then activated; the target does not interrupt its Movement Action
    even if it takes a Hit."""
    mover, watcher = piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)
    state = game(OPEN, [mover, watcher])
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(east((0, 2), 4)))
    kinds = [f.event.kind for f in turn.frames]
    assert kinds == ["fire", "move"]
    shot = turn.frames[0]
    # Shot at the first square entered: 4 + 2 against a defense of 4, a hit (HoN core p.15).
    assert isinstance(shot.event, FireEvent)
    assert shot.event.opportunity == Watched(unit="a1", moving_into=((1, 2),), page="HoN core p.24")
    assert {p.key: p.squares for p in shot.pieces}["a1"] == ((1, 2),)
    assert state.pieces["a1"].squares == ((4, 2),)  # the move went on to its end
    assert state.pieces["a1"].side_index == 1  # flipped by the hit
    assert state.pieces["b1"].activated  # the firer receives an Activated marker


@pytest.mark.rule("opportunity-fire")
def test_opportunity_fire_that_destroys_the_mover_ends_its_move() -> None:
    mover, watcher = piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)
    state = game(OPEN, [mover, watcher])
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(east((0, 2), 4)))  # 6 + 2 = 8, twice the defense: destroyed
    assert [f.event.kind for f in turn.frames] == ["fire", "destroyed"]
    assert "a1" not in state.pieces


@pytest.mark.rule("opportunity-fire")
def test_only_a_unit_with_the_ability_not_activated_and_only_in_the_activation_phase() -> None:
    """HoN core p.24: "During (and only during) the Activation Phase, a non-activated unit"."""
    for watcher, phase in (
        (piece("b1", (2, 0), "b"), Phase.ACTIVATION),  # no Opportunity Fire ability
        (piece("b1", (2, 0), "b", WATCHERS), Phase.SUPPLY),
    ):
        state = game(OPEN, [piece("a1", (0, 2)), watcher])
        turn = Turn(state, LoadedDice([]), phase, POLICIES)
        turn.perform("a1", Move(east((0, 2), 4)))
        assert [f.event.kind for f in turn.frames] == ["move"]
    state = game(OPEN, [piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)])
    state.pieces["b1"] = replace(state.pieces["b1"], activated=True)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(east((0, 2), 4)))
    assert [f.event.kind for f in turn.frames] == ["move"]


@pytest.mark.rule("opportunity-fire")
def test_opportunity_fire_after_an_enemy_firing_action() -> None:
    """HoN core p.24: "a non-activated unit can take a Firing Action against an enemy unit
    after that enemy unit's Firing Action"."""
    firer, target, watcher = piece("a1", (2, 2)), piece("b2", (3, 2), "b"), piece("b1", (2, 0), "b", WATCHERS)
    state = game(OPEN, [firer, target, watcher])
    turn = Turn(state, LoadedDice([1, 4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b2"),)))
    assert [f.event.kind for f in turn.frames] == ["fire", "fire"]
    reply = turn.frames[1].event
    assert isinstance(reply, FireEvent) and reply.firer == "b1" and reply.target == "a1"
    assert reply.opportunity == Watched(unit="a1", page="HoN core p.24")  # after its Firing Action
    assert state.pieces["b1"].activated and state.pieces["a1"].side_index == 1


@pytest.mark.rule("opportunity-fire")
def test_the_policy_takes_opportunity_fire_only_on_good_odds() -> None:
    state = game(OPEN, [piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS, suppressed=2)])
    # Suppressed twice: -4 on the result, 2 + d6 - 4 reaches 4 on a 6 only: 1/6.
    assert SimplePolicy().opportunity(state, state.pieces["b1"], state.pieces["a1"]) is None
    state = game(OPEN, [piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)])
    found = SimplePolicy().opportunity(state, state.pieces["b1"], state.pieces["a1"])
    assert found == Fire(((None, "a1"),))


@pytest.mark.rule("firing-arc")
def test_a_weapon_fires_only_inside_its_firing_arc() -> None:
    """HoN core p.14: "A unit can only fire at a target that is inside the unit's Firing Arc";
    the Gun's arc is 90° about the front, the MG has 360°."""
    gun = piece("a1", ((3, 2), (3, 3)), kind=tank(arc=90), facing=NORTH)
    ahead, behind = piece("b1", (3, 0), "b"), piece("b2", (3, 4), "b")
    state = game(OPEN, [gun, ahead, behind])
    (gun_ahead, mg_ahead) = preview_fire(state, gun, ahead)
    (gun_behind, mg_behind) = preview_fire(state, gun, behind)
    assert gun_ahead.odds is not None and mg_ahead.odds is not None and mg_behind.odds is not None
    assert gun_behind.odds is None and gun_behind.reason is not None
    assert "outside the 90° firing arc of the Gun (HoN core p.14)" in gun_behind.reason
    turned = state.pieces["a1"].moved(gun.squares, SOUTH)
    state.pieces["a1"] = turned
    assert preview_fire(state, turned, behind)[0].odds is not None


@pytest.mark.rule("damage", "damage-tracks")
def test_a_tracks_hit_under_opportunity_fire_stops_the_vehicle_at_once() -> None:
    """HoN core p.15, 2 : Tracks - the vehicle may no longer execute Movement Actions: hit on
    the way, it stops where it is (p.24: a mere hit would not interrupt the move)."""
    panzer = piece("a1", ((0, 3), (0, 4)), kind=tank(), facing=NORTH)
    watcher = piece("b1", (3, 2), "b", infantry(heavy=5, abilities=["opportunity-fire"]))
    state = game(OPEN, [panzer, watcher])
    path = Path(tuple(Position(((0, r), (0, r + 1)), NORTH) for r in (3, 2, 1, 0)), 3)
    # 3 + 5 = 8 against the side's 7: a hit; the damage location roll of 2 is Tracks.
    turn = Turn(state, LoadedDice([3, 2]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(path))
    assert [f.event.kind for f in turn.frames] == ["fire", "move"]
    assert state.pieces["a1"].squares == ((0, 2), (0, 3))
    stopped = turn.frames[1].event
    assert isinstance(stopped, MoveEvent) and (stopped.stopped, stopped.page) == (MoveStop.TRACKS, "HoN core p.15")


@pytest.mark.rule("damage-hull")
def test_a_hull_hit_under_opportunity_fire_stops_the_vehicle_at_once() -> None:
    """HoN core p.15, 3 or 4 : Hull - two Suppressed markers; "If it was moving, it stops immediately"."""
    panzer = piece("a1", ((0, 3), (0, 4)), kind=tank(), facing=NORTH)
    watcher = piece("b1", (3, 2), "b", infantry(heavy=5, abilities=["opportunity-fire"]))
    state = game(OPEN, [panzer, watcher])
    path = Path(tuple(Position(((0, r), (0, r + 1)), NORTH) for r in (3, 2, 1, 0)), 3)
    turn = Turn(state, LoadedDice([3, 4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(path))
    assert state.pieces["a1"].squares == ((0, 2), (0, 3)) and state.pieces["a1"].suppressed == 2
    stopped = turn.frames[1].event
    assert isinstance(stopped, MoveEvent) and (stopped.stopped, stopped.page) == (MoveStop.HULL, "HoN core p.15")


@pytest.mark.rule("firing-arc")
def test_an_assault_from_outside_every_firing_arc_suppresses_the_defender_first() -> None:
    """HoN core p.26: "When a unit with a firing arc is assaulted from a square out of its
    firing arc, you must give it a Suppressed Marker before resolving the assault"."""
    gun = piece("b1", ((3, 1), (3, 2)), "b", tank(arc=90, secondary=None), facing=NORTH)
    stormers = piece("a1", (3, 3), kind=infantry(heavy=2, abilities=[{"id": "assault", "value": 2}]))
    state = game(OPEN, [gun, stormers])
    turn = Turn(state, LoadedDice([1, 6, 1, 1, 1, 1]), Phase.ACTIVATION)
    step = Path((Position(((3, 3),), NORTH), Position(((3, 2),), NORTH)), 1)
    turn.perform("a1", AssaultAction(step, "b1"))
    (assault,) = [f.event for f in turn.frames if f.event.kind == "assault"]
    labels = [m.label for roll in assault.rolls for m in roll.modifiers]
    assert "Suppressed x1" in labels


@pytest.mark.rule("suppressive-fire")
def test_the_policy_chooses_suppressive_fire_when_it_promises_more() -> None:
    """HoN core p.24: Suppressive Fire doubles the combat value and bonuses, not the penalties.
    Through three squares of tall grass (-6): a normal shot hits on a 6 only (1/6 of a hit);
    suppressive fire gives a marker on 2+ and two on a 6 (one marker on average), worth more
    at a third of a hit each (hon's rate)."""
    board = "\n".join(["........", ".YYY....", "........"])
    firer = piece("a1", (0, 1), kind=infantry(combat=4, abilities=["suppressive-fire"]))
    state = game(board, [firer, piece("b1", (4, 1), "b")])
    action = SimplePolicy().activate(state, firer)
    assert action == Fire(((None, "b1"),), suppressive=(None,))
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", action)
    (event,) = turn.events
    assert isinstance(event, FireEvent)
    assert event.outcome is FireOutcome.SUPPRESSION and event.rolls[0].page == "HoN core p.24"
    assert event.suppressed == 2 and state.pieces["b1"].suppressed == 2  # 8 + 6 - 6 = 8, twice the defense


@pytest.mark.rule("machine-gunner")
def test_the_policy_splits_a_machine_gunners_fire_when_it_promises_more() -> None:
    """HoN core p.24, the worked example's split: +4 over three targets is +1, +1, +2. One
    whole shot promises 1.5 hits (a double on 4+), the split 2/3 + 2/3 + 1."""
    gunner = piece("a1", (3, 3), kind=infantry(combat=4, abilities=["machine-gunner"]))
    targets = [piece("b1", (2, 1), "b"), piece("b2", (3, 1), "b"), piece("b3", (4, 1), "b")]
    state = game(OPEN, [gunner, *targets])
    action = SimplePolicy().activate(state, gunner)
    assert isinstance(action, Fire) and sorted(share or 0 for share in action.shares) == [1, 1, 2]
    assert {key for _, key in action.shots} == {"b1", "b2", "b3"}
    turn = Turn(state, LoadedDice([3, 3, 3]), Phase.ACTIVATION)
    turn.perform("a1", action)
    assert [e.kind for e in turn.events] == ["fire", "fire", "fire"]
    assert sorted(e.share or 0 for e in turn.events if isinstance(e, FireEvent)) == [1, 1, 2]
    assert sorted(e.rolls[0].total for e in turn.events) == [4, 4, 5]


@pytest.mark.rule("fire-on-the-move")
def test_the_policy_fires_on_the_move_where_it_sees_its_target() -> None:
    """HoN core p.23: "The unit may take a Firing Action during its Movement Action ... resolved
    before leaving, or after entering a square"; the penalty comes off the combat value."""
    board = "\n".join(["........", "##......", "........"])
    runner = piece("a1", (0, 2), kind=infantry(combat=2, abilities=[{"id": "fire-on-the-move", "value": 1}]))
    state = game(board, [runner, piece("b1", (0, 0), "b")], objectives=HILL)
    action = SimplePolicy().activate(state, runner)
    assert isinstance(action, Move) and action.fire == Fire(((None, "b1"),))
    assert action.fire_at is not None and action.fire_at > 0  # no line of sight before it leaves
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", action)
    fired, moved = turn.events
    where = {p.key: p.squares for p in turn.frames[0].pieces}["a1"]
    assert where == action.path.positions[action.fire_at].squares  # fired from that square, then moved on
    assert moved.kind == "move"
    assert Modifier("Fire on the Move", -1, "HoN core p.23") in fired.rolls[0].modifiers


@pytest.mark.rule("ammo")
def test_ammo_markers_are_spent_for_their_bonus_against_infantry() -> None:
    """HoN core p.28: "Each Ammo Marker grants a +1 bonus to your Combat Value during a Firing
    Action (regular or Alternate) against Infantry Units"; spent, it is gone (p.31: "their use is
    limited to the number of markers"). The policy spends one: 2 + 1 makes a double hit on 5+
    (+1/3 of a hit); a second would add 1/6 only."""
    firer = piece("a1", (2, 1))
    state = game(OPEN, [firer, piece("b1", (3, 1), "b")])
    pool = GearPool("a", "ammo", 3, None, ("infantry",), "Ammo")
    state.gear.append(pool)
    action = SimplePolicy().activate(state, firer)
    assert action == Fire(((None, "b1"),), ammo=1)
    turn = Turn(state, LoadedDice([5]), Phase.ACTIVATION)
    turn.perform("a1", action)
    fired = turn.events[0]
    assert Modifier("Ammo (Ammo)", 1, "HoN core p.28") in fired.rolls[0].modifiers
    assert fired.rolls[0].total == 8 and "b1" not in state.pieces  # 5 + 2 + 1, twice the defense
    assert pool.count == 2
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([5]), Phase.ACTIVATION).perform("a1", Fire((), ammo=3))
    assert caught.value.code is Code.MAY_NOT_FIRE


@pytest.mark.rule("ammo", "gear-markers")
def test_gear_markers_go_to_the_units_of_their_tile() -> None:
    """HoN core p.28: only the units of the Recruitment Tile the gear option is on use it (any
    unit of the army on a command tile); Ammo is Restricted to Infantry."""
    loaded = load_scenario(SCENARIOS / "welcome-to-caen-carpiquet.yaml")
    armies = loaded.armies()
    catalogue = load_catalogue()[0]
    pools = [
        p for side, army in armies.items() for p in gear_pools(resolve(army, catalogue), side) if p.marker == "ammo"
    ]
    side = pools[0].side
    assert pools and pools[0].count == 3 and pools[0].restricted_to == ("infantry",)
    tile = pools[0].group
    assert tile is not None
    ours = replace(piece("x", (0, 0), side), group=tile)
    assert pools[0].serves(ours) and not pools[0].serves(replace(ours, group="elsewhere"))
    assert not pools[0].serves(replace(ours, owner="other"))


STORMER = unit("stormers", abilities=[{"id": "assault", "value": 1}])


@pytest.mark.rule("knife")
def test_a_knife_marker_is_discarded_for_plus_2_in_an_assault() -> None:
    """HoN core p.31: "Discard the Knife marker to add a +2 bonus to the result of your die roll
    during an assault." The policy discards it when it adds 0.1 to its chance of winning
    (0.75 to 0.94 here)."""
    attacker, defender = piece("a1", (2, 1), kind=STORMER), piece("b1", (3, 1), "b")
    state = game(OPEN, [attacker, defender])
    pool = GearPool("a", "knife", 1, None, (), "Knife")
    state.gear.append(pool)
    action = SimplePolicy().activate(state, attacker)
    assert isinstance(action, AssaultAction) and action.knife
    turn = Turn(state, LoadedDice([3, 3, 1, 1, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", action)
    (event,) = [e for e in turn.events if e.kind == "assault"]
    assert Modifier("Knife", 2, "HoN core p.31") in event.rolls[0].modifiers  # the attacker's roll
    assert pool.count == 0
    with pytest.raises(IllegalAttack) as caught:
        Turn(game(OPEN, [attacker, defender]), LoadedDice([3, 3]), Phase.ACTIVATION).perform("a1", action)
    assert caught.value.code is Code.NO_MARKER


@pytest.mark.rule("knife")
def test_an_assaulted_unit_discards_its_knife_when_it_helps() -> None:
    attacker, defender = piece("a1", (2, 1), kind=STORMER), piece("b1", (3, 1), "b")
    state = game(OPEN, [attacker, defender])
    pool = GearPool("b", "knife", 1, None, (), "Knife")
    state.gear.append(pool)
    step = Path((Position(((2, 1),), EAST), Position(((3, 1),), EAST)), 1)
    turn = Turn(state, LoadedDice([3, 3, 1, 1, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", AssaultAction(step, "b1"))
    (event,) = [e for e in turn.events if e.kind == "assault"]
    assert Modifier("Knife", 2, "HoN core p.31") in event.rolls[1].modifiers and pool.count == 0  # the defence


@pytest.mark.rule("opportunity-fire")
def test_overwatch_gives_the_character_of_its_tile_opportunity_fire() -> None:
    """HoN core p.31, Overwatch: "This customization gives you the Opportunity Fire special
    ability" (Restricted to Characters): the tile's character counter carries it in play."""
    loaded = load_scenario(SCENARIOS / "welcome-to-caen-carpiquet.yaml")
    armies = loaded.armies()
    side = next(s for s, army in armies.items() if army.faction == "german")
    army = armies[side]
    tiles = list(army.tiles)
    tiles[0] = tiles[0].model_copy(update={"slots": {**tiles[0].slots, "left": tiles[1].slots["left"]}})
    pick = tiles[0].slots["left"].model_copy(update={"option": "overwatch"})
    tiles[0] = tiles[0].model_copy(update={"slots": {**tiles[0].slots, "left": pick}})
    force = field_army(resolve(army.model_copy(update={"tiles": tiles}), load_catalogue()[0]), side)
    watchful = [p for p in force.pieces if p.side.has("opportunity-fire")]
    assert watchful and all(p.unit.is_character and p.group == "tiles[0]" for p in watchful)
    plain = field_army(resolve(army, load_catalogue()[0]), side)
    assert not any(p.side.has("opportunity-fire") for p in plain.pieces)


# --- Opportunity Fire with the board rules and action cards (the merge of main) ------------


@pytest.mark.rule("opportunity-fire")
def test_a_concealed_mover_draws_opportunity_fire_only_once_spotted() -> None:
    """A concealed unit may not be targeted (HoN core p.21) until it is spotted on a square it
    moves into; from that square on the enemy may take Opportunity Fire at it (p.24)."""
    board = "\n".join(["........", "####.###", "........"])
    hidden = unit("hidden", abilities=["ambush"], states=("active", "inactive"))
    mover, watcher = piece("b1", (6, 0), "b", hidden, facing=EAST), piece("a1", (4, 2), "a", WATCHERS)
    state = game(board, [mover, watcher])
    path = Path(tuple(Position(((c, 0),), EAST) for c in (6, 5, 4, 3)), 3)
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION, POLICIES)  # a miss: the move goes on
    turn.perform("b1", Move(path))
    fires = [f for f in turn.frames if f.event.kind == "fire"]
    assert [f.event.kind for f in turn.frames] == ["fire", "move", "spot"]
    assert len(fires) == 1 and state.pieces["a1"].activated
    # Fired at on (4, 0), the square it was spotted on, not on (5, 0) behind the rocks.
    at = next(p for p in fires[0].pieces if p.key == "b1")
    assert at.squares == ((4, 0),) and not at.concealed


def _card(card_id: str, **fields: object) -> ActionCard:
    base: dict[str, object] = {"id": card_id, "name": card_id.title(), "faction": "common", "text": "…"}
    return ActionCard.model_validate(base | {"source": "example"} | fields)


@pytest.mark.rule("opportunity-fire")
def test_a_move_with_a_card_bonus_is_still_interrupted_by_opportunity_fire() -> None:
    """The movement Alternate Bonus is played as the Movement Action is declared (HoN core
    p.17); the move is still made square by square, and Opportunity Fire interrupts it (p.24)."""
    mover, watcher = piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)
    state = game(OPEN, [mover, watcher])
    rush = _card("rush", alternate_bonus={"kind": "movement", "value": 1})
    deck = state.decks["a"] = Deck(4, [], [rush])
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Move(east((0, 2), 4), cards=("rush",)))
    assert [f.event.kind for f in turn.frames] == ["card", "fire", "move"]
    assert deck.discards == [rush] and state.pieces["b1"].activated
    assert state.pieces["a1"].square == (4, 2)


@pytest.mark.rule("opportunity-fire", "forced-move")
def test_a_forced_move_from_a_card_draws_no_opportunity_fire() -> None:
    """Opportunity Fire is taken "during the Movement Action of an enemy unit" (HoN core p.24):
    a card's Forced Move is none (p.9), so nobody fires at it."""
    mover, watcher = piece("a1", (0, 2)), piece("b1", (2, 0), "b", WATCHERS)
    state = game(OPEN, [mover, watcher])
    go = _card("go", timing="after-action", effect={"kind": "forced-move", "value": 2})
    state.decks["a"] = Deck(4, [], [go])
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES)
    played.play_battle_events(turn, "a", (CardPlay("go", "a1", east((0, 2), 2)),), CardTiming.AFTER_ACTION)
    assert [f.event.kind for f in turn.frames] == ["card", "move"]
    assert state.pieces["a1"].square == (2, 2) and not state.pieces["b1"].activated


@pytest.mark.rule("running-over-infantry")
def test_a_vehicle_driving_over_infantry_has_no_shot_at_it_on_the_move() -> None:
    """HoN core p.10: a vehicle "may pass through a square that contains an allied or enemy
    Infantry unit"; the range counts the target's square, not the firer's (p.14), so from the
    infantry's own square there is no range and no shot (the books are silent; our choice).
    A balance run crashed here: the policy weighed Fire on the Move from every square of a
    path through the infantry's square, that one included."""
    lane = "\n".join(["#.#"] * 7)
    armour = piece("t", ((1, 5), (1, 6)), "a", tank(), facing=NORTH)
    rifles = piece("e", (1, 3), "b")
    state = game(lane, [armour, rifles])
    over = armour.moved(((1, 3), (1, 4)), NORTH)
    assert shots_at(state, over, rifles, tuple(over.side.weapons), on_the_move=True) == [None, None]
    path = reachable(state.battlefield, state.pieces.values(), armour, HON)[Position(((1, 1), (1, 2)), NORTH)]
    assert any((1, 3) in p.squares for p in path.positions)  # it drives through the rifles
    action = firing.on_the_move(SimplePolicy(), state, armour, Move(path))
    assert action.fire is not None and action.fire_at is not None  # it fires on the move…
    assert (1, 3) not in path.positions[action.fire_at].squares  # …but not from the rifles' square
    assert state.pieces["t"] is armour
