"""The ``solocards lab`` command's work: build the variants, run with a progress bar, report."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..cli.batch import close_backend
from ..games.registry import game_class
from ..i18n import _
from ..sim.backends import make_backend
from ..sim.tournament import split_bot_specs
from .backend import backend_runner, run_chunks
from .chunks import seatings
from .report import print_report, write_report
from .run import run_lab
from .variants import build_variants


def run_lab_command(
    game_id: str,
    *,
    vary: list[str],
    presets: list[str],
    players: int | None,
    base_options: dict[str, Any],
    bots: str,
    rounds: int,
    seed: int,
    jobs: int,
    ray: str | None = None,
    as_json: bool,
    report: Path | None,
    console: Console,
    err: Console,
) -> dict[str, Any]:
    """Run the lab of the CLI, write the report folder if asked, print; return the summary."""
    variants = build_variants(game_id, vary, presets)
    specs = split_bot_specs(bots)
    backend = None if ray is None else make_backend(jobs, ray)
    runner = run_chunks if backend is None else backend_runner(backend)
    try:
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as progress:
            task = progress.add_task(escape(_("{game} lab rounds", game=game_id)), total=None)

            def advance(done: int) -> None:
                progress.update(task, completed=done)

            seats = players if players is not None else game_class(game_id).default_players
            per_deal = len(seatings(len(specs), seats))
            progress.update(task, total=-(-rounds // per_deal) * per_deal * len(variants))
            result = run_lab(
                game_id,
                variants,
                players=players,
                base_options=base_options,
                bots=specs,
                rounds=rounds,
                seed=seed,
                jobs=jobs,
                runner=runner,
                progress=advance,
            )
    finally:
        if backend is not None:
            close_backend(backend)
    command = "solocards " + " ".join(shlex.quote(arg) for arg in sys.argv[1:])
    if report is not None:
        summary = write_report(result, report, command)
    else:
        summary = result.summary()
        summary["command"] = command
    if as_json:
        console.print_json(json.dumps(summary))
    else:
        print_report(summary, console)
        if report is not None:
            console.print(escape(_("Report, plots and records in {folder}/", folder=str(report))))
    return summary


__all__ = ["run_lab_command"]
