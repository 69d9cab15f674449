"""Files that are not what they seem: hon reads only regular files, refuses nesting that
would crash libyaml, file names that cannot name a file and numbers Python cannot convert,
each in one line naming the file (exit 2), in bounded time, never a traceback, leaving the
input untouched.

Everything goes through the real command line, `builder.cli.main`. Inputs that could hang
or exhaust the test process if hon regressed (devices, a FIFO, deep nesting) run under a
time limit or in a child process (tests/io/hostile.py)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR
from builder.io.yamlio import MAX_DEPTH, nesting_depth
from tests.io.hostile import Outcome, run_hon, run_hon_process

SCENARIO = SCENARIOS_DIR / "rush-on-maltot.yaml"
NAMED_ARMY = "army: armies/maltot-commonwealth-770.yaml"
DEEP_FLOW = b"format: hon-army\nversion: 1\nname: " + b"[" * 25_000 + b"]" * 25_000 + b"\n"


@pytest.fixture(autouse=True)
def _quiet_catalogue(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No player catalogue from the machine, and a cache of our own."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("HON_CATALOGUE", str(base / "no-user-catalogue"))
    monkeypatch.setenv("HON_CACHE", str(base / "hon-cache"))


def one_line_naming(outcome: Outcome, name: str | Path) -> str:
    assert outcome.escaped is None, outcome.escaped
    assert outcome.code == 2, (outcome.code, outcome.err)
    assert "Traceback" not in outcome.err + outcome.out
    lines = outcome.err.splitlines()
    assert len(lines) == 1 and outcome.err.endswith("\n"), outcome.err
    assert lines[0].startswith("hon: ")
    assert str(name) in lines[0], lines[0]
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- Special files ------------------------------------------------------------------------


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


@contextlib.contextmanager
def listening_socket(path: Path) -> Iterator[None]:
    # AF_UNIX names are limited to about 100 bytes: bind a short relative name.
    here = Path.cwd()
    os.chdir(path.parent)
    try:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(path.name)
            yield
    finally:
        os.chdir(here)


def make_folder(path: Path) -> None:
    path.mkdir()


SPECIAL: dict[str, Callable[[Path], object]] = {"fifo": make_fifo, "folder": make_folder}
DEVICES = ["/dev/zero", "/dev/urandom"]
COMMANDS = [["validate"], ["scenario", "check"], ["simulate", "--turns", "1"]]


def with_target(command: list[str], path: Path) -> list[str | Path]:
    """`command` with `path` where its file goes (after `scenario check`, before options)."""
    words = 2 if command[0] == "scenario" else 1
    return [*command[:words], path, *command[words:]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] if c[0] != "scenario" else "scenario-check")
@pytest.mark.parametrize("kind", list(SPECIAL))
def test_a_special_file_on_the_command_line(command: list[str], kind: str, tmp_path: Path) -> None:
    path = tmp_path / "input.yaml"
    SPECIAL[kind](path)
    one_line_naming(run_hon(with_target(command, path)), path)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] if c[0] != "scenario" else "scenario-check")
def test_a_socket_on_the_command_line(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    with listening_socket(path):
        one_line_naming(run_hon(with_target(command, path)), path)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] if c[0] != "scenario" else "scenario-check")
@pytest.mark.parametrize("device", DEVICES)
def test_a_symlink_to_a_device_on_the_command_line(command: list[str], device: str, tmp_path: Path) -> None:
    # In a child process: a hon that read the device would fill memory, not just fail.
    path = tmp_path / "input.yaml"
    path.symlink_to(device)
    one_line_naming(run_hon_process(with_target(command, path)), path)


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "link.yaml"
    path.symlink_to(DEFAULT_ARMY)
    assert run_hon(["validate", path]).code == 0


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path: Path) -> None:
    """/proc files say they are empty; the limit holds while reading, not from st_size."""
    from builder.io.errors import HonFileError
    from builder.io.yamlio import read_bytes

    assert read_bytes(Path("/proc/self/status"), 1_000_000)  # st_size 0, yet it has text
    with pytest.raises(HonFileError, match="larger than"):
        read_bytes(Path("/proc/self/status"), 10)


def scenario_naming(tmp_path: Path, army: str) -> Path:
    """A copy of a shipped scenario whose first force names `army`, with the lists it names."""
    shutil.copytree(SCENARIO.parent / "armies", tmp_path / "armies")
    path = tmp_path / SCENARIO.name
    text = SCENARIO.read_text(encoding="utf-8")
    assert NAMED_ARMY in text
    path.write_text(text.replace(NAMED_ARMY, f"army: {army}"), encoding="utf-8")
    return path


SCENARIO_COMMANDS = [["scenario", "check"], ["simulate", "--turns", "1"]]


@pytest.mark.parametrize("command", SCENARIO_COMMANDS, ids=["scenario-check", "simulate"])
@pytest.mark.parametrize("kind", list(SPECIAL))
def test_a_special_file_named_by_a_scenario(command: list[str], kind: str, tmp_path: Path) -> None:
    SPECIAL[kind](tmp_path / "named.yaml")
    scenario = scenario_naming(tmp_path, "named.yaml")
    before = digest(scenario)
    one_line_naming(run_hon(with_target(command, scenario)), tmp_path / "named.yaml")
    assert digest(scenario) == before


@pytest.mark.parametrize("command", SCENARIO_COMMANDS, ids=["scenario-check", "simulate"])
def test_a_socket_named_by_a_scenario(command: list[str], tmp_path: Path) -> None:
    scenario = scenario_naming(tmp_path, "s.yaml")
    with listening_socket(tmp_path / "s.yaml"):
        one_line_naming(run_hon(with_target(command, scenario)), tmp_path / "s.yaml")


@pytest.mark.parametrize("command", SCENARIO_COMMANDS, ids=["scenario-check", "simulate"])
def test_a_device_named_by_a_scenario(command: list[str], tmp_path: Path) -> None:
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    scenario = scenario_naming(tmp_path, "zero.yaml")
    # The list's path is resolved (symlinks followed), so the message names the device.
    one_line_naming(run_hon_process(with_target(command, scenario)), "/dev/zero")


CATALOGUE_COMMANDS = [["catalogue", "check"], ["validate", str(DEFAULT_ARMY)]]


@pytest.mark.parametrize("command", CATALOGUE_COMMANDS, ids=["catalogue-check", "validate"])
@pytest.mark.parametrize("kind", ["fifo", "socket", "zero", "urandom"])
def test_a_special_file_in_a_user_catalogue(command: list[str], kind: str, tmp_path: Path) -> None:
    folder = tmp_path / "cat"
    folder.mkdir()
    path = folder / "mine.yaml"
    args: list[str | Path] = [*command, "--catalogue", folder]
    if kind == "fifo":
        make_fifo(path)
        one_line_naming(run_hon(args), path)
    elif kind == "socket":
        with listening_socket(path):
            one_line_naming(run_hon(args), path)
    else:
        path.symlink_to(f"/dev/{kind}")
        one_line_naming(run_hon_process(args), path)


def test_a_folder_named_like_a_catalogue_file_is_walked_into_not_read(tmp_path: Path) -> None:
    (tmp_path / "cat" / "looks-like.yaml").mkdir(parents=True)
    assert run_hon(["catalogue", "check", "--catalogue", tmp_path / "cat"]).code == 0


def test_a_catalogue_option_that_is_a_fifo(tmp_path: Path) -> None:
    make_fifo(tmp_path / "cat")
    one_line_naming(run_hon(["catalogue", "check", "--catalogue", tmp_path / "cat"]), tmp_path / "cat")


# --- Deep nesting -------------------------------------------------------------------------

DEEP = {
    "flow sequences": b"[" * 25_000 + b"]" * 25_000,
    "flow mappings": b"{a: " * 25_000 + b"}" * 25_000,
    "block sequences": b"\n" + b"- " * 25_000 + b"x",
    "block mappings": b"\n" + b"? " * 25_000 + b"x",
}


@pytest.mark.parametrize("shape", list(DEEP))
def test_deep_nesting_is_refused_before_libyaml_can_crash(shape: str, tmp_path: Path) -> None:
    """25,000 levels crash libyaml's C composer (exit 139): in a child process, so that a
    regression shows as a signal, not as a dead test run."""
    path = tmp_path / "deep.yaml"
    path.write_bytes(b"format: hon-army\nversion: 1\nname: " + DEEP[shape] + b"\n")
    before = digest(path)
    one_line_naming(run_hon_process(["validate", path]), path)  # one line, exit 2, no signal
    assert digest(path) == before


def test_deep_nesting_in_a_scenario_in_the_list_it_names_and_in_a_catalogue(tmp_path: Path) -> None:
    (tmp_path / "deep.yaml").write_bytes(DEEP_FLOW)
    scenario = scenario_naming(tmp_path, "deep.yaml")
    one_line_naming(run_hon_process(["scenario", "check", scenario]), tmp_path / "deep.yaml")
    one_line_naming(run_hon_process(["simulate", scenario, "--turns", "1"]), tmp_path / "deep.yaml")
    (tmp_path / "deep-scenario.yaml").write_bytes(b"format: hon-scenario\nstory: " + DEEP["flow mappings"])
    one_line_naming(run_hon_process(["scenario", "check", tmp_path / "deep-scenario.yaml"]), "deep-scenario.yaml")
    (tmp_path / "cat").mkdir()
    (tmp_path / "cat" / "deep.yaml").write_bytes(b"format: hon-catalogue\nunits: " + DEEP["flow sequences"])
    one_line_naming(run_hon_process(["catalogue", "check", "--catalogue", tmp_path / "cat"]), "deep.yaml")


def test_nesting_just_under_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    depth = MAX_DEPTH - 1  # the document's own mapping is one level
    path.write_bytes(b"format: hon-army\nversion: 1\nname: " + b"[" * depth + b"]" * depth + b"\n")
    outcome = run_hon(["validate", path])
    assert outcome.code == 2  # read, and refused for its name being a list, not its depth
    assert str(MAX_DEPTH) not in outcome.err.replace(str(path), "")  # the path may hold "64"


def test_deep_nesting_through_aliases_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x]"] + [f"a{i}: &a{i} [*a{i - 1}]" for i in range(1, 100)]
    path = tmp_path / "army.yaml"
    path.write_text("format: hon-army\nversion: 1\n" + "\n".join(lines) + "\n", encoding="utf-8")
    one_line_naming(run_hon(["validate", path]), path)


SHIPPED = sorted(
    [*SCENARIOS_DIR.rglob("*.yaml"), *(SCENARIOS_DIR.parent / "data").rglob("*.yaml")],
)


def exact_depth(text: str) -> int:
    """The depth libyaml's composer would reach: its event stream, as far as it parses."""
    import yaml

    depth = deepest = 0
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                deepest = max(deepest, depth)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        pass
    return deepest


