"""The recent files the app's file dialog offers: latest first, once each, only files that
still exist, kept across runs in the user's data folder; a damaged list is started again."""

from __future__ import annotations

from pathlib import Path

from builder.services.recent_files import KEPT, recent_files, recent_list_path, remember


def touch(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text("x", encoding="utf-8")
    return path


def test_latest_first_once_each_by_kind(tmp_path: Path) -> None:
    a, b, s = touch(tmp_path, "a.yaml"), touch(tmp_path, "b.yaml"), touch(tmp_path, "s.yaml")
    remember(a, "army")
    remember(s, "scenario")
    remember(b, "army")
    remember(a, "army")
    assert recent_files("army") == [a, b]
    assert recent_files("scenario") == [s]
    assert recent_list_path().is_file()


def test_files_gone_are_not_offered_and_the_list_is_bounded(tmp_path: Path) -> None:
    files = [touch(tmp_path, f"{n}.yaml") for n in range(KEPT + 3)]
    for path in files:
        remember(path, "army")
    assert recent_files("army") == list(reversed(files))[:KEPT]
    files[-1].unlink()
    assert files[-1] not in recent_files("army")


def test_a_damaged_list_is_started_again(tmp_path: Path) -> None:
    recent_list_path().parent.mkdir(parents=True, exist_ok=True)
    recent_list_path().write_bytes(b"\xff{not json")
    assert recent_files("army") == []
    a = touch(tmp_path, "a.yaml")
    remember(a, "army")
    assert recent_files("army") == [a]
