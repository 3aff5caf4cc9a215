"""A play of UNO taken apart from its action string, and the little a player reads off a card:
its points, whether it gives another turn with two players, whether it goes on the top card.

The heuristic bot (:mod:`.heuristic`) reads its choices through these, and the playouts
(:mod:`.playouts`) build their tables of kinds from them.

>>> Play.parse("R7>2!").target, again("GS"), matches("G5", "R5", "R")
(2, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = "RYGB"


def card_points(card: str) -> int:
    """Standard points of a card string: numbers face value, actions 20, wilds 50.

    >>> card_points("R7"), card_points("G+2"), card_points("W+4")
    (7, 20, 50)
    """
    if card.startswith("W"):
        return 50
    rank = card[1:]
    return int(rank) if rank.isdigit() else 20


@dataclass(frozen=True)
class Play:
    """A play action taken apart: its cards (the last ends on top), colour named, seat, call."""

    action: str
    cards: tuple[str, ...]
    colour: str | None
    target: int | None
    call: bool

    @property
    def top(self) -> str:
        """The card that ends on top."""
        return self.cards[-1]

    @property
    def colour_after(self) -> str:
        """The colour in force after the play."""
        return self.colour or self.top[0]

    @staticmethod
    def parse(action: str) -> Play | None:
        """The play of ``action``, or ``None`` for ``draw``, ``catch>1`` and the like.

        >>> Play.parse("W+4:G!")
        Play(action='W+4:G!', cards=('W+4',), colour='G', target=None, call=True)
        >>> Play.parse("R7+G7>2").cards, Play.parse("R+2").cards, Play.parse("draw")
        (('R7', 'G7'), ('R+2',), None)
        """
        text = action.removesuffix("!")
        call = text != action
        target = None
        if ">" in text:
            text, _, seat = text.partition(">")
            if not seat.isdigit():
                return None
            target = int(seat)
        colour = None
        if text.startswith("W") and ":" in text:
            text, _, colour = text.partition(":")
        if not text or text[0] not in "RYGBW" or ":" in text:
            return None
        cards = tuple(text.split("+")) if "+" in text[2:] else (text,)
        return Play(action, cards, colour, target, call)


def again(card: str) -> bool:
    """Whether playing ``card`` in a 2-player game gives the player another turn."""
    return card == "W+4" or (not card.startswith("W") and card.endswith(("S", "R", "+2")))


def matches(card: str, top: str, colour: str) -> bool:
    """Whether ``card`` may go on ``top`` with ``colour`` in force."""
    if card.startswith("W"):
        return True
    return card[0] == colour or (not top.startswith("W") and card[1:] == top[1:])


__all__ = ["COLOURS", "Play", "again", "card_points", "matches"]
