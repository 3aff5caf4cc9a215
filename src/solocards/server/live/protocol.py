"""The WebSocket protocol: what clients send, how it is checked, and the error messages.

A client sends JSON text frames, one object each:

- ``{"type": "join", "table": ID, "token": TOKEN, "version": N, "lang": LANG}``: watch a
  table; with a seat token, play that seat (``token`` and ``version`` may be left out or null:
  a spectator, a full state). ``version`` is the last version the client saw: it gets the
  events it missed, or a full resync when they are no longer kept. ``lang`` (optional: en,
  de, uk, ru or be) is the language of everything this connection is sent from then on (action
  words, round summaries, errors); without it, that of the WebSocket handshake (``?lang=`` or
  ``Accept-Language``). ``name`` (optional): the name a spectator is listed and
  chats under (without one, an anonymous spectator).
- ``{"action": "R7", "version": N}`` (``"type": "action"`` may be added): play for the seat;
  ``version`` must be the table's current version.
- ``{"type": "resume"}``: take the seat back from the bot that played for it.
- ``{"type": "sync"}``: send the full state again.
- ``{"type": "ready"}``: a seated player is ready for the next round (ends the pause between
  rounds once every seated person is ready).
- ``{"type": "why", "action": "R7"}``: why the seat may not take that action now (a dimmed card
  of its own hand, say); answered to that connection only with ``{"type": "why", "action":
  ..., "legal": false, "reason": ...}`` (the engine's ``explain_illegal``, which speaks only of
  the seat's own cards). An action that names a card must name one of the seat's hand. A
  player the reason names is written ``{seat:N}`` (as in ``words``), for the client to name;
  so is one in the ``message`` of an ``illegal`` error.
- ``{"type": "leave"}``: stop watching the table; a seated player is replaced by a bot at once.
- ``{"type": "ping"}``: answered with ``{"type": "pong"}``.
- ``{"type": "hint"}``: a seated player on its turn asks for every legal action's win chance;
  answered later with a ``hint`` message for the version it was asked at (see ``hints.py``).
- ``{"type": "chat", "text": TEXT}`` or ``{"type": "chat", "phrase": ID}``: a chat line to
  the table (seated players and spectators; see :mod:`solocards.server.live.chat`).

The server answers with ``sync``, ``events``, ``update``, ``table``, ``rematch``, ``pong`` and
``error`` messages (see ``docs/server.md``). An ``error`` has a ``code`` from :data:`ERROR_CODES`
and a ``message`` for people; the connection stays open and the table is untouched.

>>> parse('{"action": "R7", "version": 3}')
Act(action='R7', version=3)
>>> try:
...     parse('{"type": "dance"}')
... except ProtocolError as problem:
...     print(problem.code)
bad_message
>>> parse('{"type": "why", "action": "TS"}')
Why(action='TS')
>>> parse('{"type": "chat", "phrase": "gg"}')
Chat(text=None, phrase='gg')
>>> parse('{"type": "join", "table": "\\ud800"}')
Traceback (most recent call last):
...
solocards.server.live.protocol.ProtocolError: 'table' must be valid Unicode text
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...i18n import SUPPORTED_LANGUAGES, _, normalise
from ..names import name_problem, visible_text
from .chat import QUICK_PHRASES, chat_problem

ERROR_CODES = (
    "bad_json",  # not JSON, or not a JSON object
    "bad_message",  # a JSON object that is not a valid message
    "too_large",  # over the size limit
    "rate_limited",  # over the per-connection message budget
    "binary",  # a binary frame
    "unknown_table",  # no table with this id
    "bad_token",  # a token that is no seat's token at this table
    "not_joined",  # an action before joining a table
    "not_seated",  # an action from a spectator
    "not_playing",  # the table is in the lobby or finished
    "stale_version",  # the version is not the table's current one
    "notation",  # not an action string of this game
    "illegal",  # a valid action that the seat may not take now
    "not_in_hand",  # a question about a card the seat does not hold
    "storage",  # the action could not be stored; the table is as before
    "hints_off",  # the table does not allow hints
    "not_your_turn",  # a hint asked for when it is not the seat's turn
    "hint_busy",  # the seat's previous hint is still being computed
    "hint_limit",  # the seat had all its hints of this round
    "hint_failed",  # the hint could not be computed in time; it was not counted
    "bad_chat",  # a chat line that is empty, too long, has control characters, or no such phrase
)


class ProtocolError(ValueError):
    """A message that cannot be handled; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.extra = extra

    def message(self) -> dict[str, Any]:
        """The ``error`` message for the client."""
        return error(self.code, str(self), **self.extra)


@dataclass(frozen=True)
class Join:
    """Watch a table, as a seat (with its token) or as a spectator."""

    table: str
    token: str | None = None
    version: int | None = None
    lang: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Act:
    """Play ``action`` for the joined seat at table version ``version``."""

    action: str
    version: int


@dataclass(frozen=True)
class Why:
    """Ask why the joined seat may not take ``action`` now."""

    action: str


