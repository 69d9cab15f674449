"""Edits are undoable: undo after any sequence of edits restores the original exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.army.edits import (
    AddFreeOption,
    AddHero,
    AddTile,
    MoveTile,
    RemoveFreeOption,
    RemoveHero,
    RemoveTile,
    SetDetails,
    SetLabel,
    SetSlot,
)
from builder.heroes.army.models import ArmyList, OptionPick
from builder.heroes.army.picking import candidates
from builder.heroes.catalogue.index import Catalogue
from builder.kernel.history import Edit, History
from tests.conftest import army

START = army(
    [{"tile": "command", "slots": {"left": "planning"}}, {"tile": "platoon", "slots": {"right": "veteran"}}],
    heroes=["hero"],
    free_options=["totem"],
)

index = st.integers(0, 3)
edits = st.one_of(
    st.builds(AddTile, st.sampled_from(["platoon", "squad", "armour"])),
    st.builds(RemoveTile, index),
    st.builds(MoveTile, index, st.sampled_from([-1, 1])),
    st.builds(SetLabel, index, st.sampled_from(["1st", "2nd", None])),
    st.builds(AddHero, st.just("hero")),
    st.builds(RemoveHero, index),
    st.builds(AddFreeOption, st.builds(OptionPick, option=st.just("totem"))),
    st.builds(RemoveFreeOption, index),
    st.builds(SetDetails, name=st.sampled_from(["A", "B", None]), points_limit=st.sampled_from([None, 300, 500])),
    st.builds(
        SetSlot,
        st.just("tiles"),
        index,
        st.sampled_from(["left", "right", "bottom"]),
        st.one_of(st.none(), st.builds(OptionPick, option=st.sampled_from(["ammo", "veteran", "mg-squad"]))),
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(edits, max_size=12))
def test_undo_after_any_edits_restores_the_original(sequence: list[Edit[ArmyList]]) -> None:
    history: History[ArmyList] = History(START)
    for edit in sequence:
        history.apply(edit)  # an edit aimed at a tile that doesn't exist changes nothing
    end = history.present
    while history.undo() is not None:
        pass
    assert history.present == START
    while history.redo() is not None:
        pass
    assert history.present == end


def test_a_new_edit_clears_what_was_undone() -> None:
    history = History(START)
    history.apply(AddTile("squad"))
    history.undo()
    could_redo = history.can_redo
    history.apply(AddTile("armour"))
    assert (could_redo, history.can_redo) == (True, False)
    assert [t.tile for t in history.present.tiles] == ["command", "platoon", "armour"]


def test_an_edit_that_changes_nothing_is_not_recorded() -> None:
    history = History(START)
    assert not history.apply(MoveTile(0, -1))
    assert not history.can_undo


def test_slots_are_filled_and_emptied() -> None:
    filled = SetSlot("tiles", 1, "left", OptionPick(option="ammo")).apply(START)
    assert filled.tiles[1].slots["left"].option == "ammo"
    emptied = SetSlot("tiles", 1, "right", None).apply(filled)
    assert "right" not in emptied.tiles[1].slots


def test_candidates_give_the_engines_reasons(mini: Catalogue) -> None:
    found = {c.option.id: c for c in candidates(START, mini, "tiles", 1, "left")}
    assert found["ammo"].fits
    assert not found["red-gear"].fits
    assert found["red-gear"].errors[0].code == "slot.stripes"
    assert not found["mg-squad"].fits and found["mg-squad"].errors[0].code == "slot.size"
    assert "totem" not in found  # free options need no slot
    kinds = [c.fits for c in candidates(START, mini, "tiles", 1, "left")]
    assert kinds == sorted(kinds, reverse=True), "options that fit come first"


def test_a_choice_option_is_judged_on_the_slot_not_on_the_missing_choice(mini: Catalogue) -> None:
    found = {c.option.id: c for c in candidates(START, mini, "tiles", 1, "left")}
    assert found["gear-choice"].fits
