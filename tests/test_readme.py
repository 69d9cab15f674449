"""Every command the README shows is run here (or, for `make`, resolved), so the README
stays honest."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from textual.binding import Binding

from builder.cli import main, serve_commands, tui_commands

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
LINES = [line.split("#")[0].strip() for block in BLOCKS for line in block.splitlines() if line.strip()]
HON = [line for line in LINES if line.startswith("hon ")]
MAKE = [line for line in LINES if line.startswith("make ")]
WRITES = (  # the README's commands that write a file (the others print, or open the app)
    "roster",
    "scenario sheet",
    "scenario deck",
    "schema",
    "campaign start",
    "campaign record",
    "campaign next",
    "campaign simulate",
    "campaign sheet",
)
ILLEGAL_ON_PURPOSE = "data/armies/illegal/"


def test_the_readme_shows_commands() -> None:
    assert "make run" in MAKE and "make test" in MAKE
    assert len(HON) >= 10


@pytest.mark.parametrize("line", MAKE)
def test_make_targets_exist(line: str) -> None:
    done = subprocess.run(["make", "-n", *shlex.split(line)[1:]], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ci_runs_the_readmes_test_command() -> None:
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def clean_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh copy of the repository (its tracked files as they are in the work tree),
    committed in a git repository of its own: `git status` is clean before a command runs."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout to copy")
    tree = tmp_path_factory.mktemp("clean") / "hon"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file() or source.is_symlink():  # deleted in the work tree: not in the copy
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name, follow_symlinks=False)
    git(tree, "init", "-q")
    git(tree, "add", "-A")
    git(tree, "-c", "user.name=hon", "-c", "user.email=hon@example.invalid", "commit", "-q", "-m", "clean")
    return tree


def git(tree: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=tree, capture_output=True, text=True, check=True).stdout


def files_in(tree: Path) -> set[str]:
    """Every file under the tree but git's own, relative to it."""
    return {p.relative_to(tree).as_posix() for p in tree.rglob("*") if ".git" not in p.parts and not p.is_dir()}


def said_written(tree: Path, *streams: str) -> set[str]:
    """The files under the tree a command said it wrote: a line that is a path, alone on
    standard output or after `hon: wrote` on standard error."""
    said = set()
    for line in "\n".join(streams).splitlines():
        path = Path(line.removeprefix("hon: wrote ").strip())
        if path.is_absolute() and path.resolve().is_relative_to(tree.resolve()):
            said.add(path.resolve().relative_to(tree.resolve()).as_posix())
    return said


@pytest.mark.parametrize("line", HON)
def test_hon_commands_work_as_written_in_a_clean_tree(
    line: str,
    clean_tree: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The README's commands, run as written in a fresh copy of the repository, leave only
    the files they say they write, each under exports/ (git-ignored): `git status` stays
    clean and nothing lands in the folder hon runs in."""
    monkeypatch.chdir(clean_tree)
    before = files_in(clean_tree)
    opened: list[object] = []
    monkeypatch.setattr(tui_commands, "launch", lambda *a: opened.append(a))
    monkeypatch.setattr(tui_commands, "launch_designer", lambda *a: opened.append(a))
    monkeypatch.setattr(serve_commands, "serve_app", lambda *a: opened.append(a))
    code = main(shlex.split(line)[1:])
    out, err = capsys.readouterr()
    expected = 1 if ILLEGAL_ON_PURPOSE in line else 0
    assert code == expected, err or out
    if line.startswith(("hon edit", "hon design", "hon serve")) or shlex.split(line)[1].endswith(".yaml"):
        assert opened  # `hon FILE` opens it as hon edit or hon design does
    assert git(clean_tree, "status", "--porcelain", "--untracked-files=all") == ""
    new = files_in(clean_tree) - before
    said = said_written(clean_tree, out, err)
    assert new <= said, f"written but not said: {sorted(new - said)}"
    assert all(name.startswith("exports/") and (clean_tree / name).is_file() for name in said), said
    if any(line.startswith(f"hon {command}") for command in WRITES):
        assert said, "it says the file it wrote"


# The keys a paragraph of the README names: a character in backquotes, or a named key.
KEY = re.compile(r"`([^`\s]{1,2})`|(?<![\w+])((?:ctrl|shift)\+[a-z]+|f\d{1,2}|escape|home|end)(?![\w+])")
CHARACTER_KEYS = {"?": "question_mark", "]": "right_square_bracket", "[": "left_square_bracket"}


def paragraph(title: str) -> str:
    """The paragraph's text after its title and how the screen is opened (`(f8, or …):`)."""
    start = README.index(f"**{title}**")
    return README[README.index("):", start) : README.index("\n\n", start)]


def documented(title: str) -> set[str]:
    return {CHARACTER_KEYS.get(char, char) or name for char, name in KEY.findall(paragraph(title))}


def bound(*owners: type) -> set[str]:
    """Every key the classes (and their bases) bind."""
    keys: set[str] = set()
    for owner in owners:
        for klass in owner.__mro__:
            for binding in getattr(klass, "BINDINGS", []):
                keys.update(binding.key.split(",") if isinstance(binding, Binding) else binding[0].split(","))
    return keys


def keys_of_screen(screen: type) -> list[set[str]]:
    """The keys of each binding hon's screen class and its bases declare (Textual's own, such
    as tab, are not hon's to document), one set a binding."""
    return [
        set(binding.key.split(","))
        for klass in screen.__mro__
        if klass.__module__.startswith("builder.")
        for binding in klass.__dict__.get("BINDINGS", [])
    ]


@pytest.mark.parametrize("title", ["Hex designer", "Simulation", "Balance"])
def test_the_readme_names_the_keys_of_the_screen_and_only_those(title: str) -> None:
    """Issue 33: the hex designer became a screen of the app; its paragraph, the one of the
    viewer the three games share and the balance screen's name every key their screens
    bind and no other."""
    from builder.tui.app import HonApp
    from builder.tui.screens.balance import BalanceScreen
    from builder.tui.screens.hex_designer import HexDesignerScreen
    from builder.tui.screens.simulation import SimulationMap
    from builder.tui.screens.viewer import GameViewer
    from builder.tui.widgets.hex_map import HexMapView

    screen, helpers = {
        "Hex designer": (HexDesignerScreen, (HexMapView,)),
        "Simulation": (GameViewer, (SimulationMap, HexMapView)),
        "Balance": (BalanceScreen, ()),
    }[title]
    named = documented(title)
    assert named - bound(screen, *helpers, HonApp) == set()
    assert [keys for keys in keys_of_screen(screen) if not keys & named] == []
