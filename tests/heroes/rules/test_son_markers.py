"""Shadows over Normandie's own markers in play (SoN p.14-16): the Poisoned Blade, the Eldritch
Ichor, the Amulet of Dagon, the Dragon, the Totems and the Overlord's clouds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.abilities import dragon, medallion, poisoned_blade
from builder.heroes.rules.actions.kinds import AssaultAction, Fire
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import AssaultEvent, GearEvent, MadnessEvent, Phase, TerrorEvent
from builder.heroes.rules.events.mythos import TerrorCause
from builder.heroes.rules.mythos.state import Madness, mythos_hunter
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import Frame, GameState, GearPool
from builder.heroes.rules.turn import activation_phase, order_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry
from tests.heroes.rules.gear_helpers import OFFICER, OPEN, pool

POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
HYBRIDS = unit("hybrids", abilities=[{"id": "assault", "value": 1}])


def son(state: GameState) -> GameState:
    state.ruleset = SON
    return state


@pytest.mark.rule("son-poisoned-blade")
def test_a_poisoned_blade_adds_1_and_poisons_the_survivor_who_checks_the_terror_per_marker() -> None:
    """SoN p.16: "Discard a Poisoned Blade marker to receive a +1 bonus … If the attacked unit
    survives, it keeps the marker on the Poisoned side. In the beginning of the Supply Phase,
    the unit must make one Terror check per marker on it. If multiple Madness tokens are drawn,
    the Deep Ones player chooses which one will be applied. Put the others back in the bag and
    discard all of the Poisoned Blade markers." The Hybrids roll 1 and 1 (+1 Assault, +1 blade:
    3) against the Rifles' 6: the Rifles survive with two markers (two assaults' worth)."""
    state = son(game(OPEN, [piece("a1", (2, 1), kind=HYBRIDS), piece("b1", (3, 1), "b")]))
    blades = pool(state, "son-poisoned-blade", 3, "infantry")
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, AssaultAction)
    turn = Turn(state, LoadedDice([1, 1, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", action)
    (fight,) = [e for e in turn.events if isinstance(e, AssaultEvent)]
    assert any(m.label == "Poisoned Blade x1" and m.value == 1 for m in fight.rolls[0].modifiers)
    assert blades.count == 2 and state.mythos.poisoned == {"b1": ["a"]}
    state.mythos.poisoned["b1"].append("a")  # a second assault's marker
    state.mythos.madness_bag = [Madness.HYSTERIA, Madness.CATATONIA]
    supply = Turn(state, LoadedDice([1, 2, 1]), Phase.SUPPLY, POLICIES)
    poisoned_blade.poison_checks(supply)
    checks = [e for e in supply.events if isinstance(e, TerrorEvent)]
    assert [(c.unit, c.terror, c.resisted) for c in checks] == [("b1", 3, False), ("b1", 3, False)]
    assert all(c.cause is TerrorCause.POISON and c.cause_page == "SoN p.16" for c in checks)
    assert [(c.check, c.checks) for c in checks] == [(1, 2), (2, 2)]
    (madness,) = [e for e in supply.events if isinstance(e, MadnessEvent)]
    assert madness.madness == "son-catatonia"  # the worse of the two, chosen by the poisoner
    assert state.mythos.madness_bag == [Madness.HYSTERIA] and not state.mythos.poisoned


@pytest.mark.rule("son-poisoned-blade")
def test_a_poisoned_blade_is_for_assaults_on_infantry_only() -> None:
    """SoN p.16: "This option can be used ONLY during an assault against an infantry unit"."""
    jeep = unit("jeep", UnitType.LIGHT_VEHICLE)
    hybrids, car, rifles = piece("a1", (2, 1), kind=HYBRIDS), piece("b1", (3, 1), "b", jeep), piece("b2", (2, 2), "b")
    state = son(game(OPEN, [hybrids, car, rifles]))
    blades = pool(state, "son-poisoned-blade", 3)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES)
    assert poisoned_blade.poisoned_blades(turn, Assault(hybrids, car)) == (Assault(hybrids, car), 0)
    _, count = poisoned_blade.poisoned_blades(turn, Assault(hybrids, rifles))
    assert count == 1 and blades.count == 2


@pytest.mark.rule("son-eldritch-ichor")
def test_eldritch_ichor_prevents_a_hit_on_a_unit_next_to_the_character_but_not_an_elimination() -> None:
    """SoN p.14: "The Character can use the token to prevent a hit on an adjacent unit. You
    cannot cancel a hit that would eliminate a Character or unit." 3 + 2 hits the Rifles' 4."""
    rifles, officer = piece("a1", (2, 1)), piece("a2", (2, 2), kind=OFFICER)
    state = son(game(OPEN, [rifles, officer, piece("b1", (5, 1), "b")]))
    ichor = pool(state, "son-eldritch-ichor", 1, "characters")
    turn = Turn(state, LoadedDice([3]), Phase.ACTIVATION, POLICIES)
    turn.perform("b1", Fire(((None, "a1"),)))
    assert state.pieces["a1"] == rifles and ichor.count == 0
    (spent,) = [e for e in turn.events if isinstance(e, GearEvent)]
    assert (spent.marker, spent.unit) == ("son-eldritch-ichor", "a2") and spent.page == "SoN p.14"
    assert spent.use is GearUse.ICHOR_PREVENTS
    reduced = replace(rifles, side_index=1)
    state = son(game(OPEN, [reduced, officer, piece("b1", (5, 1), "b")]))
    ichor = pool(state, "son-eldritch-ichor", 1, "characters")
    Turn(state, LoadedDice([3]), Phase.ACTIVATION, POLICIES).perform("b1", Fire(((None, "a1"),)))
    assert "a1" not in state.pieces and ichor.count == 1  # eliminated: not cancelled
    far = son(game(OPEN, [rifles, piece("a2", (0, 4), kind=OFFICER), piece("b1", (5, 1), "b")]))
    pool(far, "son-eldritch-ichor", 1, "characters")
    Turn(far, LoadedDice([3]), Phase.ACTIVATION, POLICIES).perform("b1", Fire(((None, "a1"),)))
    assert far.pieces["a1"].side_index == 1  # not adjacent


