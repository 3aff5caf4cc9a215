"""Load test of the game server: N WebSocket clients on loopback playing UNO against each other.

For each client count it starts a fresh server (a child process, SQLite in a temporary folder,
or ``--db URL``), opens N/4 four-player UNO tables through the lobby, seats one client per seat,
and lets them play for ``--seconds``. A client acts on its regular turn only (no jump-ins or
catches, so clients never race each other), after a think time drawn uniformly from
``[0, 2 * --think]`` seconds, and measures the time from sending its action to receiving the
update of that action. Finished matches go on as rematches.

Reported per client count: actions measured, actions per second, p50 / p90 / p99 / max latency
in milliseconds, and errors (error messages, unexpected closes, time-outs).

    .venv/bin/python bench/load.py                      # 50, 200 and 500 clients
    .venv/bin/python bench/load.py --clients 200 --think 0 --seconds 20
    .venv/bin/python bench/load.py --db postgresql+psycopg://u:p@127.0.0.1/db

The goal of the issue: 200 concurrent clients with p99 under 50 ms and no errors.

``--processes 1 2 --broker redis://127.0.0.1:6379/0 --db postgresql+psycopg://...`` measures
each client count against one server process (as today, no broker) and against two processes
on that database and Redis, side by side. Tables are opened round-robin on the processes and
each seat's client connects to the next process in turn, as a load balancer without sticky
sessions would send them: with two processes half the clients play through a process that
does not hold their table.

For capacity, the client counts are steps: each process count is raised through them until a
level misses p99 under 50 ms (or has errors), ``--repeats`` times. The summary gives, per
process count, the most actions/s of a level that fits (median and range over the repeats),
the ratio of each count's capacity to one process's (per repeat, then median and range) and
the server CPU per action. ``--budget`` stops starting levels after that many seconds;
``--profile DIR`` writes each server's cProfile statistics (its event loop's CPU time, while
measured); ``--metrics`` turns each server's ``/metrics`` on and prints, under each level's row,
what each process's metrics said over it (actions stored, tables, connections, storage time a
call, refusals, failovers, resident memory):

    .venv/bin/python bench/load.py --processes 1 2 --clients 200 400 600 --seconds 5 \\
        --warmup 2 --repeats 3 --budget 300 --broker redis://127.0.0.1:6379/0 \\
        --db postgresql+psycopg://solocards:solocards@127.0.0.1:5432/solocards_test
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

GAME = "uno"
SEATS = 4
PLAYS_FIRST = ("draw", "pass")
BENCH_LIMITS = {
    "create_per_minute": 60_000.0,
    "create_burst": 10_000,
    "seat_per_minute": 60_000.0,
    "seat_burst": 10_000,
    "address_joins_per_second": 10_000.0,
    "address_join_burst": 10_000,
    "max_tables": 10_000,
}
"""Every benchmark client comes from 127.0.0.1: the per-address limits are raised."""


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    measuring: bool = False
    matches: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    db_url: str, port: int, profile: Path | None = None, **settings: object
) -> subprocess.Popen[bytes]:
    """``solocards.server.serve`` in a child process, on 127.0.0.1; waits until it answers.

    ``settings`` are Settings fields on top of :data:`BENCH_LIMITS` (every client of a
    benchmark comes from one address, much faster than a person would). ``profile``: a file
    for the cProfile statistics of its event loop (its CPU time) between SIGUSR1 and SIGUSR2."""
    overrides = {**BENCH_LIMITS, **settings}
    code = (
        "from solocards.server import serve\n"
        f"serve('127.0.0.1', {port}, {db_url!r}, log_level='warning', **{overrides!r})\n"
    )
    if profile is not None:  # the event loop's own CPU time, while it is being measured
        code = (
            "import cProfile, signal, time\n"
            "profiler = cProfile.Profile(time.thread_time)\n"
            "signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())\n"
            "def dump(*_):\n"
            "    profiler.disable()\n"
            f"    profiler.dump_stats({str(profile)!r})\n"
            "signal.signal(signal.SIGUSR2, dump)\n" + code
        )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


WATCHED = {
    "solocards_actions_total": "actions",
    "solocards_connections": "connections",
    "solocards_rate_limited_total": "refused",
    "solocards_failovers_total": "failovers",
    "process_resident_memory_bytes": "rss_bytes",
}
"""The metrics ``--metrics`` reads from each server (summed over labels) and their short names."""


def scrape(base: str) -> dict[str, float]:
    """The watched metrics of the server at ``base`` (``/metrics``, the server started with
    ``metrics=True``), and its storage calls' count and total seconds."""
    from prometheus_client.parser import text_string_to_metric_families

    text = httpx.get(f"{base}/metrics", timeout=10).text
    found: dict[str, float] = dict.fromkeys(WATCHED.values(), 0.0)
    found.update(storage_calls=0.0, storage_seconds=0.0, playing=0.0)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name in WATCHED:
                found[WATCHED[sample.name]] += sample.value
            elif sample.name == "solocards_storage_seconds_count":
                found["storage_calls"] += sample.value
            elif sample.name == "solocards_storage_seconds_sum":
                found["storage_seconds"] += sample.value
            elif sample.name == "solocards_tables" and sample.labels.get("state") == "playing":
                found["playing"] += sample.value
    return found


