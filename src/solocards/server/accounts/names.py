"""Account names: unique whatever their case and look-alike letters.

Two names are the same account name when their *keys* are equal. The key starts from the key
two seats of one table may not share (:func:`solocards.server.names.name_key`: the name with
its invisible characters taken out, bidi controls and zero-width spaces among them,
compatibility-normalised (NFKC: ``ｆｕｌｌ`` is ``full``), case-folded, spaces run together),
then every letter that has a Latin look-alike is replaced by it: Cyrillic ``а``, Greek ``ο``,
Cherokee ``Ꭺ``. The look-alikes are the Unicode consortium's confusables (UTS #39), as
the ``confusable-homoglyphs`` package ships them. A letter is replaced only by an ASCII letter
or digit it is listed as confusable with (a letter preferred), never by another non-ASCII
letter, so folding does not chain ``r`` to ``t`` through a series of look-alikes.

>>> name_key("Ana") == name_key("ＡＮＡ") == name_key("Аna") == name_key("a\\u200bna ")
True
>>> name_key("Олег") == name_key("Oлег")
True
>>> name_key("ana") == name_key("anna")
False
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

from ..names import name_key as seat_name_key

_ASCII_SHOWN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@cache
def _latin_twins() -> dict[str, str]:
    """Each case-folded non-ASCII character with an ASCII look-alike, and that look-alike."""
    fold = cache(_folded)
    twins: dict[str, tuple[int, str]] = {}
    for character, entries in confusables.confusables_data.items():
        mine = fold(character)
        for entry in entries:
            other = fold(entry["c"])
            for key, twin in ((mine, other), (other, mine)):
                if twin in _ASCII_SHOWN and len(key) == 1 and key not in _ASCII_SHOWN:
                    rank = (0 if twin.isalpha() else 1, twin)
                    known = twins.get(key)
                    if known is None or rank < known:
                        twins[key] = rank
    return {key: twin for key, (_letter, twin) in twins.items()}


def name_key(name: str) -> str:
    """The form of ``name`` that no two accounts may share (see the module's docstring).

    >>> name_key("  Zoë   Smith ")
    'zoë smith'
    >>> name_key("\\u0440\\u0430ul")  # Cyrillic er and a
    'paul'
    """
    twins = _latin_twins()
    return "".join(twins.get(ch, ch) for ch in seat_name_key(name))
