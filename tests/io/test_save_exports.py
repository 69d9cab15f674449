"""Exports never write through a symbolic link and never replace what is not a regular file
(a FIFO, a device); `-o -` (and `-o /dev/stdout`) writes the roster or sheet to standard
output and no file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from builder.cli import main
from builder.export.formats import Format
from builder.io.errors import HonFileError
from builder.io.outputs import Kind, Output
from builder.io.paths import EXAMPLE_ARMIES_DIR
from builder.io.save import RefusedWrite, atomic_write

ARMY = EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml"
STEM = "the-wessex-division-at-hill-112"
SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "rush-on-maltot.yaml"


def run(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capfd.readouterr()
    return code, out, err


def one_sentence_naming(err: str, path: Path | str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hon: ") and str(path) in lines[0], err
    assert lines[0].endswith(".") and ". " not in lines[0], err


def test_a_link_planted_in_exports_is_refused_and_its_target_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0::/root:/bin/sh\n", encoding="utf-8")
    work = tmp_path / "work"
    (work / "exports").mkdir(parents=True)
    link = work / "exports" / f"{STEM}.html"
    link.symlink_to(victim)
    monkeypatch.chdir(work)

    code, out, err = run(capfd, "roster", str(ARMY))

    assert (code, out) == (2, "")
    one_sentence_naming(err, link)
    assert "symbolic link" in err
    assert victim.read_text(encoding="utf-8") == "root:x:0:0::/root:/bin/sh\n"
    assert link.is_symlink() and os.readlink(link) == str(victim)
    assert sorted(p.name for p in (work / "exports").iterdir()) == [link.name]


def test_a_link_to_a_missing_file_is_refused_too(tmp_path: Path) -> None:
    link = tmp_path / "roster.html"
    link.symlink_to(tmp_path / "would-be-created")
    with pytest.raises(RefusedWrite) as refused:
        Output(link, Kind.extension(".html")).save(b"<html></html>")
    assert str(link) in str(refused.value)
    assert not (tmp_path / "would-be-created").exists()


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run(capfd, "roster", str(ARMY), "-f", "md", "-o", str(fifo))
    assert (code, out) == (2, "")
    one_sentence_naming(err, fifo)
    assert "FIFO" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_device_is_refused_and_stays_a_device(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # A device node of our own (the same numbers as /dev/null), so a failure breaks nothing.
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("cannot make a device node here")
    code, out, err = run(capfd, "scenario", "sheet", str(SCENARIO), "-f", "svg", "-o", str(device))
    assert (code, out) == (2, "")
    one_sentence_naming(err, device)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_the_refusal_is_a_file_error_and_an_os_error(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(RefusedWrite) as refused:
        atomic_write(tmp_path / "pipe", b"x", backup=False)
    # The command line reports file errors; older callers catch OSError: both see it.
    assert isinstance(refused.value, HonFileError) and isinstance(refused.value, OSError)


@pytest.mark.parametrize("fmt", list(Format), ids=str)
@pytest.mark.parametrize("dash", ["-", "/dev/stdout"])
def test_dash_writes_the_roster_to_standard_output_and_no_file(
    fmt: Format,
    dash: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["roster", str(ARMY), "-f", fmt.value, "-o", dash])
    out, err = capsysbinary.readouterr()
    assert (code, err) == (0, b"")
    if fmt is Format.PDF:
        assert out.startswith(b"%PDF") and out.rstrip().endswith(b"%%EOF")
    else:
        assert b"The Wessex Division at Hill 112" in out
        out.decode("utf-8")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt", ["html", "svg", "pdf"])
def test_dash_writes_the_sheet_to_standard_output_and_no_file(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["scenario", "sheet", str(SCENARIO), "-f", fmt, "-o", "-"])
    out, err = capsysbinary.readouterr()
    assert (code, err) == (0, b"")
    assert out.startswith({"html": b"<!doctype html>", "svg": b"<?xml", "pdf": b"%PDF"}[fmt])
    assert list(tmp_path.iterdir()) == []
