"""The ``selfplay`` command: bots play rounds into .npz training shards."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ...core.errors import SoloError
from ...i18n import _, render_error
from ...sim.tournament import split_bot_specs
from ..batch import (
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
from ..lang import help_text


def selfplay(
    game_id: GameArg,
    out: Annotated[
        Path, typer.Option(help=help_text("Folder for the .npz shards and shards.jsonl."))
    ],
    bots: Annotated[
        str, typer.Option(help=help_text("Bot specs, comma-separated, one per seat or one."))
    ] = ("heuristic"),
    n: Annotated[int, typer.Option("-n", help=help_text("Number of rounds to play."))] = 1000,
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    seed: Annotated[int, typer.Option(help=help_text("First seed; round i uses seed + i."))] = 0,
    reward: Annotated[
        str, typer.Option(help=help_text("Reward per round: win (+1/-1) or score."))
    ] = "win",
    option: OptionOpt = None,
    jobs: Annotated[int, typer.Option(help=help_text("Worker processes (0: every core)."))] = 1,
    ray: RayOpt = None,
    chunk_size: Annotated[
        int | None,
        typer.Option("--chunk-size", min=1, help=help_text("Rounds per shard (default 100).")),
    ] = None,
    resume: ResumeOpt = False,
) -> None:
    """Self-play data: observation, action, legal-mask and reward arrays in .npz shards."""
    try:
        from ...sim.selfplay import DEFAULT_CHUNK, run_selfplay
    except ImportError as error:
        raise fail(
            _("selfplay needs numpy: pip install solocards[rl] ({error})", error=str(error))
        ) from None
    from ...sim.progress import rounds_progress

    game = build_game(game_id, players, option)
    specs = split_bot_specs(bots)
    if len(specs) == 1:
        specs *= game.players
    try:
        backend = backend_for(jobs, ray)
    except SoloError as error:
        raise fail(render_error(error)) from None
    try:
        with rounds_progress(err, _("{game} self-play", game=game.id), total=n) as advance:
            shards = run_selfplay(
                game,
                specs,
                n,
                out,
                seed,
                reward=reward,
                backend=backend,
                chunk_size=chunk_size or DEFAULT_CHUNK,
                resume=resume,
                progress=advance,
            )
    except (SoloError, ValueError) as error:
        raise fail(render_error(error)) from None
    finally:
        close_backend(backend)
    console.print(
        escape(
            _(
                "{n} rounds in {shards} shards in {folder}/",
                n=n,
                shards=len(shards),
                folder=str(out),
            )
        )
    )


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Self-play data: observation, action, legal-mask and reward arrays in .npz shards."
        )
    )(selfplay)
