"""The ``train`` command: a policy model for the ``learned`` bot, imitating a teacher bot."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ...core.errors import SoloError
from ...i18n import _, render_error
from ..common import GameArg, OptionOpt, build_game, console, err, fail
from ..lang import help_text


def train(
    game_id: GameArg,
    out: Annotated[Path, typer.Option(help=help_text("Folder for the model file (GAME-Np.npz)."))],
    players: Annotated[int | None, typer.Option(help=help_text("Number of players."))] = None,
    minutes: Annotated[
        float | None,
        typer.Option(min=0.0, help=help_text("About how many minutes to train (default 5).")),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(min=1, help=help_text("Or for exactly this many rounds (reproducible).")),
    ] = None,
    teacher: Annotated[
        str, typer.Option(help=help_text("The bot whose play the model learns."))
    ] = "heuristic",
    hidden: Annotated[
        int, typer.Option(min=1, max=4096, help=help_text("Units of the hidden layer."))
    ] = 128,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the weights."))] = 0,
    option: OptionOpt = None,
) -> None:
    """Train a model for the learned bot (numpy only); SOLOCARDS_MODELS=DIR lets bots use it."""
    try:
        from ...learned.train import Training, train_policy, write_model
    except ImportError as error:
        raise fail(
            _("train needs numpy: pip install solocards[rl] ({error})", error=str(error))
        ) from None
    game = build_game(game_id, players, option)

    def report(run: Training) -> None:
        if run.curve:
            err.print(
                escape(
                    _(
                        "{seconds} s: rounds: {rounds}, agreement with the teacher: {agreement}",
                        seconds=f"{run.seconds:.0f}",
                        rounds=run.rounds,
                        agreement=f"{run.curve[-1][1]:.3f}",
                    )
                )
            )

    try:
        run = train_policy(
            game,
            teacher=teacher,
            rounds=rounds,
            minutes=minutes if minutes is not None or rounds is not None else 5.0,
            seed=seed,
            hidden=(hidden,),
            progress=report,
        )
        path = write_model(run, out)
    except SoloError as error:
        raise fail(render_error(error)) from None
    console.print(
        escape(
            _(
                "rounds: {rounds}, decisions: {decisions}, seconds: {seconds}; model in {path}",
                rounds=run.rounds,
                decisions=run.decisions,
                seconds=f"{run.seconds:.0f}",
                path=str(path),
            )
        )
    )


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Train a model for the learned bot (numpy only); SOLOCARDS_MODELS=DIR lets bots use it."
        )
    )(train)
