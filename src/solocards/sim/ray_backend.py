"""The Ray backend: chunks as Ray tasks, on this machine or on a cluster.

``RayBackend("local")`` joins the Ray already running on this machine (``ray start --head``)
or starts one for the run; ``RayBackend("auto")`` joins the local cluster's head,
``RayBackend("ray://head:10001")`` a remote one through Ray Client. A Ray already initialised
in this process (a notebook, a test) is used as it is.

Each chunk is one task (one CPU), spread over the nodes; with no cap on the workers, twice as
many chunks as the cluster has CPUs are queued at a time. A task whose worker process or node
dies is played again (``max_retries``): a chunk's result depends on the job and the chunk
only, so the run's results are the same as without the failure. An error raised by the job
itself (a bad bot spec) is not retried: it reaches the caller as it was raised. Every wait has
a timeout (``chunk_timeout``, seconds without any chunk finishing), so a lost cluster ends the
run with an error, not a hang.

Ray is imported when a backend runs, never by ``import solocards``; install it with
``pip install solocards[ray]``.
"""

from __future__ import annotations

import importlib
import socket
from collections.abc import Iterator, Sequence
from typing import Any

from ..core.errors import SoloError
from .backends import Chunk, ChunkJob, Done, run_timed


class RayUnavailableError(SoloError):
    """Ray is not installed, the cluster cannot be reached, or no chunk finished in time."""


def import_ray() -> Any:
    """The ``ray`` module, or an error in words saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as error:
        raise RayUnavailableError(
            f"--ray needs Ray: pip install 'solocards[ray]' ({error})"
        ) from None


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in words, within ``timeout`` seconds, if ``host:port`` (or ``ray://host:port``)
    takes no connection (Ray itself would retry for minutes); ``auto`` and ``local`` pass."""
    if address in ("auto", "local"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        raise RayUnavailableError(
            f"{address!r} is not a Ray address: give auto, host:port or ray://host:port"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        raise RayUnavailableError(f"cannot reach the Ray cluster at {address!r}: {error}") from None


def _play_chunk(job: ChunkJob, chunk: Chunk) -> tuple[dict[str, Any], dict[str, Any]]:
    """The task body: play the chunk, say on which node."""
    ray = importlib.import_module("ray")
    result, worker = run_timed(job, chunk)
    worker["node"] = ray.get_runtime_context().get_node_id()
    return result, worker


class RayBackend:
    """Chunks as Ray tasks, at most ``workers`` at once (``None``: the cluster's CPUs)."""

    name = "ray"

    def __init__(
        self,
        address: str = "local",
        workers: int | None = None,
        *,
        max_retries: int = 3,
        chunk_timeout: float = 3600.0,
        num_cpus: int | None = None,
        object_store_memory: int | None = None,
    ) -> None:
        if workers is not None and workers < 1:
            raise SoloError(f"Ray needs at least one worker, not {workers}")
        self.address = address
        self.requested = workers
        self.max_retries = max_retries
        self.chunk_timeout = chunk_timeout
        self.num_cpus = num_cpus
        self.object_store_memory = object_store_memory
        self._started = False

    @property
    def workers(self) -> int:
        """Chunks running at once: the number asked for, else the cluster's CPUs."""
        if self.requested is not None:
            return self.requested
        ray = self.connect()
        return max(1, int(ray.cluster_resources().get("CPU", 1)))

    def connect(self) -> Any:
        """Initialise Ray for this process (once) and return the module."""
        ray = import_ray()
        if ray.is_initialized():
            return ray
        options: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
        check_reachable(self.address)
        try:
            if self.address == "local":
                try:
                    ray.init(address="auto", log_to_driver=False)
                except ConnectionError:
                    if self.num_cpus is not None:
                        options["num_cpus"] = self.num_cpus
                    if self.object_store_memory is not None:
                        options["object_store_memory"] = self.object_store_memory
                    ray.init(**options)
            else:
                ray.init(address=self.address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise RayUnavailableError(
                f"cannot reach the Ray cluster at {self.address!r}: {error}"
            ) from None
        self._started = True
        return ray

    def close(self) -> None:
        """Shut Ray down if this backend started or joined it (not if it found it running)."""
        if self._started:
            import_ray().shutdown()
            self._started = False

    def run(self, job: ChunkJob, chunks: Sequence[Chunk]) -> Iterator[Done]:
        """Submit the chunks as tasks, ``workers`` at a time; yield each as it finishes."""
        ray = self.connect()
        # a cap asked for is kept exactly; otherwise twice the CPUs are queued, so that a
        # worker finding its chunk done starts the next one at once
        limit = self.requested if self.requested is not None else 2 * self.workers
        task = ray.remote(_play_chunk).options(
            num_cpus=1,
            max_retries=self.max_retries,
            retry_exceptions=False,
            scheduling_strategy="SPREAD",  # every node gets chunks, not the head's first
        )
        job_ref = ray.put(job)
        waiting = list(reversed(chunks))
        running: dict[Any, Chunk] = {}
        try:
            while waiting or running:
                while waiting and len(running) < limit:
                    chunk = waiting.pop()
                    running[task.remote(job_ref, chunk)] = chunk
                ready, _ = ray.wait(list(running), num_returns=1, timeout=self.chunk_timeout)
                if not ready:
                    raise RayUnavailableError(
                        f"no chunk finished in {self.chunk_timeout:g} s on Ray "
                        f"({len(running)} running, {len(waiting)} waiting)"
                    )
                for ref in ready:
                    chunk = running.pop(ref)
                    result, worker = ray.get(ref)
                    yield chunk, result, worker
        finally:
            for ref in running:
                ray.cancel(ref, force=True)


__all__ = ["RayBackend", "RayUnavailableError", "check_reachable", "import_ray"]
