"""The language of the ``solocards`` commands: ``--lang``, else the POSIX locale.

``solocards --lang uk rules uno`` and ``solocards rules uno --lang uk`` both speak Ukrainian;
without ``--lang`` the language is that of ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (English for
``C`` or a language solocards does not speak). The help texts of the options are written
before the command line is read, so they follow the environment only (:func:`help_text`).

>>> choose_language("ru-RU"), choose_language(None, {"LANG": "be_BY.UTF-8"})
('ru', 'be')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

import typer

from ..core.errors import OptionError
from ..i18n import _, language_from_environment, normalise, use_language
from ..i18n.languages import SUPPORTED_LANGUAGES


def help_text(text: str, /, **params: object) -> str:
    """A help text of the command line (an extraction keyword of the ``solocards`` domain),
    in the language of the environment."""
    with use_language(language_from_environment()):
        return _(text, **params)


def choose_language(lang: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language of ``--lang`` (a tag such as ``uk`` or ``uk_UA.UTF-8``), else of the
    environment; an unknown ``--lang`` is an :class:`OptionError` naming the choices."""
    if lang is None:
        return language_from_environment(environ)
    chosen = normalise(lang)
    if chosen is None:
        raise OptionError(
            _(
                "--lang {lang}: solocards speaks {choices}",
                lang=lang,
                choices=", ".join(SUPPORTED_LANGUAGES),
            )
        )
    return chosen


def speak(ctx: typer.Context, lang: str | None) -> None:
    """Speak the language of a command's ``--lang`` until the command ends (nothing if it was
    not given: the app's ``--lang`` or the environment stays)."""
    if lang is None:
        return
    try:
        language = choose_language(lang)
    except OptionError as error:
        raise typer.BadParameter(str(error), param_hint="--lang") from None
    ctx.with_resource(use_language(language))


LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=help_text(
            "The language of the output: en, de, uk, ru or be (default: from LC_ALL, "
            "LC_MESSAGES or LANG)."
        ),
    ),
]

__all__ = ["LangOpt", "choose_language", "help_text", "speak"]
