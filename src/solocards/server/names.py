"""Names people sit down with, and the text they write: printable, visible, unmistakable.

A name is shown to every client and stored in the database; a control character (a NUL above
all, which PostgreSQL cannot store in text) or a lone surrogate has no place in it. Invisible
characters are taken out of names and chat lines before anything else looks at them
(:func:`visible_text`): bidi controls (U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT
ISOLATE, ...) would turn the text around them on the page, and zero-width characters
(U+200B, U+FEFF, ...) make a blank line or two names that look alike but differ. Two names
that read alike (:func:`name_key`) may not sit at one table.

>>> name_problem("ana")
>>> name_problem("a\\x00b")
'the name may not contain control characters (U+0000 at position 1)'
>>> visible_text("\\u202eana\\u200b")
'ana'
"""

from __future__ import annotations

import unicodedata

from ..i18n import _

_FORBIDDEN = ("Cc", "Cs")  # control characters, lone surrogates

JOINERS = frozenset("\u200c\u200d")
"""ZERO WIDTH NON-JOINER and JOINER: kept between two visible characters (emoji sequences such
as 👩‍💻, Persian words), taken out elsewhere."""

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that are letters or symbols by category but show nothing (the Hangul fillers,
the blank Braille pattern): a name or line of only these looks empty."""


def _shown(character: str) -> bool:
    """Whether ``character`` leaves a mark on the page (not a format character, not a space)."""
    return (
        unicodedata.category(character) not in ("Cf", "Cc", "Zs", "Zl", "Zp")
        and character not in BLANK_LETTERS
        and not character.isspace()
    )


def visible_text(text: str) -> str:
    """``text`` without bidi controls, zero-width and other invisible format characters
    (Unicode category Cf, and the blank letters of :data:`BLANK_LETTERS`); a joiner between two
    visible characters stays.

    >>> visible_text("\\u2066evil\\u2069 \\u202egnp.exe")
    'evil gnp.exe'
    >>> visible_text("\\u200b\\u200b")
    ''
    >>> visible_text("👩\\u200d💻") == "👩\\u200d💻"
    True
    """
    kept = []
    last = len(text) - 1
    for position, character in enumerate(text):
        if character in BLANK_LETTERS:
            continue
        if unicodedata.category(character) != "Cf" or (
            character in JOINERS
            and 0 < position < last
            and _shown(text[position - 1])
            and _shown(text[position + 1])
        ):
            kept.append(character)
    return "".join(kept)


def name_key(name: str) -> str:
    """What two names that read alike have in common: their visible text, compatibility-
    normalised (NFKC), case-folded, with runs of spaces as one.

    >>> name_key("Ana") == name_key("ａｎａ") == name_key("a\\u200bna ") == name_key("ANA")
    True
    >>> name_key("ana") == name_key("anna")
    False
    """
    folded = unicodedata.normalize("NFKC", visible_text(name)).casefold()
    return " ".join(folded.split())


def named_alike(name: str, names: list[str | None]) -> int | None:
    """The position of the first of ``names`` that reads like ``name`` (:func:`name_key`).

    >>> named_alike("Bo", ["ana", None, "bo"])
    2
    >>> named_alike("cy", ["ana", "bo"]) is None
    True
    """
    key = name_key(name)
    return next((i for i, other in enumerate(names) if other and name_key(other) == key), None)


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
    """``name`` if it may be used (its invisible characters taken out, :func:`visible_text`),
    else a ``ValueError`` saying why (a pydantic validator).

    >>> printable_name("ana\\u202e")
    'ana'
    >>> printable_name("\\u200b")
    Traceback (most recent call last):
    ...
    ValueError: the name needs a visible character
    """
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    visible = visible_text(name).strip()
    if not visible:
        raise ValueError(_("the name needs a visible character"))
    return visible
