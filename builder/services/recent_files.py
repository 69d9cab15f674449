"""The files a player opened or saved lately, offered first by the app's file dialog. Kept
in the user's data folder ($XDG_DATA_HOME/hon/recent.json), written atomically; a list that
cannot be read or written is never a reason to refuse opening or saving a file."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from builder.io.save import atomic_write

Kind = Literal["army", "scenario", "campaign"]
KINDS = ("army", "scenario", "campaign")
KEPT = 12  # the most recent files remembered, all kinds together
FORMAT = "hon-recent"


@dataclass(frozen=True)
class RecentFile:
    path: Path
    kind: Kind


def recent_list_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hon" / "recent.json"


def _read() -> list[RecentFile]:
    try:
        data = json.loads(recent_list_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []  # none yet, or a list damaged by hand: start again
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("files"), list):
        return []
    found = []
    for item in data["files"]:
        if isinstance(item, dict) and isinstance(item.get("path"), str) and item.get("kind") in KINDS:
            found.append(RecentFile(Path(item["path"]), item["kind"]))
    return found


def recent_files(kind: Kind) -> list[Path]:
    """The recent files of `kind` that still exist, the latest first."""
    return [entry.path for entry in _read() if entry.kind == kind and entry.path.is_file()]


def remember(path: Path, kind: Kind) -> None:
    """Put `path` first in the list (once); the list keeps the KEPT latest files."""
    path = path.absolute()
    kept = [RecentFile(path, kind), *(entry for entry in _read() if entry.path != path)][:KEPT]
    data = {"format": FORMAT, "version": 1, "files": [{"path": str(e.path), "kind": e.kind} for e in kept]}
    with contextlib.suppress(OSError):  # a read-only home: the dialog just offers no recent files
        atomic_write(recent_list_path(), json.dumps(data, indent=1).encode("utf-8"), backup=False)
