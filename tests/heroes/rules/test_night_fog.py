"""Night and fog (SoN p.11): range caps, long range closer, hiding and spotting, dispersion."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.base import Game
from builder.heroes.rules.actions.kinds import TemplateFire
from builder.heroes.rules.actions.template_fire import template_plan
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase, TemplateEvent
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.resolution.spotting import spotter
from builder.heroes.rules.resolution.templates import TemplateKind
from builder.heroes.rules.ruleset import SON, Ruleset, ruleset_for
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import ambusher, infantry, piece
from tests.heroes.rules.test_templates import mortar

NIGHT = ruleset_for(Game.SON, night=True)
FOG = ruleset_for(Game.SON, fog=True)
OPEN = field("\n".join(["." * 12] * 3))


def total(ruleset: Ruleset, distance: int) -> int:
    target, firer = piece(infantry()), piece(infantry(combat=2))
    return fire(Shot(target=target, firer=firer, range=distance), LoadedDice([3]), ruleset).roll.total


@pytest.mark.rule("son-dark-night", "son-fog")
@pytest.mark.parametrize(
    ("ruleset", "last_short", "longest"),
    [(SON, 7, None), (NIGHT, 4, 7), (FOG, 5, 9)],
)
def test_long_range_starts_at_5_at_night_and_6_in_fog(ruleset: Ruleset, last_short: int, longest: int | None) -> None:
    """SoN p.11: "The penalty for long range starts at 5 spaces" (night), "at 6 spaces" (fog):
    a shot of 5 (6) squares is at long range; by day "beyond 7 spaces" (p.8)."""
    assert total(ruleset, last_short) == 5  # 3 rolled + 2 combat
    assert total(ruleset, last_short + 1) == 3  # -2 at long range
    target, firer = piece(infantry()), piece(infantry(combat=2))
    far = fire(Shot(target=target, firer=firer, range=last_short + 1), LoadedDice([3]), ruleset).roll.modifiers
    assert [m.page for m in far if m.label == "Long range"] == ["SoN p.8" if longest is None else "SoN p.11"]
    if longest is not None:
        assert total(ruleset, longest) == 3
        with pytest.raises(IllegalAttack) as caught:
            total(ruleset, longest + 1)
        assert caught.value.code is Code.OUT_OF_RANGE


def state_with(ruleset: Ruleset, *pieces: Piece) -> GameState:
    return GameState(scenario(), OPEN, ruleset, ("a", "b"), "a", {p.key: p for p in pieces})


@pytest.mark.rule("son-dark-night", "son-fog")
@pytest.mark.parametrize(("ruleset", "reach"), [(NIGHT, 2), (FOG, 3)])
def test_a_unit_hides_in_the_open_unless_an_enemy_sees_it_within_2_at_night_3_in_fog(
    ruleset: Ruleset, reach: int
) -> None:
    hidden = piece(ambusher(), (0, 1), key="hidden", owner="b")
    near = piece(infantry(), (reach, 1), key="near")
    far = piece(infantry(), (reach + 1, 1), key="far")
    assert spotter(state_with(SON, hidden, far), hidden) == far  # by day any clear LoS spots it (p.17)
    assert spotter(state_with(ruleset, hidden, far), hidden) is None
    assert spotter(state_with(ruleset, hidden, near), hidden) == near


@pytest.mark.rule("son-dark-night", "son-fog")
def test_in_a_terrain_overlay_a_hidden_unit_is_discovered_only_from_an_adjacent_square() -> None:
    board = field("............\nT...........\n............")  # a thicket at (0, 1)
    hidden = piece(ambusher(), (0, 1), key="hidden", owner="b")
    for ruleset, day in ((NIGHT, SON), (FOG, SON)):
        two = {"hidden": hidden, "x": piece(infantry(), (2, 1), key="x")}
        assert spotter(GameState(scenario(), board, day, ("a", "b"), "a", dict(two)), hidden) is not None
        assert spotter(GameState(scenario(), board, ruleset, ("a", "b"), "a", dict(two)), hidden) is None
        one = {"hidden": hidden, "x": piece(infantry(), (1, 1), key="x")}
        assert spotter(GameState(scenario(), board, ruleset, ("a", "b"), "a", one), hidden) is not None


@pytest.mark.rule("son-dark-night", "son-fog")
@pytest.mark.parametrize(("ruleset", "reach"), [(NIGHT, 8), (FOG, 10)])
def test_indirect_fire_never_fires_directly_and_scatters_2_more_at_night_and_in_fog(
    ruleset: Ruleset, reach: int
) -> None:
    """SoN p.11, of Dark Night and of Fog alike: "No direct fire with the Indirect Fire Special
    Ability"; "Dispersion from indirect fire is augmented by 2 spaces"; "The range of indirect
    fire is not affected". A Howitzer fires directly: capped at 7 squares (9 in fog), so at an
    interspace up to 8 (10) away, whose nearest square is 7 (9) away."""
    gun = piece(mortar([{"indirect-fire": 2}]), (0, 0), key="mortar", owner="a")
    enemy = piece(infantry(), (10, 1), key="enemy", owner="b")
    by_day = template_plan(state_with(SON, gun, enemy), gun, (10, 1))
    assert by_day is not None and by_day.kind is TemplateKind.HOWITZER  # seen: fired directly
    state = state_with(ruleset, gun, enemy)
    plan = template_plan(state, gun, (10, 1))  # 10 squares: beyond the night's 7 and the fog's 9, still allowed
    assert plan is not None and plan.kind is TemplateKind.INDIRECT and plan.scatter == 4
    turn = Turn(state, LoadedDice([3, 1]), Phase.ACTIVATION)  # 3 scatters, by 4 interspaces
    turn.perform("mortar", TemplateFire((10, 1)))
    template = turn.events[0]
    assert isinstance(template, TemplateEvent) and template.lands != (10, 1)
    assert (template.night, template.night_page) == (2, "SoN p.11")
    howitzer = piece(mortar(["howitzer"]), (0, 0), key="howitzer", owner="a")
    assert template_plan(state_with(ruleset, howitzer, enemy), howitzer, (reach, 1)) is not None
    assert template_plan(state_with(ruleset, howitzer, enemy), howitzer, (reach + 1, 1)) is None  # capped: direct


@pytest.mark.rule("limited-range", "son-dark-night", "son-fog")
@pytest.mark.parametrize(("ruleset", "longest"), [(NIGHT, 7), (FOG, 9)])
def test_night_and_fog_cap_a_longer_limited_range(ruleset: Ruleset, longest: int) -> None:
    """SoN p.11: "The maximum range of 7 spaces [9 in fog] also applies to the Limited Range
    Special Ability if it is greater"; by day a Limited Range of 12 reaches 12 squares."""
    gun = piece(infantry(combat=2, abilities=[{"limited-range": 12}]))

    def shot(distance: int) -> Shot:
        return Shot(target=piece(infantry()), firer=gun, range=distance)

    assert fire(shot(12), LoadedDice([3]), SON).roll.total == 3  # at long range: -2
    assert fire(shot(longest), LoadedDice([3]), ruleset).roll.total == 3
    with pytest.raises(IllegalAttack) as refused:
        fire(shot(longest + 1), LoadedDice([3]), ruleset)
    assert refused.value.page == "SoN p.11"


