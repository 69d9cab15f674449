"""The hex game's players (builder.memoir.ai): the greedy player's choices where the rules
leave one to it, and the random player's options."""

from __future__ import annotations

import random

from builder.kernel.decisions import YES_NO, Selections
from builder.kernel.dice import LoadedDice
from builder.memoir.ai.greedy import SimplePolicy
from builder.memoir.ai.uniform import RandomPlayer
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle import fallbacks
from builder.memoir.rules.decisions import OrderUnits, RetreatMove, TakeGround
from builder.memoir.rules.players import view_of
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, at, game, place, unit

# Two enemies on either side of the French Resistance's way back: one hex back it still stands
# next to both, two hexes back too, three hexes back next to one only.
FLANKS = (
    place(3, 1, unit=unit("infantry", AXIS)),
    place(3, 7, unit=unit("infantry", AXIS)),
    place(4, 2, unit=unit("infantry", AXIS)),
    place(4, 6, unit=unit("infantry", AXIS)),
)


def test_the_greedy_player_retreats_next_to_the_fewest_enemies() -> None:
    state = game(place(2, 4, unit=unit("infantry", ALLIES, "french-resistance")), *FLANKS)
    options = fallbacks(state, at(state, 2, 4))
    decision = RetreatMove(side=ALLIES, options=options, unit="allies-1", flags=1)
    # The farthest back is next to one enemy only; of the two as exposed and as far, each on
    # some roll of the player's own dice, never the first listed (a flank preferred, issue 34).
    tied = {SimplePolicy(LoadedDice([face])).choose(view_of(state, ALLIES), decision) for face in (1, 2)}
    assert tied == {Hex(5, 3), Hex(5, 5)}
    plain = game(place(2, 4, unit=unit("infantry", ALLIES)), *FLANKS)
    decision = RetreatMove(side=ALLIES, options=fallbacks(plain, at(plain, 2, 4)), unit="allies-1", flags=1)
    # Without French Resistance: two hexes as exposed and as near, likewise.
    tied = {SimplePolicy(LoadedDice([face])).choose(view_of(plain, ALLIES), decision) for face in (1, 2)}
    assert tied == {Hex(3, 3), Hex(3, 5)}


def test_the_greedy_player_always_takes_ground() -> None:
    state = game(place(6, 12, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("infantry", AXIS)))
    decision = TakeGround(side=ALLIES, options=YES_NO, unit="allies-1", place=Hex(5, 13))
    assert SimplePolicy(LoadedDice([])).choose(view_of(state, ALLIES), decision) is True


def test_the_random_player_draws_every_selection_of_units() -> None:
    state = game(place(0, 0, unit=unit("infantry", AXIS)))
    card = next(c for c in CATALOGUE.cards if c.units == 2)
    decision = OrderUnits(side=ALLIES, options=Selections(("a", "b", "c"), most=2), card=card)
    player = RandomPlayer(random.Random(1))
    drawn = {player.choose(view_of(state, ALLIES), decision) for _ in range(400)}
    assert drawn == set(decision.options)  # none, each one, each pair
