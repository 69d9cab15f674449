"""`hon balance`: win rates with their intervals as text, JSON and an HTML report, for the
three game systems in one JSON schema; the same seeds give the same JSON on one process or
two; a game that fails exits 1 naming its seed; Ctrl-C stops and tells what was played; bad
options are one line and exit 2. Few games, on short scenarios."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.kernel.decisions import Decision
from builder.services import balance_heroes, balance_memoir, balance_tcg
from tests.cli.balance_schema import BALANCE_SCHEMA

ROOT = Path(__file__).resolve().parents[2]
SHORT = str(ROOT / "scenarios" / "way-of-the-cross.yaml")
TCG = str(ROOT / "scenarios" / "tcg" / "orchard-at-dawn.yaml")
HEX = str(ROOT / "scenarios" / "m44" / "orchard-crossing.yaml")
M44 = str(ROOT / "tests" / "memoir" / "fixtures" / "hedgerow-crossroads.m44")
EVERY_SYSTEM = {"heroes": SHORT, "tcg": TCG, "memoir": HEX}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_tallies_every_game_and_names_the_policy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "balance", SHORT, "--games", "4", "--seed", "3", "--temperature", "0.5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and data["first_seed"] == 3 and data["temperature"] == 0.5
    sides = data["sides"]
    assert set(sides) == {"commonwealth", "german"}
    assert sum(s["wins"] for s in sides.values()) + data["draws"] + data["unfinished"] == 4
    for side in sides.values():
        low, high = side["interval"]
        assert 0 <= low <= side["rate"] <= high <= 1
        assert sum(side["victory_points"].values()) == 4
    assert sum(data["turns"].values()) == 4
    for objective in data["objectives"].values():
        assert sum(objective["held_at_end"].values()) == 4


@pytest.mark.parametrize("system", list(EVERY_SYSTEM))
def test_every_system_gives_one_json_schema_that_adds_up_and_repeats(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    args = ("balance", EVERY_SYSTEM[system], "--games", "4", "--seed", "2", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, BALANCE_SCHEMA)
    assert data["system"] == system and data["games"] == data["played"] == 4 and data["first_seed"] == 2
    assert sum(s["wins"] for s in data["sides"].values()) + data["draws"] + data["unfinished"] == 4
    assert sum(data["turns"].values()) == 4 and data["failed"] == []
    assert all(sum(side["victory_points"].values()) == 4 for side in data["sides"].values())
    assert data["objectives"] and all(sum(o["held_at_end"].values()) == 4 for o in data["objectives"].values())
    assert json.loads(run(capsys, *args)[1]) == data


@pytest.mark.parametrize(
    ("scenario", "options"),
    [(TCG, ("--swap-initiative",)), (HEX, ("--policy", "random")), (M44, ("--swap-initiative",))],
    ids=["tcg", "hex", "m44"],
)
def test_two_workers_give_the_same_json_as_one_in_every_game(
    scenario: str, options: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("balance", scenario, "--games", "4", *options, "--json")
    _, alone, _ = run(capsys, *args)
    code, pooled, _ = run(capsys, *args, "--workers", "2")
    assert code == 0 and json.loads(alone) == json.loads(pooled) and json.loads(alone)["games"] == 4


def test_two_workers_give_the_same_json_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("balance", SHORT, "--games", "4", "--temperature", "1", "--swap-initiative", "--json")
    _, alone, _ = run(capsys, *args)
    code, pooled, _ = run(capsys, *args, "--workers", "2")
    assert code == 0 and json.loads(alone) == json.loads(pooled)
    assert json.loads(alone)["swap_initiative"] is True


def test_text_and_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "balance.html"
    code, out, err = run(capsys, "balance", SHORT, "--games", "2", "-o", str(report))
    assert code == 0
    assert "Way of the Cross" in out and "95 % interval" in out and "10. SS-Panzer-Division" in out
    assert str(report) in err
    page = report.read_text(encoding="utf-8")
    assert page.count("<svg") == 3  # convergence, victory points, objectives by turn
    assert "Croix des Filandriers" in page and "<?xml" not in page
    assert re.search(r"\b2 games\b", page)


def test_bad_options_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "balance", SHORT, "--games", "2", "--address", "ray://nowhere:10001")
    assert code == 2 and "--backend ray" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "balance", SHORT, "--games", "2", "--army", "nobody=x.yaml")
    assert code == 2 and "nobody" in err and "Traceback" not in err
    code, _, err = run(capsys, "balance", SHORT, "--temperature", "-1")
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("scenario", [TCG, HEX], ids=["tcg", "hex"])
@pytest.mark.parametrize("option", [("--army", "us=x.yaml"), ("--temperature", "1"), ("--catalogue", "data")])
def test_the_heroes_systems_own_options_are_refused_in_the_other_games(
    scenario: str, option: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "balance", scenario, "--games", "2", *option)
    assert code == 2 and out == "" and option[0] in err and err.count("\n") == 1


def test_a_tcg_variant_is_played_in_every_game_and_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "balance", TCG, "--games", "3", "--variant", "no-terrain", "--variant", "no-terrain", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["variants"] == ["no-terrain"]
    wins: Counter[str] = Counter()
    points: dict[str, Counter[str]] = {side: Counter() for side in data["sides"]}
    for seed in ("1", "2", "3"):  # each game is the one `hon simulate --variant` plays from its seed
        code, out, _ = run(capsys, "simulate", TCG, "--seed", seed, "--variant", "no-terrain", "--json")
        game = json.loads(out)
        wins[game["winner"]] += 1
        for side, vp in game["victory_points"].items():
            points[side][str(vp)] += 1
    assert {side: s["wins"] for side, s in data["sides"].items()} == {side: wins[side] for side in data["sides"]}
    assert {side: s["victory_points"] for side, s in data["sides"].items()} == points


@pytest.mark.parametrize(
    ("scenario", "variant"),
    [(HEX, "no-terrain"), (SHORT, "no-terrain"), (TCG, "no-such-rule")],
    ids=["hex", "heroes", "unknown"],
)
def test_a_variant_the_scenario_cannot_play_is_one_line_and_exit_2(
    scenario: str, variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "balance", scenario, "--games", "1", "--variant", variant)
    assert code == 2 and out == "" and "--variant" in err and err.count("\n") == 1


class Broken:
    """A player with a bug: it fails at its first decision (injected here, never in hon)."""

    def choose(self, view: object, decision: Decision[object]) -> object:
        raise RuntimeError("the player broke")


def _failing_on_seed_3(monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """Every side of the game of seed 3 played by Broken (the random player otherwise)."""
    module = {"heroes": balance_heroes, "tcg": balance_tcg, "memoir": balance_memoir}[system]
    chosen = module.players_for

    def players_for(*args: Any) -> Any:
        seed = args[0].dice.seed if system == "memoir" else args[2]
        players = chosen(*args)
        return dict.fromkeys(players, Broken()) if seed == 3 else players

    monkeypatch.setattr(module, "players_for", players_for)


@pytest.mark.parametrize("system", list(EVERY_SYSTEM))
def test_a_game_that_fails_exits_1_naming_its_seed_and_error(
    system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No game is dropped: the run stops with the chunk that failed and gives no verdict."""
    _failing_on_seed_3(monkeypatch, system)
    args = ("balance", EVERY_SYSTEM[system], "--games", "20", "--policy", "random")
    code, out, err = run(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 1 and data["failed"] == [{"seed": 3, "error": "RuntimeError: the player broke"}]
    assert data["games"] == 9 and data["played"] == 10  # the first chunk of ten seeds, then no more
    assert "3" in err and "RuntimeError" in err and err.count("\n") == 1
    code, out, err = run(capsys, *args)
    assert code == 1 and out == "" and "RuntimeError" in err


@contextmanager
def sigint_as_at_a_prompt() -> Iterator[None]:
    """Ctrl-C reaches a command typed at a shell's prompt with SIGINT's default action. A
    command started in the background by a non-interactive shell (`make test &`, a CI
    script) inherits SIGINT ignored (POSIX, Shell Command Language 2.11), pytest's workers
    pass that on to their children, and a Python child then keeps ignoring it: its Ctrl-C
    would do nothing. So SIGINT is handled while the child starts (a handled signal is reset
    to its default action by exec) and set back as it was right after."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def test_progress_then_ctrl_c_stops_and_tells_what_was_played() -> None:
    """Standard error on a terminal shows the progress bar (games done, rate, time left);
    Ctrl-C once a chunk is done stops the run, which tells the games played, whole chunks."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"}
    args = [sys.executable, "-m", "builder.cli", "balance", SHORT, "--games", "400", "--workers", "2", "--json"]
    master, slave = pty.openpty()
    with sigint_as_at_a_prompt():
        process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    shown, stopped = "", False
    deadline = time.monotonic() + 300
    try:
        while process.poll() is None and time.monotonic() < deadline:
            if select.select([master], [], [], 0.5)[0]:  # keep reading: a full terminal would block it
                try:
                    shown += os.read(master, 4096).decode("utf-8", "replace")
                except OSError:  # the terminal closed with the process
                    break
            if not stopped and re.search(r"\b[1-9]\d*0/400\b", shown):
                process.send_signal(signal.SIGINT)
                stopped = True
    finally:
        if process.poll() is None:
            process.kill()
        out = process.stdout.read() if process.stdout is not None else ""
        process.wait()
        os.close(master)
    assert re.search(r"\b[1-9]\d*0/400\b", shown), shown
    assert "games/s" in shown  # the rate, beside the time left
    assert process.returncode == 130
    assert "Traceback" not in shown
    data = json.loads(out)
    assert data["interrupted"] is True
    assert 0 < data["games"] < 400 and data["games"] % 10 == 0  # whole chunks only


