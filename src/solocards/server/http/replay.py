"""Replay of a finished game: the view one seat had after each step of the record.

``GET /api/tables/{id}/replay?step=N&seat=S`` rebuilds the finished match with
``solocards.replay(record, upto=N)`` and answers with ``view(S)`` of its current round (a
spectator's view without ``seat``). A step that ends a round also carries that round's final
view under ``round_over``, since the match has already dealt the next round by then. Only
finished games are replayed: their record, decks included, is public anyway (``/record``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request

from ...i18n import _, current_language, engine_text, render_error
from ...records import replay
from ..live.table import TableError
from ..live.tables import TableManager
from ..live.words import ActionWords, summary_lines

router = APIRouter(prefix="/api", tags=["replay"])


def replay_step(record: dict[str, Any], step: int, seat: int | None) -> dict[str, Any]:
    """What ``seat`` saw after ``step`` actions of a finished match's ``record``.

    >>> import solocards
    >>> match = solocards.make("frog").match(seed=3)
    >>> while not match.is_over:
    ...     who = match.to_act[0]
    ...     match.apply(who, match.state.legal_actions(who)[0])
    >>> first = replay_step(match.record(), 0, 1)
    >>> first["step"], first["action"], len(first["view"]["hand"])
    (0, None, 11)
    >>> last = replay_step(match.record(), 10**9, None)
    >>> last["step"] == last["steps"] and last["view"]["hand"] is None
    True
    """
    actions = [tuple(entry) for round_ in record["rounds"] for entry in round_["actions"]]
    steps = len(actions)
    step = min(step, steps)
    players: int = record["players"]
    if seat is not None and not 0 <= seat < players:
        raise ValueError(
            _("there is no seat {seat}; seats are 0..{last}", seat=seat, last=players - 1)
        )
    round_over: dict[str, Any] | None = None
    if step == 0:
        match = replay(record, upto=0)
    else:
        match = replay(record, upto=step - 1)
        before = match.state
        round_index = match.round_index
        who, action = actions[step - 1]
        match.apply(int(who), str(action))
        if match.round_index != round_index or match.is_over:
            result = before.result
            round_over = {
                "round": round_index,
                "result": result,
                "summary": []
                if result is None
                else summary_lines(match.game, result, current_language()),
                "view": before.view(seat),
            }
    view = match.state.view(seat)
    end_view = None if round_over is None else round_over["view"]
    return {
        "game": record["game"],
        "title": engine_text(match.game.title),
        "players": players,
        "names": record.get("names"),
        "options": record.get("options", {}),
        "steps": steps,
        "step": step,
        "seat": seat,
        "action": None if step == 0 else list(actions[step - 1]),
        "round": match.round_index,
        "rounds": len(record["rounds"]),
        "totals": list(match.totals),
        "is_over": match.is_over,
        "winners": match.winners,
        "view": view,
        "round_over": round_over,
        "words": ActionWords(match.game, current_language()).of_view(view, end_view),
    }


@router.get("/tables/{table_id}/replay", response_model=None)
async def get_replay_step(
    table_id: str,
    request: Request,
    step: int = Query(0, ge=0, description="Actions applied, from 0 (the first deal)."),
    seat: int | None = Query(None, ge=0, description="Whose view; none: a spectator's."),
) -> dict[str, Any]:
    """The view of one seat after ``step`` actions of a finished game (see ``/record``)."""
    manager: TableManager = request.app.state.manager
    try:
        table = await manager.require(table_id)
    except TableError as error:
        raise HTTPException(error.status, str(error)) from None
    record = table.record()
    if record is None:
        raise HTTPException(
            409,
            _(
                "the game at table {table} is {status}; only finished games replay",
                table=table.id,
                status=table.status,
            ),
        )
    try:
        # replaying a long record takes a while: off the event loop, in a worker thread
        return await asyncio.to_thread(replay_step, record, step, seat)
    except ValueError as error:
        raise HTTPException(400, render_error(error)) from None
