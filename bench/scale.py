"""Rounds per second of ``simulate`` with 1 and 2 workers, local processes and Ray, in one run.

    python bench/scale.py                       # uno, 4 players, random bots
    python bench/scale.py --game german-solo --bots heuristic --rounds 2000 --json build/scale.json

Every configuration plays the same rounds (the same seed, the same chunks): local processes
with 1 and 2 workers and Ray (a local Ray with 2 CPUs, started here) with 1 and 2 workers, in
turn, ``--repeats`` times; the median of the repeats is reported. Ray's workers run at this
process's niceness, as local processes do (Ray's default, 15, puts them below every other
program of a loaded machine; ``--ray-niceness 15`` measures that).

Ray's startup is not counted (it is paid once per run, or never when the cluster is up);
every configuration first plays one chunk per worker to warm it (the worker started, the bots
built) and then is timed on the full run.

The rounds per CPU-second spent inside the workers (Ray's and the pool's) show whether the
same code runs as fast in both, whatever the load. Ray's overhead per chunk is measured on
empty chunks (no rounds: submit, schedule, run, return) with one worker, against the same
empty chunks in local processes.

The figures vary with the machine and its load (the load average is printed): compare the
ratios of one run, not absolute numbers across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import solocards
from solocards.sim.backends import Backend, Chunk, ProcessBackend, plan_chunks
from solocards.sim.ray_backend import RayBackend
from solocards.sim.simulation import SimulationJob, SimulationStats

CPU: dict[str, float] = {}
"""CPU seconds the workers of each backend spent in chunks (all runs)."""
ROUNDS: dict[str, int] = {}
"""Rounds they played in them."""


def timed_run(backend: Backend, job: SimulationJob, chunks: list[Chunk]) -> tuple[float, int]:
    """Seconds to play every chunk on ``backend`` (after one warm-up chunk per worker); rounds.

    A process pool is started anew by each run (its start is timed); Ray's workers stay up.
    """
    list(backend.run(job, chunks[: backend.workers]))  # start the workers, build the bots
    started = time.perf_counter()
    total = SimulationStats(job.game.players)
    for _, result, worker in backend.run(job, chunks):
        total.add(SimulationStats.from_dict(result))
        CPU[backend.name] = CPU.get(backend.name, 0.0) + worker["cpu_seconds"]
        ROUNDS[backend.name] = ROUNDS.get(backend.name, 0) + result["rounds"]
    return time.perf_counter() - started, total.rounds


def per_chunk_overhead(backend: Backend, job: SimulationJob, count: int) -> float:
    """Seconds per empty chunk on ``backend`` (no rounds to play)."""
    empty = [Chunk(index, 0, 0) for index in range(count)]
    list(backend.run(job, empty[:2]))
    started = time.perf_counter()
    list(backend.run(job, empty))
    return (time.perf_counter() - started) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="uno")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="one spec for every seat")
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--chunk-size", type=int, default=100)
    parser.add_argument("--empty-chunks", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, interleaved")
    parser.add_argument(
        "--ray-niceness",
        type=int,
        default=None,
        help="niceness of Ray's workers (Ray's default is 15: below other programs on a loaded "
        "machine); default: this process's, as local processes have",
    )
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args()

    import ray

    game = solocards.make(args.game, players=args.players)
    job = SimulationJob(game, [args.bots] * game.players, seed=1)
    chunks = plan_chunks(args.rounds, args.chunk_size)
    load_before = os.getloadavg()
    niceness = os.nice(0) if args.ray_niceness is None else args.ray_niceness
    os.environ["RAY_worker_niceness"] = str(niceness)  # noqa: SIM112 (Ray's own spelling)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=10**8)
    backends: dict[tuple[str, int], Backend] = {}
    for workers in (1, 2):
        backends[("local processes", workers)] = ProcessBackend(workers)
        backends[("ray", workers)] = RayBackend("local", workers=workers, chunk_timeout=600)
    seconds: dict[tuple[str, int], list[float]] = {key: [] for key in backends}
    rounds = 0
    try:
        for repeat in range(args.repeats):  # interleaved, so that load elsewhere hits them all
            for key, backend in backends.items():
                took, rounds = timed_run(backend, job, chunks)
                seconds[key].append(took)
                print(f"{repeat}: {key[0]:>16} x{key[1]}: {rounds / took:9,.1f} rounds/s")
        overhead = {
            "ray_s_per_empty_chunk": per_chunk_overhead(
                backends[("ray", 1)], job, args.empty_chunks
            ),
            "processes_s_per_empty_chunk": per_chunk_overhead(
                backends[("local processes", 1)], job, args.empty_chunks
            ),
        }
    finally:
        ray.shutdown()
    rows: list[dict[str, Any]] = []
    for (name, workers), times in seconds.items():
        middle = statistics.median(times)
        rows.append(
            {
                "backend": name,
                "workers": workers,
                "rounds": rounds,
                "seconds": [round(took, 3) for took in times],
                "rounds_per_s": round(rounds / middle, 1),
            }
        )
        print(f"{name:>16} x{workers}: {rounds / middle:9,.1f} rounds/s (median)")
    rate = {(row["backend"], row["workers"]): row["rounds_per_s"] for row in rows}
    figures = {
        "game": game.id,
        "players": game.players,
        "bots": args.bots,
        "rounds": args.rounds,
        "repeats": args.repeats,
        "ray_worker_niceness": niceness,
        "chunk_size": args.chunk_size,
        "cpus": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "rows": rows,
        "ray_speedup_2_over_1": round(rate[("ray", 2)] / rate[("ray", 1)], 3),
        "processes_speedup_2_over_1": round(
            rate[("local processes", 2)] / rate[("local processes", 1)], 3
        ),
        "ray_over_processes_at_2": round(rate[("ray", 2)] / rate[("local processes", 2)], 3),
        **{key: round(value, 6) for key, value in overhead.items()},
        "rounds_per_worker_cpu_second": {
            name: round(ROUNDS[name] / CPU[name], 1) for name in CPU if CPU[name] > 0
        },
    }
    print(
        f"Ray 2 workers / 1: {figures['ray_speedup_2_over_1']:.2f}x; "
        f"processes 2 / 1: {figures['processes_speedup_2_over_1']:.2f}x; "
        f"Ray / processes at 2 workers: {figures['ray_over_processes_at_2']:.2f}"
    )
    print(
        f"per empty chunk: Ray {overhead['ray_s_per_empty_chunk'] * 1000:.2f} ms, "
        f"local processes {overhead['processes_s_per_empty_chunk'] * 1000:.2f} ms; "
        f"rounds per CPU-second inside the workers: {figures['rounds_per_worker_cpu_second']}; "
        f"load average {figures['load_average_before']} -> {figures['load_average_after']}"
    )
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
