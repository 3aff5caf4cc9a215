"""What the commands share: the consoles, the game and option arguments, and building a game
and its bots from them (a bad value exits with status 2 and one line in words)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from ..bots import make_bot
from ..core.bot import Bot
from ..core.errors import SoloError
from ..core.game import Game
from ..games.registry import game_class, games, make
from ..i18n import _, render_error
from .lang import help_text

console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


GameArg = Annotated[
    str, typer.Argument(help=help_text("The game: {games}.", games=", ".join(games())))
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=help_text("A rule option as key=value (repeatable).")),
]


def fail(message: str) -> typer.Exit:
    """Print an error in words and return the exit to raise."""
    label = _("error:")  # a message outside the f-string, where pybabel finds it
    err.print(f"[bold red]{escape(label)}[/] {escape(message)}")
    return typer.Exit(2)


def parse_options(game_id: str, pairs: list[str] | None) -> dict[str, Any]:
    """``["stack_draw2=true", "hand_size=5"]`` as checked option values of the game."""
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise fail(
                _("option {pair} is not key=value (for example stack_draw2=true)", pair=repr(pair))
            )
        if key not in specs:
            raise fail(
                _(
                    "{game} has no option {key}; valid options: {options}",
                    game=game_id,
                    key=repr(key),
                    options=", ".join(specs),
                )
            )
        try:
            options[key] = specs[key].parse(game_id, value)
        except SoloError as error:
            raise fail(render_error(error)) from None
    return options


def build_game(game_id: str, players: int | None, pairs: list[str] | None) -> Game:
    """Make the game or exit with the engine's message."""
    try:
        game_class(game_id)
        return make(game_id, players=players, **parse_options(game_id, pairs))
    except SoloError as error:
        raise fail(render_error(error)) from None


def build_bots(game: Game, specs: list[str]) -> list[Bot]:
    """One bot per spec, or exit with the registry's message."""
    try:
        return [make_bot(spec, game) for spec in specs]
    except SoloError as error:
        raise fail(render_error(error)) from None


def known_game(game_id: str) -> bool:
    """Whether ``game_id`` is a game; else exit with the registry's message."""
    try:
        game_class(game_id)
    except SoloError as error:
        raise fail(render_error(error)) from None
    return True
