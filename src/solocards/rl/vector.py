"""The batched environment on several processes: the same arrays, stepped on all cores.

:class:`ProcessBatchedEnv` has the API of :class:`~solocards.rl.batched.BatchedEnv` (``reset``,
``step``, the same :class:`~solocards.rl.batched.Batch` of arrays) but spreads its ``num_envs``
slots over ``workers`` processes, in the style of Gymnasium's ``AsyncVectorEnv``: each worker
keeps a ``BatchedEnv`` of a contiguous share of the slots and writes its rows straight into
arrays in shared memory, which the batch returned to the caller are views of. A step costs one
short message to and from each worker, so give each worker tens of slots or more.

Every slot draws its deals (and its bots' choices) from generators of its own, seeded from
``seed`` in slot order (:func:`~solocards.rl.batched.slot_seeds`), so for the same seed and the
same actions the arrays are exactly those of the in-process ``BatchedEnv``, however many workers
there are.

Actions are checked against the masks in this process before any worker moves: an illegal one
raises :class:`~solocards.IllegalActionError` naming the slot, and nothing changes. An error
inside a worker is raised here as :class:`WorkerError` with the worker's traceback.

Call :meth:`ProcessBatchedEnv.close` (or use it as a context manager) to stop the workers; they
also stop on their own if this process dies.

>>> import numpy as np
>>> from solocards.rl.batched import sample_actions
>>> with ProcessBatchedEnv("uno", num_envs=4, players=2, workers=2, seed=0) as env:
...     batch = env.reset()
...     rng = np.random.default_rng(0)
...     for _ in range(20):
...         batch = env.step(sample_actions(batch.masks, rng))
...     batch.observations.shape
(4, 242)
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import random
import traceback
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

import solocards

from ..core.errors import IllegalActionError
from ..core.game import Game
from .batched import Batch, BatchedEnv, slot_seeds
from .opponents import Opponents

_STEP = b"s"
_RESET = b"r"
_CLOSE = b"c"
_OK = b""
_POLL_S = 1.0  # how often an idle worker checks that its parent is still alive


class WorkerError(RuntimeError):
    """A worker process failed; the message carries its traceback."""


def _shares(num_envs: int, workers: int) -> list[tuple[int, int]]:
    """Contiguous slot ranges ``[lo, hi)``, as even as can be, one per worker."""
    return [(num_envs * i // workers, num_envs * (i + 1) // workers) for i in range(workers)]


def _array(raw: Any, dtype: Any, shape: tuple[int, ...]) -> NDArray[Any]:
    array: NDArray[Any] = np.frombuffer(raw, dtype=dtype).reshape(shape)
    return array


def _rebuild(kind: type[Game], players: int, options: dict[str, Any]) -> Game:
    """The game ``kind(players, **options)``: how a game reaches a spawned worker (a compiled
    game class does not pickle its instances)."""
    return kind(players, **options)


def _worker(
    conn: Connection,
    parent: int,
    game: Game | tuple[type[Game], int, dict[str, Any]],
    settings: dict[str, Any],
    lo: int,
    hi: int,
    seeds: list[tuple[int, int]],
    buffers: dict[str, tuple[Any, Any, tuple[int, ...]]],
) -> None:
    """A worker's loop: a ``BatchedEnv`` of slots ``lo..hi-1`` writing into shared arrays."""
    try:
        try:
            arrays = {
                name: _array(raw, dtype, shape)[lo:hi]
                for name, (raw, dtype, shape) in buffers.items()
            }
            made = _rebuild(*game) if isinstance(game, tuple) else game
            env = BatchedEnv(made, hi - lo, **settings)
            env._seed_slots(seeds)
            env._use_buffers(
                arrays["observations"],
                arrays["masks"],
                arrays["seats"],
                arrays["rewards"],
                arrays["dones"],
            )
            actions = arrays["actions"]
        except Exception:
            conn.send_bytes(traceback.format_exc().encode())
            return
        conn.send_bytes(_OK)
        while True:
            if not conn.poll(_POLL_S):
                if os.getppid() != parent:
                    return  # orphaned: the parent died without closing us
                continue
            message = conn.recv_bytes()
            if message == _CLOSE:
                return
            try:
                if message == _STEP:
                    env.step(actions)
                else:  # _RESET, then the pickled seeds of this share, or nothing
                    if len(message) > 1:
                        env._seed_slots(pickle.loads(message[1:]))
                    env.reset()
            except Exception:
                conn.send_bytes(traceback.format_exc().encode())
            else:
                conn.send_bytes(_OK)
    except (EOFError, OSError, KeyboardInterrupt):
        return
    finally:
        conn.close()


