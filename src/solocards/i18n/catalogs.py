"""The translation catalogs: gettext PO files read by Babel, one per language and domain.

``src/solocards/locale/<lang>/LC_MESSAGES/<domain>.po`` holds the translations of one domain
(``engine``, ``solocards``, ``web``); English needs none, its message ids are the English text.
Files are read once (no compiled ``.mo``: a fresh clone works with no build step) and kept as
plain dicts, so a look-up is one dict access. A message without a translation (absent, empty
or fuzzy) falls back to its English id, never to an error; so does every message when Babel is
not installed (the engine's own install).

>>> from pathlib import Path
>>> catalogs = Catalogs(Path("/nonexistent"))
>>> catalogs.gettext("uk", "solocards", "Seat {seat}")
'Seat {seat}'
>>> catalogs.ngettext("uk", "solocards", "{n} card", "{n} cards", 5)
'{n} cards'
"""

from __future__ import annotations

import gettext as stdlib_gettext
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAINS: tuple[str, ...] = ("engine", "solocards", "web")


def english_plural(n: int) -> int:
    """The gettext plural index of English (and German): 0 for one, 1 for the rest."""
    return 0 if n == 1 else 1


@dataclass(frozen=True)
class Translations:
    """One language's translations of one domain, ready for look-ups."""

    singular: dict[str, str] = field(default_factory=dict)
    plural: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = english_plural
    plural_count: int = 2


EMPTY = Translations()


def plural_rule(lang: str) -> tuple[int, Callable[[int], int]]:
    """The number of plural forms of ``lang`` and its gettext plural function (from Babel's
    CLDR data; English's rule where Babel is not installed).

    >>> count, index = plural_rule("uk")
    >>> count, [index(n) for n in (1, 2, 5, 11, 21, 22, 25)]
    (3, [0, 1, 2, 2, 0, 1, 2])
    """
    try:
        from babel.messages.plurals import get_plural
    except ImportError:  # pragma: no cover - the engine-only install
        return 2, english_plural
    rule = get_plural(lang)
    function = stdlib_gettext.c2py(rule.plural_expr)
    return rule.num_plurals, function


def read_translations(path: Path, lang: str) -> Translations:
    """The translated, non-fuzzy entries of one PO file."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    singular: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(str(form) for form in message.string or ())
            if all(forms):
                plural[str(message.id[0])] = forms
        elif message.string:
            singular[str(message.id)] = str(message.string)
    count, index = plural_rule(lang)
    return Translations(singular, plural, index, count)


class Catalogs:
    """The catalogs under one locale directory, each read on first use and then kept."""

    def __init__(self, directory: Path = LOCALE_DIR) -> None:
        self.directory = directory
        self._loaded: dict[tuple[str, str], Translations] = {}
        self._lock = threading.Lock()

    def path(self, lang: str, domain: str) -> Path:
        """Where the PO file of ``lang`` and ``domain`` lives."""
        return self.directory / lang / "LC_MESSAGES" / f"{domain}.po"

    def translations(self, lang: str, domain: str) -> Translations:
        """The translations of ``lang`` in ``domain`` (empty for English or a missing file)."""
        key = (lang, domain)
        found = self._loaded.get(key)
        if found is not None:
            return found
        with self._lock:
            found = self._loaded.get(key)
            if found is None:
                found = self._read(lang, domain)
                self._loaded[key] = found
        return found

    def _read(self, lang: str, domain: str) -> Translations:
        path = self.path(lang, domain)
        if lang == "en" or not path.is_file():
            return EMPTY
        try:
            return read_translations(path, lang)
        except ImportError:  # pragma: no cover - Babel not installed: English
            return EMPTY
        except Exception as error:  # a broken file must not break every message: English
            log.warning("cannot read the catalog %s (%s); showing English", path, error)
            return EMPTY

    def gettext(self, lang: str, domain: str, message: str) -> str:
        """The translation of ``message``, or ``message`` itself."""
        return self.translations(lang, domain).singular.get(message, message)

    def ngettext(self, lang: str, domain: str, singular: str, plural: str, n: int) -> str:
        """The form of a plural message for the count ``n``, or the English one."""
        translations = self.translations(lang, domain)
        forms = translations.plural.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        index = translations.plural_index(n)
        return forms[index] if 0 <= index < len(forms) else forms[-1]

    def clear(self) -> None:
        """Forget every catalog read (after the PO files changed)."""
        with self._lock:
            self._loaded.clear()


#: The catalogs shipped with solocards.
CATALOGS = Catalogs()

__all__ = [
    "CATALOGS",
    "DOMAINS",
    "LOCALE_DIR",
    "Catalogs",
    "Translations",
    "plural_rule",
    "read_translations",
]
