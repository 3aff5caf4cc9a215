"""The ``review`` command: each decision of a seat graded against the best action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ...analysis.review import chart as review_chart
from ...analysis.review import review as review_record
from ...core.errors import SoloError
from ...games.registry import make
from ...i18n import _, render_error
from ...records import load
from .. import render
from ..common import (
    console,
    fail,
)
from ..lang import LangOpt, help_text, speak


def review_command(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help=help_text("A .json or .jsonl record file."))],
    seat: Annotated[
        int, typer.Option(help=help_text("The seat whose decisions are reviewed."))
    ] = 0,
    round_number: Annotated[
        int | None, typer.Option("--round", help=help_text("Review only this round (from 1)."))
    ] = None,
    index: Annotated[
        int, typer.Option(help=help_text("Which record of a .jsonl file (from 0)."))
    ] = 0,
    worlds: Annotated[
        int, typer.Option(min=1, help=help_text("Worlds sampled per decision."))
    ] = 100,
    seed: Annotated[int, typer.Option(help=help_text("Seed of the sampled worlds."))] = 0,
    json_out: Annotated[
        bool, typer.Option("--json", help=help_text("Print the review as JSON."))
    ] = False,
    chart_to: Annotated[
        Path | None,
        typer.Option("--chart", help=help_text("Draw the win chance through the round (PNG).")),
    ] = None,
    lang: LangOpt = None,
) -> None:
    """Grade each decision of a seat: best action, action played, win chance lost, and marks
    (inaccuracy >= 5 points, mistake >= 10, blunder >= 15). Figures use the seat's view only;
    each round's result uses the whole deal."""
    speak(ctx, lang)
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
        report = review_record(
            records[index], seat, round_number=round_number, worlds=worlds, seed=seed
        )
    except SoloError as error:
        raise fail(render_error(error)) from None
    if chart_to is not None and not review_chart(report, chart_to):
        raise fail(_("--chart needs matplotlib (pip install solocards[sim])"))
    if json_out:
        typer.echo(json.dumps(report))
        return
    game = make(report["game"], players=report["players"])
    table = Table(
        title=_(
            "Seat {seat}'s decisions ({worlds} worlds each, seat's view only)",
            seat=seat,
            worlds=worlds,
        )
    )
    columns = (
        _("round"),
        _("step"),
        _("played"),
        _("win"),
        _("best"),
        _("best win"),
        _("lost"),
        _("mark"),
    )
    for column in columns:
        table.add_column(column)
    for decision in report["decisions"]:
        played = next(a for a in decision["actions"] if a["action"] == decision["action"])
        best = next(a for a in decision["actions"] if a["action"] == decision["best"])
        table.add_row(
            str(decision["round"]), str(decision["step"]),
            render.action(game, decision["action"]), f"{played['win']:.0%}",
            render.action(game, decision["best"]), f"{best['win']:.0%}",
            f"{decision['lost']:.0%}", _mark(decision["mark"]),
        )  # fmt: skip
    console.print(table)
    for result in report["results"]:
        if result["won"]:
            line = _(
                "Round {round}: seat {seat} won (from the whole deal).",
                round=result["round"],
                seat=seat,
            )
        else:
            line = _(
                "Round {round}: seat {seat} lost (from the whole deal).",
                round=result["round"],
                seat=seat,
            )
        console.print(escape(line))
    if chart_to is not None:
        console.print(escape(_("Chart saved to {path}", path=str(chart_to))))


def _mark(mark: str | None) -> str:
    """A review's mark in words (none for a good decision)."""
    words = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return words.get(mark, mark) if mark else ""


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        name="review",
        help=help_text(
            "Grade each decision of a seat: best action, action played, win chance lost, and marks "
            "(inaccuracy >= 5 points, mistake >= 10, blunder >= 15). Figures use the seat's view "
            "only; each round's result uses the whole deal."
        ),
    )(review_command)