def metrics_row(before: list[dict[str, float]], after: list[dict[str, float]]) -> list[str]:
    """What each server's metrics said over a level: one line a process."""
    lines = []
    for index, (start, end) in enumerate(zip(before, after, strict=True)):
        calls = end["storage_calls"] - start["storage_calls"]
        seconds = end["storage_seconds"] - start["storage_seconds"]
        lines.append(
            f"        metrics of process {index}: {end['actions'] - start['actions']:.0f} actions "
            f"stored, {end['playing']:.0f} tables playing, {end['connections']:.0f} connections, "
            f"storage {1000 * seconds / max(1.0, calls):.2f} ms a call ({calls:.0f} calls), "
            f"{end['refused'] - start['refused']:.0f} refused, "
            f"{end['failovers']:.0f} failovers, RSS {start['rss_bytes'] / 2**20:.0f} -> "
            f"{end['rss_bytes'] / 2**20:.0f} MiB"
        )
    return lines


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_tables(bases: list[str], count: int) -> list[tuple[str, list[str]]]:
    """``count`` started UNO tables with every seat taken (opened on ``bases`` in turn);
    their ids and seat tokens."""
    tables = []
    for index in range(count):
        with httpx.Client(base_url=bases[index % len(bases)], timeout=30) as http:
            made = http.post("/api/tables", json={"game": GAME, "players": SEATS}).json()
            table, owner = made["table"]["id"], made["owner_token"]
            tokens = []
            for seat in range(SEATS):
                taken = http.post(f"/api/tables/{table}/seats/{seat}", json={"name": f"p{seat}"})
                tokens.append(taken.json()["token"])
            started = http.post(
                f"/api/tables/{table}/start", headers={"Authorization": f"Bearer {owner}"}
            )
            started.raise_for_status()
            tables.append((table, tokens))
    return tables


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A legal action, playing a card when there is one (shorter games)."""
    legal: list[str] = view["legal_actions"]
    plays = [action for action in legal if action not in PLAYS_FIRST]
    return rng.choice(plays or legal)


async def player(
    url: str,
    base: str,
    table: str,
    token: str,
    think: float,
    stats: Stats,
    stop: asyncio.Event,
    seed: int,
) -> None:
    """One client: join, play on its regular turns, follow rematches, until ``stop``."""
    rng = random.Random(seed)
    ws: ClientConnection = await connect(url, max_size=1 << 22, open_timeout=60)
    pending: tuple[int, float] | None = None  # (version acted at, when)
    latest: dict[str, Any] | None = None
    act_at: float | None = None
    seat: int | None = None

    async def act() -> None:
        nonlocal pending, act_at
        assert latest is not None
        act_at = None
        version = latest["version"]
        pending = (version, time.perf_counter())
        await ws.send(json.dumps({"action": choose(latest["view"], rng), "version": version}))

    try:
        await ws.send(json.dumps({"type": "join", "table": table, "token": token}))
        while not stop.is_set():
            wait = 30.0 if act_at is None else max(0.0, act_at - time.perf_counter())
            try:
                text = await asyncio.wait_for(ws.recv(), wait)
            except TimeoutError:
                if act_at is not None:
                    await act()
                elif pending is not None and stats.measuring:
                    stats.errors.append("time-out waiting for an update")
                    pending = None
                continue
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                if stats.measuring:
                    stats.errors.append(f"{message['code']}: {message['message']}")
                pending = None
                continue
            if kind == "rematch":  # everybody follows to the new table with the same token
                table = message["rematch"]
                latest, pending, act_at = None, None, None
                await ws.send(json.dumps({"type": "join", "table": table, "token": token}))
                continue
            if kind not in ("sync", "events", "update") or message["table"] != table:
                continue
            latest = message
            seat = message.get("seat", seat)
            if pending is not None and message["version"] > pending[0]:
                if (
                    kind == "update"
                    and message["event"]["seat"] == seat
                    and message["version"] == pending[0] + 1
                    and stats.measuring
                ):
                    stats.latencies.append(time.perf_counter() - pending[1])
                pending = None
            if message["status"] == "finished":
                act_at = None
                if seat == 0:  # one client asks for the rematch; all get a rematch message
                    stats.matches += 1
                    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                        await http.post(
                            f"/api/tables/{table}/rematch",
                            headers={"Authorization": f"Bearer {token}"},
                        )
                continue
            view = message["view"]
            mine = view is not None and view["can_act"] and view.get("current") == seat
            if not mine or pending is not None:
                act_at = None
            elif think <= 0:
                await act()
            elif act_at is None:
                act_at = time.perf_counter() + rng.uniform(0, 2 * think)
    except Exception as error:  # a dropped connection is an error of the run
        if not stop.is_set():
            stats.errors.append(f"client failed: {error!r}")
    finally:
        with contextlib.suppress(Exception):
            await ws.close()


async def run_level(
    clients: int,
    seconds: float,
    warmup: float,
    think: float,
    db_url: str | None,
    processes: int = 1,
    broker: str | None = None,
    profile: Path | None = None,
    metrics: bool = False,
) -> dict[str, Any]:
    """One measurement: fresh servers (``processes`` of them, on ``broker`` when more than
    one), ``clients`` clients, ``seconds`` of play measured; ``profile``: a folder for the
    servers' cProfile statistics."""
    ports = [free_port() for _ in range(processes)]
    namespace = f"load-{os.getpid()}-{time.monotonic_ns()}"
    with tempfile.TemporaryDirectory() as folder:
        url = db_url or f"sqlite:///{Path(folder) / 'load.sqlite'}"
        cluster: dict[str, object] = (
            {} if processes == 1 else {"broker_url": broker, "broker_namespace": namespace}
        )
        servers = [
            start_server(
                url,
                port,
                None if profile is None else profile / f"p{processes}-c{clients}-{index}.prof",
                **cluster,
                **({"metrics": True} if metrics else {}),
            )
            for index, port in enumerate(ports)
        ]
        try:
            bases = [f"http://127.0.0.1:{port}" for port in ports]
            tables = open_tables(bases, max(1, clients // SEATS))
            stats = Stats()
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(
                    player(
                        f"ws://127.0.0.1:{ports[(index + seat) % processes]}/ws",
                        bases[(index + seat) % processes],
                        table,
                        token,
                        think,
                        stats,
                        stop,
                        seed=index * SEATS + seat,
                    )
                )
                for index, (table, tokens) in enumerate(tables)
                for seat, token in enumerate(tokens)
            ]
            await asyncio.sleep(warmup)
            gc.collect()  # the clients' own collector pauses would count as latency
            gc.freeze()
            scraped_before = [scrape(base) for base in bases] if metrics else []
            stats.measuring = True
            began = time.perf_counter()
            server_cpu = sum(cpu_seconds(server.pid) for server in servers)
            client_cpu = time.process_time()
            if profile is not None:
                for server in servers:
                    server.send_signal(signal.SIGUSR1)
            await asyncio.sleep(seconds)
            stats.measuring = False
            elapsed = time.perf_counter() - began
            server_cpu = sum(cpu_seconds(server.pid) for server in servers) - server_cpu
            if profile is not None:
                for server in servers:
                    server.send_signal(signal.SIGUSR2)
                await asyncio.sleep(2.0)  # the statistics are written
            client_cpu = time.process_time() - client_cpu
            scraped = metrics_row(scraped_before, [scrape(b) for b in bases]) if metrics else []
            stop.set()
            await asyncio.wait(tasks, timeout=10)
            for task in tasks:
                task.cancel()
        finally:
            for server in servers:
                server.send_signal(signal.SIGINT)
            for server in servers:
                try:
                    server.wait(10)
                except subprocess.TimeoutExpired:
                    server.kill()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "processes": processes,
        "clients": len(tables) * SEATS,
        "tables": len(tables),
        "think_s": think,
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(pct(0.50), 2),
        "p90_ms": round(pct(0.90), 2),
        "p99_ms": round(pct(0.99), 2),
        "max_ms": round(1000 * lat[-1], 2) if lat else None,
        "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else None,
        "server_cpu_ms_per_action": round(1000 * server_cpu / max(1, len(lat)), 3),
        "server_cpu_share": round(server_cpu / elapsed, 2),
        "client_cpu_share": round(client_cpu / elapsed, 2),
        "errors": len(stats.errors),
        "error_kinds": sorted(set(stats.errors))[:5],
        "matches_finished": stats.matches,
        "metrics": scraped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--seconds", type=float, default=15.0, help="measured play per level")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument(
        "--think",
        type=float,
        default=0.25,
        help="mean think time in seconds before a move (0: move at once)",
    )
    parser.add_argument("--db", default=None, help="database URL (default: SQLite, temporary)")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=[1],
        help="server processes per measurement (more than 1 needs --broker and a shared --db)",
    )
    parser.add_argument("--broker", default=None, help="Redis URL for several processes")
    parser.add_argument(
        "--repeats", type=int, default=1, help="run every level this many times (a median)"
    )
    parser.add_argument(
        "--step",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="stop raising the clients of a process count once a level misses the p99 limit",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=0.0,
        help="seconds: start no new level after this long (0: no limit)",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        help="a folder: profile the servers' event loops (cProfile, CPU time) while measured",
    )
    parser.add_argument(
        "--metrics",
        action="store_true",
        help="turn the servers' /metrics on and print what each said over each level",
    )
    args = parser.parse_args()
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    if max(args.processes) > 1 and (args.broker is None or args.db is None):
        parser.error("--processes above 1 needs --broker redis://... and --db postgresql+...")
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    gc.set_threshold(10_000, 20, 100)
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"on {os.cpu_count()} CPUs; think {args.think} s; {args.seconds} s per level; "
        f"{args.repeats} repeat(s)"
    )
    print(
        f"{'rep':>3} {'procs':>5} {'clients':>7} {'tables':>6} {'actions':>8} {'act/s':>7} "
        f"{'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'max ms':>8} {'errors':>6} "
        f"{'srv ms/act':>10} {'srv cpu':>7} {'cli cpu':>7}",
        flush=True,
    )
    began = time.monotonic()
    results: list[dict[str, Any]] = []
    skipped = 0
    for repeat in range(args.repeats):
        stepping = set(args.processes)  # the process counts still under the p99 limit
        for count in sorted(args.clients):
            for processes in args.processes:
                if processes not in stepping:
                    continue
                if args.budget and time.monotonic() - began > args.budget:
                    skipped += 1
                    continue
                result = asyncio.run(
                    run_level(
                        count,
                        args.seconds,
                        args.warmup,
                        args.think,
                        args.db,
                        processes,
                        args.broker,
                        args.profile,
                        args.metrics,
                    )
                )
                result["repeat"] = repeat
                results.append(result)
                report(result)
                if not fits(result) and args.step:
                    stepping.discard(processes)  # more clients would not fit either
    summary = summarise(results, args.processes, args.repeats)
    print_summary(summary, skipped)
    info = {
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "think_s": args.think,
        "seconds": args.seconds,
        "results": results,
        "summary": summary,
        "skipped_levels": skipped,
    }
    if args.json:
        args.json.write_text(json.dumps(info, indent=1) + "\n")


