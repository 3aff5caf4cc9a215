"""The ``train`` command: a policy model for the ``learned`` bot, imitating a teacher bot
(``--method imitation``) or improving a model by playing against other bots
(``--method reinforce``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ...core.errors import SoloError
from ...i18n import _, render_error
from ..common import GameArg, OptionOpt, build_game, console, err, fail
from ..lang import help_text

EXPERT_TEACHER = "ismcts:iterations=200"
"""The search whose visit counts ``--method expert`` learns unless ``--teacher`` says."""


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
        str | None,
        typer.Option(
            help=help_text(
                "The bot whose play the model learns (default: heuristic; for expert, "
                "ismcts:iterations=200)."
            )
        ),
    ] = None,
    hidden: Annotated[
        str,
        typer.Option(
            help=help_text(
                "Units of each hidden layer, comma-separated: 128 (one layer), 256,256 (two)."
            )
        ),
    ] = "128",
    seed: Annotated[int, typer.Option(help=help_text("Seed of the deals and the weights."))] = 0,
    method: Annotated[
        str,
        typer.Option(
            help=help_text(
                "imitation (learn the teacher's play), expert (learn a search's visit counts) "
                "or reinforce (improve a model by playing)."
            )
        ),
    ] = "imitation",
    features: Annotated[
        str,
        typer.Option(
            help=help_text(
                "Inputs beyond the observation (imitation): auto (the game's richest), none, "
                "or a feature set's name."
            )
        ),
    ] = "auto",
    start: Annotated[
        Path | None,
        typer.Option(
            help=help_text(
                "The model file reinforce improves (default: the one the learned bot plays); "
                "expert goes on from it if given."
            )
        ),
    ] = None,
    opponent: Annotated[
        list[str] | None,
        typer.Option(
            help=help_text(
                "The bot reinforce plays against (default heuristic); given again, a mix, each "
                "for a round of the table in turn; self is the model in training."
            )
        ),
    ] = None,
    lr: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            help=help_text("Adam's step size (default 0.001 for imitation, 0.0001 for reinforce)."),
        ),
    ] = None,
    samples: Annotated[
        int,
        typer.Option(
            min=2,
            help=help_text(
                "Plays of each deal in reinforce (each play's advantage is its return less "
                "the deal's mean)."
            ),
        ),
    ] = 2,
    deals: Annotated[int, typer.Option(min=1, help=help_text("Deals per reinforce step."))] = 16,
    reward: Annotated[
        str | None,
        typer.Option(
            help=help_text(
                "What a round is worth to reinforce: win or score (default: win in UNO, "
                "score in the trick games)."
            )
        ),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            help=help_text(
                "Play the rounds on Ray: local, auto or a cluster address (the same model as "
                "without it)."
            )
        ),
    ] = None,
    option: OptionOpt = None,
) -> None:
    """Train a model for the learned bot (numpy only); SOLOCARDS_MODELS=DIR lets bots use it."""
    try:
        from ...learned.bot import default_name, model_path, read_model
        from ...learned.features import default_features
        from ...learned.reinforce import reinforce
        from ...learned.train import Training, train_policy, write_model
    except ImportError as error:
        raise fail(
            _("train needs numpy: pip install solocards[rl] ({error})", error=str(error))
        ) from None
    game = build_game(game_id, players, option)
    layers = hidden_layers(hidden)

    def report(run: Training) -> None:
        if not run.curve:
            return
        seconds, value = f"{run.seconds:.0f}", f"{run.curve[-1][1]:.3f}"
        if method == "reinforce":
            line = _(
                "{seconds} s: deals: {rounds}, result of the latest plays: {value}",
                seconds=seconds,
                rounds=run.rounds,
                value=value,
            )
        else:
            line = _(
                "{seconds} s: rounds: {rounds}, agreement with the teacher: {agreement}",
                seconds=seconds,
                rounds=run.rounds,
                agreement=value,
            )
        err.print(escape(line))

    if method not in ("imitation", "expert", "reinforce"):
        raise fail(_("method is imitation, expert or reinforce, not {method}", method=repr(method)))
    limit = minutes if minutes is not None or rounds is not None else 5.0
    backend = None
    try:
        if ray is not None:
            from ...sim.backends import make_backend

            backend = make_backend(0, ray)
        if method == "reinforce":
            first = read_model(start or model_path(default_name(game)))
            run = reinforce(
                game,
                first,
                opponent=opponent or ["heuristic"],
                rounds=rounds,
                minutes=limit,
                seed=seed,
                samples=samples,
                deals=deals,
                lr=1e-4 if lr is None else lr,
                reward=reward,
                backend=backend,
                progress=report,
            )
        else:
            expert = method == "expert"
            run = train_policy(
                game,
                teacher=teacher or (EXPERT_TEACHER if expert else "heuristic"),
                rounds=rounds,
                minutes=limit,
                seed=seed,
                hidden=layers,
                features=default_features(game) if features == "auto" else features,
                lr=1e-3 if lr is None else lr,
                shares=expert,
                start=read_model(start) if expert and start is not None else None,
                backend=backend,
                progress=report,
            )
        path = write_model(run, out)
    except SoloError as error:
        raise fail(render_error(error)) from None
    finally:
        close = getattr(backend, "close", None)
        if callable(close):
            close()
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


def hidden_layers(text: str) -> tuple[int, ...]:
    """The hidden layers' widths written as ``--hidden`` takes them.

    >>> hidden_layers("128"), hidden_layers("256, 256")
    ((128,), (256, 256))
    """
    parts = [part.strip() for part in text.split(",")]
    if not 1 <= len(parts) <= 4 or not all(
        part.isdigit() and 1 <= int(part) <= 4096 for part in parts
    ):
        raise fail(
            _(
                "--hidden is one to four widths from 1 to 4096, comma-separated (128 or 256,256), "
                "not {text}",
                text=repr(text),
            )
        )
    return tuple(int(part) for part in parts)


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "Train a model for the learned bot (numpy only); SOLOCARDS_MODELS=DIR lets bots use it."
        )
    )(train)
