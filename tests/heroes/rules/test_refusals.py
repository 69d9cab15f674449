"""What the rules refuse is typed (issue 32, point 5): each refusal function gives a
`Refusal`, its code, page and facts, or None; the engine's error carries it; the English is
builder/render/heroes_refusals.py's. Codes the refused-actions table of test_action_choices
does not produce are produced here, each from a real state."""

from __future__ import annotations

import re
from pathlib import Path as FilePath

import pytest

from builder.heroes.rules.actions import transport
from builder.heroes.rules.actions.activation import action_refusal
from builder.heroes.rules.actions.kinds import Embark, Snipe
from builder.heroes.rules.actions.scouting import scout_moves, scout_refusal
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.gear.field_works import position_refusal
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from builder.render.heroes_refusals import CLAUSED, explain, reason
from tests.fixtures.rules.boards import piece
from tests.fixtures.rules.games import game
from tests.heroes.rules.test_action_choices import carrying, sniping
from tests.heroes.rules.test_scouting import HEDGE, SCOUTS

HEROES = FilePath(__file__).parents[3] / "builder" / "heroes"
# Where a refusal function names its code: Refusal(Code.X, ...), code=Code.X, code = Code.X, return Code.X
_NAMED = re.compile(r"(?:Refusal\(\s*|code\s*=\s*|return )Code\.([A-Z_]+)")


def _code(refusal: Refusal | None) -> Code | None:
    return refusal.code if refusal is not None else None


def test_every_code_a_refusal_gives_has_its_words() -> None:
    """No refusal reaches a player as a bare code: each code the refusal functions give has
    its clause in the renderer."""
    named = {Code[name] for source in HEROES.rglob("*.py") for name in _NAMED.findall(source.read_text())}
    assert named, "the scan finds the refusal functions"
    assert named - CLAUSED == set()


def test_no_firing_action_in_the_supply_phase_nor_anything_but_an_action() -> None:
    """HoN core p.16: the Supply Phase is for Movement Actions only."""
    state = sniping()
    sniper = state.pieces["a1"]
    assert _code(action_refusal(state, sniper, Snipe("b1"), supply=True)) is Code.FIRING_IN_SUPPLY_PHASE
    assert action_refusal(state, sniper, Snipe("b1"), supply=False) is None
    assert _code(action_refusal(state, sniper, "fire!", supply=False)) is Code.NOT_AN_ACTION


def test_a_scout_move_is_one_of_the_units_scout_moves() -> None:
    """HoN core p.26: a Scout move, before the first turn, within its Movement Value."""
    state = game(HEDGE, [piece("s1", (4, 1), kind=SCOUTS)])
    scouts = state.pieces["s1"]
    moves = scout_moves(state, scouts)
    assert moves
    start = Position(scouts.squares, NORTH)
    leap = Path((start, Position(((4, 1),), NORTH)), 99)  # not the path the Scout move takes
    refused = scout_refusal(state, scouts, leap)
    assert refused is not None and refused.code is Code.NOT_A_SCOUT_MOVE and refused.page == "HoN core p.26"
    rifles = game(HEDGE, [piece("r1", (4, 1))])
    assert _code(scout_refusal(rifles, rifles.pieces["r1"], leap)) is Code.NO_ABILITY


def test_no_position_on_water_nor_in_ruins() -> None:
    """BfC p.09: a Forward Position goes on no water, ruins or rubble."""
    state = game("\n".join(["..~B", "...R"]), [piece("a1", (0, 0))])
    refused = position_refusal(state, (2, 0), infantry_only=True)
    assert refused is not None and refused.code is Code.ON_WATER and refused.square == (2, 0)
    assert refused.page == "BfC p.09"
    assert position_refusal(state, (1, 0), infantry_only=True) is None
    assert _code(position_refusal(state, (3, 0), infantry_only=True)) is Code.IN_A_BUILDING
    assert position_refusal(state, (3, 1), infantry_only=True) is None
    state.ruined.append(state.battlefield.element_at[(3, 1)].key)  # a building turned to rubble (HoN core p.22)
    assert _code(position_refusal(state, (3, 1), infantry_only=True)) is Code.IN_RUINS


def test_the_engines_error_carries_the_refusal_and_is_told_with_its_page() -> None:
    """HoN core p.27: a unit gets into a vehicle next to it; the error names the action
    refused (MAY_NOT_EMBARK) and carries why, told with the rule's page."""
    state = carrying()
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    with pytest.raises(RulesError) as caught:
        transport.embark(turn, state.pieces["a2"], Embark("c"))
    problem = caught.value
    assert problem.code is Code.MAY_NOT_EMBARK
    assert problem.refusal.code is Code.NOT_ADJACENT and problem.refusal.unit == "a2" and problem.refusal.other == "c"
    assert problem.page == "HoN core p.27" and "not-adjacent" in str(problem)
    told = explain(problem)
    assert told.startswith("a2 ") and told.endswith("(HoN core p.27).")
    names = {"a2": "Rifles", "c": "Carrier"}
    assert reason(problem.refusal, lambda key: names[key]).startswith("Rifles")
