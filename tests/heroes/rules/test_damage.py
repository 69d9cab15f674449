"""What a heavy vehicle's damage markers do once they are on it (HoN core p.15): Crew, one
weapon a turn; Tracks, no more Movement Actions; Primary weapon, destroyed. Firing,
movement, assaults and the simulation's policy all respect them, and say so with the page."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.cards import ActionCard, CardTiming
from builder.heroes.rules.action_cards import played as cards_played
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Hold, Move
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import FireEvent, FireNote
from builder.heroes.rules.events.game import HoldReason, Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import assault_path, reachable
from builder.heroes.rules.resolution.assault_roll import Assault, engage
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.state import Deck
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, piece, tank

pytestmark = pytest.mark.rule("damage")

OPEN = "\n".join(["........"] * 6)
STORMERS = infantry(abilities=[{"id": "assault", "value": 1}], heavy=1, name="Stormers", unit_id="stormers")


@pytest.mark.rule("son-damage", "damage-crew")
def test_a_crew_hit_vehicle_fires_only_one_of_its_weapons() -> None:
    """HoN core p.15, 1 : Crew - "Each turn, the vehicle can only fire one of its weapons,
    not both!" The policy picks one; two weapons in one Firing Action are refused."""
    vehicle = piece(tank(), (3, 2), key="a-tank", damage=(DamageLocation.CREW,))
    near = piece(infantry(), (3, 0), key="b-near", owner="b")
    state = game(OPEN, [vehicle, near])
    whole = piece(tank(), (3, 2), key="a-tank")
    undamaged = SimplePolicy().activate(game(OPEN, [whole, near]), whole)
    assert isinstance(undamaged, Fire) and len(undamaged.shots) == 2  # undamaged, it fires both
    action = SimplePolicy().activate(state, vehicle)
    assert isinstance(action, Fire) and len(action.shots) == 1
    gun, mg = vehicle.side.weapons
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    with pytest.raises(IllegalAttack) as caught:
        turn.perform("a-tank", Fire(((gun, "b-near"), (mg, "b-near"))))
    assert caught.value.code is Code.MAY_NOT_FIRE
    assert caught.value.page == "HoN core p.15"
    turn.perform("a-tank", Fire(((mg, "b-near"),)))
    (event,) = turn.events
    assert (
        isinstance(event, FireEvent) and event.notes == (FireNote.ONE_WEAPON,) and event.notes_page == "HoN core p.15"
    )


@pytest.mark.rule("son-damage", "damage-tracks")
def test_a_tracks_hit_vehicle_executes_no_more_movement_actions() -> None:
    """HoN core p.15, 2 : Tracks - "The vehicle may no longer execute Movement Actions for the
    rest of the game": no move, no pivot, no assault (an assault is a Movement Action, p.25)."""
    vehicle = piece(tank(), (3, 2), key="a-tank", damage=(DamageLocation.TRACKS,))
    prey = piece(infantry(combat=None), (3, 0), key="b-prey", owner="b")
    state = game(OPEN, [vehicle, prey], objectives=[{"id": "x", "name": "X", "kind": "secondary", "at": [7, 5]}])
    assert allowance(vehicle) == 0
    assert list(reachable(state.battlefield, state.pieces.values(), vehicle, state.ruleset)) == [
        Position(vehicle.squares, vehicle.facing)
    ]
    assert assault_path(state.battlefield, state.pieces.values(), vehicle, prey, state.ruleset) is None
    held = SimplePolicy().supply_move(state, vehicle)
    assert held == Hold(HoldReason.TRACKS_DAMAGED, "HoN core p.15")
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    step = Path((Position(vehicle.squares, vehicle.facing), Position(((3, 1), (3, 2)), vehicle.facing)), 1)
    with pytest.raises(RulesError) as caught:
        turn.perform("a-tank", Move(step))
    assert caught.value.code is Code.TRACKS_DAMAGED
    assert caught.value.page == "HoN core p.15"
    with pytest.raises(IllegalAttack) as caught:
        turn.perform("a-tank", AssaultAction(step, "b-prey"))
    assert caught.value.code is Code.TRACKS_DAMAGED


