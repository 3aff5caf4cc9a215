"""The words a person reads, in their language: one translation layer for the CLI and server.

Every user-facing string outside the engines goes through :func:`_` (or :func:`ngettext` for
counts), written in English as the message id, with ``{name}`` placeholders filled from keyword
arguments. The language is the one chosen for the current context (see :func:`use_language`).

>>> _("{name} plays", name="Ann")
'Ann plays'
>>> ngettext("{n} card", "{n} cards", 2, n=2)
'2 cards'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

DEFAULT_LANGUAGE = "en"
_current: ContextVar[str] = ContextVar("solocards_language", default=DEFAULT_LANGUAGE)


def current_language() -> str:
    """The language of the current context (``"en"`` unless chosen)."""
    return _current.get()


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block.

    >>> with use_language("en"):
    ...     current_language()
    'en'
    """
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its placeholders filled."""
    return message.format(**params) if params else message


gettext = _


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, placeholders filled."""
    message = singular if n == 1 else plural
    return message.format(**params) if params else message
