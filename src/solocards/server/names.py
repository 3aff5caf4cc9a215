"""Names people sit down with: printable text only.

A name is shown to every client and stored in the database; a control character (a NUL above
all, which PostgreSQL cannot store in text) or a lone surrogate has no place in it.

>>> name_problem("ana")
>>> name_problem("a\\x00b")
'the name may not contain control characters (U+0000 at position 1)'
"""

from __future__ import annotations

import unicodedata

from ..i18n import _

_FORBIDDEN = ("Cc", "Cs")  # control characters, lone surrogates


def name_problem(name: str) -> str | None:
    """What is wrong with ``name``, or ``None`` if it may be used."""
    for position, character in enumerate(name):
        if unicodedata.category(character) in _FORBIDDEN:
            return _(
                "the name may not contain control characters ({code} at position {position})",
                code=f"U+{ord(character):04X}",
                position=position,
            )
    return None


def printable_name(name: str) -> str:
    """``name`` if it may be used, else a ``ValueError`` saying why (a pydantic validator).

    >>> printable_name("ana")
    'ana'
    """
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name
