"""Temporary files and the `.bak`: what a killed save left is cleaned by the next save of
that file, and only that (never another file's, never one a running save is writing); the
`.bak` is staged and renamed, by hard link or, where links are refused, by a synced copy."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from builder.io.save import atomic_write

STALE = [".army.yaml.abc12_x9.tmp", ".army.yaml.bak.0f3a9c21.tmp"]
NOT_OURS = [
    ".army.yaml.x.abcdefgh.tmp",  # a temporary file of army.yaml.x
    ".other.yaml.abcdefgh.tmp",  # of another file
    "army.yaml.tmp",  # the player's own
    ".army.yaml.abcdefgh.tmp.keep",
]


def test_stale_temporary_files_of_ours_go_with_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    for name in STALE + NOT_OURS:
        (tmp_path / name).write_bytes(b"left by someone\n")
    atomic_write(target, b"two\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["army.yaml", "army.yaml.bak", *NOT_OURS])


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_temporary_file_is_left_alone_while_another_save_is_under_way(tmp_path: Path) -> None:
    import fcntl

    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    in_flight = tmp_path / STALE[0]
    in_flight.write_bytes(b"being written\n")
    # Another save in this folder holds the shared lock while its temporary files exist.
    other = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(other, fcntl.LOCK_SH)
        atomic_write(target, b"two\n")
        assert in_flight.exists()
    finally:
        os.close(other)
    atomic_write(target, b"three\n")  # that save is over (or was killed): now it is stale
    assert not in_flight.exists()


def test_a_bak_that_already_is_the_file_leaves_no_staged_name(tmp_path: Path) -> None:
    # What a save killed between making the .bak and renaming the new file leaves: the .bak
    # and the list are one file. rename() between two links of one file does nothing.
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    os.link(target, tmp_path / "army.yaml.bak")
    atomic_write(target, b"two\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml", "army.yaml.bak"]
    assert (tmp_path / "army.yaml.bak").read_bytes() == b"one\n"


def test_where_hard_links_are_refused_the_bak_is_a_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)  # the os module builder.io.save uses
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    target.chmod(0o640)
    atomic_write(target, b"two\n")
    backup = tmp_path / "army.yaml.bak"
    assert backup.read_bytes() == b"one\n" and backup.stat().st_mode & 0o777 == 0o640
    assert target.read_bytes() == b"two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml", "army.yaml.bak"]


def test_the_bak_is_the_previous_file_itself_not_a_link_to_the_new_one(tmp_path: Path) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    atomic_write(target, b"two\n")
    atomic_write(target, b"three\n")
    backup = tmp_path / "army.yaml.bak"
    assert backup.read_bytes() == b"two\n"
    assert not os.path.samefile(backup, target)


def test_a_failed_save_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    real_replace = os.replace

    def fail_on_the_list(source: str, destination: str | Path) -> None:
        if Path(destination) == target:
            raise OSError(28, "No space left on device")
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", fail_on_the_list)
    with pytest.raises(OSError):
        atomic_write(target, b"two\n")
    assert target.read_bytes() == b"one\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml", "army.yaml.bak"]
