"""Two players: the heuristic's plan of a turn, on card kinds, for playouts that play as it does.

The UNO heuristic (:mod:`.heuristic`) plans a 2-player turn from a view, on card strings
(:func:`~solocards.games.uno.heuristic.play_value`): it values every run of plays (Skip,
Reverse, Draw Two and Wild Draw Four give another turn) by the hand it keeps, and by the chance
that the opponent holds nothing that goes on what it leaves in force. A search's playouts play
thousands of such turns a move, so :class:`TurnPlan` does the same arithmetic on the kinds of
:mod:`.cards`, with the unseen cards counted once a turn. The weights of the plan live here, and
the heuristic reads them from here.

>>> from .cards import KIND_INDEX, NUM_KINDS
>>> unseen = [2] * NUM_KINDS
>>> plan = TurnPlan(held=3, unseen=unseen, voids=0)
>>> r5, rs, g2 = KIND_INDEX["R5"], KIND_INDEX["RS"], KIND_INDEX["G2"]
>>> plan.play_value((), r5, 0) == WIN  # the last card goes: the round is won
True
>>> plan.play_value((r5,), rs, 0) > plan.play_value((rs,), r5, 0)  # Skip first, then the 5
True
"""

from __future__ import annotations

from typing import Final

from .cards import DRAW2, KIND_COLOUR, KIND_POINTS, KIND_RANK, NO_COLOUR, REVERSE, SKIP, WILD, WILD4

WIN: Final = 10_000.0
CARD: Final = 100.0  # one card more in the bot's hand
GIVE: Final = 30.0  # one card more in the opponent's hand
DRAW: Final = 150.0  # drawing on a turn where a play was possible
FOLLOW: Final = 15.0  # a card kept that can follow what is left in force
KEEP_WILD: Final = 300.0  # a Wild kept for later
KEEP_WILD4: Final = 1500.0  # a Wild Draw Four kept for later: in effect, to go out with
VOID: Final = 40.0  # leaving in force a colour the opponent probably lacks
POINTS: Final = 0.2  # per point kept in hand
BLOCK: Final = {1: 2000.0, 2: 300.0}
"""By the opponent's hand size: the value of the opponent holding nothing that goes (times
its chance), when it is about to go out."""
BLOCK_MORE: Final = 150.0
"""The same with three cards or more in the opponent's hand: it must draw, and the turn comes
back (weighed by the chance, which the opponent's draws make large), if this hand can follow
what is left (else both draw)."""
DRAW_FOR_WILD: Final = 2.5
"""Two players, when only wilds go: draw instead if the hand kept, less this many cards times
the chance the drawn card does not go, is worth more (0: always play the wild)."""
PAIR: Final = 30.0
"""Per number held in two colours or more: it can change the colour in force by number."""
GO_OUT: Final = 300.0
"""Keeping one card that goes on what is left in force: out next turn unless the opponent
changes it."""

_BLOCK_ONE: Final = BLOCK[1]
_BLOCK_TWO: Final = BLOCK[2]


def kind_matches(card: int, top: int, colour: int) -> bool:
    """Whether the card of kind ``card`` may go on ``top`` with ``colour`` (0..3) in force.

    >>> from .cards import KIND_INDEX
    >>> kind_matches(KIND_INDEX["G7"], KIND_INDEX["R7"], 0), kind_matches(0, KIND_INDEX["W"], 2)
    (True, False)
    """
    if card >= WILD:
        return True
    return KIND_COLOUR[card] == colour or (top < WILD and KIND_RANK[card] == KIND_RANK[top])


def gives_again(card: int) -> bool:
    """Whether playing the card of kind ``card`` in a 2-player game gives another turn."""
    return card == WILD4 or (card < WILD and KIND_RANK[card] >= SKIP)


def colour_totals(counts: list[int]) -> tuple[int, list[int]]:
    """The cards of ``counts`` (a count per kind) in all, and per colour (the last: wilds).

    >>> from .cards import KIND_INDEX, NUM_KINDS
    >>> counts = [0] * NUM_KINDS
    >>> counts[KIND_INDEX["G7"]], counts[KIND_INDEX["W"]] = 2, 1
    >>> colour_totals(counts)
    (3, [0, 0, 2, 0, 1])
    """
    total = 0
    by_colour = [0, 0, 0, 0, 0]
    for kind, count in enumerate(counts):
        if count:
            total += count
            by_colour[KIND_COLOUR[kind]] += count
    return total, by_colour


