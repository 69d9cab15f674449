"""load -> save -> load is the identity, for army lists and for every catalogue file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.document import CatalogueFile
from builder.io.army_files import army_yaml, load_army, parse_army, save_army
from builder.io.catalogue_files import bundled_files
from builder.io.catalogue_yaml import parse_catalogue
from builder.io.dump import model_data
from builder.io.yamlio import parse

ids = st.from_regex(r"[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5}){0,2}", fullmatch=True)
text = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=40)
picks = st.one_of(ids, st.builds(lambda o, c: {"option": o, "choice": c}, ids, st.lists(ids, max_size=3)))
slots = st.dictionaries(ids, picks, max_size=3)


def entry(key: str) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {key: ids}, optional={"label": st.text(min_size=1, max_size=20).filter(str.strip), "slots": slots}
    )


armies = st.builds(
    lambda name, game, faction, limit, tiles, heroes, free, notes: ArmyList.model_validate(
        {
            "name": name,
            "game": game,
            "faction": faction,
            "points_limit": limit,
            "tiles": tiles,
            "heroes": heroes,
            "free_options": free,
            "notes": notes,
        }
    ),
    st.text(min_size=1, max_size=30),
    st.sampled_from(["hon", "son"]),
    ids,
    st.none() | st.integers(1, 2000),
    st.lists(entry("tile"), max_size=5),
    st.lists(entry("hero"), max_size=2),
    st.lists(picks, max_size=3),
    text,
)


@settings(max_examples=200, deadline=None)
@given(armies)
def test_army_lists_survive_a_round_trip(army: ArmyList) -> None:
    assert parse_army(army_yaml(army, Path("army.yaml"))) == army


def test_a_saved_list_reloads_identical_and_is_stamped(tmp_path: Path, bundled: Any) -> None:
    original = load_army(Path(__file__).parents[2] / "data" / "armies" / "us-16th-infantry-550.yaml").army
    target = tmp_path / "copy.yaml"
    saved, _ = save_army(original, target, bundled)
    assert saved.catalogue is not None and saved.catalogue.revision == bundled.revision
    reloaded = load_army(target).army
    assert reloaded == saved
    assert reloaded.model_copy(update={"catalogue": None}) == original
    first_line = target.read_text(encoding="utf-8").splitlines()[0]
    assert first_line.startswith("# yaml-language-server: $schema=")
    assert first_line.endswith("army.schema.json")


def test_files_hon_writes_keep_only_what_differs_from_defaults() -> None:
    army = ArmyList.model_validate({"name": "x", "game": "hon", "faction": "us", "tiles": ["us-16th-inf-reg-a"]})
    assert model_data(army) == {
        "format": "hon-army",
        "version": 1,
        "name": "x",
        "game": "hon",
        "faction": "us",
        "tiles": [{"tile": "us-16th-inf-reg-a"}],
    }


def test_every_bundled_catalogue_file_survives_a_round_trip() -> None:
    files = bundled_files()
    assert files
    for path in files:
        document = parse_catalogue(parse(path.read_text(encoding="utf-8"), path))
        dumped = yaml.safe_dump(model_data(document), sort_keys=False, allow_unicode=True)
        assert parse_catalogue(parse(dumped, path)) == document, path
        assert CatalogueFile.model_validate(model_data(document)) == document
