"""Run the server: ``python -m solocards.server [--host] [--port] [--db] [--bot-delay] ...``."""

from __future__ import annotations

import argparse
from typing import Any

from .http.app import serve


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m solocards.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--db", default=None, help="database URL (default: ./data/solocards.sqlite)"
    )
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds a bot waits")
    parser.add_argument(
        "--leave-grace",
        type=float,
        default=None,
        help="seconds a disconnected player keeps the seat before a bot takes over",
    )
    parser.add_argument(
        "--broker", default=None, help="Redis URL: one of several processes on one database"
    )
    args = parser.parse_args(argv)
    overrides: dict[str, Any] = {}
    if args.leave_grace is not None:
        overrides["leave_grace"] = args.leave_grace
    if args.broker is not None:
        overrides["broker_url"] = args.broker
    serve(args.host, args.port, args.db, bot_delay=args.bot_delay, **overrides)


if __name__ == "__main__":
    main()
