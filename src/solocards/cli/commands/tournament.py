"""The ``tournament`` command: rate bots by duplicate play on the same deals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...core.errors import SoloError
from ...i18n import render_error
from ..batch import (
    ChunkOpt,
    RayOpt,
    ResumeOpt,
    backend_for,
    close_backend,
)
from ..common import (
    GameArg,
    OptionOpt,
    build_game,
    console,
    err,
    fail,
)
from ..lang import LangOpt, help_text, speak


def tournament(
    ctx: typer.Context,
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help=help_text("Bot specs, comma-separated (ismcts:iterations=200,c=0.5 is one).")
        ),
    ] = "heuristic,ismcts,random",
    n: Annotated[
        int, typer.Option("-n", help=help_text("Rounds in all (whole deals x seat orders)."))
    ] = 2000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 0,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the bots."))] = 0,
    option: OptionOpt = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the summary as JSON."))
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help=help_text("Folder for records, summary, plot."))
    ] = None,
    ray: RayOpt = None,
    chunk_size: ChunkOpt = None,
    resume: ResumeOpt = False,
    lang: LangOpt = None,
) -> None:
    """Duplicate tournament: the same deals with the bots in every seat order; rates, ratings.

    Every chunk of deals streams to chunks.jsonl in the output folder as it ends; --resume
    continues a run from there.
    """
    speak(ctx, lang)
    from ...sim.report import run_and_report

    game = build_game(game_id, players, option)
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        run_and_report(
            game,
            bots,
            n,
            backend=backend,
            chunk_rounds=chunk_size,
            resume=resume,
            seed=seed,
            out=out,
            as_json=json_out,
            console=console,
            err=err,
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Duplicate tournament: the same deals with the bots in every seat order; rates, "
            "ratings.\n\nEvery chunk of deals streams to chunks.jsonl in the output folder as it "
            "ends; --resume continues a run from there."
        )
    )(tournament)
