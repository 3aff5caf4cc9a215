"""A mixed load on a cluster of server processes, with a pause and a crash in the middle.

Three processes (``--processes``) on one PostgreSQL database and one Redis; four-player UNO
tables opened on each in turn, each seat's client connected to the next process in turn (as a
load balancer without sticky sessions), one spectator per table that chats now and then, and a
lobby client that lists the tables once a second. A client whose connection closes connects
to the next process and joins again with its seat token and last version.

At ``--stop-at`` seconds the second process is stopped (SIGSTOP) for ``--stop-for`` seconds,
longer than its alive key; at ``--kill-at`` the third is killed (SIGKILL). Reported: the action
latency (send to update) p50 / p99 before the pause, between the pause and the crash and after
the crash; the errors by code in each window; each process's resident memory (RSS) at the start
and the end of the run and every ``--rss-every`` seconds, and the tables it held in memory.

    .venv/bin/python bench/chaos_load.py --seconds 300 --clients 40 \\
        --db postgresql+psycopg://solocards:solocards@127.0.0.1:5432/solocards_test \\
        --broker redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).parent))
from load import SEATS, choose, free_port, open_tables, start_server

CHAOS_LIMITS = {
    "hint_per_second": 10_000.0,
    "hint_burst": 10_000,
    "chat_address_per_second": 10_000.0,
    "chat_address_burst": 10_000,
    "table_chat_per_second": 10_000.0,
    "table_chat_burst": 10_000,
    "watchers_per_address": 10_000,
    "leave_grace": 30.0,
}
"""Every client comes from 127.0.0.1: the per-address budgets are raised (on top of
``load.BENCH_LIMITS``)."""


@dataclass
class Run:
    """What the clients measured, with the moment of each thing (seconds since the start)."""

    began: float = field(default_factory=time.perf_counter)
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (at, seconds)
    errors: list[tuple[float, str]] = field(default_factory=list)  # (at, kind)
    reconnects: int = 0
    chat_lines: int = 0

    def now(self) -> float:
        return time.perf_counter() - self.began


async def seated(
    urls: list[str],
    first: int,
    table: str,
    token: str,
    think: float,
    run: Run,
    stop: Any,
    seed: int,
) -> None:
    """A seated client: plays on its regular turns, joins again elsewhere when cut off."""
    rng = random.Random(seed)
    where = first
    version: int | None = None
    while not stop.is_set():
        try:
            async with connect(urls[where], max_size=1 << 22, open_timeout=10) as ws:
                await ws.send(
                    json.dumps({"type": "join", "table": table, "token": token, "version": version})
                )
                pending: tuple[int, float] | None = None
                seat: int | None = None
                while not stop.is_set():
                    try:
                        text = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    message = orjson.loads(text)
                    kind = message["type"]
                    if kind == "error":
                        run.errors.append((run.now(), message["code"]))
                        pending = None
                        continue
                    if kind == "rematch":
                        table, version, pending = message["rematch"], None, None
                        await ws.send(json.dumps({"type": "join", "table": table, "token": token}))
                        continue
                    if kind not in ("sync", "events", "update") or message["table"] != table:
                        continue
                    version = message["version"]
                    seat = message.get("seat", seat)
                    if pending is not None and message["version"] > pending[0]:
                        if kind == "update" and message["event"]["seat"] == seat:
                            run.latencies.append((run.now(), time.perf_counter() - pending[1]))
                        pending = None
                    if message["status"] == "finished":
                        if seat == 0:
                            base = urls[where].replace("ws://", "http://").removesuffix("/ws")
                            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                                await http.post(
                                    f"/api/tables/{table}/rematch",
                                    headers={"Authorization": f"Bearer {token}"},
                                )
                        continue
                    view = message["view"]
                    mine = view is not None and view["can_act"] and view.get("current") == seat
                    if mine and pending is None:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                        pending = (message["version"], time.perf_counter())
                        action = choose(view, rng)
                        await ws.send(json.dumps({"action": action, "version": version}))
        except (ConnectionClosed, OSError, TimeoutError) as problem:
            if stop.is_set():
                return
            run.reconnects += 1
            run.errors.append((run.now(), f"connection: {type(problem).__name__}"))
            where = (where + 1) % len(urls)
            await asyncio.sleep(0.2)


async def watcher(urls: list[str], first: int, table: str, run: Run, stop: Any, seed: int) -> None:
    """A spectator that chats every few seconds; joins again elsewhere when cut off."""
    rng = random.Random(seed)
    where = first
    while not stop.is_set():
        try:
            async with connect(urls[where], open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "join", "table": table, "name": f"w{seed}"}))
                next_line = time.perf_counter() + rng.uniform(2, 8)
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        message = orjson.loads(await asyncio.wait_for(ws.recv(), 0.5))
                        if message["type"] == "rematch":
                            table = message["rematch"]
                            await ws.send(json.dumps({"type": "join", "table": table}))
                        elif message["type"] == "error":
                            run.errors.append((run.now(), f"spectator {message['code']}"))
                    if time.perf_counter() > next_line:
                        await ws.send(json.dumps({"type": "chat", "text": "gl hf"}))
                        run.chat_lines += 1
                        next_line = time.perf_counter() + rng.uniform(2, 8)
        except (ConnectionClosed, OSError, TimeoutError):
            if stop.is_set():
                return
            where = (where + 1) % len(urls)
            await asyncio.sleep(0.2)


async def lobby(bases: list[str], run: Run, stop: Any) -> None:
    """Lists the tables once a second on each live process in turn."""
    index = 0
    async with httpx.AsyncClient(timeout=10) as http:
        while not stop.is_set():
            with contextlib.suppress(httpx.HTTPError):
                answer = await http.get(f"{bases[index % len(bases)]}/api/tables")
                if answer.status_code != 200:
                    run.errors.append((run.now(), f"lobby {answer.status_code}"))
            index += 1
            await asyncio.sleep(1.0)


def rss_mib(pid: int) -> float | None:
    """The resident memory of a process in MiB (``None`` once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def summary(values: list[float]) -> dict[str, Any]:
    """Count, p50 and p99 in milliseconds."""
    ordered = sorted(values)
    if not ordered:
        return {"actions": 0}

    def pct(p: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1)

    return {
        "actions": len(ordered),
        "p50_ms": pct(0.5),
        "p99_ms": pct(0.99),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1),
    }