P99_LIMIT_MS = 50.0
"""The latency a level must keep its p99 under to count for the capacity."""


def fits(result: dict[str, Any]) -> bool:
    """Whether a level kept p99 under :data:`P99_LIMIT_MS` with no errors.

    >>> fits({"p99_ms": 12.0, "errors": 0, "actions": 10})
    True
    >>> fits({"p99_ms": 61.0, "errors": 0, "actions": 10})
    False
    """
    return bool(result["actions"]) and result["p99_ms"] < P99_LIMIT_MS and not result["errors"]


def spread(values: list[float]) -> dict[str, float] | None:
    """The median and range of ``values`` (``None`` for none).

    >>> spread([3.0, 1.0, 2.0])
    {'median': 2.0, 'min': 1.0, 'max': 3.0, 'n': 3}
    """
    if not values:
        return None
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
        "n": len(values),
    }


def summarise(
    results: list[dict[str, Any]], process_counts: list[int], repeats: int
) -> dict[str, Any]:
    """Per process count and repeat, the capacity (the most actions/s of a level that fits);
    their median and range; the ratio of each count's capacity to the first count's in the
    same repeat; and the server CPU per action of each level (median over repeats).

    >>> rows = [
    ...     {"repeat": 0, "processes": 1, "clients": 100, "actions_per_s": 90.0, "p99_ms": 9.0,
    ...      "errors": 0, "actions": 900, "server_cpu_ms_per_action": 1.0},
    ...     {"repeat": 0, "processes": 2, "clients": 100, "actions_per_s": 99.0, "p99_ms": 8.0,
    ...      "errors": 0, "actions": 990, "server_cpu_ms_per_action": 1.5},
    ... ]
    >>> summary = summarise(rows, [1, 2], 1)
    >>> summary["capacity"]["2"]["per_repeat"], summary["ratio"]["2"]["median"]
    ([99.0], 1.1)
    """
    capacity: dict[str, Any] = {}
    per_repeat: dict[int, list[float | None]] = {}
    for processes in process_counts:
        values: list[float | None] = []
        for repeat in range(repeats):
            fit = [
                r["actions_per_s"]
                for r in results
                if r["repeat"] == repeat and r["processes"] == processes and fits(r)
            ]
            values.append(max(fit) if fit else None)
        per_repeat[processes] = values
        known = [value for value in values if value is not None]
        capacity[str(processes)] = {"per_repeat": values, **(spread(known) or {})}
    ratio: dict[str, Any] = {}
    base = process_counts[0]
    for processes in process_counts[1:]:
        ratios = [
            other / first
            for first, other in zip(per_repeat[base], per_repeat[processes], strict=True)
            if first and other
        ]
        ratio[str(processes)] = {"versus": base, **(spread(ratios) or {"n": 0})}
    cpu: dict[str, Any] = {}
    for r in results:
        key = f"{r['processes']}x{r['clients']}"
        cpu.setdefault(key, []).append(r["server_cpu_ms_per_action"])
    return {
        "capacity": capacity,
        "ratio": ratio,
        "cpu_ms_per_action": {key: spread(values) for key, values in cpu.items()},
    }