@pytest.mark.rule("son-dark-night", "son-fog")
def test_at_night_the_policy_hides_in_the_open_out_of_reach_of_the_enemy() -> None:
    """SoN p.11: "A unit can hide in open terrain … if no enemy is within 2 spaces with a clear
    LoS on the hidden unit": by day the same enemy in the open would spot it (p.17)."""
    from builder.heroes.ai.greedy import SimplePolicy
    from builder.heroes.rules.actions.kinds import ChangeState
    from builder.heroes.rules.resolution.spotting import could_be_spotted
    from tests.fixtures.rules.boards import SNIPERS
    from tests.fixtures.rules.boards import piece as counter
    from tests.fixtures.rules.games import game

    objective = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [11, 0]}]
    revealed = counter("h", (11, 0), "a", SNIPERS, side_index=1)  # on its objective: it would hold
    board = "\n".join(["." * 12] * 3)
    for ruleset, reach in ((NIGHT, 2), (FOG, 3)):
        far = game(board, [revealed, counter("b1", (0, 2), "b")], objectives=objective)  # 11 squares: no shot
        far.ruleset = SON
        assert could_be_spotted(far, revealed)  # by day any clear LoS spots it
        far.ruleset = ruleset
        assert not could_be_spotted(far, revealed)
        assert SimplePolicy().activate(far, revealed) == ChangeState()  # so it hides
        near = game(board, [revealed, counter("b1", (11 - reach, 1), "b")], objectives=objective)
        near.ruleset = ruleset
        assert could_be_spotted(near, revealed)
        beyond = game(board, [revealed, counter("b1", (10 - reach, 1), "b")], objectives=objective)
        beyond.ruleset = ruleset
        assert not could_be_spotted(beyond, revealed)


@pytest.mark.rule("son-fords")
def test_no_unit_hides_in_a_ford() -> None:
    """SoN p.13, Fords: "it is impossible to hide in these spaces": by day and at night, a
    concealed unit on a ford is spotted by any enemy that may spot, even without a clear LoS."""
    from tests.fixtures.rules.boards import element

    ford = element("Ford", {(0, 1)}, {"no_hiding": True})
    walled = field("..#.........\n..#.........\n..#.........", extra=[ford])  # rocks between them
    hidden = piece(ambusher(), (0, 1), key="hidden", owner="b")
    far = piece(infantry(), (10, 1), key="far")
    for ruleset in (SON, NIGHT):
        state = GameState(scenario(), walled, ruleset, ("a", "b"), "a", {"hidden": hidden, "far": far})
        assert spotter(state, hidden) == far
        state.pieces["hidden"] = piece(ambusher(), (1, 1), key="hidden", owner="b")  # beside the ford
        assert spotter(state, state.pieces["hidden"]) is None
