"""The table's chat and who watches it: kept in memory only, never with the table's actions.

A client sends ``{"type": "chat", "text": "..."}`` (at most :data:`MAX_CHAT_CHARS` characters,
no control characters) or ``{"type": "chat", "phrase": "gg"}`` (a quick phrase of
:data:`QUICK_PHRASES`, sent by id so that every viewer reads it in their own language).
Seated players and spectators may chat; each connection has its own budget
(:data:`CHAT_RATE` per second, :data:`CHAT_BURST` at once). The table keeps the last
:data:`CHAT_HISTORY` lines, which a client gets when it joins (``chat`` in its ``sync`` or
``events``), and sends every new line to everyone as a ``chat`` message. Several server
processes also keep the last lines in Redis, so that they move with the table to its next
holder (:class:`solocards.server.cluster.chatcopies.ChatCopies`).

Nothing here sees a card: a line holds who wrote it (the seat and its public name, or a
spectator's chosen name) and what they wrote.

>>> room = ChatRoom()
>>> room.add(ChatAuthor(seat=0, name="ana"), text="hello", phrase=None)["text"]
'hello'
>>> room.add(ChatAuthor(seat=None, name=None), text=None, phrase="gg")["phrase"]
'gg'
>>> [line["id"] for line in room.history()]
[1, 2]
>>> chat_problem("a\\x07b")
'a chat line may not contain control characters (U+0007 at position 1)'
"""

from __future__ import annotations

import time
import unicodedata
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...i18n import _

MAX_CHAT_CHARS = 200
"""The longest chat line, in characters."""

CHAT_HISTORY = 50
"""The chat lines a table keeps for those who join later."""

CHAT_RATE = 0.5
"""Chat lines per second one connection may send on average..."""

CHAT_BURST = 4
"""...and at once."""

QUICK_PHRASES = ("gg", "wp", "thanks", "oops")
"""The quick phrases (by id): Good game, Well played, Thanks, Oops."""

_FORBIDDEN = ("Cc", "Cs")  # control characters (newlines included), lone surrogates


def chat_problem(text: str) -> str | None:
    """What is wrong with a chat line, or ``None`` if it may be sent.

    >>> chat_problem("well played!") is None
    True
    >>> chat_problem("   ")
    'a chat line needs some text'
    >>> chat_problem("x" * 201)
    'a chat line is at most 200 characters, not 201'
    """
    if not text.strip():
        return _("a chat line needs some text")
    if len(text) > MAX_CHAT_CHARS:
        return _(
            "a chat line is at most {limit} characters, not {length}",
            limit=MAX_CHAT_CHARS,
            length=len(text),
        )
    for position, character in enumerate(text):
        if unicodedata.category(character) in _FORBIDDEN:
            code = format(ord(character), "04X")
            return _(
                "a chat line may not contain control characters (U+{code} at position {position})",
                code=code,
                position=position,
            )
    return None


@dataclass(frozen=True)
class ChatAuthor:
    """Who writes: a seat (its public name) or a spectator (a chosen name, or none)."""

    seat: int | None
    name: str | None


class ChatRoom:
    """A table's last chat lines, in memory.

    ``on_add`` (if set) is told of every new line: several server processes keep the lines in
    Redis too, so that the table's next holder has them (:meth:`restore`).

    >>> room = ChatRoom()
    >>> room.restore([{"id": 7, "at": 0.0, "seat": 0, "name": "ana", "text": "hi"}])
    >>> room.add(ChatAuthor(seat=1, name="bo"), text="hey", phrase=None)["id"]
    8
    """

    def __init__(self, keep: int = CHAT_HISTORY) -> None:
        self._lines: deque[dict[str, Any]] = deque(maxlen=keep)
        self._next = 1
        self._addresses: dict[int, str] = {}  # line id -> its author's address, never sent
        self.on_add: Callable[[dict[str, Any]], None] | None = None
        self.on_hide: Callable[[int], None] | None = None

    def restore(self, lines: list[dict[str, Any]]) -> None:
        """Take back lines kept elsewhere (oldest first) before any new one is said here."""
        for line in sorted(lines, key=lambda kept: int(kept["id"])):
            self._lines.append(line)
        if self._lines:
            self._next = max(self._next, int(self._lines[-1]["id"]) + 1)

    def add(
        self, author: ChatAuthor, text: str | None, phrase: str | None, address: str | None = None
    ) -> dict[str, Any]:
        """Keep one line (already checked) and return it as clients get it.

        ``address``, the author's, is kept beside the line for moderators (a ban of the
        author) while the line is kept, and never sent to anyone.
        """
        line: dict[str, Any] = {
            "id": self._next,
            "at": round(time.time(), 3),
            "seat": author.seat,
            "name": author.name,
        }
        if phrase is not None:
            line["phrase"] = phrase
        else:
            line["text"] = text
        self._next += 1
        if len(self._lines) == self._lines.maxlen:
            self._addresses.pop(int(self._lines[0]["id"]), None)
        self._lines.append(line)
        if address is not None:
            self._addresses[int(line["id"])] = address
        if self.on_add is not None:
            self.on_add(line)
        return line

    def history(self) -> list[dict[str, Any]]:
        """The kept lines, oldest first."""
        return list(self._lines)

    def line(self, line_id: int) -> dict[str, Any] | None:
        """The kept line ``line_id``, or ``None`` (never said, or no longer kept)."""
        return next((line for line in self._lines if line["id"] == line_id), None)

    def author_address(self, line_id: int) -> str | None:
        """The address the kept line ``line_id`` came from, if this process heard it."""
        return self._addresses.get(line_id)

    def hide(self, line_id: int) -> dict[str, Any] | None:
        """Take the line ``line_id`` out of the history (a moderator hid it); the line, or
        ``None`` if it is not kept.

        >>> room = ChatRoom()
        >>> said = room.add(ChatAuthor(seat=0, name="ana"), text="rude", phrase=None)
        >>> room.hide(said["id"])["text"], room.history(), room.hide(said["id"])
        ('rude', [], None)
        """
        found = self.line(line_id)
        if found is None:
            return None
        self._lines.remove(found)
        self._addresses.pop(line_id, None)
        if self.on_hide is not None:
            self.on_hide(line_id)
        return found


def spectator_list(names: list[str | None]) -> dict[str, Any]:
    """Who watches: the names of named spectators (sorted, each once) and how many have none.

    >>> spectator_list(["zoe", None, "ana", None, "zoe"])
    {'names': ['ana', 'zoe'], 'anonymous': 2, 'count': 5}
    """
    named = Counter(name for name in names if name)
    return {
        "names": sorted(named),
        "anonymous": sum(1 for name in names if not name),
        "count": len(names),
    }
