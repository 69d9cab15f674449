"""The Deep Ones' Totems in play (SoN p.16-17): put down in the first round's Supply Phase,
Magician for Deep Ones Characters within 3 spaces, an Order token (or an Action card) each
round while they stand, and destroyed by a unit with Destruction."""

from __future__ import annotations

from pathlib import Path as FilePath

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.army.resolve import resolve
from builder.heroes.rules.abilities import totems
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent, Phase
from builder.heroes.rules.mythos.spells import magician_discount
from builder.heroes.rules.mythos.state import Boon, FireAtTotem, Totem
from builder.heroes.rules.orders.tokens import tokens_for
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState, gear_pools
from builder.heroes.rules.turn_context import Turn
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry
from tests.heroes.rules.gear_helpers import OFFICER, OPEN, pool

POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
SHAMAN = OFFICER.model_copy(update={"faction": "son-deep-ones", "id": "shaman", "name": "Shaman"})
MORTAR = infantry(combat=None, light=None, abilities=[{"destruction": 1}], name="Mortar", unit_id="mortar")


def deep_ones(*pieces: Piece, stars: int = 4) -> GameState:
    state = game(OPEN, list(pieces), stars={"a": stars, "b": 2})
    state.ruleset = SON
    pool(state, "son-totem", 2)  # the Totems option: two Totems, two Order stars (SoN p.16)
    return state


@pytest.mark.rule("son-totem")
def test_the_totems_go_on_interspaces_in_the_first_supply_phase_and_give_orders_only_then() -> None:
    """SoN p.16: "They must be placed, during the Supply Phase of the first round, on an
    interspace anywhere on the game board … in the beginning of the Order Phase, you must
    choose, for each Totem … an Order. Immediately take an additional Order token": not before
    they stand. The army counts their two stars: 4 - 2 before, 4 once both give an Order."""
    state = deep_ones(piece("a1", (1, 1), kind=SHAMAN), piece("b1", (6, 4), "b"))
    assert tokens_for(state, "a").numbered == 2
    turn = Turn(state, LoadedDice([]), Phase.SUPPLY, POLICIES)
    totems.raise_totems(turn)
    raised_at = [t.at for t in state.mythos.totems if t.side == "a"]  # corners of the Shaman's square, drawn
    assert len(raised_at) == len(set(raised_at)) == 2 and set(raised_at) <= {(1, 1), (2, 1), (1, 2), (2, 2)}
    raised = [e for e in turn.events if isinstance(e, GearEvent)]
    assert len(raised) == 2 and all(e.marker == "son-totem" and e.page == "SoN p.16" for e in raised)
    assert [(e.use, e.point) for e in raised] == [(GearUse.TOTEM_RAISED, at) for at in raised_at]
    totems.raise_totems(turn)  # never more than two at the same time
    assert len(state.mythos.totems) == 2
    order = Turn(state, LoadedDice([]), Phase.ORDER, POLICIES)
    totems.totem_boons(order)
    assert [t.boon for t in state.mythos.totems] == [Boon.ORDER, Boon.ORDER]
    boon = order.events[0]
    assert tokens_for(state, "a").numbered == 4 and isinstance(boon, GearEvent) and boon.use is GearUse.TOTEM_ORDER


@pytest.mark.rule("son-totem")
def test_a_totem_makes_deep_ones_characters_within_3_spaces_magicians() -> None:
    """SoN p.16: "Each Totem gives the Magician Special Ability (see p.18) to all Deep Ones
    Characters situated 3 or fewer spaces from the Totem": a Suppressed marker less on a spell."""
    near, far = piece("a1", (1, 1), kind=SHAMAN), piece("a2", (7, 4), kind=SHAMAN)
    officer = piece("a3", (2, 2), kind=OFFICER)
    state = deep_ones(near, far, officer)
    assert magician_discount(state, near) == 0
    state.mythos.totems.append(Totem("a", (2, 2)))
    assert magician_discount(state, near) == 1 and magician_discount(state, far) == 0
    assert magician_discount(state, officer) == 0  # not a Deep One
    state.mythos.totems[0].standing = False
    assert magician_discount(state, near) == 0


@pytest.mark.rule("son-totem")
def test_a_unit_with_destruction_destroys_a_totem_and_its_order_is_lost() -> None:
    """SoN p.16: "Totems have 1 structure point and can therefore be destroyed"; SoN p.17: a unit
    with Destruction firing at a structure rolls its value in dice, each 4+ a Destruction
    marker. The policy fires at it when it has nothing else to shoot."""
    state = deep_ones(piece("a1", (1, 1), kind=SHAMAN), piece("b1", (5, 1), "b", MORTAR))
    state.mythos.totems += [Totem("a", (2, 2), boon=Boon.ORDER), Totem("a", (1, 1), boon=Boon.ORDER)]
    assert tokens_for(state, "a").numbered == 4
    action = SimplePolicy().activate(state, state.pieces["b1"])
    assert action in (FireAtTotem((1, 1)), FireAtTotem((2, 2)))  # both in sight: one drawn
    missed = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    missed.perform("b1", FireAtTotem((2, 2)))
    assert state.mythos.totems[0].standing
    hit = Turn(state, LoadedDice([4]), Phase.ACTIVATION)
    hit.perform("b1", FireAtTotem((2, 2)))
    (told,) = [e for e in hit.events if isinstance(e, GearEvent)]
    struck = state.mythos.totems[0]
    assert not struck.standing and told.destroyed and told.rolls[0].dice == (4,)
    assert tokens_for(state, "a").numbered == 3
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([4]), Phase.ACTIVATION).perform("a1", FireAtTotem((1, 1)))  # no Destruction, own
    assert caught.value.code is Code.NO_SHOT


def test_free_options_and_tile_printed_life_points_become_markers_at_set_up() -> None:
    """SoN p.14: "Free recruitment options don't have to be attributed to a recruitment tile":
    the Totems of The Grey Procession's Deep Ones serve the whole army; SoN p.16: "Certain units
    have Life Points", printed on the Brute's and the Spawn's tiles, serve their tile."""
    root = FilePath(__file__).resolve().parents[3]
    catalogue = load_catalogue()[0]
    army = load_army(root / "scenarios" / "armies" / "son-procession-deep-ones-410.yaml").army
    pools = gear_pools(resolve(army, catalogue), "deep-ones")
    assert [(p.marker, p.count, p.group) for p in pools if p.marker == "son-totem"] == [("son-totem", 2, None)]
    brute = army.model_copy(
        update={"tiles": [*army.tiles, army.tiles[0].model_copy(update={"tile": "son-do-brute", "slots": {}})]}
    )
    lives = [p for p in gear_pools(resolve(brute, catalogue), "deep-ones") if p.marker == "son-life-point"]
    assert [(p.count, p.source) for p in lives] == [(1, "Deep One Brute")] and lives[0].group is not None
