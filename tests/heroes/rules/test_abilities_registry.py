"""The abilities registry (builder/heroes/rules/abilities/registry.py) and the catalogue agree,
and every ability plays only at the engine's declared hook points (issue 32, point 4)."""

from __future__ import annotations

import inspect

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import OptionKind
from builder.heroes.rules.abilities.ability import Ability, Hook, Source
from builder.heroes.rules.abilities.registry import Tables, held, on_side, registered, tables
from builder.heroes.rules.abilities.traits import Trait
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

HOOK_METHODS = {getattr(hook.method, "__name__", "") for hook in Hook}


def test_every_registered_id_is_in_the_catalogue_where_its_source_says(bundled: Catalogue) -> None:
    for ability in registered():
        if ability.source is Source.COUNTER:
            assert ability.id in bundled.abilities, ability.id
        elif ability.source is Source.TRAIT:
            assert bundled.options[ability.id].kind is OptionKind.TRAIT, ability.id
        else:
            assert ability.id in bundled.markers, ability.id


def test_ids_are_registered_once() -> None:
    ids = [ability.id for ability in registered()]
    assert len(ids) == len(set(ids)) == len(tables().by_id)


def test_an_ability_overrides_only_declared_points_and_at_least_one() -> None:
    """A misspelt hook would type-check and never be played: the registry refuses it."""
    for ability in registered():
        cls = type(ability)
        public = {name for name, value in vars(cls).items() if inspect.isfunction(value) and not name.startswith("_")}
        assert public <= HOOK_METHODS, (cls.__name__, public - HOOK_METHODS)
        assert any(hook.overridden_by(cls) for hook in Hook), cls.__name__
        # The steps it names are those it acts at: at_step overridden exactly when it names some.
        assert bool(ability.steps) == Hook.STEP.overridden_by(cls), cls.__name__


def test_an_undeclared_method_is_no_hook() -> None:
    class Misspelt(Ability):
        id = "terrifying"
        name = "Misspelt"
        page = "SoN p.19"
        source = Source.COUNTER

        def take_hit(self) -> bool:  # not `takes_hit`
            return True

    assert not any(hook.overridden_by(Misspelt) for hook in Hook)
    assert "take_hit" not in HOOK_METHODS


def test_a_piece_holds_the_abilities_of_its_side_its_trait_and_its_gear() -> None:
    plain = piece("a1", (0, 0))
    fierce = piece("a2", (1, 0), kind=unit("stormers", abilities=["terrifying", "amphibious"]))
    state = game("....", [plain, fierce])
    state.traits = [Trait("a", "ferocious", None)]  # on a command tile: every unit (HoN core p.28)
    assert on_side(plain.side, Hook.ASSAULT_MARKERS) == ()
    assert [a.id for a in on_side(fierce.side, Hook.ASSAULT_MARKERS)] == ["terrifying"]
    assert [a.id for a in on_side(fierce.side, Hook.SWIMMING)] == ["amphibious"]
    assert [a.id for a in held(state, plain, Hook.PUSH_BACK)] == ["ferocious"]
    state.traits = []
    assert held(state, plain, Hook.PUSH_BACK) == ()


def test_the_tables_are_worked_out_once() -> None:
    assert isinstance(tables(), Tables) and tables() is tables()
