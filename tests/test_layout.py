"""The tests mirror the code: the tests of the package builder/<path> live in tests/<path>
(builder/heroes/rules -> tests/heroes/rules), so every folder of tests names a package of
builder. Test data beside them (fixtures, snapshots) is not a folder of tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = {"fixtures", "__snapshots__", "__pycache__"}


def folders_of_tests(tests: Path) -> list[Path]:
    """The folders of `tests` below the top, relative to it, test data left out."""
    return sorted(
        folder.relative_to(tests)
        for folder in tests.rglob("*")
        if folder.is_dir() and not DATA & set(folder.relative_to(tests).parts)
    )


def misplaced(tests: Path, builder: Path) -> list[str]:
    """The folders of `tests` with no package at the same place in `builder`."""
    return [str(folder) for folder in folders_of_tests(tests) if not (builder / folder / "__init__.py").is_file()]


def test_every_folder_of_tests_mirrors_a_package() -> None:
    assert misplaced(ROOT / "tests", ROOT / "builder") == []


def test_the_mirrored_packages_are_there() -> None:
    folders = folders_of_tests(ROOT / "tests")
    assert Path("heroes", "rules") in folders and Path("tui") in folders


def test_a_misplaced_folder_is_caught(tmp_path: Path) -> None:
    builder, tests = tmp_path / "builder", tmp_path / "tests"
    for package in ["heroes", "heroes/rules", "tui"]:
        (builder / package).mkdir(parents=True)
        (builder / package / "__init__.py").touch()
    for folder in ["heroes/rules", "tui/__snapshots__/test_x", "fixtures/armies"]:
        (tests / folder).mkdir(parents=True)
    assert misplaced(tests, builder) == []
    (tests / "rules").mkdir()  # builder/heroes/rules's tests, one level too high
    (tests / "tui" / "screens").mkdir()  # no __init__.py in builder/tui/screens
    assert misplaced(tests, builder) == ["rules", "tui/screens"]
