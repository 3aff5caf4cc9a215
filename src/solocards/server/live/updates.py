"""The ``update`` messages of one committed action: one per audience (each seat, spectators).

Each audience gets its own view of the match without the round's log (``view(seat,
log=False)``: its ``log_size`` instead), the log entries new since the last update
(``log_added``, starting at entry ``log_from`` of the round's log: the client appends them to
the log it holds), and the action as its own view logs it (hidden parts masked:
``discard:??``). An update thus costs the same at version 10,000 as at version 100; a ``sync``
or an ``events`` catch-up still carries the full view. When the action ended a round and the
match dealt the next, the message also carries the finished round as that audience may see it
(``round_over``, with its whole log and the game's ``summary`` of it in lines: the contract and
its outcome, card points, payments; the last round of a match has its ``summary`` beside the
event, each player in it written ``{seat:N}``), and the words of the action strings in it
(``words``, :mod:`.words`), in the language of the connection it goes to.
"""

from __future__ import annotations

from typing import Any

from ...core.game import State, View
from ...core.match import Match
from ...i18n import DEFAULT_LANGUAGE
from .jsonfast import dumps
from .words import ActionWords, summary_lines


def last_logged(view: View, logged: int) -> str | None:
    """The last action as ``view``'s log shows it, if the log holds all ``logged`` actions.

    >>> last_logged({"log": [[0, "R7"], [1, "discard:??"]]}, 2)
    'discard:??'
    >>> last_logged({"log": [[1, "discard:??"]]}, 2) is None
    True
    """
    entries = view.get("log")
    if not isinstance(entries, list) or not entries or len(entries) != logged:
        return None
    last = entries[-1]
    if isinstance(last, list | tuple) and len(last) == 2 and isinstance(last[1], str):
        return last[1]
    return None


def build_updates(
    match: Match,
    common: dict[str, Any],
    seat: int,
    before: State,
    round_index: int,
    words: ActionWords | None = None,
    note: dict[str, Any] | None = None,
    finished_notes: dict[str, Any] | None = None,
) -> tuple[list[str], list[dict[str, Any]]]:
    """The JSON text of each audience's update and its event (seats 0..n-1, then spectators).

    ``before`` is the round the action was applied to and ``round_index`` its number; ``common``
    holds the fields every message shares (table, version, status, totals, clock). The words
    (and a finished round's summary) are in the language of ``words`` (English without).
    ``note``: the public facts of the action (:mod:`.narration`), the same for every audience;
    ``finished_notes``: those of the whole round it ended.
    """
    updates = Updates(
        match, common, seat, before, round_index, note=note, finished_notes=finished_notes
    )
    lang = DEFAULT_LANGUAGE if words is None else words.lang
    texts = [updates.text(audience, lang, words) for audience in range(match.game.players + 1)]
    return texts, updates.events


class Updates:
    """The updates of one committed action, built once per audience and dumped once per
    audience and language (players at one table may read different languages)."""

    def __init__(
        self,
        match: Match,
        common: dict[str, Any],
        seat: int,
        before: State,
        round_index: int,
        note: dict[str, Any] | None = None,
        finished_notes: dict[str, Any] | None = None,
    ) -> None:
        self.match = match
        players = match.game.players
        state = match.state
        round_over = match.round_index != round_index
        # the new entries: the action just applied, or (a new round dealt) the new round's log
        log_from = 0 if round_over else max(state.log_size - 1, 0)
        self.result = before.result
        self.messages: list[dict[str, Any]] = []
        self.word_views: list[tuple[View, View | None]] = []
        self.events: list[dict[str, Any]] = []
        self._texts: dict[tuple[int, str], str] = {}
        for audience in range(players + 1):
            who = audience if audience < players else None
            view = state.view(who, log=False)
            added = state.log_since(who, log_from)
            end_view = before.view(who) if round_over else None
            event: dict[str, Any] = {
                "version": common["version"],
                "seat": seat,
                "action": last_logged(end_view, before.log_size)
                if end_view is not None
                else _last_action(added),
            }
            if note is not None:
                event["note"] = note
            if before.is_over:
                event["result"] = self.result
            self.events.append(event)
            message: dict[str, Any] = {
                "type": "update",
                **common,
                "event": event,
                "view": view,
                "log_from": log_from,
                "log_added": added,
            }
            if end_view is not None:
                message["round_over"] = {
                    "round": round_index,
                    "result": self.result,
                    "view": end_view,
                }
                if finished_notes is not None:
                    message["round_over"]["notes"] = finished_notes
            self.messages.append(message)
            self.word_views.append(({**view, "log": added}, end_view))

    def text(self, audience: int, lang: str, words: ActionWords | None) -> str:
        """The JSON text for ``audience`` (a seat, or ``players`` for spectators) in ``lang``."""
        key = (audience, lang)
        text = self._texts.get(key)
        if text is None:
            message = self.messages[audience]
            if words is not None:
                message = {**message, "words": words.of_view(*self.word_views[audience])}
            if self.result is not None:
                summary = summary_lines(self.match.game, self.result, lang)
                if "round_over" in message:
                    message = {
                        **message,
                        "round_over": {**message["round_over"], "summary": summary},
                    }
                else:  # the match's last round: no next deal, the view is its end
                    message = {**message, "summary": summary}
            text = dumps(message)
            self._texts[key] = text
        return text


def _last_action(entries: list[list[Any]]) -> str | None:
    """The action of the last of these log entries, if any."""
    if entries and isinstance(entries[-1][1], str):
        return str(entries[-1][1])
    return None
