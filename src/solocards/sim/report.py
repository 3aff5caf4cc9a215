"""The ``solocards tournament`` command's work: run with a progress bar, write files, report.

Files written to the output folder: ``chunks.jsonl`` (every chunk of deals as it ended, what
``--resume`` continues from), ``records.jsonl`` (every round's record, replayable with
``solocards replay``), ``summary.json`` (what ``--json`` prints) and ``ratings.png`` (the
plot, when matplotlib is installed).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..core.game import Game
from ..i18n import _
from ..records import save
from . import runner
from .backends import Backend, auto_chunk_size, make_backend
from .plot import plot_summary
from .progress import rounds_progress
from .stream import stored_run
from .tournament import Table as DealTable
from .tournament import TournamentResult, lineups, split_bot_specs
from .tournament_job import chunk_deals_for, run_tournament_chunked


def run_and_report(
    game: Game,
    bots: str,
    rounds: int,
    *,
    seed: int,
    out: Path | None,
    as_json: bool,
    console: Console,
    err: Console,
    jobs: int = 1,
    backend: Backend | None = None,
    chunk_rounds: int | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """Run the tournament of the CLI, write its files and print the summary; return it.

    The chunks stream to ``chunks.jsonl`` in the folder as they end (``resume`` continues
    from it); ``backend`` runs them (default: ``jobs`` local processes).
    """
    specs = split_bot_specs(bots)
    DealTable(game, specs, seed)  # bad specs fail here, before a cluster is joined
    orders = len(lineups(len(specs), game.players))
    deals = max(1, -(-rounds // orders))
    folder = out if out is not None else Path(f"tournament-{game.id}-{game.players}p")
    stream = folder / "chunks.jsonl"
    backend = backend or make_backend(jobs)
    stored = stored_run(stream) if resume else None
    if chunk_rounds is None and stored is not None and "chunk_deals" in stored:
        chunk_deals = int(stored["chunk_deals"])
    elif chunk_rounds is None:
        chunk_deals = auto_chunk_size(deals, backend.workers, chunk_deals_for(64, orders))
    else:
        chunk_deals = chunk_deals_for(chunk_rounds, orders)
    with rounds_progress(err, _("{game} rounds", game=game.id), total=deals * orders) as advance:
        result = run_tournament_chunked(
            game,
            specs,
            rounds,
            seed=seed,
            backend=backend,
            chunk_deals=chunk_deals,
            out=stream,
            resume=resume,
            progress=advance,
        )
    summary = write_files(result, folder)
    if as_json:
        console.print_json(json.dumps(summary))
    else:
        print_summary(summary, console)
        console.print(escape(_("Records, summary and plot in {folder}/", folder=str(folder))))
    return summary


def write_files(result: TournamentResult, folder: Path) -> dict[str, Any]:
    """Write ``records.jsonl``, ``ratings.png`` and ``summary.json`` to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = result.summary()
    records = folder / "records.jsonl"
    save(records, result.records())
    plot = folder / "ratings.png"
    files = {"records": str(records), "plot": str(plot) if plot_summary(summary, plot) else None}
    summary["files"] = files
    (folder / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return summary


def _ci(interval: list[float] | None, fmt: str) -> str:
    if interval is None:
        return _("n/a")
    return f"[{format(interval[0], fmt)}, {format(interval[1], fmt)}]"


def print_summary(summary: dict[str, Any], console: Console) -> None:
    """The summary as Rich tables: one row per bot, then the head-to-head rates."""
    title = _(
        "{game}, {players} players: {rounds} rounds ({deals} deals x {orders} seat orders)",
        game=summary["game"],
        players=summary["players"],
        rounds=summary["rounds"],
        deals=summary["deals"],
        orders=summary["seat_orders"],
    )
    table = Table(title=escape(title))
    columns = (
        _("bot"),
        _("win rate [95% CI]"),
        _("mean score [95% CI]"),
        _("rating [95% CI]"),
        _("s/move"),
        _("cpu s"),
    )
    for column in columns:
        table.add_column(escape(column), justify="right")
    for entry in summary["bots"]:
        per_move = entry["seconds_per_move"]
        cpu = entry.get("cpu_seconds_per_move")
        table.add_row(
            escape(entry["bot"]),
            f"{entry['win_rate']:.1%} {_ci(entry['win_rate_ci95'], '.1%')}",
            f"{entry['mean_score']:.2f} {_ci(entry['mean_score_ci95'], '.2f')}",
            f"{entry['rating']:.0f} {_ci(entry['rating_ci95'], '.0f')}",
            "-" if per_move is None else f"{per_move:.3f}",
            "-" if cpu is None else f"{cpu:.3f}",
        )
    console.print(table)
    names = [entry["bot"] for entry in summary["bots"]]
    if len(names) > 1:
        grid = Table(title=_("head to head: share of meetings the row bot finished ahead"))
        grid.add_column("")
        for name in names:
            grid.add_column(escape(name), justify="right")
        for row in names:
            rates = summary["head_to_head"].get(row, {})
            bounds = summary.get("head_to_head_ci95", {}).get(row, {})
            cells = [
                f"{rates[col]:.1%} {_ci(bounds.get(col), '.1%')}" if col in rates else "-"
                for col in names
            ]
            grid.add_row(escape(row), *cells)
        console.print(grid)
    abandoned = summary.get("abandoned_rounds", 0)
    if abandoned:
        console.print(
            escape(
                _(
                    "{n} rounds were abandoned unfinished after {limit} actions: won by nobody, "
                    "scored 0 (their records end where they stopped).",
                    n=abandoned,
                    limit=runner.ROUND_ACTION_LIMIT,
                )
            )
        )


__all__ = ["print_summary", "run_and_report", "write_files"]
