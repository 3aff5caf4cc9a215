"""Batch runs on a two-node Ray cluster (a head and a second node on this machine).

One cluster serves the whole module (1 CPU per node, no dashboard, a small object store).
Every run has a chunk timeout, so a lost cluster fails a test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli.app import app
from solocards.lab.backend import backend_runner
from solocards.lab.run import run_lab
from solocards.lab.variants import build_variants
from solocards.sim.backends import Chunk, ProcessBackend, plan_chunks
from solocards.sim.ray_backend import RayBackend, RayUnavailableError
from solocards.sim.selfplay import run_selfplay
from solocards.sim.simulation import run_simulation
from solocards.sim.stream import run_chunks
from solocards.sim.tournament_job import TournamentJob, run_tournament_chunked

ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")

STORE = 100 * 1024 * 1024
TIMEOUT = 90.0
SPECS = ["heuristic", "random", "heuristic"]
TIMINGS = ("seconds_per_move", "cpu_seconds_per_move")


@pytest.fixture(scope="module")
def cluster(local_tournament: Any) -> Iterator[Any]:
    """A head and a second node, one CPU each, with this process connected to the head (the
    local reference is played first: no processes are forked from a process running Ray)."""
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    head = {"num_cpus": 1, "include_dashboard": False, "object_store_memory": STORE}
    nodes = cluster_utils.Cluster(initialize_head=True, head_node_args=head)
    nodes.add_node(num_cpus=1, object_store_memory=STORE)
    nodes.wait_for_nodes(timeout=60)
    ray.init(address=nodes.address, log_to_driver=False)
    try:
        yield nodes
    finally:
        ray.shutdown()
        nodes.shutdown()


def ray_backend(workers: int | None = None) -> RayBackend:
    return RayBackend("auto", workers=workers, chunk_timeout=TIMEOUT)


def results_of(summary: dict[str, Any]) -> dict[str, Any]:
    """A tournament summary without the timings (which differ from run to run)."""
    bots = [{k: v for k, v in bot.items() if k not in TIMINGS} for bot in summary["bots"]]
    return {**{k: v for k, v in summary.items() if k != "files"}, "bots": bots}


@pytest.fixture(scope="module")
def local_tournament() -> Any:
    """The reference: the tournament played by local processes."""
    game = solocards.make("uno", players=2)
    return run_tournament_chunked(
        game, SPECS, 36, seed=11, chunk_deals=1, backend=ProcessBackend(2)
    )


def test_one_ray_worker_or_two_nodes_give_the_results_of_local_processes(
    cluster: Any, local_tournament: Any
) -> None:
    game = solocards.make("uno", players=2)
    nodes: set[str] = set()
    for workers in (1, None):
        result = run_tournament_chunked(
            game,
            SPECS,
            36,
            seed=11,
            chunk_deals=1,
            backend=ray_backend(workers),
            on_chunk=lambda chunk, result, worker: nodes.add(worker["node"]),
        )
        assert result.records() == local_tournament.records()
        assert results_of(result.summary()) == results_of(local_tournament.summary())
    assert len(nodes) == 2, "the tournament ran on both nodes"


def test_simulate_on_ray_matches_one_process(cluster: Any) -> None:
    game = solocards.make("frog", players=4)
    specs = ["heuristic", "random", "random", "heuristic"]
    here = run_simulation(game, specs, 40, seed=5, chunk_size=40)
    there = run_simulation(game, specs, 40, seed=5, chunk_size=7, backend=ray_backend())
    assert there == here


def test_the_lab_on_ray_measures_what_one_process_measures(cluster: Any) -> None:
    variants = build_variants("uno", ["stack_draw2=false,true"])
    lab = {"players": 2, "base_options": {"hand_size": 3}, "rounds": 12, "seed": 4}
    here = run_lab("uno", variants, **lab, jobs=1).summary()
    runner = backend_runner(ray_backend())
    there = run_lab("uno", variants, **lab, jobs=2, runner=runner).summary()
    assert there == here


@dataclass
class StallOnce:
    """A tournament whose chunk ``stall`` first writes its process id to ``marker`` and waits
    (to be killed there); played again, it runs as usual."""

    inner: TournamentJob
    marker: str
    stall: int

    @property
    def key(self) -> str:
        return self.inner.key

    def run_chunk(self, chunk: Chunk) -> dict[str, Any]:
        if chunk.index == self.stall and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()))
            time.sleep(TIMEOUT)
        return self.inner.run_chunk(chunk)


def test_a_worker_killed_mid_run_loses_nothing(
    cluster: Any, local_tournament: Any, tmp_path: Path
) -> None:
    game = solocards.make("uno", players=2)
    marker = tmp_path / "stalled.pid"
    job = StallOnce(TournamentJob(game, SPECS, 11), str(marker), stall=2)
    killed: list[int] = []

    def kill_the_stalled_worker() -> None:
        deadline = time.monotonic() + TIMEOUT
        while not marker.exists() or not marker.read_text():
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
        killed.append(int(marker.read_text()))
        os.kill(killed[0], signal.SIGKILL)

    killer = threading.Thread(target=kill_the_stalled_worker, daemon=True)
    killer.start()
    workers: dict[int, dict[str, Any]] = {}
    results = run_chunks(
        job,
        plan_chunks(local_tournament.deals, 1),
        ray_backend(),
        tmp_path / "chunks.jsonl",
        {"test": "kill"},
        on_chunk=lambda chunk, result, worker: workers.__setitem__(chunk.index, worker),
    )
    killer.join(timeout=TIMEOUT)
    assert killed, "the stalled chunk never started"
    assert workers[2]["pid"] != killed[0], "chunk 2 was played again by another process"
    rounds = [item for result in results for item in result["rounds"]]
    assert [item["record"] for item in rounds] == local_tournament.records()
    assert [item["scores"] for item in rounds] == [r.scores for r in local_tournament.rounds]


@dataclass
class Sleepy:
    """A job whose chunks take ``seconds`` each."""

    seconds: float
    key: str = "sleepy"

    def run_chunk(self, chunk: Chunk) -> dict[str, Any]:
        time.sleep(self.seconds)
        return {}


def test_a_run_where_nothing_finishes_in_time_stops_in_words(cluster: Any) -> None:
    backend = RayBackend("auto", chunk_timeout=0.5)
    started = time.monotonic()
    with pytest.raises(RayUnavailableError, match=r"no chunk finished in 0.5 s"):
        list(backend.run(Sleepy(30.0), plan_chunks(2, 1)))
    assert time.monotonic() - started < 20


def test_cli_runs_on_the_cluster_and_selfplay_shards_match(cluster: Any, tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["tournament", "uno", "--players", "2", "--bots", "heuristic,random", "-n", "8"]
    on_ray = runner.invoke(app, [*args, "--json", "--out", str(tmp_path / "r"), "--ray", "auto"])
    assert on_ray.exit_code == 0, on_ray.output
    here = runner.invoke(app, [*args, "--json", "--out", str(tmp_path / "l"), "--jobs", "1"])
    assert results_of(json.loads(on_ray.stdout)) == results_of(json.loads(here.stdout))
    game = solocards.make("uno", players=2)
    specs = ["heuristic", "random"]
    there = run_selfplay(game, specs, 4, tmp_path / "a", chunk_size=2, backend=ray_backend())
    local = run_selfplay(game, specs, 4, tmp_path / "b", chunk_size=2)
    for one, two in zip(there, local, strict=True):
        first, second = np.load(one), np.load(two)
        assert all(np.array_equal(first[name], second[name]) for name in first.files)


def test_training_on_the_cluster_gives_the_model_trained_here(cluster: Any) -> None:
    """``solocards train --ray``: expert iteration's rounds and REINFORCE's deals played on
    two nodes give the model, bit for bit, that one process gives."""
    from solocards.learned.reinforce import reinforce
    from solocards.learned.train import train_policy

    game = solocards.make("uno", players=2)
    expert = {"teacher": "ismcts:iterations=16", "rounds": 4, "chunk": 2, "shares": True}
    here = train_policy(game, steps=5, hidden=(8,), seed=2, **expert).model
    there = train_policy(game, steps=5, hidden=(8,), seed=2, backend=ray_backend(), **expert)
    improved = [
        reinforce(
            game,
            here,
            rounds=8,
            deals=4,
            seed=3,
            reward="score",
            opponent="random",
            backend=backend,
        ).model
        for backend in (None, ray_backend())
    ]
    for one, two in ((here, there.model), tuple(improved)):
        assert all(
            np.array_equal(a, b)
            for a, b in zip([*one.weights, *one.biases], [*two.weights, *two.biases], strict=True)
        )
    assert not np.array_equal(improved[0].weights[0], here.weights[0])
