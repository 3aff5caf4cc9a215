"""The ``rules`` command: a game's options, their defaults, allowed values, one line each."""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table

from ...core.errors import SoloError
from ...core.options import Option
from ...games.registry import game_class
from ...i18n import _, engine_text, render_error
from ...i18n import render as render_message
from .. import render
from ..common import (
    GameArg,
    console,
    fail,
)
from ..lang import LangOpt, help_text, speak


def rules(ctx: typer.Context, game_id: GameArg, lang: LangOpt = None) -> None:
    """The options of a game with their defaults, allowed values and one line each."""
    speak(ctx, lang)
    try:
        cls = game_class(game_id)
    except SoloError as error:
        raise fail(render_error(error)) from None
    count = (
        str(cls.min_players)
        if cls.max_players == cls.min_players
        else f"{cls.min_players}-{cls.max_players}"
    )
    console.print(
        _(
            "{title} ({id}): {count} players, default {default}.",
            title=render.bold(engine_text(cls.info.title)),
            id=render.styled(cls.id, "cyan"),
            count=count,
            default=cls.default_players,
        )
    )
    table = Table(show_lines=False)
    table.add_column(_("option"), no_wrap=True, style="bold")
    table.add_column(_("default"), no_wrap=True)
    table.add_column(_("values"))
    table.add_column(_("what it does"))
    for spec in cls.option_specs:
        default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        allowed = escape(_allowed_values(spec))
        title = escape(render_message(spec.title_message()))
        table.add_row(
            spec.name, default, allowed, f"[bold]{title}[/bold]\n{escape(engine_text(spec.help))}"
        )
    console.print(table)
    for name, values in sorted(cls.presets.items()):
        changes = ", ".join(f"{k}={v}" for k, v in values.items()) or _("the defaults")
        console.print(
            _("preset {name}: {changes}", name=render.bold(name), changes=escape(changes))
        )


def _allowed_values(spec: Option) -> str:
    """An option's allowed values in the language: each coded choice with its words."""
    if not spec.choices or not spec.labels:
        return render_message(spec.describe_message())
    labelled = dict(spec.labels)
    return " | ".join(
        # TRANSLATORS: a choice of an option as it is typed, then its words: "one_each (one each)".
        _(
            "{value} ({words})",
            value=choice,
            words=render_message(spec.choice_message(choice)),
        )
        if choice in labelled
        else choice
        for choice in spec.choices
    )


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(
        help=help_text(
            "The options of a game with their defaults, allowed values and one line each."
        )
    )(rules)