# --- Ray addresses (issue 31, point 3) -----------------------------------------------------


def ray_run(capsys: pytest.CaptureFixture[str], address: str) -> tuple[int, str, float]:
    """`hon balance … --backend ray --address ADDRESS` on a scenario that does not exist:
    the address is refused before the scenario is looked at, or the run fails on it."""
    pytest.importorskip("ray")
    started = time.monotonic()
    code = main(["balance", "/nonexistent/scenario.yaml", "--backend", "ray", "--address", address])
    _, err = capsys.readouterr()
    return code, err, time.monotonic() - started


def one_line_about_the_address(err: str) -> None:
    assert err.startswith("hon: ") and err.count("\n") == 1 and "--address" in err, err
    assert "Traceback" not in err and "/nonexistent/scenario.yaml" not in err


@pytest.mark.parametrize("address", ["%%%", "::::", "", "http://127.0.0.1:1/", "ray://[::1", "head:0", "-head:6379"])
def test_an_address_of_no_form_is_one_line(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, err, _ = ray_run(capsys, address)
    assert code == 2
    one_line_about_the_address(err)


def test_ray_client_without_its_extra_says_which_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "grpc" else found(name, *a))
    code, err, _ = ray_run(capsys, "ray://127.0.0.1:10001")
    assert code == 2 and "ray[client]" in err
    one_line_about_the_address(err)


