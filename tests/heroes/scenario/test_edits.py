"""The designer's edits: each does one thing, and undo after any sequence restores the
scenario exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import assemble
from builder.heroes.scenario.conditions import AllOf, AnyOf, Control, Destroy
from builder.heroes.scenario.edits import (
    AddBoard,
    AddCondition,
    ChangeBoard,
    EraseTerrain,
    PaintTerrain,
    PlaceObjective,
    ToggleZoneSquare,
)
from builder.heroes.scenario.models import ObjectiveKind, Scenario, ZoneKind
from builder.io.scenario_files import load_scenario
from builder.kernel.history import Edit, History
from tests.conftest import FIXTURES

DUEL = load_scenario(FIXTURES / "scenarios" / "duel.yaml").scenario
squares = st.tuples(st.integers(0, 11), st.integers(0, 3))
edits = st.one_of(
    st.builds(PaintTerrain, squares, st.sampled_from(["thicket", "pond", "rocks"])),
    st.builds(EraseTerrain, squares),
    st.builds(ToggleZoneSquare, squares, st.sampled_from(["alpha", "beta"]), st.sampled_from(list(ZoneKind))),
    st.builds(PlaceObjective, squares, st.sampled_from(list(ObjectiveKind))),
    st.builds(ChangeBoard, st.integers(0, 2), st.sampled_from([(0, 0), (1, 0), (-1, 0)]), st.booleans(), st.booleans()),
    st.builds(
        AddCondition,
        st.integers(0, 2),
        st.just(Destroy(type="destroy", unit="tank")),
        st.sampled_from(["all", "any"]),
        st.just("an outcome"),
    ),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(edits, max_size=15))
def test_undo_after_any_edits_restores_the_scenario(sequence: list[Edit[Scenario]]) -> None:
    history = History(DUEL)
    for edit in sequence:
        history.apply(edit)
    while history.undo() is not None:
        pass
    assert history.present == DUEL


def test_painting_covers_the_board_and_erasing_uncovers_it(mini: Catalogue) -> None:
    painted = PaintTerrain((2, 3), "pond").apply(DUEL)
    field, _ = assemble(painted.map, mini)
    assert field.element_at[(2, 3)].terrain.id == "pond"
    repainted = PaintTerrain((2, 3), "rocks").apply(painted)
    field, _ = assemble(repainted.map, mini)
    assert field.element_at[(2, 3)].terrain.id == "rocks"
    assert [o.id for o in repainted.map.overlays] == ["painted-rocks"], "a square carries one painted type"
    erased = EraseTerrain((2, 3)).apply(repainted)
    assert erased.map.overlays == []
    assert (2, 3) not in assemble(erased.map, mini)[0].element_at


def test_zone_squares_toggle_and_the_zone_is_created_and_removed() -> None:
    added = ToggleZoneSquare((5, 0), "beta", ZoneKind.DEPLOYMENT).apply(DUEL)
    zone = next(z for z in added.zones if z.side == "beta" and z.kind is ZoneKind.DEPLOYMENT)
    assert zone.area.cells() == {(5, 0)}
    removed = ToggleZoneSquare((5, 0), "beta", ZoneKind.DEPLOYMENT).apply(added)
    assert removed.zones == DUEL.zones


def test_an_objective_is_placed_and_taken_off() -> None:
    placed = PlaceObjective((1, 1), ObjectiveKind.BONUS, "alpha").apply(DUEL)
    new = placed.objectives[-1]
    assert (new.id, new.kind, new.owner, new.at) == ("bonus-1", ObjectiveKind.BONUS, "alpha", (1, 1))
    assert PlaceObjective((1, 1), ObjectiveKind.BONUS).apply(placed) == DUEL


def test_boards_move_turn_and_go_but_the_last_one_stays() -> None:
    turned = ChangeBoard(1, turn=True).apply(DUEL)
    assert turned.map.boards[1].rotation == 270
    moved = ChangeBoard(0, move=(0, 1)).apply(DUEL)
    assert moved.map.boards[0].at == (0, 1)
    assert ChangeBoard(0, move=(-1, 0)).apply(DUEL) == DUEL, "no board off the top-left edge"
    one = ChangeBoard(0, remove=True).apply(DUEL)
    assert len(one.map.boards) == 1
    assert ChangeBoard(0, remove=True).apply(one) == one
    assert len(AddBoard("field", (12, 0)).apply(DUEL).map.boards) == 3


def test_a_condition_joins_an_outcome_and_a_like_join_grows_flat() -> None:
    alpha = DUEL.victory.outcomes[0].condition
    hill = Control(type="control", side="alpha", objectives=["hill"], count=1)
    tank = Destroy(type="destroy", unit="tank")
    once = AddCondition(0, hill, "all", "Alpha victory").apply(DUEL)
    assert once.victory.outcomes[0].condition == AllOf(type="all", of=[alpha, hill])
    twice = AddCondition(0, tank, "all", "Alpha victory").apply(once)
    assert twice.victory.outcomes[0].condition == AllOf(type="all", of=[alpha, hill, tank])
    either = AddCondition(0, tank, "any", "Alpha victory").apply(once)
    assert either.victory.outcomes[0].condition == AnyOf(type="any", of=[AllOf(type="all", of=[alpha, hill]), tank])
    assert once.victory.outcomes[1] == DUEL.victory.outcomes[1]
    assert AddCondition(5, tank, "all", "nothing").apply(DUEL) == DUEL
    history = History(DUEL)
    history.apply(AddCondition(1, tank, "any", "Beta victory"))
    assert history.undo() == "add a condition to Beta victory"
    assert history.present == DUEL
