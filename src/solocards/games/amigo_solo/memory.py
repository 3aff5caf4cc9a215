"""What a seat of AMIGO's SOLO can remember from its view's public log: the colours the other
seats probably lack.

A seat that draws of its own will (not to pay a penalty) while a colour is in force probably
holds none of it (it may draw even with a playable card, so this is a guess, not a fact); it
keeps the guess until it plays that colour or takes other cards (a penalty paid, a catch). A
Swap with a player exchanges what is known of the two hands; Swap all round moves every hand,
and the guesses are dropped.

>>> view = {"log": [[1, "Y4"], [0, "draw"], [0, "pass"], [1, "W:G"], [0, "draw"]]}
>>> {seat: sorted(colours) for seat, colours in likely_voids(view).items()}
{0: ['G', 'Y']}
>>> likely_voids({"log": [[1, "Y4"], [0, "draw"], [1, "YX>0"]]})
{1: {'Y'}}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import COLOURS


def colour_after(play: str) -> str | None:
    """The colour in force after the card play ``play`` (its call ``!`` stripped first), or
    ``None`` when any colour may follow (Swap all round).

    >>> colour_after("W+4:B!"), colour_after("RX>2"), colour_after("R5+G5+B5"), colour_after("WX")
    ('B', 'R', 'B', None)
    """
    body = play.rstrip("!")
    if ":" in body:
        return body[-1]
    if body.startswith("WX"):
        return None
    last = body.split("+")[-1] if body.count("+") >= 2 else body
    return last[0]


def is_play(action: str) -> bool:
    """Whether ``action`` lays one or more cards (not a draw, pass, call, catch or choice).

    >>> [is_play(a) for a in ("R7!", "W:G", "WX", "draw", "catch>1", "color:R", "swap>0")]
    [True, True, True, False, False, False, False]
    """
    return action[0] in COLOURS or action[0] == "W"


def starts_penalty(play: str) -> bool:
    """Whether the play ``play`` puts (or adds to) a draw penalty on the next seat."""
    body = play.rstrip("!").split(">")[0].split(":")[0]
    return body.count("+") == 1 and body.endswith(("+2", "+4"))


def likely_voids(view: dict[str, Any]) -> dict[int, set[str]]:
    """The colours each seat probably lacks, read from ``view``'s log (see the module doc)."""
    return voids_of(view["log"])


def voids_of(log: Iterable[tuple[int, str] | list[Any]]) -> dict[int, set[str]]:
    """:func:`likely_voids` of a log of ``(seat, action)`` pairs."""
    voids: dict[int, set[str]] = {}
    colour: str | None = None
    penalty = False
    for seat, action in log:
        if is_play(action):
            colour = colour_after(action)
            played = voids.get(seat)
            if played is not None:
                played.discard(action[0])
                if colour is not None:
                    played.discard(colour)
            if action.startswith("WX"):
                voids.clear()
            elif ">" in action:
                _exchange(voids, seat, int(action.rstrip("!").split(">")[1]))
            penalty = starts_penalty(action)
        elif action.startswith("color:"):
            colour = action[-1]
        elif action.startswith("swap>"):
            _exchange(voids, seat, int(action[5:]))
        elif action == "draw":
            if penalty:
                voids.pop(seat, None)
            elif colour is not None:
                voids.setdefault(seat, set()).add(colour)
            penalty = False
        elif action.startswith("catch>"):
            voids.pop(int(action[6:]), None)
    return {seat: lacking for seat, lacking in voids.items() if lacking}


def _exchange(voids: dict[int, set[str]], one: int, other: int) -> None:
    """Two hands changed places: so do the guesses about them."""
    first, second = voids.pop(one, None), voids.pop(other, None)
    if second is not None:
        voids[one] = second
    if first is not None:
        voids[other] = first


__all__ = ["colour_after", "is_play", "likely_voids", "starts_penalty", "voids_of"]