@pytest.mark.rule("damage-tracks", "forced-move")
def test_no_card_moves_a_vehicle_whose_tracks_are_hit() -> None:
    """HoN core p.15 and p.17: a Go Go Go! card on a vehicle whose tracks are hit is not a
    play the rules offer, and the greedy player, whose plan it was, plays no card. Found by a
    10,000-game balance run (seed 7393): the card was offered, and the move it made refused."""
    go = ActionCard.model_validate(
        {
            "id": "go-go-go",
            "name": "Go Go Go",
            "faction": "common",
            "text": "…",
            "source": "example",
            "timing": "after-action",
            "effect": {"kind": "forced-move", "value": 2},
        }
    )
    vehicle = piece(tank(), (3, 3), key="a-tank", damage=(DamageLocation.TRACKS,))
    enemy = piece(infantry(combat=None), (7, 0), key="b-far", owner="b")
    state = game(OPEN, [vehicle, enemy], objectives=[{"id": "x", "name": "X", "kind": "secondary", "at": [3, 1]}])
    state.decks["a"] = Deck(4, [], [go])
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, {"a": SimplePolicy(), "b": SimplePolicy()})
    (play,) = SimplePolicy().action_cards(state, vehicle, CardTiming.AFTER_ACTION)  # its plan: onto the objective
    assert (play.card, play.unit) == ("go-go-go", "a-tank") and play.path is not None
    refusal = cards_played.battle_event_refusal(turn, "a", play, CardTiming.AFTER_ACTION)
    assert refusal is not None and refusal.code is Code.TRACKS_DAMAGED
    assert play not in cards_played.battle_event_plays(turn, "a", CardTiming.AFTER_ACTION)
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (play,), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY
    cards_played.battle_events_at(turn, "a", CardTiming.AFTER_ACTION, vehicle)
    assert state.pieces["a-tank"].squares == vehicle.squares and [c.id for c in state.decks["a"].hand] == ["go-go-go"]


@pytest.mark.rule("damage-primary-weapon")
def test_a_destroyed_primary_weapon_cannot_fire() -> None:
    """HoN core p.15, 5 : Primary weapon - "The vehicle's Primary Weapon is Destroyed": it
    fires its secondary weapon only; a vehicle whose one weapon is both its primary and its
    secondary weapon loses it, for firing and for assaults."""
    vehicle = piece(tank(), (3, 2), key="a-tank", damage=(DamageLocation.PRIMARY,))
    target = piece(infantry(), (3, 0), key="b-target", owner="b")
    state = game(OPEN, [vehicle, target])
    gun, mg = vehicle.side.weapons
    assert shot_at(state, vehicle, target, gun) is None
    assert shot_at(state, vehicle, target, mg) is not None
    action = SimplePolicy().activate(state, vehicle)
    assert isinstance(action, Fire) and [w for w, _ in action.shots] == [mg]
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a-tank", action)
    fired = turn.events[0]
    assert isinstance(fired, FireEvent) and fired.notes == (FireNote.PRIMARY_DESTROYED,)
    # One weapon, both primary and secondary: nothing left to fire nor to fight back with.
    lone = piece(tank(secondary=None), (3, 2), key="a-lone", damage=(DamageLocation.PRIMARY,))
    alone = game(OPEN, [lone, target])
    assert shot_at(alone, lone, target, lone.side.weapons[0]) is None
    stormers = piece(STORMERS, (3, 1), key="b-stormers", owner="b")
    assert engage(Assault(stormers, lone)).automatic
    assert not engage(Assault(stormers, piece(tank(secondary=None), (3, 2), key="a-whole"))).automatic