@pytest.mark.parametrize(
    "text",
    [
        "a: '[[[[ ]' # [[[[\nb: [1, [2, {c: [3]}]]\n",
        "\ufeff" + "- " * 80 + "x",  # libyaml skips a BOM at the start of a line, counting a column
        "a:\u2028" + "- " * 80 + "x",  # a line separator is a line break for libyaml
        "a:\x85" + "- " * 80 + "x",
        "a:\r" + "- " * 80 + "x",
        "-\t-\t-\t-\tx\n" * 3,
        "k: |\n  [[[[[[[[[[\n" * 20 + "m:\n" + "  " * 70 + "n: 1\n",
        "".join(f"{'  ' * i}k{i}:\n" for i in range(80)) + "  " * 80 + "v\n",
        "x: " + "[" * 70 + "]" * 70,
        "x: " + '["]", ' * 70 + "1" + "]" * 70,
        "x: " + "[']', " * 70 + "1" + "]" * 70,
        "x: " + "[ # ]\n" * 70 + "1" + "]" * 70,
        "x: " + "[ !<t]> " * 70 + "1" + "]" * 70,  # a verbatim tag may hold brackets
        "a: b" + "]" * 40 + "\nx: " + "[" * 70 + "]" * 70,
    ],
    ids=[
        "quotes",
        "bom",
        "line-separator",
        "nel",
        "cr",
        "tabs",
        "block-scalars",
        "indented",
        "flow",
        "quoted-ends",
        "single-quoted-ends",
        "comments-in-flow",
        "tags-in-flow",
        "closers-before-flow",
    ],
)
def test_the_nesting_measure_never_misses_depth_over_the_limit(text: str) -> None:
    """Tricky text for a scan: brackets in quotes, comments and block scalars, every line
    break libyaml knows, tabs, a byte order mark."""
    true_depth = exact_depth(text)
    found = nesting_depth(text)
    assert found >= min(true_depth, MAX_DEPTH + 1)  # counting stops past the limit
    assert (found > MAX_DEPTH) == (true_depth > MAX_DEPTH)


