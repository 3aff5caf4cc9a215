"""The ``update`` messages of one committed action: one per audience (each seat, spectators).

Each audience gets its own view of the match, and the action as its own view logs it (hidden
parts masked: ``discard:??``). When the action ended a round and the match dealt the next, the
message also carries the finished round as that audience may see it (``round_over``), and the
words of the action strings in its views (``words``, :mod:`.words`).
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
    note: dict[str, Any] | None = None,
    finished_notes: dict[str, Any] | None = None,
) -> tuple[list[str], list[dict[str, Any]]]:
    """The JSON text of each audience's update and its event (seats 0..n-1, then spectators).

    ``before`` is the round the action was applied to and ``round_index`` its number; ``common``
    holds the fields every message shares (table, version, status, totals, clock). ``note``:
    the public facts of the action (:mod:`.narration`), the same for every audience;
    ``finished_notes``: those of the whole round it ended.
    """
    players = match.game.players
    round_over = match.round_index != round_index
    history_state = before if round_over or match.is_over else match.state
    logged = len(history_state.history)
    result = before.result
    texts: list[str] = []
    events: list[dict[str, Any]] = []
    for audience in range(players + 1):
        who = audience if audience < players else None
        view = match.state.view(who)
        end_view = before.view(who) if round_over else view
        event: dict[str, Any] = {
            "version": common["version"],
            "seat": seat,
            "action": last_logged(end_view, logged),
        }
        if note is not None:
            event["note"] = note
        if before.is_over:
            event["result"] = result
        events.append(event)
        message: dict[str, Any] = {"type": "update", **common, "event": event, "view": view}
        if round_over:
            message["round_over"] = {"round": round_index, "result": result, "view": end_view}
            if finished_notes is not None:
                message["round_over"]["notes"] = finished_notes
        if words is not None:
            message["words"] = words.of_view(view, end_view if round_over else None)
        texts.append(dumps(message))
    return texts, events
