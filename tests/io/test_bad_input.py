"""Bad input gets one clear sentence naming file, line and field, exit code 2, no traceback,
and the file is left untouched."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.paths import DEFAULT_ARMY

GOOD = DEFAULT_ARMY.read_text(encoding="utf-8")
BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]" for i in range(8)]
)

CASES: dict[str, tuple[bytes, list[str]]] = {
    "malformed": (b"format: hon-army\nversion: 1\nname: [unclosed\n", ["line 4", "not valid YAML"]),
    "truncated": (GOOD[: GOOD.index("slots:", 300) + 9].encode(), ["line 15", "tiles[1].slots", "empty"]),
    "cut mid-word": (GOOD[: GOOD.index("name: Omaha") + 9].encode(), ["this required field is missing"]),
    "wrong type": (GOOD.replace("points_limit: 550", "points_limit: lots").encode(), ["line 7", "points_limit"]),
    "unknown field": (
        GOOD.replace("    label: 1st platoon", "    lable: 1st platoon").encode(),
        ["tiles[1].lable", "not part of the format"],
    ),
    "newer version": (GOOD.replace("version: 1", "version: 7").encode(), ["line 3", "version 7", "newer"]),
    "text version": (GOOD.replace("version: 1", "version: one").encode(), ["line 3", "whole number"]),
    "wrong format": (
        GOOD.replace("format: hon-army", "format: hon-catalogue").encode(),
        ["line 2", "not an army list file"],
    ),
    "no format": (b"name: nothing\n", ["has no format tag"]),
    "a list": (b"- a\n- b\n", ["mapping", "not a list"]),
    "empty": (b"", ["not an empty document"]),
    "alias bomb": (BOMB.encode(), ["aliases"]),
    "latin-1": (GOOD.replace("morning", "mornin\u00e9").encode("latin-1"), ["line 4", "not UTF-8"]),
    "duplicate key": (
        GOOD.replace("points_limit: 550", "points_limit: 550\npoints_limit: 999").encode(),
        ["line 8", "appears twice"],
    ),
    "python tag": (b"format: !!python/object/apply:os.system [echo pwned]\n", ["line 1", "not valid YAML"]),
    "deep nesting": (b"format: " + b"[" * 5000 + b"]" * 5000 + b"\n", ["YAML"]),
    "null bytes": (b"format: hon-army\x00\n", ["not valid YAML"]),
    "a number of 5,000 digits": (
        GOOD.replace("points_limit: 550", "points_limit: " + "1" * 5_000).encode(),
        ["line 7"],
    ),
    "a set": (GOOD.replace("points_limit: 550", "points_limit: !!set {1}").encode(), ["line 7"]),
    "bad id": (
        GOOD.replace("tile: us-16th-inf-reg-b", "tile: US 16th B!").encode(),
        ["tiles[2].tile", "string should match pattern"],
    ),
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", list(CASES))
def test_bad_army_files_get_one_sentence_and_exit_2(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, expected = CASES[case]
    path = tmp_path / "army.yaml"
    path.write_bytes(content)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code, out, err = run(capsys, "validate", str(path))
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"hon: {path}")
    for word in expected:
        assert word in lines[0], lines[0]
    assert "Traceback" not in err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml"]


def test_a_file_too_large_is_refused_before_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"format: hon-army\nnotes: '" + b"x" * (3 * 1024 * 1024) + b"'\n")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert "3.0 MB; hon reads files up to 2 MB" in err


@pytest.mark.parametrize("name", ["missing.yaml", "folder"])
def test_missing_files_and_folders(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "folder").mkdir()
    code, _, err = run(capsys, "validate", str(tmp_path / name))
    assert code == 2
    assert len(err.strip().splitlines()) == 1


def test_a_broken_user_catalogue_names_its_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user = tmp_path / "mine"
    user.mkdir()
    (user / "units.yaml").write_text(
        "format: hon-catalogue\nversion: 1\ngame: hon\nunits:\n  - id: my-unit\n    name: Mine\n"
        "    faction: us\n    type: tank\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "catalogue", "check", "--catalogue", str(user))
    assert code == 2
    assert "units.yaml, line 8, units[0].type" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "validate")
    assert code == 2
    assert "missing argument ARMY" in err
    assert len(err.strip().splitlines()) == 1


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    """The real entry point, in its own process, on a hostile file."""
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", "from builder.cli import run; run()", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_new_file_is_readable_by_others_as_usual(tmp_path: Path) -> None:
    import os
    import stat

    from builder.io.save import atomic_write

    target = tmp_path / "new.yaml"
    atomic_write(target, b"x: 1\n")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