@pytest.mark.parametrize("shape", list(DEEP))
def test_the_nesting_measure_sees_depth_libyaml_refuses_to_scan(shape: str) -> None:
    """libyaml 0.2.5 and newer stop scanning deep flow collections at their own limit, before
    emitting the events the measure counts: the measure still says "deeper than ours"."""
    assert nesting_depth(DEEP[shape].decode()) > MAX_DEPTH


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_are_well_within_the_limit(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert exact_depth(text) <= nesting_depth(text) <= MAX_DEPTH


# --- File names and numbers inside files ----------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [r'"a\0b.yaml"', r'"a\nb.yaml"', r'"\e[31mred.yaml"', r'"a\u2028b.yaml"', r'"a\x85b.yaml"', '""'],
    ids=["nul", "newline", "escape", "line-separator", "nel", "empty"],
)
@pytest.mark.parametrize("command", [*SCENARIO_COMMANDS, ["scenario", "sheet"]], ids=["check", "simulate", "sheet"])
def test_a_file_name_no_file_can_have(name: str, command: list[str], tmp_path: Path) -> None:
    scenario = scenario_naming(tmp_path, name)
    before = digest(scenario)
    args = with_target(command, scenario)
    if command[-1] == "sheet":
        args += ["-o", f"{tmp_path}/out/"]
    line = one_line_naming(run_hon(args), scenario)
    assert "forces[0].army" in line
    assert digest(scenario) == before


