"""The cluster backend of a balance run: Ray (the optional extra `hon-builder[ray]`).

How the work splits: the game is put once in Ray's object store (`ray.put`), so each task
carries only a reference and a range of seeds (one chunk, 10 games by default); each task
returns the chunk's GameResults. At most two chunks per CPU in use are in flight, and the
answers are taken in seed order, so the tallies are those of the local backend.

Without an address, Ray starts on this machine with `workers` CPUs (all of them by
default) and stops at the end of the run; with one (`ray://head:10001`, `head:6379` on a
node of the cluster, or `auto`), the run joins that cluster, on `workers` of its CPUs (all
by default), and ships the `builder` package to its workers (`runtime_env` py_modules), so
the nodes need Ray and hon's dependencies, not hon itself. A Ray already started in this
process (a test's `ray.init`) is used as it is.

The command line checks an address before Ray is asked to join it
(builder.services.ray_address); the cluster's CPUs are checked here, once joined."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import builder
from builder.services.balance import BalanceGame, GameResult, play_chunk
from builder.services.ray_address import RayUnavailable

AHEAD = 2  # chunks in flight per CPU


def require_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable("the ray backend needs Ray: pip install 'hon-builder[ray]' (or pip install ray)") from None
    return ray


class RayCluster:
    """Ray on this machine, or the cluster at `address`."""

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        self.address = address
        self.workers = workers

    def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
        ray = require_ray()
        started = not ray.is_initialized()
        if started:
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.ERROR,  # Ray's own notes would bury hon's output
            }
            if self.address is None:
                options["num_cpus"] = self.workers
            else:
                options["address"] = self.address
                options["runtime_env"] = {"py_modules": [str(Path(builder.__file__).parent)]}
            ray.init(**options)
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            if self.workers is not None and self.workers > cpus:
                raise RayUnavailable(f"{self.workers} is more than the Ray cluster's {cpus} CPUs", "--workers")
            task = ray.remote(num_cpus=1)(play_chunk)
            shared = ray.put(game)
            ahead = AHEAD * (self.workers or cpus)
            pending: deque[Any] = deque()
            try:
                for seeds in chunks:
                    pending.append(task.remote(shared, seeds))
                    if len(pending) >= ahead:
                        yield ray.get(pending.popleft())
                while pending:
                    yield ray.get(pending.popleft())
            finally:
                for ref in pending:
                    ray.cancel(ref)
        finally:
            if started:
                ray.shutdown()
