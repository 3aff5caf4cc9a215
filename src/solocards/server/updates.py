"""The ``update`` messages of one committed action: one per audience (each seat, spectators).

Each audience gets its own view of the match without the round's log (``view(seat,
log=False)``: its ``log_size`` instead), the log entries new since the last update
(``log_added``, starting at entry ``log_from`` of the round's log: the client appends them to
the log it holds), and the action as its own view logs it (hidden parts masked:
``discard:??``). An update thus costs the same at version 10,000 as at version 100; a ``sync``
or an ``events`` catch-up still carries the full view. When the action ended a round and the
match dealt the next, the message also carries the finished round as that audience may see it
(``round_over``, with its whole log), and the words of the action strings in it (``words``,
:mod:`.words`).
"""

from __future__ import annotations

from typing import Any

from ..core.game import State, View
from ..core.match import Match
from .jsonfast import dumps
from .words import ActionWords


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
) -> tuple[list[str], list[dict[str, Any]]]:
    """The JSON text of each audience's update and its event (seats 0..n-1, then spectators).

    ``before`` is the round the action was applied to and ``round_index`` its number; ``common``
    holds the fields every message shares (table, version, status, totals, clock).
    """
    players = match.game.players
    state = match.state
    round_over = match.round_index != round_index
    # the new entries: the action just applied, or (a new round dealt) the new round's log
    log_from = 0 if round_over else max(state.log_size - 1, 0)
    result = before.result
    texts: list[str] = []
    events: list[dict[str, Any]] = []
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
        if before.is_over:
            event["result"] = result
        events.append(event)
        message: dict[str, Any] = {
            "type": "update",
            **common,
            "event": event,
            "view": view,
            "log_from": log_from,
            "log_added": added,
        }
        if end_view is not None:
            message["round_over"] = {"round": round_index, "result": result, "view": end_view}
        if words is not None:
            message["words"] = words.of_view(view, {"log": added}, end_view)
        texts.append(dumps(message))
    return texts, events


def _last_action(entries: list[list[Any]]) -> str | None:
    """The action of the last of these log entries, if any."""
    if entries and isinstance(entries[-1][1], str):
        return str(entries[-1][1])
    return None
