"""The ``solocards`` commands, one module each in :mod:`.commands`.

- ``solocards play uno`` — a game in the terminal against bots.
- ``solocards simulate uno -n 10000 --players 4 --option stack_draw2=true`` — bots play rounds.
- ``solocards tournament uno --bots heuristic,ismcts,random -n 2000`` — rate bots by duplicate play.
- ``solocards selfplay uno --bots heuristic -n 10000 --out data/`` — training data in .npz shards.
- ``solocards train uno --players 2 --minutes 5 --out models/`` — a model for the learned bot.
- ``solocards lab uno --vary stack_draw2=false,true -n 2000`` — what a house rule does, measured.
- ``solocards replay FILE [--step N]`` — check a record and print its rounds.
- ``solocards review FILE --seat 0`` — each decision of a seat graded.
- ``solocards rules uno`` — the options with their defaults and one line each.
- ``solocards serve`` — the web server.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..core.errors import SoloError
from ..i18n import render_error, use_language
from .commands import (
    lab,
    play,
    replay,
    review,
    rules,
    selfplay,
    serve,
    simulate,
    tournament,
    train,
)
from .common import fail
from .crash import DEBUG_KEY, DEBUG_VARIABLE, CommandGroup
from .lang import LangOpt, choose_language, help_text

app = typer.Typer(
    cls=CommandGroup,
    help=help_text(
        "Exact rules engines for the card games called Solo: play, simulate, replay, rules."
    ),
    no_args_is_help=True,
    add_completion=False,
)


DebugOpt = Annotated[
    bool,
    typer.Option(
        "--debug",
        help=help_text(
            "Show the traceback of an unexpected error (as {variable}=1 does) instead of one line.",
            variable=DEBUG_VARIABLE,
        ),
    ),
]


@app.callback()
def choose_output_language(
    ctx: typer.Context, lang: LangOpt = None, debug: DebugOpt = False
) -> None:
    """Speak the language of ``--lang`` (before the command) or of the environment;
    ``--debug`` lets an unexpected error through with its traceback (:mod:`.crash`)."""
    ctx.meta[DEBUG_KEY] = debug
    try:
        language = choose_language(lang)
    except SoloError as error:
        raise fail(render_error(error)) from None
    ctx.with_resource(use_language(language))


for command in (play, simulate, tournament, selfplay, train, lab, replay, review, rules, serve):
    command.register(app)


def main() -> None:
    """Entry point of the ``solocards`` script."""
    app()


if __name__ == "__main__":
    main()
