"""A seat's memory of the views it was shown in a round (what ISMCTS ``belief`` replays from).

A player remembers what it saw: its own hand at each of its turns, beside the public log that
every view carries. :func:`earlier_views` picks, from the views a bot kept, those of the same
seat in the same round as ``view`` after which another seat has acted: the points from which
a game's replay sampler (``GameInfo.replay_sampler``) can deal a world and replay the other
seats' choices since.

>>> log = [[1, "draw"], [1, "pass"], [0, "R5"], [1, "R7"]]
>>> first = {"seat": 0, "dealer": 1, "log": log[:2]}
>>> second = {"seat": 0, "dealer": 1, "log": log[:3]}
>>> now = {"seat": 0, "dealer": 1, "log": log}
>>> other_round = {"seat": 0, "dealer": 0, "log": log[:2]}
>>> [view is first for view in earlier_views([other_round, first, second], now)]
[True, False]
>>> earlier_views([now], now)
[]
"""

from __future__ import annotations

from .types import View

__all__ = ["earlier_views", "same_round_before"]


def same_round_before(past: View, view: View) -> bool:
    """Whether ``past`` is an earlier view of ``view``'s seat in the same round (the same
    dealer, its log a proper prefix of ``view``'s)."""
    log, past_log = view.get("log"), past.get("log")
    return (
        log is not None
        and past_log is not None
        and past.get("seat") == view.get("seat") is not None
        and past.get("dealer") == view.get("dealer")
        and len(past_log) < len(log)
        and log[: len(past_log)] == past_log
    )


def earlier_views(views: list[View], view: View) -> list[View]:
    """The views of ``views`` (oldest first) that ``view``'s seat was shown earlier in the same
    round with a step of another seat between them and ``view``, oldest first."""
    seat = view.get("seat")
    log = view.get("log") or []
    found = []
    for past in views:
        if same_round_before(past, view) and any(
            int(str(step[0])) != seat for step in log[len(past["log"]) :]
        ):
            found.append(past)
    return found
