"""The browser's catalogs: ``locale/<lang>/LC_MESSAGES/web.po`` served as JSON.

The page (``web/js/i18n.js``) loads ``GET /i18n/<lang>.json`` before it renders, and
``GET /i18n/languages.json`` for its language switcher (with the language the browser's
``Accept-Language`` asks for). The PO file is read with Babel, directly (no compiled ``.mo``),
and the JSON is kept in memory until the file changes.

A catalog's JSON holds the translated singular messages (``messages``: msgid -> text), the
plural ones by their singular msgid (``plurals``: msgid -> the forms, numbered as the PO file's
``Plural-Forms`` numbers them) and, for the browser's ``Intl.PluralRules``, the form of each
CLDR plural category (``plural_categories``). Untranslated and fuzzy entries are left out: the
page shows the English message id for them.

>>> catalog = web_catalog("en")
>>> catalog["messages"], catalog["plural_categories"]
({}, {'other': 1, 'one': 0})
"""

from __future__ import annotations

import gettext
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from ...i18n.languages import LANGUAGE_NAMES

#: Where the catalogs live: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/<domain>.po``.
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DOMAIN = "web"
#: Counts whose CLDR category and PO form are compared to map the one to the other.
_SAMPLE_COUNTS = range(0, 1000)


class UnknownLanguage(LookupError):
    """A language solocards does not speak."""


@dataclass(frozen=True)
class CatalogResponse:
    """A catalog as the server sends it: the JSON body and its entity tag."""

    body: bytes
    etag: str


def po_path(lang: str, locale_dir: Path | None = None) -> Path:
    """The web PO file of ``lang``.

    >>> po_path("uk", Path("/l")).as_posix()
    '/l/uk/LC_MESSAGES/web.po'
    """
    return (locale_dir or LOCALE_DIR) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def plural_categories(lang: str, num_plurals: int, plural_expr: str) -> dict[str, int]:
    """The PO form index of each CLDR plural category of ``lang``.

    >>> plural_categories("uk", 3, "(n%10==1 && n%100!=11 ? 0 : "
    ...     "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    {'many': 2, 'one': 0, 'few': 1, 'other': 2}
    """
    form_of = gettext.c2py(plural_expr)
    locale = Locale.parse(lang)
    categories: dict[str, int] = {}
    for n in _SAMPLE_COUNTS:
        categories.setdefault(str(locale.plural_form(n)), min(form_of(n), num_plurals - 1))
    categories.setdefault("other", num_plurals - 1)
    return categories


def web_catalog(lang: str, locale_dir: Path | None = None) -> dict[str, Any]:
    """The catalog of ``lang`` for the browser (see the module's docstring).

    A supported language without a PO file yet has an empty catalog (the page stays English);
    a language not in :data:`~solocards.i18n.languages.LANGUAGE_NAMES` raises
    :class:`UnknownLanguage`.
    """
    if lang not in LANGUAGE_NAMES:
        raise UnknownLanguage(lang)
    path = po_path(lang, locale_dir)
    stat = path.stat() if path.is_file() else None
    stamp = (stat.st_mtime_ns, stat.st_size) if stat else None
    return _build(lang, str(path), stamp)


@lru_cache(maxsize=32)
def _build(lang: str, path: str, stamp: tuple[int, int] | None) -> dict[str, Any]:
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    if stamp is None:
        default = get_plural(lang)
        num_plurals, plural_expr = default.num_plurals, default.plural_expr
    else:
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=lang, domain=DOMAIN)
        num_plurals, plural_expr = catalog.num_plurals, catalog.plural_expr
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                forms = [str(form) for form in message.string or ()]
                if forms and all(forms):
                    plurals[str(message.id[0])] = forms
            elif message.string:
                messages[str(message.id)] = str(message.string)
    return {
        "lang": lang,
        "messages": messages,
        "plurals": plurals,
        "num_plurals": num_plurals,
        "plural_categories": plural_categories(lang, num_plurals, plural_expr),
    }


def catalog_response(lang: str, locale_dir: Path | None = None) -> CatalogResponse:
    """The JSON body of ``lang``'s catalog with its entity tag (a digest of the body)."""
    body = json.dumps(web_catalog(lang, locale_dir), ensure_ascii=False, sort_keys=True)
    data = body.encode()
    return CatalogResponse(data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"')


def languages_json(negotiated: str) -> dict[str, Any]:
    """The switcher's list: every language with its own name, and the one negotiated.

    >>> languages_json("uk")["languages"][2]
    {'code': 'uk', 'name': 'Українська'}
    """
    return {
        "languages": [{"code": code, "name": name} for code, name in LANGUAGE_NAMES.items()],
        "negotiated": negotiated,
    }
