"""The shipped Shadows over Normandie scenarios at night, in fog and for three players play
from set-up to the victory check, under their conditions (SoN p.10, p.11); The Black Rite's
armies cast their spells and spend their gear (SoN p.14-16)."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.catalogue.recruitment import OptionKind
from builder.heroes.rules.events.game import FireEvent, GearEvent, SpellEvent, VictoryEvent
from builder.heroes.rules.simulation import simulate
from tests.heroes.rules.test_simulate import bundled, scenario


@pytest.mark.parametrize(
    ("name", "winners"),
    [
        ("son-lanterns-on-the-causeway", {"majestic", "deep-ones", "draw"}),
        ("son-the-grey-procession", {"deep-ones", "the-hunters", "draw"}),
    ],
)
def test_a_night_or_fog_scenario_plays_to_its_victory_check(name: str, winners: set[str]) -> None:
    loaded, battlefield = scenario(name)
    record = simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=3, policies=for_every_side(loaded.scenario, 3)
    )
    end = record.events[-1]
    assert isinstance(end, VictoryEvent) and end.winner in winners and end.turn == 6
    fired = [e for e in record.events if isinstance(e, FireEvent)]
    assert fired
    for event in fired:
        for roll in event.rolls:
            for modifier in roll.modifiers:
                if modifier.label == "Long range":
                    assert modifier.page == "SoN p.11"  # closer at night and in fog


def test_the_black_rite_casts_spells_and_spends_gear_on_both_sides() -> None:
    """Shipped content shows the signature mechanics: in The Black Rite both armies carry
    spells and Shadows over Normandie gear (SoN p.14-16), and the engine plays them. Every cast
    of these armies costs its caster Suppressed markers (a Magician takes one fewer, never
    none: no Blood Sigils), which tells a cast from what the spell then does."""
    loaded, battlefield = scenario("son-the-black-rite")
    catalogue = bundled()
    gear = {m.id for o in catalogue.options.values() if o.kind is OptionKind.GEAR for m in o.markers}
    casters: set[str | None] = set()
    for seed in (1, 5, 6):
        players = for_every_side(loaded.scenario, seed)
        events = simulate(loaded.scenario, battlefield, loaded.armies(), catalogue, seed=seed, policies=players).events
        cast = [e for e in events if isinstance(e, SpellEvent) and e.penalty > 0]
        assert cast, seed
        casters |= {e.side for e in cast}
        spent = {(e.side, e.marker) for e in events if isinstance(e, GearEvent) and e.marker in gear}
        assert {side for side, _ in spent} == {"black-sun", "deep-ones"}, seed
    assert casters == {"black-sun", "deep-ones"}