def test_a_file_name_with_a_newline_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "a\nb\x1b[31m.yaml"
    line = one_line_naming(run_hon(["validate", path]), tmp_path)
    assert "\x1b" not in line


HUGE = "1" * 5_000


@pytest.mark.parametrize(
    ("where", "old", "new"),
    [
        ("army", "points_limit: 550", f"points_limit: {HUGE}"),
        ("army", "points_limit: 550", f"points_limit: -{HUGE}"),
        ("army", "points_limit: 550", f"points_limit: {HUGE}.5"),
        ("army", "points_limit: 550", "points_limit: " + "1:" * 2_000 + "1"),  # YAML 1.1 base 60
        ("army", "points_limit: 550", f"points_limit: !!int {HUGE}"),
        ("scenario", "points: 770", f"points: {HUGE}"),
    ],
    ids=["int", "negative", "float", "sexagesimal", "tagged", "scenario"],
)
def test_numbers_of_thousands_of_digits(where: str, old: str, new: str, tmp_path: Path) -> None:
    source = DEFAULT_ARMY if where == "army" else SCENARIO
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    command = ["validate"] if where == "army" else ["scenario", "check"]
    line = one_line_naming(run_hon([*command, path]), path)
    assert "line " in line


def test_a_long_number_in_a_user_catalogue(tmp_path: Path) -> None:
    (tmp_path / "cat").mkdir()
    path = tmp_path / "cat" / "mine.yaml"
    path.write_text(f"format: hon-catalogue\nversion: 1\ngame: hon\nunits: []\nextra: {HUGE}\n", encoding="utf-8")
    one_line_naming(run_hon(["catalogue", "check", "--catalogue", tmp_path / "cat"]), path)


@pytest.mark.parametrize("tag", ["!!set {a, b}", "!!omap [a: 1]", "!!pairs [a: 1]", "!!binary aGk="])
def test_yaml_types_hon_files_never_hold(tag: str, tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    path.write_text(f"format: hon-army\nversion: 1\nname: {tag}\n", encoding="utf-8")
    one_line_naming(run_hon(["validate", path]), path)


YAMLISH = st.text(
    alphabet=st.sampled_from(list("[]{}-?:,'\"#|<>&*! \n\t\r\x85\u2028\ufeffab1")),
    max_size=60,
)


@settings(max_examples=600, deadline=None)
@given(YAMLISH, st.sampled_from([2, 4, 8, 16]))
def test_the_nesting_measure_is_never_below_the_true_depth(text: str, limit: int) -> None:
    """The cheap bound is used only when it is at most the limit: it must never be below
    the depth libyaml would reach, whatever the quoting, line breaks or indicators."""
    assert nesting_depth(text, limit) >= min(exact_depth(text), limit + 1)
