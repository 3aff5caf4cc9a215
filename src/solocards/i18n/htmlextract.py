"""A Babel extractor for the web page's HTML: the messages of its ``data-i18n`` attributes.

An element's text is marked ``data-i18n="English text"`` (the message id; ``{slot}``
placeholders are filled by its children marked ``data-slot``), its title
``data-i18n-title`` and its aria-label ``data-i18n-label``. ``web/js/i18n.js`` translates them
when the page loads; ``locale/babel-web.cfg`` registers this function for ``web/*.html``.

>>> import io
>>> page = b'<h1 data-i18n="Reports">Reports</h1><nav data-i18n-label="Lab reports"></nav>'
>>> list(extract_html(io.BytesIO(page), [], [], {}))
[(1, None, 'Reports', []), (1, None, 'Lab reports', [])]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from typing import IO, Any

#: The attributes whose value is a message id.
MESSAGE_ATTRIBUTES = ("data-i18n", "data-i18n-title", "data-i18n-label")


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        values = dict(attrs)
        for name in MESSAGE_ATTRIBUTES:
            message = values.get(name)
            if message:
                self.found.append((line, message))


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: ``(line, None, message, [])`` for each marked message."""
    parser = _Marked()
    parser.feed(fileobj.read().decode(str(options.get("encoding", "utf-8"))))
    parser.close()
    for line, message in parser.found:
        yield line, None, message, []
