"""Soak test of the server: bots-only tables opened continuously, the server's memory sampled.

It starts ``solocards.server.serve`` in a child process (SQLite in a temporary folder, or
``--db URL``), keeps ``--tables`` tables of bots playing each other (a new one as soon as one
finishes), and samples the server's resident memory (``VmRSS``) every ``--sample`` seconds.
Memory should stay flat: finished tables leave memory, only their records stay stored.

    .venv/bin/python bench/soak.py --minutes 10
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from load import start_server  # bench/ is on the path when a script of it runs


@dataclass
class Soak:
    """What the soak did and saw."""

    opened: int = 0
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    samples: list[tuple[float, float, int, int]] = field(default_factory=list)
    """(seconds since the start, RSS MiB, tables opened, tables finished)."""


def rss_mib(pid: int) -> float:
    """The resident memory of a process in MiB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS line")


def open_bot_table(http: httpx.Client, game: str, players: int, bot: str) -> str:
    """A started table with a bot in every seat; its id."""
    made = http.post("/api/tables", json={"game": game, "players": players})
    made.raise_for_status()
    table, owner = made.json()["table"]["id"], made.json()["owner_token"]
    headers = {"Authorization": f"Bearer {owner}"}
    for seat in range(players):
        placed = http.post(
            f"/api/tables/{table}/seats/{seat}/bot", json={"kind": bot}, headers=headers
        )
        placed.raise_for_status()
    http.post(f"/api/tables/{table}/start", headers=headers).raise_for_status()
    return table


def soak(args: argparse.Namespace, base: str, pid: int) -> Soak:
    """Keep ``args.tables`` bot tables playing for ``args.minutes``, sampling the RSS."""
    result = Soak()
    running: set[str] = set()
    started = time.monotonic()
    next_sample = started
    end = started + args.minutes * 60
    with httpx.Client(base_url=base, timeout=30) as http:
        while True:
            now = time.monotonic()
            if now >= next_sample:
                sample = (now - started, rss_mib(pid), result.opened, result.finished)
                result.samples.append(sample)
                print(
                    f"{sample[0]:6.0f} s  RSS {sample[1]:7.1f} MiB  opened {sample[2]:6d}  "
                    f"finished {sample[3]:6d}",
                    flush=True,
                )
                next_sample += args.sample
            if now >= end:
                break
            for table in list(running):
                status = http.get(f"/api/tables/{table}").json()["status"]
                if status != "playing":
                    running.discard(table)
                    result.finished += 1
            while len(running) < args.tables:
                try:
                    running.add(open_bot_table(http, args.game, args.players, args.bot))
                    result.opened += 1
                except httpx.HTTPError as error:
                    result.errors.append(repr(error))
                    break
            time.sleep(0.5)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=20, help="tables in play at once")
    parser.add_argument("--game", default="uno")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--bot-delay", type=float, default=0.02)
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite, temporary)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or f"sqlite:///{Path(folder) / 'soak.sqlite'}"
        with contextlib.closing(socket.socket()) as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        process = start_server(db_url, port, bot_delay=args.bot_delay)
        try:
            result = soak(args, f"http://127.0.0.1:{port}", process.pid)
        finally:
            process.terminate()
            process.wait(30)
    first, last = result.samples[0], result.samples[-1]
    middle = result.samples[len(result.samples) // 2]
    print(f"tables opened {result.opened}, finished {result.finished}, errors {len(result.errors)}")
    print(
        f"RSS first {first[1]:.1f} MiB, middle {middle[1]:.1f} MiB, last {last[1]:.1f} MiB, "
        f"max {max(s[1] for s in result.samples):.1f} MiB"
    )
    for error in result.errors[:5]:
        print("error:", error)


if __name__ == "__main__":
    main()
