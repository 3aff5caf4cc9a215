"""The words a person reads, in their language: one translation layer for the CLI and server.

Every user-facing string outside the engines goes through :func:`_` (or :func:`ngettext` for
counts), written in English as the message id, with ``{name}`` placeholders filled from keyword
arguments. The language is the one chosen for the current context (see :func:`use_language`);
the translations come from the gettext PO files of the ``solocards`` domain
(:mod:`solocards.i18n.catalogs`). The engines' own texts are :class:`~solocards.core.messages.
Message` objects of the ``engine`` domain, shown with :func:`render`. A missing translation
shows the English text, never an error.

>>> _("{name} plays", name="Ann")
'Ann plays'
>>> ngettext("{n} card", "{n} cards", 2, n=2)
'2 cards'
>>> from solocards.core.messages import msg
>>> render(msg("names {colour}", colour=msg("red")))
'names red'
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar

from ..core.messages import Joined, Message, is_seat
from . import catalogs
from .languages import DEFAULT_LANGUAGE, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, negotiate, normalise

APP_DOMAIN = "solocards"
ENGINE_DOMAIN = "engine"
_current: ContextVar[str] = ContextVar("solocards_language", default=DEFAULT_LANGUAGE)


def current_language() -> str:
    """The language of the current context (``"en"`` unless chosen)."""
    return _current.get()


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block (a tag such as ``"uk-UA"`` is understood; an
    unsupported one means English).

    >>> with use_language("en"):
    ...     current_language()
    'en'
    >>> with use_language("ru_RU.UTF-8"):
    ...     current_language()
    'ru'
    """
    token = _current.set(normalise(lang) or DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _current.reset(token)


def _fill(template: str, fallback: str, params: Mapping[str, object]) -> str:
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation shows the English text
        return fallback.format(**params)


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its placeholders filled."""
    lang = _current.get()
    template = message if lang == "en" else catalogs.CATALOGS.gettext(lang, APP_DOMAIN, message)
    return _fill(template, message, params)


gettext = _


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, placeholders filled."""
    lang = _current.get()
    english = singular if n == 1 else plural
    if lang == "en":
        template = english
    else:
        template = catalogs.CATALOGS.ngettext(lang, APP_DOMAIN, singular, plural, n)
    return _fill(template, english, params)


def engine_template(message: Message, lang: str | None = None) -> str:
    """The template of an engine message in ``lang`` (the current language by default)."""
    lang = lang or _current.get()
    if lang == "en":
        return message.english()
    if message.plural is not None:
        return catalogs.CATALOGS.ngettext(
            lang, ENGINE_DOMAIN, message.text, message.plural, message.count
        )
    return catalogs.CATALOGS.gettext(lang, ENGINE_DOMAIN, message.text)


def render(
    message: Message | Joined | str,
    lang: str | None = None,
    names: Sequence[object] | None = None,
) -> str:
    """An engine message (or a plain string, shown as it is) in ``lang`` or the current
    language; parameters that are messages themselves (card names) are translated too. With
    ``names``, a player named by seat (``seat_message``) is named by ``names[seat]`` instead.

    >>> from solocards.core.messages import msg, seat_message
    >>> render(msg("catches {player}", player=seat_message(1)), "en", names=["Ann", "Bob"])
    'catches Bob'
    """
    if isinstance(message, str):
        return message
    lang = lang or _current.get()
    if names is None:
        if lang == "en":
            return message.render()
        return message.render(lambda part: engine_template(part, lang))
    known = names

    def template(part: Message) -> str:
        seat = str(part.params.get("seat")) if is_seat(part) else ""
        if seat.isdigit() and int(seat) < len(known):  # games give a seat as 2 or "2"
            return str(known[int(seat)]).replace("{", "{{").replace("}", "}}")
        return engine_template(part, lang)

    return message.render(template)


def engine_text(text: str, /, lang: str | None = None, **params: object) -> str:
    """A literal message id of the ``engine`` domain (an option's help) in the language."""
    return render(Message(text, params), lang)


def render_error(error: BaseException, lang: str | None = None) -> str:
    """The message of an error in the language: an engine error built from a message is
    translated, any other error keeps its text.

    >>> from solocards.core.errors import IllegalActionError
    >>> from solocards.core.messages import msg
    >>> render_error(IllegalActionError(msg("the round is over")))
    'the round is over'
    """
    if len(error.args) == 1 and isinstance(error.args[0], Message | Joined):
        return render(error.args[0], lang)
    return str(error)


def format_number(number: float, lang: str | None = None) -> str:
    """A number written the way the language writes it (Babel's CLDR data).

    >>> format_number(12345, "en"), format_number(12345, "de")
    ('12,345', '12.345')
    """
    lang = lang or _current.get()
    try:
        from babel.numbers import format_decimal
    except ImportError:  # pragma: no cover - Babel not installed
        return f"{number:,}"
    return str(format_decimal(number, locale=lang))


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the POSIX locale: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``
    (the first one set decides; an unsupported one means English).

    >>> language_from_environment({"LANG": "uk_UA.UTF-8"})
    'uk'
    >>> language_from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return normalise(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


__all__ = [
    "APP_DOMAIN",
    "DEFAULT_LANGUAGE",
    "ENGINE_DOMAIN",
    "LANGUAGE_NAMES",
    "SUPPORTED_LANGUAGES",
    "_",
    "current_language",
    "engine_template",
    "engine_text",
    "format_number",
    "gettext",
    "language_from_environment",
    "negotiate",
    "ngettext",
    "normalise",
    "render",
    "render_error",
    "use_language",
]
