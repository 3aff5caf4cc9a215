"""The value types at solocards' edges: seats, action ids, and the keys API.md fixes.

The engines pass plain values: a seat and an action id are ints, a card and an action are their
canonical strings, and views, results and records are plain JSON-ready dicts. The aliases and
:class:`~typing.TypedDict` s here name those values for the code that reads them (servers, bots,
RL, records); at run time they are the plain ints and dicts, nothing more.

A game's view and result hold more keys than the common ones named here (every game adds its
own); :func:`view_keys` and :func:`result_keys` give the common part, typed.

>>> import solocards
>>> state = solocards.make("uno", players=2).deal(seed=3)
>>> view = view_keys(state.view(0))
>>> view["seat"], view["players"], view["is_over"], type(view) is dict
(0, 2, False, True)
>>> record = solocards.make("frog").match(seed=1).record()
>>> sorted(record) == sorted(Record.__annotations__)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypeAlias, TypedDict, cast

Seat: TypeAlias = int
"""A seat, ``0 .. players - 1`` clockwise (API.md, Seats)."""

ActionId: TypeAlias = int
"""An action's index in the game's dense action space (``game.action_id``)."""

CardName: TypeAlias = str
"""A card in the canonical notation (``"W+4"``, ``"QC"``)."""

ActionName: TypeAlias = str
"""An action in the canonical notation (``"W+4:G!"``, ``"pass"``, ``"trump:S"``)."""

Result: TypeAlias = dict[str, Any]
"""A finished round's result: :class:`ResultKeys` and the game's own keys."""

View: TypeAlias = dict[str, Any]
"""What one seat may know: :class:`ViewKeys` and the game's own keys."""


class ResultKeys(TypedDict):
    """The keys every round's result has (API.md: ``state.result``)."""

    scores: list[int]
    """Each seat's score for the round."""
    winners: list[Seat]
    """The seats that won the round (``[]``: nobody, e.g. a deadlock)."""


class ViewKeys(TypedDict):
    """The keys every game's view has, whatever the game."""

    game: str
    players: int
    seat: Seat | None
    """The seat the view is for; ``None`` for a spectator."""
    dealer: Seat
    current: Seat | None
    """Whose regular turn it is (``None`` where a game shows nobody, e.g. a trick game over)."""
    phase: str
    hand: list[CardName] | None
    """The viewer's own hand, sorted (``None`` for a spectator)."""
    hand_sizes: list[int]
    can_act: bool
    """Whether the viewer may act now (never who else could react)."""
    legal_actions: list[ActionName]
    is_over: bool
    result: Result | None
    log: list[list[Any]]
    """The actions so far as the viewer may see them, ``[seat, action]`` each."""


class RoundRecord(TypedDict):
    """One round of a record (API.md, Records)."""

    dealer: Seat
    deck: list[CardName]
    """The whole deck in dealing order, ``deck[0]`` dealt first."""
    actions: list[list[Any]]
    """``[seat, action]`` pairs in the order they were applied."""
    result: NotRequired[Result]
    """The round's result, once it is over."""


class Record(TypedDict):
    """A whole match as one JSON document (API.md, Records; ``match.record()``)."""

    format: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    names: list[str]
    rounds: list[RoundRecord]
    totals: list[int]
    winners: list[Seat]


def result_keys(result: Mapping[str, Any]) -> ResultKeys:
    """The common part of a result, typed (the same dict, checked for its keys).

    >>> result_keys({"scores": [3, -3], "winners": [0], "points": [0, 3]})["winners"]
    [0]
    """
    missing = [key for key in ResultKeys.__annotations__ if key not in result]
    if missing:
        raise KeyError(f"a result has no {', '.join(missing)}")
    return cast(ResultKeys, result)


def view_keys(view: Mapping[str, Any]) -> ViewKeys:
    """The common part of a view, typed (the same dict, checked for its keys)."""
    missing = [key for key in ViewKeys.__annotations__ if key not in view]
    if missing:
        raise KeyError(f"a view has no {', '.join(missing)}")
    return cast(ViewKeys, view)


__all__ = [
    "ActionId",
    "ActionName",
    "CardName",
    "Record",
    "Result",
    "ResultKeys",
    "RoundRecord",
    "Seat",
    "View",
    "ViewKeys",
    "result_keys",
    "view_keys",
]
