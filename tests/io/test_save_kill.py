"""Saves under SIGKILL: a child process saves an army list over and over, alternating two
complete versions, and is killed at a random moment. Whatever the moment, the list and its
`.bak` must each be one complete version, and the next save must leave none of our
temporary files behind.

HON_KILLS sets how many kills (60 by default, so the suite stays quick); HON_KILLS_REPORT
names a file to write the figures to (how many targets and backups were complete, how many
temporary files a kill left and the next save cleaned)."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.heroes.army.models import MAX_TILES
from builder.io.army_files import army_yaml, load_army, parse_army
from builder.io.paths import DEFAULT_ARMY
from builder.io.save import atomic_write

KILLS = int(os.environ.get("HON_KILLS", "60"))

# The child imports only the saving module (stdlib only), so most of its life is saving.
CHILD = """
import sys
import time
from pathlib import Path
from builder.io.save import atomic_write
target, versions = Path(sys.argv[1]), [Path(p).read_bytes() for p in sys.argv[2:]]
print("ready", flush=True)
turn = 0
while True:
    atomic_write(target, versions[turn % 2])
    turn += 1
"""


def versions(folder: Path) -> tuple[bytes, bytes]:
    """Two complete, different versions of a sizable army list, as hon writes them: as many
    tiles as a list may hold (README: Limits), and long notes."""
    army = load_army(DEFAULT_ARMY).army
    target = folder / "army.yaml"
    made = []
    for name, copies, notes in (("Version A", MAX_TILES // len(army.tiles), 20_000), ("Version B", 15, 14_000)):
        big = army.model_copy(update={"name": name, "tiles": list(army.tiles) * copies, "notes": "n" * notes})
        made.append(army_yaml(big, target).encode("utf-8"))
    return made[0], made[1]


def ours(folder: Path) -> list[str]:
    """Temporary files of ours, whatever the save that made them (the list's or its .bak's)."""
    pattern = re.compile(r"^\.army\.yaml\.(bak\.)?[A-Za-z0-9_]{8}\.tmp$")
    return sorted(p.name for p in folder.iterdir() if pattern.match(p.name))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_killed_save_leaves_complete_versions_and_the_next_save_cleans_up(tmp_path: Path) -> None:
    a, b = versions(tmp_path)
    assert parse_army(a.decode()).name == "Version A" and parse_army(b.decode()).name == "Version B"
    complete = {a: "A", b: "B"}
    sources = []
    for name, data in (("a.yaml", a), ("b.yaml", b)):
        (tmp_path / name).write_bytes(data)
        sources.append(str(tmp_path / name))
    folder = tmp_path / "lists"
    folder.mkdir()
    target = folder / "army.yaml"
    atomic_write(target, a)
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    figures = {"kills": 0, "target_complete": 0, "backup_complete": 0, "backup_absent": 0}
    figures |= {"temp_files_after_kill": 0, "kills_leaving_temp_files": 0, "kills_while_staging_the_backup": 0}
    figures |= {"temp_files_after_next_save": 0}
    environment = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(target), *sources],
            stdout=subprocess.PIPE,
            env=environment,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == b"ready\n"
        # Not a timing assertion: the delay only chooses where in its saves the child dies.
        time.sleep(rng.uniform(0.0, 0.03))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        figures["kills"] += 1

        where = f"kill {kill} (seed {seed})"
        on_disk = target.read_bytes()
        # Byte for byte one of two versions that parse (checked above): so it parses too.
        assert on_disk in complete, f"{where}: the army list is not a complete version"
        figures["target_complete"] += 1
        backup = target.with_name("army.yaml.bak")
        if backup.exists():
            assert backup.read_bytes() in complete, f"{where}: the .bak is not a complete version"
            figures["backup_complete"] += 1
        else:
            figures["backup_absent"] += 1
        left = ours(folder)
        figures["temp_files_after_kill"] += len(left)
        figures["kills_leaving_temp_files"] += bool(left)
        figures["kills_while_staging_the_backup"] += any(".bak." in name for name in left)

        atomic_write(target, on_disk)  # the next save of that file
        remaining = ours(folder)
        figures["temp_files_after_next_save"] += len(remaining)
        assert remaining == [], f"{where}: the next save left {remaining}"
        assert target.read_bytes() == on_disk
        assert target.with_name("army.yaml.bak").read_bytes() in complete

    report = os.environ.get("HON_KILLS_REPORT")
    if report:
        Path(report).write_text(json.dumps(figures | {"seed": seed}, indent=2) + "\n", encoding="utf-8")
    assert figures["target_complete"] == KILLS
