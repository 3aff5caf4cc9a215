"""Hints and reviews as self-contained jobs, to be computed in another process.

A job holds only what its computation may read: a hint job the seat's *view* (never the
state), the game's id, players and options, the budget and the seed; a review job the record
of the finished rounds only. Both are plain picklable data, so a server can hand them to a
process pool (:mod:`solocards.server.live.hints`) and keep its event loop free.

>>> import solocards
>>> state = solocards.make("uno", players=2).deal(seed=5)
>>> seat = state.to_act[0]
>>> job = HintJob.of(state, seat, worlds=4, seconds=None, seed=1)
>>> "hands" in job.view, job.view["seat"] == seat
(False, True)
>>> answer = compute_hint(job)
>>> answer["worlds"], sorted(a["action"] for a in answer["actions"]) == sorted(
...     state.legal_actions(seat))
(4, True)
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.game import Game, State
from ..games.registry import make
from .cancel import stopper
from .estimate import analyse
from .review import review

_GAMES: dict[tuple[Any, ...], Game] = {}


def _game(game_id: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    """The game of a job, made once per worker process.

    The options are those of a game that exists already (a table's, a record's), so they are
    not checked as a new match's: a table or record from before a rule became stricter (German
    Solo's deals) gets hints and reviews too (``stored=True``, see :class:`Game`)."""
    key = (game_id, players, options)
    if key not in _GAMES:
        _GAMES[key] = make(game_id, players=players, **dict(options), stored=True)
    return _GAMES[key]


def _options(game: Game) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(dict(game.options).items()))


@dataclass(frozen=True)
class HintJob:
    """A hint to compute: the seat's view and the budget (``seconds`` ``None``: worlds only);
    ``slot``: its stop flag (:mod:`.cancel`), if it may be stopped early."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    view: dict[str, Any]
    worlds: int
    seconds: float | None
    seed: int
    slot: int | None = None

    @classmethod
    def of(
        cls, state: State, seat: int, *, worlds: int, seconds: float | None, seed: int
    ) -> HintJob:
        """The job of a hint for ``seat``: only ``state.view(seat)`` goes into it."""
        game = state.game
        return cls(game.id, game.players, _options(game), state.view(seat), worlds, seconds, seed)


def compute_hint(job: HintJob) -> dict[str, Any]:
    """Every legal action's win chance, expected score and intervals (``Analysis.to_json``),
    with the seconds the computation took."""
    started = time.perf_counter()
    game = _game(job.game, job.players, job.options)
    analysis = analyse(
        game,
        job.view,
        worlds=job.worlds,
        seconds=job.seconds,
        seed=job.seed,
        stop=stopper(job.slot),
    )
    return {**analysis.to_json(), "seconds": round(time.perf_counter() - started, 3)}


@dataclass(frozen=True)
class ReviewJob:
    """A review of one seat in one finished round (counted from 1) of ``record``."""

    record: Mapping[str, Any]
    seat: int
    round_number: int
    worlds: int
    seconds: float | None
    seed: int = 0


def finished_rounds(record: Mapping[str, Any], rounds: int) -> dict[str, Any]:
    """``record`` cut to its first ``rounds`` rounds (the round being played, whose deck holds
    cards nobody has seen yet, is left out).

    >>> finished_rounds({"game": "uno", "rounds": [1, 2, 3]}, 2)["rounds"]
    [1, 2]
    """
    return {**record, "rounds": list(record["rounds"])[:rounds]}


def compute_review(job: ReviewJob) -> dict[str, Any]:
    """The review report of :func:`solocards.analysis.review.review` for the job's round."""
    started = time.perf_counter()
    report = review(
        job.record,
        job.seat,
        round_number=job.round_number,
        worlds=job.worlds,
        seconds=job.seconds,
        seed=job.seed,
    )
    return {**report, "round": job.round_number, "seconds": round(time.perf_counter() - started, 3)}


__all__ = ["HintJob", "ReviewJob", "compute_hint", "compute_review", "finished_rounds"]
