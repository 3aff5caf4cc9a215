"""The ``simulate`` command: bots play rounds; win rates, scores and round lengths."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ...core.errors import SoloError
from ...i18n import _, render_error
from ...sim import runner
from ...sim.backends import auto_chunk_size
from ..batch import (
    ChunkOpt,
    RayOpt,
    ResumeOpt,
    backend_for,
    close_backend,
    stream_file,
)
from ..common import (
    GameArg,
    OptionOpt,
    build_bots,
    build_game,
    console,
    err,
    fail,
)
from ..lang import help_text


def simulate(
    game_id: GameArg,
    n: Annotated[int, typer.Option("-n", help=help_text("Number of rounds to play."))] = 1000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    bots: Annotated[
        str, typer.Option(help=help_text("Bot kinds, comma-separated, one per seat or one."))
    ] = ("random"),
    seed: Annotated[int, typer.Option(help=help_text("First seed; round i uses seed + i."))] = 0,
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 1,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(help=help_text("JSONL file receiving every chunk's figures as it ends.")),
    ] = None,
    resume: ResumeOpt = False,
) -> None:
    """Bots play N rounds: win rates per seat, mean round length, decisions per second."""
    from ...sim.backends import Chunk
    from ...sim.progress import rounds_progress
    from ...sim.simulation import DEFAULT_CHUNK, SimulationStats, run_simulation
    from ...sim.stream import stored_run

    game = build_game(game_id, players, option)
    specs = bots.split(",")
    if len(specs) == 1:
        specs *= game.players
    if len(specs) != game.players:
        raise fail(_("{bots} bots for {seats} seats", bots=len(specs), seats=game.players))
    build_bots(game, specs)
    if n < 1:
        raise fail(_("-n must be at least 1 round, not {n}", n=n))
    try:
        path = stream_file(out, resume)
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        stored = stored_run(path) if resume and path is not None else None
        if chunk_size is None and stored is not None:
            chunk_size = int(stored.get("chunk_size", DEFAULT_CHUNK))
        size = chunk_size or auto_chunk_size(n, backend.workers, DEFAULT_CHUNK)
        played_now = SimulationStats(game.players)  # the rates leave resumed chunks out

        def count(chunk: Chunk, result: dict[str, Any], worker: dict[str, Any]) -> None:
            played_now.add(SimulationStats.from_dict(result))

        started = time.perf_counter()
        with rounds_progress(err, game.id, total=n) as advance:
            stats = run_simulation(
                game,
                specs,
                n,
                seed,
                backend=backend,
                chunk_size=size,
                out=path,
                resume=resume,
                progress=advance,
                on_chunk=count,
            )
        elapsed = max(time.perf_counter() - started, 1e-9)
    except SoloError as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)
    table = Table(
        title=_("{game}, {players} players, {n} rounds", game=game.id, players=game.players, n=n)
    )
    for column in (_("seat"), _("bot"), _("win rate"), _("mean score")):
        table.add_column(column, justify="right")
    for s in range(game.players):
        table.add_row(str(s), specs[s], f"{stats.wins[s] / n:.1%}", f"{stats.scores[s] / n:.2f}")
    console.print(table)
    length = _(
        "mean round length: {decisions} decisions", decisions=format(stats.decisions / n, ".1f")
    )
    if played_now.rounds:
        speed = _(
            "{decisions} decisions/s, {rounds} rounds/s",
            decisions=format(played_now.decisions / elapsed, ",.0f"),
            rounds=format(played_now.rounds / elapsed, ",.1f"),
        )
    else:
        speed = _("every round was resumed from the file")
    parts = [length, speed]
    if stats.rounds_without_winner:
        parts.append(_("{n} rounds without a winner", n=stats.rounds_without_winner))
    if stats.rounds_abandoned:
        parts.append(
            _(
                "{n} of them abandoned unfinished after {limit} actions",
                n=stats.rounds_abandoned,
                limit=runner.ROUND_ACTION_LIMIT,
            )
        )
    console.print(escape("; ".join(parts)))


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Bots play N rounds: win rates per seat, mean round length, decisions per second."
        )
    )(simulate)
