"""The review of a finished round: ``GET /api/tables/{id}/review?round=R&seat=S``.

Each decision seat ``S`` took alone in round ``R`` (counted from 1, as ``solocards review``
counts) is graded from the seat's view at that moment (:func:`solocards.analysis.review`):
the best action, the action played, the win chance lost, and the mark. Who may ask:

- while the match goes on, only the seat's own player (``Authorization: Bearer <seat
  token>``), and only for a round that is over: the review shows the seat's hands;
- once the match is over, anyone who has the table's id, like its record and its replay
  (``/record`` shows every card of a finished match anyway).

The review is computed on the hint workers (:mod:`solocards.server.live.hints`), from the record of
the finished rounds only (the round in play, whose deck holds unseen cards, never goes in),
within ``review_worlds`` worlds and ``review_seconds`` per decision, and cached. The answer
carries ``words``: each action it names in the game's words, as messages with a view do.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request

from ...analysis.jobs import ReviewJob, finished_rounds
from ...i18n import _, current_language
from ..config import Settings
from ..live.table import Table, TableError
from ..live.tables import TableManager
from .lobby import _bearer

router = APIRouter(prefix="/api", tags=["replay"])

RETRY_SECONDS = 5
"""The ``Retry-After`` of a review that is still being computed."""


def _busy(message: str) -> HTTPException:
    return HTTPException(503, message, headers={"Retry-After": str(RETRY_SECONDS)})


@router.get("/tables/{table_id}/review", response_model=None)
async def get_review(
    table_id: str,
    request: Request,
    round_number: Annotated[
        int, Query(alias="round", ge=1, description="The round, counted from 1.")
    ],
    seat: Annotated[int, Query(ge=0, description="Whose decisions.")],
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Seat ``seat``'s decisions in finished round ``round``, graded (see the module doc)."""
    manager: TableManager = request.app.state.manager
    settings: Settings = request.app.state.settings
    try:
        table = await manager.require(table_id)
    except TableError as error:
        raise HTTPException(error.status, str(error)) from None
    if seat >= table.players:
        raise HTTPException(
            400,
            _("there is no seat {seat}; seats are 0..{last}", seat=seat, last=table.players - 1),
        )
    if table.status == "finished":
        record = table.record()
        assert record is not None
        finished = len(record["rounds"])
    elif table.status == "playing" and table.match is not None:
        token = _bearer(authorization)
        if token is None or table.seat_of(token) != seat:
            raise HTTPException(
                403,
                _(
                    "while the match goes on, only the seat's own player may review it "
                    "(Authorization: Bearer <seat token>)"
                ),
            )
        finished = len(table.match.results)
        record = dict(table.match.record())
    else:
        raise HTTPException(
            409, _("the game at table {id} is {status}; nothing to review", id=table.id,
                   status=table.status)
        )  # fmt: skip
    if round_number > finished:
        raise HTTPException(
            409, _("round {round} is not over yet; only finished rounds are reviewed",
                   round=round_number)
        )  # fmt: skip
    job = ReviewJob(
        finished_rounds(record, round_number),
        seat,
        round_number,
        worlds=settings.review_worlds,
        seconds=settings.review_seconds,
    )
    hints = manager.hints
    if not hints.has_review(table.id, job) and hints.reviews_running() >= settings.reviews_at_once:
        raise _busy(_("the server is working out other reviews; try again in a few seconds"))
    try:
        report = await hints.review(table.id, job)
    except TimeoutError:
        raise _busy(_("the review is still being worked out; ask again in a few seconds")) from None
    return {**report, "words": review_words(table, report)}


def review_words(table: Table, report: dict[str, Any]) -> dict[str, str]:
    """The words of every action a review names (as ``words`` in messages with a view), in the
    request's language."""
    actions = {a["action"] for d in report["decisions"] for a in d["actions"]}
    words = table.words_in(current_language())
    return {action: words.of(action) for action in sorted(actions)}
