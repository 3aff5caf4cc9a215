"""The web page's template (src/solocards/locale/web.pot) holds exactly the page's messages.

The messages are extracted again here as ``scripts/i18n-web.sh`` extracts them (Babel with
``locale/babel-web.cfg``: the JavaScript keywords ``t``, ``tn:1,2`` and ``N_``, the HTML
attributes through ``solocards.i18n.htmlextract``); a string added to the page without the
template written again fails, and so does a message left in the template that the page lost.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from solocards.i18n.htmlextract import extract_html

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "solocards" / "locale"
KEYWORDS = {"t": None, "tn": (1, 2), "N_": None}


def message_key(message: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A message id as a tuple (a plural message: its singular and plural)."""
    return (message,) if isinstance(message, str) else tuple(message)


def extracted() -> set[tuple[str, ...]]:
    """The page's messages as the extraction finds them in the source today."""
    with (LOCALE / "babel-web.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = extract_from_dir(ROOT, method_map, options_map, keywords=KEYWORDS)
    return {message_key(message) for _, _, message, _, _ in found}


def test_web_pot_is_up_to_date() -> None:
    with (LOCALE / "web.pot").open("rb") as handle:
        template = {message_key(m.id) for m in read_po(handle) if m.id}
    source = extracted()
    assert source - template == set(), "scripts/i18n-web.sh was not run after adding these"
    assert template - source == set(), "scripts/i18n-web.sh was not run after removing these"
    assert ("{n} card", "{n} cards") in source
    assert ("Pick a report. Reports are written by {command}.",) in source  # lab.html


def test_html_extractor_reads_the_three_marks() -> None:
    page = (
        b'<p data-i18n="Hello {who}."><b data-slot="who">you</b></p>\n'
        b'<button data-i18n-title="Close it" data-i18n-label="close">x</button>\n'
        b"<p>not marked</p>"
    )
    found = list(extract_html(io.BytesIO(page), [], [], {"encoding": "utf-8"}))
    assert found == [
        (1, None, "Hello {who}.", []),
        (2, None, "Close it", []),
        (2, None, "close", []),
    ]
