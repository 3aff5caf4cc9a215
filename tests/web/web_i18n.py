"""Helpers of the browser's language tests: the English a translated page must no longer show.

From a web PO file: every message whose translation differs from its English message id. A page
in that language is then searched (its text nodes, and its ``aria-label``, ``title``,
``placeholder`` and ``alt`` attributes, and the document's title) for a string equal to one of
those English messages: a string that never went through ``t``/``tn``, or a message the catalog
lacks at run time. A message with ``{placeholders}`` matches as a pattern (any text in their
place) when its fixed words are long enough to tell it apart; a string that the translation's
own pattern matches too is not counted (names and card symbols are no messages).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from playwright.sync_api import Page

PLACEHOLDER = re.compile(r"\{\w+\}")
#: Placeholders that always hold a number: they match digits only.
NUMBERS = frozenset(
    [
        "n",
        "count",
        "number",
        "points",
        "seconds",
        "step",
        "steps",
        "least",
        "stake",
        "players",
        "rounds",
        "deals",
        "seatings",
        "seed",
        "value",
        "against",
        "status",
    ]
)
#: What any other placeholder matches: a name, a card or a contract (a few words at most).
WORDS = r"\S+(?: \S+){0,3}"
#: Fixed letters a message with placeholders needs to be searched for (``"{n} s"`` is not).
MIN_FIXED_LETTERS = 4


@dataclass(frozen=True)
class English:
    """An English message of the catalog, as the page would show it untranslated."""

    msgid: str
    pattern: str  # a JavaScript regular expression matching the whole string
    translated: str  # the translation's pattern: a string it matches is not English


def message_pattern(message: str) -> str:
    """A regular expression (for JavaScript and Python) matching the whole of ``message`` with
    its placeholders filled: a number for a count, a few words for a name, card or contract.

    >>> english = message_pattern("{n} card")
    >>> bool(re.match(english, "7 card")), bool(re.match(english, "any card"))
    (True, False)
    >>> bool(re.match(message_pattern("{name} to play."), "Bot 2 to play."))
    True
    """
    pattern = "^"
    for index, piece in enumerate(re.split(r"(\{\w+\})", message)):
        if index % 2:
            pattern += r"(?:-?\d+)" if piece[1:-1] in NUMBERS else f"(?:{WORDS})"
        else:
            pattern += re.escape(piece)
    return pattern + "$"


def translated_english(po_file: Path) -> list[English]:
    """The English messages of ``po_file`` that have a translation of their own."""
    with po_file.open("rb") as handle:
        catalog = read_po(handle)
    found: list[English] = []
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            sources = [str(source) for source in message.id]
            forms = [str(form) for form in message.string or ()]
        else:
            sources, forms = [str(message.id)], [str(message.string or "")]
        forms = [form for form in forms if form]
        for source in sources:
            if not forms or source in forms:
                continue
            fixed = PLACEHOLDER.sub("", source)
            if source != fixed and sum(c.isalpha() for c in fixed) < MIN_FIXED_LETTERS:
                continue
            if not fixed.strip():
                continue
            found.append(
                English(
                    source,
                    message_pattern(source),
                    "|".join(f"(?:{message_pattern(form)})" for form in forms),
                )
            )
    return found


#: The page's own code (games/ included), where an engine message may be written as a literal.
PAGE_SOURCES = Path(__file__).resolve().parents[2] / "src" / "solocards" / "web" / "js"


def engine_words_in_page(engine_po: Path, sources: Path = PAGE_SOURCES) -> list[English]:
    """The engine's English messages that the page's JavaScript writes as a string literal
    (``"Spadilla (Q♣)"``): the page shows them itself, so they must be translated there too.
    Only those: the server sends the engine's other words already translated. A single plain
    word ("none", "hidden") is not counted: in the code it is a keyword, not a text.
    """
    code = "\n".join(path.read_text(encoding="utf-8") for path in sorted(sources.rglob("*.js")))
    return [
        message
        for message in translated_english(engine_po)
        if (" " in message.msgid or not message.msgid.isascii())
        and (f'"{message.msgid}"' in code or f"'{message.msgid}'" in code)
    ]


#: Installs ``window.__findEnglish`` in the page (once per document): the catalog's messages are
#: sent and their expressions compiled once, not at every look.
INSTALL_FINDER_JS = """(messages) => {
  const compiled = messages.map((m) => ({msgid: m.msgid, english: new RegExp(m.pattern, 's'),
    translated: new RegExp(m.translated, 's')}));
  window.__findEnglish = () => {
  const found = [];
  const check = (text, where) => {
    const value = (text ?? '').trim();
    if (!value) return;
    for (const m of compiled) {
      if (m.english.test(value) && !m.translated.test(value)) {
        found.push({msgid: m.msgid, text: value, where});
        return;
      }
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && parent.closest('script, style, noscript')) continue;
    check(node.textContent, parent ? parent.tagName.toLowerCase() + '.' + parent.className : '');
  }
  for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
    for (const el of document.querySelectorAll(`[${attr}]`)) {
      check(el.getAttribute(attr), `${el.tagName.toLowerCase()}[${attr}]`);
    }
  }
  check(document.title, 'title');
  return found;
  };
}"""

FIND_ENGLISH_JS = "() => typeof window.__findEnglish === 'function' ? window.__findEnglish() : null"


@dataclass
class EnglishFinder:
    """Searches pages for untranslated English and keeps what it found, once per message."""

    messages: list[English]
    found: dict[str, dict[str, Any]]

    @classmethod
    def for_po(cls, po_file: Path, engine_po: Path | None = None) -> EnglishFinder:
        """A finder for the language of ``po_file``; with ``engine_po`` (the same language's
        engine catalog) it also knows the engine's messages that the page's code writes."""
        messages = translated_english(po_file)
        if engine_po is not None and engine_po.is_file():
            known = {message.msgid for message in messages}
            extra = engine_words_in_page(engine_po)
            messages += [message for message in extra if message.msgid not in known]
        return cls(messages, {})

    def look(self, page: Page, where: str) -> None:
        """Search the page as it is now; ``where`` names the moment in a failure."""
        hits = page.evaluate(FIND_ENGLISH_JS)
        if hits is None:  # a new document: install the finder first
            page.evaluate(INSTALL_FINDER_JS, [m.__dict__ for m in self.messages])
            hits = page.evaluate(FIND_ENGLISH_JS)
        for hit in hits:
            self.found.setdefault(hit["msgid"], {**hit, "page": where})

    def report(self) -> str:
        """The English found, one line each (empty when none)."""
        return "\n".join(
            f"{hit['page']}: {hit['text']!r} ({hit['where']}) is the English of {msgid!r}"
            for msgid, hit in sorted(self.found.items())
        )
