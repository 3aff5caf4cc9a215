"""The ``replay`` command: check a record (every action legal where it stands), print it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ... import replay as replay_record
from ...core.errors import SoloError
from ...core.game import Game
from ...i18n import _, engine_text, render_error
from ...records import load
from .. import render
from ..common import (
    console,
    fail,
)
from ..lang import help_text


def replay_command(
    file: Annotated[Path, typer.Argument(help=help_text("A .json or .jsonl record file."))],
    step: Annotated[
        int | None, typer.Option(help=help_text("Show the state after this many actions."))
    ] = None,
    index: Annotated[
        int, typer.Option(help=help_text("Which record of a .jsonl file (from 0)."))
    ] = 0,
) -> None:
    """Check a record (every action must be legal where it stands) and print its rounds."""
    try:
        records = load(file)
        if not 0 <= index < len(records):
            raise fail(
                _(
                    "{file} holds {n} records; --index must be below that",
                    file=str(file),
                    n=len(records),
                )
            )
        record = records[index]
        match = replay_record(record, upto=step)
    except SoloError as error:
        raise fail(render_error(error)) from None
    game = match.game
    names = match.names
    nothing_changed = _("none")
    console.print(
        _(
            "{title}, {players} players, seed {seed}; options changed: {changed}",
            title=render.bold(engine_text(game.title)),
            players=game.players,
            seed=match.seed,
            changed=escape(_changed(game) or nothing_changed),
        )
    )
    for number, result in enumerate(match.results, 1):
        line = render.result_line(game, names, result)
        console.print(_("Round {number}: {result}", number=number, result=line))
    if step is not None:
        state = match.state
        console.rule(
            _("After {step} actions (round {round})", step=step, round=match.round_index + 1)
        )
        for line in render.table(game, state.view(None), names):
            console.print(line)
        snapshot = state.snapshot()
        for seat, cards in enumerate(snapshot["hands"]):
            console.print(f"{escape(names[seat])}: {render.hand(sorted(cards))}")
        acting = ", ".join(names[s] for s in state.to_act) or _("nobody")
        console.print(escape(_("To act: {names}", names=acting)))
    elif match.is_over:
        winners = ", ".join(names[w] for w in match.winners)
        console.print(
            escape(_("Totals: {totals}. Winner: {names}", totals=match.totals, names=winners))
        )
    else:
        console.print(
            escape(_("Totals so far: {totals} (the match is not over)", totals=match.totals))
        )
    console.print(render.styled(_("The record is valid."), "green"))


def _changed(game: Game) -> str:
    defaults = {spec.name: spec.default for spec in game.option_specs}
    return ", ".join(f"{k}={v}" for k, v in game.options.items() if defaults[k] != v)


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        name="replay",
        help=help_text(
            "Check a record (every action must be legal where it stands) and print its rounds."
        ),
    )(replay_command)