async def chaos(args: argparse.Namespace) -> dict[str, Any]:
    ports = [free_port() for _ in range(args.processes)]
    namespace = f"chaos-{os.getpid()}-{time.monotonic_ns()}"
    settings = {**CHAOS_LIMITS, "broker_url": args.broker, "broker_namespace": namespace}
    servers = [start_server(args.db, port, **settings) for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
    rss: dict[int, list[tuple[float, float | None]]] = {index: [] for index in range(len(servers))}
    try:
        tables = open_tables(bases, max(1, args.clients // SEATS))
        run = Run()
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(
                seated(urls, (index + seat) % len(urls), table, token, args.think, run, stop, seed)
            )
            for index, (table, tokens) in enumerate(tables)
            for seat, token in enumerate(tokens)
            for seed in [index * SEATS + seat]
        ]
        tasks += [
            asyncio.create_task(watcher(urls, index % len(urls), table, run, stop, 1000 + index))
            for index, (table, _) in enumerate(tables)
        ]
        tasks.append(asyncio.create_task(lobby(bases, run, stop)))
        events: list[tuple[float, str]] = []
        stopped, killed = servers[1], servers[2]
        moments = sorted(
            [
                (args.stop_at, "SIGSTOP"),
                (args.stop_at + args.stop_for, "SIGCONT"),
                (args.kill_at, "SIGKILL"),
            ]
        )
        next_rss = 0.0
        while run.now() < args.seconds:
            if moments and run.now() >= moments[0][0]:
                _, what = moments.pop(0)
                if what == "SIGSTOP":
                    os.kill(stopped.pid, signal.SIGSTOP)
                elif what == "SIGCONT":
                    os.kill(stopped.pid, signal.SIGCONT)
                else:
                    killed.kill()
                events.append((round(run.now(), 1), what))
            if run.now() >= next_rss:
                for index, server in enumerate(servers):
                    rss[index].append((round(run.now()), rss_mib(server.pid)))
                next_rss += args.rss_every
            await asyncio.sleep(0.1)
        for index, server in enumerate(servers):
            rss[index].append((round(run.now()), rss_mib(server.pid)))
        stop.set()
        await asyncio.wait(tasks, timeout=15)
        for task in tasks:
            task.cancel()
    finally:
        for server in servers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(server.pid, signal.SIGCONT)
            server.send_signal(signal.SIGINT)
        for server in servers:
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    windows = {
        "before": (args.warmup, args.stop_at),
        "pause": (args.stop_at, args.stop_at + args.stop_for + args.settle),
        "between": (args.stop_at + args.stop_for + args.settle, args.kill_at),
        "crash": (args.kill_at, args.kill_at + args.settle),
        "after": (args.kill_at + args.settle, args.seconds),
    }
    report: dict[str, Any] = {
        "processes": len(servers),
        "tables": len(tables),
        "players": len(tables) * SEATS,
        "spectators": len(tables),
        "think_s": args.think,
        "events": events,
        "reconnects": run.reconnects,
        "chat_lines": run.chat_lines,
        "windows": {},
        "rss_mib": {
            f"process {index}": [(at, None if mib is None else round(mib, 1)) for at, mib in values]
            for index, values in rss.items()
        },
    }
    for name, (start, end) in windows.items():
        errors: dict[str, int] = {}
        for at, kind in run.errors:
            if start <= at < end:
                errors[kind] = errors.get(kind, 0) + 1
        report["windows"][name] = {
            "from_s": start,
            "to_s": end,
            **summary([seconds for at, seconds in run.latencies if start <= at < end]),
            "errors": errors,
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=40, help="seated players (4 a table)")
    parser.add_argument("--think", type=float, default=0.5, help="mean think time, seconds")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--stop-at", type=float, default=90.0)
    parser.add_argument("--stop-for", type=float, default=8.0)
    parser.add_argument("--kill-at", type=float, default=180.0)
    parser.add_argument("--settle", type=float, default=15.0, help="seconds after each event")
    parser.add_argument("--rss-every", type=float, default=30.0)
    parser.add_argument("--db", required=True, help="a PostgreSQL URL")
    parser.add_argument("--broker", required=True, help="a Redis URL")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average before: {load} on {os.cpu_count()} CPUs", flush=True)
    report = asyncio.run(chaos(args))
    report["load_average_before"] = load
    report["load_average_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    text = json.dumps(report, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
