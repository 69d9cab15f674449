"""Saves and links: a `.bak` that is a planted symbolic link is replaced, never followed;
the same file reached by another spelling is still checked for changes made on disk."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import load_army
from builder.io.errors import ChangedOnDisk
from builder.io.paths import DEFAULT_ARMY
from builder.io.save import atomic_write, same_file
from builder.services.army_session import ArmySession


def test_a_planted_bak_link_is_replaced_and_its_target_untouched(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    target = tmp_path / "army.yaml"
    target.write_bytes(b"version one\n")
    backup = tmp_path / "army.yaml.bak"
    backup.symlink_to(victim)

    atomic_write(target, b"version two\n")

    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not backup.is_symlink()
    assert backup.read_bytes() == b"version one\n"
    assert target.read_bytes() == b"version two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.yaml", "army.yaml.bak", "victim"]


def test_a_planted_bak_link_to_a_missing_file_creates_nothing_there(tmp_path: Path) -> None:
    nowhere = tmp_path / "elsewhere" / "created"
    nowhere.parent.mkdir()
    target = tmp_path / "army.yaml"
    target.write_bytes(b"one\n")
    (tmp_path / "army.yaml.bak").symlink_to(nowhere)
    atomic_write(target, b"two\n")
    assert not nowhere.exists()
    assert (tmp_path / "army.yaml.bak").read_bytes() == b"one\n"


def test_a_document_that_is_a_link_saves_the_file_it_points_to(tmp_path: Path) -> None:
    # The player's own link (a list kept in a synced folder) stays a link: reading followed it.
    real = tmp_path / "synced" / "army.yaml"
    real.parent.mkdir()
    real.write_bytes(b"one\n")
    link = tmp_path / "army.yaml"
    link.symlink_to(real)
    atomic_write(link, b"two\n")
    assert link.is_symlink() and real.read_bytes() == b"two\n"
    assert (real.parent / "army.yaml.bak").read_bytes() == b"one\n"


@pytest.fixture
def opened(tmp_path: Path, bundled: Catalogue) -> tuple[ArmySession, Path, str]:
    """A session on a list, edited, whose file someone else then changed."""
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "army.yaml"
    shutil.copy(DEFAULT_ARMY, path)
    session = ArmySession.open(path, bundled)
    session.history.replace(session.army.model_copy(update={"name": "Ours"}), "rename")
    theirs = path.read_text(encoding="utf-8").replace("Omaha, the morning after", "Theirs")
    path.write_text(theirs, encoding="utf-8")
    return session, path, theirs


def spellings(path: Path, tmp_path: Path) -> dict[str, Path]:
    linked = tmp_path / "linked"
    linked.symlink_to(path.parent, target_is_directory=True)
    hard = tmp_path / "hard.yaml"
    os.link(path, hard)
    return {
        "dot-dot": path.parent / ".." / path.parent.name / path.name,
        "relative": Path(os.path.relpath(path)),
        "linked folder": linked / path.name,
        "hard link": hard,
    }


@pytest.mark.parametrize("spelling", ["dot-dot", "relative", "linked folder", "hard link"])
def test_another_spelling_of_the_same_file_is_still_checked(
    opened: tuple[ArmySession, Path, str], tmp_path: Path, spelling: str
) -> None:
    session, path, theirs = opened
    other = spellings(path, tmp_path)[spelling]
    assert other != session.path and same_file(other, session.path)
    with pytest.raises(ChangedOnDisk):
        session.save(other)
    assert path.read_text(encoding="utf-8") == theirs
    assert session.dirty


def test_a_relative_path_after_changing_folder_is_still_checked(
    opened: tuple[ArmySession, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, path, theirs = opened
    monkeypatch.chdir(path.parent)
    with pytest.raises(ChangedOnDisk):
        session.save(Path("army.yaml"))
    assert path.read_text(encoding="utf-8") == theirs
    session.save(Path("army.yaml"), force=True)
    assert load_army(path).army.name == "Ours"


def test_a_session_opened_by_a_relative_path_keeps_its_file_when_the_folder_changes(
    tmp_path: Path, bundled: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    shutil.copy(DEFAULT_ARMY, tmp_path / "here" / "army.yaml")
    monkeypatch.chdir(tmp_path / "here")
    session = ArmySession.open(Path("army.yaml"), bundled)
    session.history.replace(session.army.model_copy(update={"name": "Ours"}), "rename")
    monkeypatch.chdir(tmp_path / "there")
    assert session.save() == tmp_path / "here" / "army.yaml"
    assert load_army(tmp_path / "here" / "army.yaml").army.name == "Ours"
    assert not (tmp_path / "there" / "army.yaml").exists()


def test_a_different_file_is_saved_without_the_check(opened: tuple[ArmySession, Path, str], tmp_path: Path) -> None:
    session, path, theirs = opened
    elsewhere = tmp_path / "copy.yaml"
    assert not same_file(elsewhere, session.path)
    assert session.save(elsewhere) == elsewhere
    assert load_army(elsewhere).army.name == "Ours"
    assert path.read_text(encoding="utf-8") == theirs