class TurnPlan:
    """One 2-player turn's arithmetic: :func:`~solocards.games.uno.heuristic.end_value`,
    ``turn_value`` and ``play_value`` on kinds, for a seat whose opponent holds ``held`` cards
    drawn from the ``unseen`` cards (a count per kind: the draw pile and the opponent's hand),
    with ``voids`` the colours (a bit per colour) the opponent probably lacks. ``total`` and
    ``by_colour`` (the unseen cards, in all and per colour, the last for the wilds) are counted
    from ``unseen`` unless given."""

    def __init__(
        self,
        held: int,
        unseen: list[int],
        voids: int,
        total: int = -1,
        by_colour: list[int] | None = None,
    ) -> None:
        self.held = held
        self.unseen = unseen
        self.voids = voids
        self.keep = held > 1
        """Wilds are worth keeping until the opponent holds one card."""
        if by_colour is None:  # else the caller counted them: ``total`` and one per colour
            total, by_colour = colour_totals(unseen)
        self.total = total
        self.by_colour = by_colour
        self.memo: dict[tuple[tuple[int, ...], int, int], float] = {}
        self.blocks: dict[int, float] = {}

    def goes(self, top: int, colour: int, void: bool) -> tuple[int, int]:
        """``(cards, of which go)``: the unseen cards (less those of ``colour`` when ``void``),
        and how many of them go on ``top``/``colour``."""
        unseen, by_colour = self.unseen, self.by_colour
        total = self.total
        match = by_colour[NO_COLOUR]
        if void:
            total -= by_colour[colour]
        else:
            match += by_colour[colour]
        if top < WILD:
            rank = KIND_RANK[top]
            for other in range(4):
                if other != colour:
                    match += unseen[other * 13 + rank]
        return total, match

    def blocked(self, top: int, colour: int, void: bool) -> float:
        """The chance that the opponent holds nothing that goes on ``top``/``colour``
        (:func:`~solocards.games.uno.heuristic.blocked` without the cards its draws say it
        lacks)."""
        key = (top * 4 + colour) * 2 + void
        known = self.blocks.get(key)
        if known is not None:
            return known
        total, match = self.goes(top, colour, void)
        chance = 1.0
        for i in range(self.held):
            if total - i <= 0:
                break
            chance *= max(0, total - match - i) / (total - i)
        self.blocks[key] = chance
        return chance

    def end_value(self, rest: tuple[int, ...], top: int, colour: int) -> float:
        """The value of holding ``rest`` (kinds, sorted) with ``top``/``colour`` in force as
        the turn passes."""
        value = -CARD * len(rest)
        keep = self.keep
        follows = False
        ranks = 0
        pairs = 0
        for card in rest:
            if card >= WILD:
                if keep:
                    value += KEEP_WILD4 if card == WILD4 else KEEP_WILD
                follows = True
            else:
                if KIND_COLOUR[card] == colour or (
                    top < WILD and KIND_RANK[card] == KIND_RANK[top]
                ):
                    value += FOLLOW
                    follows = True
                bit = 1 << KIND_RANK[card]
                if ranks & bit:
                    pairs |= bit
                ranks |= bit
            value -= POINTS * KIND_POINTS[card]
        if len(rest) == 1 and follows:
            value += GO_OUT
        while pairs:
            value += PAIR
            pairs &= pairs - 1
        held = self.held
        void = (self.voids >> colour) & 1 == 1
        if held:
            if held == 1:
                worth = _BLOCK_ONE
            elif held == 2:
                worth = _BLOCK_TWO
            else:
                worth = BLOCK_MORE if follows else 0.0
            if worth:
                value += worth * self.blocked(top, colour, void)
        return value + (VOID if void else 0.0)

    def turn_value(self, rest: tuple[int, ...], top: int, colour: int) -> float:
        """The value of another turn on ``top``/``colour`` holding ``rest``."""
        key = (rest, top, colour)
        known = self.memo.get(key)
        if known is not None:
            return known
        best = self.end_value(rest, top, colour) - DRAW
        has_colour = False
        for card in rest:
            if card < WILD and KIND_COLOUR[card] == colour:
                has_colour = True
                break
        previous = -1
        for index, card in enumerate(rest):
            if card == previous:
                continue
            previous = card
            if not kind_matches(card, top, colour) or (card == WILD4 and has_colour):
                continue
            left = rest[:index] + rest[index + 1 :]
            if card >= WILD:
                for named in range(4):
                    best = max(best, self.play_value(left, card, named))
            else:
                best = max(best, self.play_value(left, card, KIND_COLOUR[card]))
        self.memo[key] = best
        return best

    def play_value(self, rest: tuple[int, ...], card: int, colour: int) -> float:
        """The value of playing ``card`` (``colour`` in force after it) and keeping ``rest``."""
        if not rest:
            return WIN
        if card == WILD4:
            value = GIVE * 4
        elif card < WILD and KIND_RANK[card] == DRAW2:
            value = GIVE * 2
        else:
            value = 0.0
        if card == WILD4 or (card < WILD and KIND_RANK[card] in (SKIP, REVERSE, DRAW2)):
            return value + self.turn_value(rest, card, colour)
        return value + self.end_value(rest, card, colour)


__all__ = [
    "BLOCK",
    "BLOCK_MORE",
    "CARD",
    "DRAW",
    "DRAW_FOR_WILD",
    "FOLLOW",
    "GIVE",
    "GO_OUT",
    "KEEP_WILD",
    "KEEP_WILD4",
    "PAIR",
    "POINTS",
    "VOID",
    "WIN",
    "TurnPlan",
    "colour_totals",
    "gives_again",
    "kind_matches",
]
