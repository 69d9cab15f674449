"""The listings' shared mechanism (builder/kernel/coverage.py) and the check of the tests'
`rule` marks every game's coverage test runs (tests/fixtures/rule_marks.py): it fails when a
played rule loses its last mark, when a mark is misspelt or cannot be read, and when the index
`hon rules --json` prints is stale."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from builder.kernel.coverage import Listing, Played, Rule, RuleKind, keyed
from tests.fixtures.rule_marks import Code, System, game_of, index, index_source, problems, scan


def rule(rule_id: str, played: Played = Played.PLAYED, note: str = "", games: frozenset[str] = frozenset()) -> Rule:
    return Rule(rule_id, "A rule", RuleKind.MECHANIC, "HoN core p.9; SoN p.7", played, note, games)


LISTING = keyed(
    [
        rule("knife"),
        rule("ambush"),
        rule("wrecks", Played.PARTIAL, note="half"),
        rule("bridge", Played.NOT_PLAYED, "no"),
    ]
)
KNIFE, AMBUSH, CARDS = (
    textwrap.dedent(source)
    for source in (
        """
        import pytest

        @pytest.mark.rule("knife", "wrecks")
        def test_knife() -> None: ...

        class TestBridge:
            @pytest.mark.rule("bridge")  # a rule not played may have tests (that it is refused)
            def test_refused(self) -> None: ...
        """,
        """
        import pytest

        pytestmark = pytest.mark.rule("ambush")

        def test_hidden() -> None: ...
        """,
        """
        import pytest

        @pytest.mark.rule("go-markers")  # the Tactical Card Game's, not the Heroes System's
        def test_go() -> None: ...
        """,
    )
)
GOOD = {"heroes/test_knife.py": KNIFE, "heroes/test_ambush.py": AMBUSH, "tcg/test_cards.py": CARDS}
INDEX: dict[str, tuple[str, ...]] = {
    "knife": ("tests/heroes/test_knife.py::test_knife",),
    "ambush": ("tests/heroes/test_ambush.py",),
    "wrecks": ("tests/heroes/test_knife.py::test_knife",),
    "bridge": ("tests/heroes/test_knife.py::TestBridge::test_refused",),
}


def tree(root: Path, files: dict[str, str]) -> Path:
    """A test tree of `files` (relative to tests/) under a fresh folder of `root`."""
    tests = root / f"case{len(list(root.iterdir()))}" / "tests"
    for name, text in files.items():
        (tests / name).parent.mkdir(parents=True, exist_ok=True)
        (tests / name).write_text(text, encoding="utf-8")
    return tests


def codes(tests: Path, tested: dict[str, tuple[str, ...]] = INDEX) -> list[tuple[Code, str]]:
    found = problems(System("heroes", LISTING, tested, Path("tested.py")), tests)
    return [(problem.code, problem.rule) for problem in found]


def test_keyed_refuses_an_id_listed_twice_or_not_kebab_case() -> None:
    assert list(keyed([rule("a-b"), rule("c")])) == ["a-b", "c"]
    with pytest.raises(ValueError, match="twice"):
        keyed([rule("knife"), rule("knife")])
    for wrong in ("Knife", "knife_2", "-knife", ""):
        with pytest.raises(ValueError, match="kebab"):
            keyed([rule(wrong)])


def test_a_rule_not_wholly_played_says_why_and_json_says_played_only_when_all_is() -> None:
    with pytest.raises(ValueError, match="missing"):
        keyed([rule("x", Played.PARTIAL)])
    with pytest.raises(ValueError, match="one line"):
        keyed([rule("x", note="a\nb")])
    assert keyed([rule("x", note="a\nb")], max_note=None)  # a listing whose notes say more (the TCG's)
    listing = Listing(LISTING, INDEX, {"son": ("SoN",)})
    shown = listing.json(LISTING["wrecks"], "son")
    assert (shown["played"], shown["partial"], shown["tests"]) == (False, True, list(INDEX["wrecks"]))
    assert (shown["page"], shown["games"]) == ("SoN p.7", ["son"])  # the game's own book
    assert listing.json(LISTING["bridge"], "hon")["page"] == "HoN core p.9; SoN p.7"  # no books named: all


def test_a_listing_gives_each_game_its_own_rules() -> None:
    listing = Listing(keyed([rule("knife", games=frozenset({"hon"})), rule("totem", games=frozenset({"son"}))]), {})
    assert [r.id for r in listing.of("son")] == ["totem"] and [r.id for r in listing.of(None)] == ["knife", "totem"]
    assert [r.id for r in Listing(LISTING, {}).of("tcg")] == list(LISTING)  # no games said: every game's


def test_the_marks_of_a_clean_tree_are_read_where_pytest_applies_them(tmp_path: Path) -> None:
    tests = tree(tmp_path, GOOD)
    assert codes(tests) == []
    marks = scan(tests).marks
    assert {m.node for m in marks} == {
        *INDEX["knife"],
        *INDEX["ambush"],
        *INDEX["bridge"],
        "tests/tcg/test_cards.py::test_go",
    }
    assert index(System("heroes", LISTING, {}, Path()), marks) == INDEX  # the listing's order, tcg's left out
    assert [game_of(m.node) for m in marks if "tcg" in m.node] == ["tcg"]


def test_a_played_rule_whose_last_mark_is_removed_fails(tmp_path: Path) -> None:
    tests = tree(tmp_path, {**GOOD, "heroes/test_ambush.py": "def test_hidden() -> None: ...\n"})
    assert (Code.UNTESTED, "ambush") in codes(tests)
    assert (Code.STALE, "") in codes(tests)  # the index still names the test


def test_a_misspelt_mark_fails_and_names_the_rule_meant(tmp_path: Path) -> None:
    misspelt = KNIFE.replace('"knife", "wrecks"', '"knfie", "wrecks"')
    tests = tree(tmp_path, {**GOOD, "heroes/test_knife.py": misspelt})
    found = problems(System("heroes", LISTING, INDEX, Path("tested.py")), tests)
    assert [(p.code, p.rule, p.hint) for p in found if p.code is Code.UNKNOWN] == [(Code.UNKNOWN, "knfie", "knife")]
    assert (Code.UNTESTED, "knife") in codes(tests)


def test_a_mark_of_another_game_is_checked_against_that_games_listing(tmp_path: Path) -> None:
    moved = {**GOOD, "heroes/test_go.py": CARDS}  # a TCG mark among the Heroes tests
    assert (Code.UNKNOWN, "go-markers") in codes(tree(tmp_path, moved))


@pytest.mark.parametrize(
    "wrong",
    [
        "@pytest.mark.rule(KNIFE)\ndef test_x() -> None: ...\n",  # not a literal
        "@pytest.mark.rule()\ndef test_x() -> None: ...\n",  # no rule
        "@pytest.mark.rule\ndef test_x() -> None: ...\n",  # not called
        '@pytest.mark.rule("knife", "knife")\ndef test_x() -> None: ...\n',  # twice
        '@pytest.mark.rule("knife")\ndef helper() -> None: ...\n',  # not a test: never collected
        '@pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.rule("knife"))])\ndef test_x(n: int): ...\n',
    ],
)
def test_a_mark_the_scan_cannot_read_or_place_fails(tmp_path: Path, wrong: str) -> None:
    tests = tree(tmp_path, {**GOOD, "heroes/test_wrong.py": "import pytest\n\nKNIFE = 'knife'\n\n" + wrong})
    assert Code.UNREADABLE in {code for code, _ in codes(tests)}


def test_a_test_marked_with_its_files_rule_again_fails(tmp_path: Path) -> None:
    twice = AMBUSH.replace("def test_hidden", '@pytest.mark.rule("ambush")\ndef test_hidden')
    tests = tree(tmp_path, {**GOOD, "heroes/test_ambush.py": twice})
    assert (Code.TWICE, "ambush") in codes(
        tests, {**INDEX, "ambush": (*INDEX["ambush"], "tests/heroes/test_ambush.py::test_hidden")}
    )


def test_the_index_written_is_the_index_read() -> None:
    namespace: dict[str, object] = {}
    long = "tests/heroes/rules/test_" + "x" * 120 + ".py::test_y"
    exec(index_source({**INDEX, "wrecks": (long,)}), namespace)
    assert namespace["TESTED"] == {**INDEX, "wrecks": (long,)}
    exec(index_source({}), namespace)
    assert namespace["TESTED"] == {}