def print_summary(summary: dict[str, Any], skipped: int) -> None:
    """Print the capacities, the ratios and the CPU per action."""
    print(f"capacity: the most actions/s of a level with p99 under {P99_LIMIT_MS:g} ms, no errors")
    for processes, found in summary["capacity"].items():
        values = ", ".join("none" if v is None else f"{v:g}" for v in found["per_repeat"])
        middle = (
            f"median {found['median']:g} (range {found['min']:g}-{found['max']:g})"
            if "median" in found
            else "no level fits"
        )
        print(f"  {processes} process(es): {middle}; per repeat: {values}")
    for processes, found in summary["ratio"].items():
        if found["n"]:
            print(
                f"  ratio {processes} vs {found['versus']} processes: median "
                f"{found['median']:.2f} (range {found['min']:.2f}-{found['max']:.2f}, "
                f"{found['n']} repeat(s))"
            )
        else:
            print(f"  ratio {processes} vs {found['versus']} processes: no repeat where both fit")
    print("server CPU ms per action (all processes; median, range over repeats):")
    for key, found in summary["cpu_ms_per_action"].items():
        processes, clients = key.split("x")
        print(
            f"  {processes} process(es), {clients} clients: {found['median']:g} "
            f"({found['min']:g}-{found['max']:g})"
        )
    if skipped:
        print(f"{skipped} level(s) skipped: the --budget ran out")


def report(result: dict[str, Any]) -> None:
    """Print one measurement as a row of the table."""
    print(
        f"{result.get('repeat', 0):>3} {result['processes']:>5} {result['clients']:>7} "
        f"{result['tables']:>6} "
        f"{result['actions']:>8} "
        f"{result['actions_per_s']:>7} {result['p50_ms']:>7} {result['p90_ms']:>7} "
        f"{result['p99_ms']:>7} {result['max_ms']!s:>8} {result['errors']:>6} "
        f"{result['server_cpu_ms_per_action']:>10} {result['server_cpu_share']:>7} "
        f"{result['client_cpu_share']:>7}",
        flush=True,
    )
    for kind in result["error_kinds"]:
        print(f"        error: {kind}", flush=True)
    for line in result.get("metrics", []):
        print(line, flush=True)


if __name__ == "__main__":
    main()