@dataclass(frozen=True)
class Simple:
    """A message with no arguments: ``resume``, ``ready``, ``sync``, ``leave``, ``ping``,
    ``hint``."""

    type: str


@dataclass(frozen=True)
class Chat:
    """A chat line: free ``text``, or the id of a quick ``phrase`` (exactly one of them)."""

    text: str | None = None
    phrase: str | None = None


MAX_SPECTATOR_NAME = 32
"""The longest name a spectator may watch under."""

Message = Join | Act | Why | Simple | Chat
SIMPLE = ("hint", "leave", "ping", "ready", "resume", "sync")
TYPES = ("action", "chat", "join", "why", *SIMPLE)


def _int_or_none(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProtocolError(
            "bad_message",
            _(
                "{name} must be a whole number >= 0, not {value}",
                name=repr(name),
                value=repr(value),
            ),
        )
    return value


def _unicode(value: str, name: str) -> str:
    """``value`` if it is valid Unicode (no lone surrogate, which nothing could store)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(
            "bad_message", _("{name} must be valid Unicode text", name=repr(name))
        ) from None
    return value


def _language(value: Any) -> str | None:
    """The language of a ``join`` (None if not given), or a ``bad_message`` error."""
    if value is None:
        return None
    chosen = normalise(value) if isinstance(value, str) and len(value) <= 35 else None
    if chosen is None:
        raise ProtocolError(
            "bad_message",
            _(
                "'lang' must be one of {languages}, not {value}",
                languages=", ".join(SUPPORTED_LANGUAGES),
                value=repr(value)[:40],
            ),
        )
    return chosen


def parse(text: str) -> Message:
    """Turn one text frame into a message, or raise :class:`ProtocolError`."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        detail = getattr(error, "msg", "too deeply nested")
        raise ProtocolError("bad_json", _("not valid JSON: {detail}", detail=detail)) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", _("a message is a JSON object"))
    kind = data.get("type", "action" if "action" in data else None)
    if kind is None:
        raise ProtocolError("bad_message", _("a message needs a 'type' (or an 'action')"))
    if kind not in TYPES:
        raise ProtocolError(
            "bad_message",
            _(
                "unknown message type {kind}; types: {types}",
                kind=repr(kind),
                types=", ".join(TYPES),
            ),
        )
    if kind == "join":
        table = data.get("table")
        if not isinstance(table, str) or not table or len(table) > 64:
            raise ProtocolError("bad_message", _("'join' needs a 'table' id (a string)"))
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("bad_message", _("'token' must be a string"))
        return Join(
            _unicode(table, "table"),
            None if not token else _unicode(token, "token"),
            _int_or_none(data.get("version"), "version"),
            _language(data.get("lang")),
            _spectator_name(data.get("name")),
        )
    if kind == "why":
        action = data.get("action")
        if not isinstance(action, str) or not action or len(action) > 64:
            raise ProtocolError("bad_message", _("'why' needs an 'action' string, such as 'R7'"))
        return Why(_unicode(action, "action"))
    if kind == "chat":
        return _chat(data)
    if kind == "action":
        action = data.get("action")
        if not isinstance(action, str) or not action or len(action) > 64:
            raise ProtocolError("bad_message", _("'action' must be an action string, such as 'R7'"))
        if "version" not in data:
            raise ProtocolError(
                "bad_message", _("an action needs the 'version' of the table it was chosen at")
            )
        version = _int_or_none(data["version"], "version")
        if version is None:
            raise ProtocolError("bad_message", _("'version' must be a whole number >= 0"))
        return Act(_unicode(action, "action"), version)
    return Simple(kind)


def _spectator_name(value: Any) -> str | None:
    """The name a spectator watches under (blank: none), or ``bad_message``."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_SPECTATOR_NAME:
        raise ProtocolError(
            "bad_message",
            _("'name' must be text of at most {n} characters", n=MAX_SPECTATOR_NAME),
        )
    problem = name_problem(value)
    if problem is not None:
        raise ProtocolError("bad_message", problem)
    return visible_text(value).strip() or None


def _chat(data: dict[str, Any]) -> Chat:
    """A checked chat message, or ``bad_chat`` saying what is wrong with it."""
    text, phrase = data.get("text"), data.get("phrase")
    if (text is None) == (phrase is None):
        raise ProtocolError("bad_chat", _("a chat message has either a 'text' or a 'phrase'"))
    if phrase is not None:
        if phrase not in QUICK_PHRASES:
            raise ProtocolError(
                "bad_chat",
                _(
                    "there is no quick phrase {phrase}; phrases: {phrases}",
                    phrase=repr(phrase)[:40],
                    phrases=", ".join(QUICK_PHRASES),
                ),
            )
        return Chat(phrase=str(phrase))
    if not isinstance(text, str):
        raise ProtocolError("bad_chat", _("'text' must be a string"))
    text = visible_text(text)  # bidi controls and zero-width characters are taken out
    problem = chat_problem(text)
    if problem is not None:
        raise ProtocolError("bad_chat", problem)
    return Chat(text=text.strip())


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An ``error`` message for the client."""
    return {"type": "error", "code": code, "message": message, **extra}