@contextmanager
def listening(answer: bytes | None) -> Iterator[int]:
    """A server on a free local port that sends `answer` to whoever connects (None: says
    nothing and keeps the connection open); yields its port."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:  # closed: the test is over
                return
            held.append(connection)
            if answer is not None:
                connection.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield server.getsockname()[1]
    finally:
        server.close()
        for connection in held:
            connection.close()


def test_a_closed_port_is_given_up_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    with listening(None) as port:
        pass  # closed again: nothing listens there now
    code, err, seconds = ray_run(capsys, f"127.0.0.1:{port}")
    assert code == 2 and seconds < 30  # Ray's own import included; Ray itself retried for minutes
    one_line_about_the_address(err)


@pytest.mark.parametrize("answer", [None, b"HTTP/1.0 400 Bad Request\r\n\r\n"], ids=["silent", "not-grpc"])
def test_a_server_that_is_not_ray_is_given_up_within_the_stated_time(
    answer: bytes | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from builder.services import ray_address

    monkeypatch.setattr(ray_address, "CONNECT_SECONDS", 2)
    with listening(answer) as port:
        code, err, seconds = ray_run(capsys, f"127.0.0.1:{port}")
    assert code == 2 and seconds < 2 + 20
    one_line_about_the_address(err)
    assert "2 s" in err  # the bound it gave up after


def test_a_grpc_server_passes_the_check() -> None:
    """What a gRPC server (Ray's GCS, Ray Client's server) answers first: a SETTINGS frame."""
    from builder.services.ray_address import check_address

    with listening(bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])) as port:
        assert check_address(f"127.0.0.1:{port}") == f"127.0.0.1:{port}"


def test_the_issues_unreachable_address_fails_within_the_bound() -> None:
    """The real `hon`: Ray's import, the check, one line; before, over 45 s of retries."""
    pytest.importorskip("ray")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "builder.cli", "balance", SHORT, "--backend", "ray", "--address", "127.0.0.1:1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and time.monotonic() - started < 45
    assert done.stderr.count("\n") == 1 and "--address" in done.stderr