@pytest.mark.rule("son-eldritch-ichor")
def test_eldritch_ichor_flips_the_character_back_to_its_unharmed_side() -> None:
    """SoN p.14: "By discarding this token, you can flip the Character over to its unharmed side"."""
    state = son(game(OPEN, [piece("a1", (1, 1), kind=OFFICER, side_index=1)]))
    ichor = pool(state, "son-eldritch-ichor", 1, "characters")
    frames = activation_phase(state, {"a": Orders("a", ("a1",)), "b": Orders("b")}, POLICIES, LoadedDice([]))
    assert state.pieces["a1"].side_index == 0 and ichor.count == 0
    assert any(isinstance(f.event, GearEvent) and f.event.marker == "son-eldritch-ichor" for f in frames)


@pytest.mark.rule("son-amulet-of-dagon")
def test_an_amulet_of_dagon_is_played_in_the_activation_phase_once_a_unit_has_acted() -> None:
    """SoN p.16: "You can play an Amulet of Dagon at any time during any phase. Each marker
    allows you to force a unit that has at least one Suppressed marker to make a Terror check
    against the value indicated": not only at the Supply Phase's Terror step."""
    unarmed = infantry(combat=None, light=None, name="Porters", unit_id="porters")
    state = son(game(OPEN, [piece("a1", (1, 1), kind=unarmed), piece("b1", (7, 4), "b", suppressed=1)]))
    state.mythos.madness_bag = [Madness.STEADY]
    amulets = pool(state, "son-amulet-of-dagon", 3)
    frames = activation_phase(state, {"a": Orders("a", ("a1",)), "b": Orders("b")}, POLICIES, LoadedDice([2]))
    (check,) = [f.event for f in frames if isinstance(f.event, TerrorEvent)]
    assert (check.unit, check.phase, check.terror, check.resisted) == ("b1", "activation", 3, False)
    assert check.cause is TerrorCause.AMULET and amulets.count == 2