class ProcessBatchedEnv:
    """``num_envs`` rounds of one game stepped by ``workers`` processes (see the module doc).

    The arguments are those of :class:`~solocards.rl.batched.BatchedEnv`, plus ``workers``
    (default: ``os.cpu_count()``, at most ``num_envs``) and ``context``, the
    :mod:`multiprocessing` start method (default: the platform's; with ``"spawn"`` or
    ``"forkserver"`` each worker makes the game again from its class, player count and options,
    and the opponents must pickle: a bot spec such as ``"random"`` does).
    """

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        players: int | None = None,
        *,
        workers: int | None = None,
        opponents: Opponents | None = None,
        seat: int = 0,
        reward: str = "win",
        dealer: int | None = None,
        seed: int | None = None,
        context: str | None = None,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        count = (os.cpu_count() or 1) if workers is None else workers
        if count < 1:
            raise ValueError(f"workers must be at least 1, not {count}")
        self._closed = True  # until the workers are up: close() has nothing to do
        self._conns: list[Connection] = []
        self._procs: list[BaseProcess] = []
        self.game: Game = (
            solocards.make(game, players=players, **options) if isinstance(game, str) else game
        )
        settings: dict[str, Any] = {
            "opponents": opponents,
            "seat": seat,
            "reward": reward,
            "dealer": dealer,
        }
        probe = BatchedEnv(self.game, 1, **settings)  # checks the arguments here, not in a worker
        self.num_envs = num_envs
        self.num_workers = min(count, num_envs)
        self.encoder = probe.encoder
        self.num_actions = probe.num_actions
        self.learner = probe.learner
        n = self.game.players
        ctx = get_context(context)
        # A forked worker inherits the game; a spawned one rebuilds it from its class and options.
        recipe: Game | tuple[type[Game], int, dict[str, Any]] = (
            self.game
            if ctx.get_start_method() == "fork"
            else (type(self.game), self.game.players, dict(self.game.options))
        )
        specs: dict[str, tuple[Any, tuple[int, ...]]] = {
            "observations": (np.float32, (num_envs, self.encoder.size)),
            "masks": (np.int8, (num_envs, self.num_actions)),
            "seats": (np.int64, (num_envs,)),
            "rewards": (np.float32, (num_envs, n)),
            "dones": (np.bool_, (num_envs,)),
            "actions": (np.int64, (num_envs,)),
        }
        buffers: dict[str, tuple[Any, Any, tuple[int, ...]]] = {}
        arrays: dict[str, NDArray[Any]] = {}
        for name, (dtype, shape) in specs.items():
            size = int(np.prod(shape)) * np.dtype(dtype).itemsize
            raw = ctx.RawArray(ctypes.c_char, size)
            buffers[name] = (raw, dtype, shape)
            arrays[name] = _array(raw, dtype, shape)
        self.observations: NDArray[np.float32] = arrays["observations"]
        self.masks: NDArray[np.int8] = arrays["masks"]
        self.seats: NDArray[np.int64] = arrays["seats"]
        self.rewards: NDArray[np.float32] = arrays["rewards"]
        self.dones: NDArray[np.bool_] = arrays["dones"]
        self._actions: NDArray[np.int64] = arrays["actions"]
        self._legal = np.zeros_like(self.masks)  # the masks as sent (the caller may edit its own)
        self._rows = np.arange(num_envs)
        self._shares = _shares(num_envs, self.num_workers)
        self._rng = random.Random(seed)
        seeds = slot_seeds(self._rng, num_envs)
        self._reset_done = False
        self._closed = False
        try:
            for lo, hi in self._shares:
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(  # type: ignore[attr-defined]
                    target=_worker,
                    args=(theirs, os.getpid(), recipe, settings, lo, hi, seeds[lo:hi], buffers),
                    name=f"solocards-batched-{lo}-{hi}",
                    daemon=True,
                )
                proc.start()
                theirs.close()
                self._conns.append(mine)
                self._procs.append(proc)
            self._gather()
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        """The workers' process ids (for monitoring)."""
        return [proc.pid for proc in self._procs if proc.pid is not None]

    def reset(self, seed: int | None = None) -> Batch:
        """Deal a new round in every slot (with ``seed``: reseed every slot first)."""
        self._check_open()
        if seed is None:
            self._gather([_RESET] * self.num_workers)
        else:
            self._rng = random.Random(seed)
            seeds = slot_seeds(self._rng, self.num_envs)
            self._gather([_RESET + pickle.dumps(seeds[lo:hi]) for lo, hi in self._shares])
        np.copyto(self._legal, self.masks)
        self._reset_done = True
        return self._batch()

    def step(self, actions: ArrayLike) -> Batch:
        """Apply one action per slot; finished rounds are reported and dealt again."""
        self._check_open()
        if not self._reset_done:
            raise RuntimeError("call reset() first")
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1)
        if chosen.shape[0] != self.num_envs:
            raise ValueError(f"{chosen.shape[0]} actions for {self.num_envs} slots")
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside.copy()
        legal[inside] = self._legal[self._rows[inside], chosen[inside]] != 0
        if not legal.all():
            slot = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"slot {slot}: action {int(chosen[slot])} is not legal for seat "
                f"{int(self.seats[slot])}"
            )
        self._actions[:] = chosen
        self._gather([_STEP] * self.num_workers)
        np.copyto(self._legal, self.masks)
        return self._batch()

    def close(self) -> None:
        """Stop the workers and wait for them (idempotent)."""
        if self._closed:
            return
        self._closed = True
        for conn in self._conns:
            with contextlib.suppress(OSError):
                conn.send_bytes(_CLOSE)
        for proc in self._procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=5)
        for conn in self._conns:
            conn.close()

    def __enter__(self) -> ProcessBatchedEnv:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):
            self.close()

    # -- inside -----------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the environment is closed")

    def _gather(self, messages: list[bytes] | None = None) -> None:
        """Send each worker its message (if any), wait for every answer; if a worker failed,
        stop them all and raise :class:`WorkerError`."""
        failures: list[str] = []
        sent = [True] * len(self._conns)
        for index, message in enumerate(messages or ()):
            try:
                self._conns[index].send_bytes(message)
            except OSError:
                sent[index] = False
        for (lo, hi), conn, live in zip(self._shares, self._conns, sent, strict=True):
            try:
                if not live:
                    raise BrokenPipeError("cannot send to it")
                answer = conn.recv_bytes()
            except (EOFError, OSError) as error:
                failures.append(f"worker of slots {lo}..{hi - 1} is gone ({error!r})")
                continue
            if answer != _OK:
                failures.append(f"worker of slots {lo}..{hi - 1}:\n{answer.decode()}")
        if failures:
            self.close()
            raise WorkerError("\n".join(failures))

    def _batch(self) -> Batch:
        return Batch(self.observations, self.masks, self.seats, self.rewards, self.dones)


__all__ = ["ProcessBatchedEnv", "WorkerError"]
