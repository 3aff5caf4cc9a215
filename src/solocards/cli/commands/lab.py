"""The ``lab`` command: what a house rule does, measured on paired deals (``solocards.lab``)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ...core.errors import SoloError
from ...games.registry import game_class
from ...i18n import _, render_error
from ...sim.tournament import split_bot_specs
from ..batch import (
    RayOpt,
    close_backend,
)
from ..common import (
    GameArg,
    OptionOpt,
    console,
    err,
    fail,
    known_game,
    parse_options,
)
from ..lang import help_text


def lab(
    game_id: GameArg,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help=help_text("An option and its values, OPTION=V1,V2 (repeatable: cross product).")
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(help=help_text("Presets to compare, comma-separated (an axis of its own).")),
    ] = None,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    bots: Annotated[
        str,
        typer.Option(
            help=help_text("Bot specs, comma-separated; the first is the one skill_share follows.")
        ),
    ] = "random",
    n: Annotated[
        int, typer.Option("-n", help=help_text("Rounds per variant (whole deals x seatings)."))
    ] = 1000,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the bots."))] = 0,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 0,
    option: OptionOpt = None,
    ray: RayOpt = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the summary as JSON."))
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(help=help_text("Folder for report.json/.md/.html, plots and records.")),
    ] = None,
) -> None:
    """Rule variants on the same deals: round length, seat advantage, skill, luck, events."""
    try:
        run_lab_command(
            game_id,
            vary=vary or [],
            presets=(preset or "").split(",") if preset else [],
            players=players,
            base_options=parse_options(game_id, option) if known_game(game_id) else {},
            bots=bots,
            rounds=n,
            seed=seed,
            jobs=jobs,
            ray=ray,
            as_json=json_out,
            report=report,
            console=console,
            err=err,
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    except OSError as error:
        raise fail(
            _(
                "cannot write the report to {path}: {reason}",
                path=str(report),
                reason=error.strerror or str(error),
            )
        ) from None


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
    from ...lab.backend import backend_runner, run_chunks
    from ...lab.chunks import seatings
    from ...lab.report import print_report, write_report
    from ...lab.run import run_lab
    from ...lab.variants import build_variants
    from ...sim.backends import make_backend

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


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Rule variants on the same deals: round length, seat advantage, skill, luck, events."
        )
    )(lab)