@pytest.mark.rule("son-dragon")
def test_the_dragon_flies_onto_an_allied_unit_and_gives_it_terrifying_and_mythos_hunter_1() -> None:
    """SoN p.16: "This little dragon can move once per round … It can move onto an allied unit to
    provide its support … It gives the Terrifying and Mythos Hunter 1 Special Abilities to the
    unit on which it is placed." It leaves the first carrier's counter as it was."""
    hybrids, rifles = piece("a1", (2, 1), kind=HYBRIDS), piece("a2", (0, 4), kind=HYBRIDS)
    state = son(game(OPEN, [hybrids, rifles, piece("b1", (4, 1), "b")]))
    pool(state, "son-dragon", 1)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES)
    dragon.dragons_fly(turn)
    carrier = state.pieces["a1"]
    assert carrier.side.has("terrifying") and mythos_hunter(state.mythos, carrier) == 1
    assert not state.pieces["a2"].side.has("terrifying") and mythos_hunter(state.mythos, state.pieces["a2"]) == 0
    (flight,) = [e for e in turn.events if isinstance(e, GearEvent)]
    assert (flight.marker, flight.unit) == ("son-dragon", "a1") and flight.page == "SoN p.16"
    assert flight.use is GearUse.DRAGON_PERCH
    dragon.dragons_fly(turn)  # already on the best unit: it stays
    assert len([e for e in turn.events if isinstance(e, GearEvent)]) == 1
    state.pieces["b1"] = state.pieces["b1"].moved(((1, 4),), state.pieces["b1"].facing)
    state.pieces["a1"] = state.pieces["a1"].moved(((7, 1),), state.pieces["a1"].facing)
    dragon.dragons_fly(turn)  # the next round, the other Hybrids are nearest the enemy
    dropped = state.pieces["a1"]
    assert [s.abilities for s in dropped.unit.sides] == [s.abilities for s in hybrids.unit.sides]
    assert not dropped.side.has("terrifying") and mythos_hunter(state.mythos, dropped) == 0
    assert state.pieces["a2"].side.has("terrifying") and mythos_hunter(state.mythos, state.pieces["a2"]) == 1


DREAD = unit("dread", abilities=[{"id": "mythos-manifestation", "value": 5}])


@pytest.mark.rule("elder-sign-medallion")
def test_an_elder_sign_medallion_discards_an_order_token_on_a_manifestation_within_3_spaces() -> None:
    """SoN p.14: "at the end of the Order Phase, the medallion allows you to discard an Order
    token assigned to a Mythos Manifestation situated 3 or fewer spaces from the Character
    wearing the medallion": the Dread 3 spaces away loses its token, the one 5 away keeps it."""
    wearer = piece("a1", (1, 1), kind=OFFICER)
    state = son(game(OPEN, [wearer, piece("b1", (4, 1), "b", DREAD), piece("b2", (6, 1), "b", DREAD)]))
    state.gear.append(GearPool("a", "son-elder-sign-medallion", 1, None, ("characters",), "Elder Sign Medallion"))
    orders = {"a": Orders("a", ("a1",)), "b": Orders("b", ("b1", "b2"))}
    turn = Turn(state, LoadedDice([]), Phase.ORDER, POLICIES)
    medallion.medallions(turn, orders)
    assert orders["b"].numbered == ("b2",)
    (told,) = [e for e in turn.events if isinstance(e, GearEvent)]
    assert (told.marker, told.unit) == ("son-elder-sign-medallion", "a1") and told.page == "SoN p.14"
    assert told.use is GearUse.MEDALLION
    bare = son(game(OPEN, [wearer, piece("b1", (4, 1), "b", DREAD)]))
    orders = {"a": Orders("a", ("a1",)), "b": Orders("b", ("b1",))}
    medallion.medallions(Turn(bare, LoadedDice([]), Phase.ORDER, POLICIES), orders)
    assert orders["b"].numbered == ("b1",)  # no medallion worn


@pytest.mark.rule("elder-sign-medallion")
def test_the_order_phase_ends_with_the_medallions() -> None:
    wearer = piece("a1", (1, 1), kind=OFFICER)
    state = son(game(OPEN, [wearer, piece("b1", (3, 1), "b", DREAD)]))
    state.gear.append(GearPool("a", "son-elder-sign-medallion", 1, None, ("characters",), "Elder Sign Medallion"))
    frames: list[Frame] = []
    orders = order_phase(state, POLICIES, LoadedDice([]), frames)
    assert "b1" not in orders["b"].ordered
    assert any(isinstance(f.event, GearEvent) and f.event.marker == "son-elder-sign-medallion" for f in frames)
