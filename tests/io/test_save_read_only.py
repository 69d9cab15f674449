"""Read-only files (mode 0444) are refused with a sentence naming the file, unless the
caller was told to replace them anyway; they stay read-only then. The tests run as root,
for whom os.access() says every file is writable: only the mode bits can tell."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import load_army
from builder.io.errors import HonFileError
from builder.io.paths import DEFAULT_ARMY, EXAMPLE_ARMIES_DIR
from builder.io.save import ReadOnlyFile, atomic_write
from builder.services.army_session import ArmySession
from builder.services.scenario_session import ScenarioSession

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "rush-on-maltot.yaml"


def read_only(path: Path) -> Path:
    path.chmod(0o444)
    return path


def test_a_read_only_file_is_refused_with_one_sentence_naming_it(tmp_path: Path) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"theirs\n")
    read_only(target)
    with pytest.raises(ReadOnlyFile) as refused:
        atomic_write(target, b"ours\n")
    message = str(refused.value)
    assert str(target) in message and "read-only" in message
    assert message.endswith(".") and ". " not in message
    assert isinstance(refused.value, HonFileError) and isinstance(refused.value, PermissionError)
    assert target.read_bytes() == b"theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml"]  # no .bak, no temporary file


def test_a_read_only_file_replaced_anyway_stays_read_only(tmp_path: Path) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"theirs\n")
    read_only(target)
    atomic_write(target, b"ours\n", overwrite_read_only=True)
    assert target.read_bytes() == b"ours\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444
    assert (tmp_path / "army.yaml.bak").read_bytes() == b"theirs\n"


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o666])
def test_writable_files_are_replaced(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    target.chmod(mode)
    atomic_write(target, b"two\n")
    assert target.read_bytes() == b"two\n" and stat.S_IMODE(target.stat().st_mode) == mode


def test_a_file_someone_else_owns_without_write_bits_for_anyone_is_read_only_even_for_root(tmp_path: Path) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"theirs\n")
    target.chmod(0o444)
    if os.geteuid() == 0:
        os.chown(target, 12345, 12345)
    with pytest.raises(ReadOnlyFile):
        atomic_write(target, b"ours\n")


def test_the_army_session_refuses_and_keeps_the_edits(tmp_path: Path, bundled: Catalogue) -> None:
    path = tmp_path / "army.yaml"
    shutil.copy(DEFAULT_ARMY, path)
    session = ArmySession.open(path, bundled)
    session.history.replace(session.army.model_copy(update={"name": "Ours"}), "rename")
    before = (session.history.present, list(session.history.done), session.fingerprint)
    read_only(path)
    with pytest.raises(ReadOnlyFile):
        session.save()
    assert (session.history.present, session.history.done, session.fingerprint) == before
    assert (session.dirty, load_army(path).army.name) == (True, "Omaha, the morning after")
    session.save(overwrite_read_only=True)
    assert not session.dirty and load_army(path).army.name == "Ours"
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_the_scenario_session_refuses_too(tmp_path: Path, bundled: Catalogue) -> None:
    path = tmp_path / "scenario.yaml"
    shutil.copy(SCENARIO, path)
    session = ScenarioSession.open(path, bundled)
    session.history.replace(session.scenario.model_copy(update={"title": "Ours"}), "retitle")
    read_only(path)
    with pytest.raises(ReadOnlyFile):
        session.save()
    assert session.dirty and session.scenario.title == "Ours"
    session.save(overwrite_read_only=True)
    assert not session.dirty


def test_a_read_only_export_is_refused_by_the_command_line(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    from builder.cli import main

    target = tmp_path / "roster.md"
    target.write_text("mine\n", encoding="utf-8")
    read_only(target)
    code = main(["roster", str(EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml"), "-f", "md", "-o", str(target)])
    out, err = capfd.readouterr()
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and str(target) in err and "read-only" in err
    assert target.read_text(encoding="utf-8") == "mine\n"
