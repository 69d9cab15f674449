"""The local backend of a balance run: the standard library's process pool on this machine.

The game is pickled once per worker (the pool's initializer), then each task is a chunk of
seeds and each answer the chunk's GameResults: a few hundred bytes a game, never an event
log. At most two chunks per worker are in flight; the answers are handed back in seed order
(builder.services.balance). Workers ignore Ctrl-C: the run stops in the main process, which
cancels the chunks not started and waits for those being played (a few seconds at most)."""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor

from builder.services.balance import BalanceGame, GameResult, play_chunk

AHEAD = 2  # chunks in flight per worker

_game: BalanceGame | None = None  # the game a worker process plays (set by _install)


def _install(game: BalanceGame) -> None:
    global _game
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process decides when to stop
    _game = game


def _play(seeds: range) -> list[GameResult]:
    if _game is None:
        raise RuntimeError("the worker was started without a game")
    return play_chunk(_game, seeds)


class LocalPool:
    """`workers` processes on this machine."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("a pool has at least one worker")
        self.workers = workers

    def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_install, initargs=(game,))
        pending: deque[Future[list[GameResult]]] = deque()
        todo = iter(chunks)
        try:
            for seeds in todo:
                pending.append(pool.submit(_play, seeds))
                if len(pending) >= AHEAD * self.workers:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
