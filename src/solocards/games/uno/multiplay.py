"""Multi-plays (option ``multi_play_same_number``): several number cards of one number at once.

Notation: the cards joined by ``+``; the **last card is the one that ends on top** (it sets the
colour in force), the others come first in colour order R, Y, G, B: ``R7+G7+B7`` lays the red
and the green 7 and ends on the blue 7; ``G7+B7+R7`` ends on the red one. A multi-play is at
least two cards. Its suffixes are those of a single play: ``>N`` (a 7 under ``seven_zero``, one
swap for the whole play) and ``!`` (the UNO call).

Legality: the first card laid must match the top card, so the play is legal when the top card
has the same number, or when a card *other than the one ending on top* has the colour in force
(a wild on top matches only by its named colour). The cards are laid with the first matching one
(in the notation's order) first, then the others in the notation's order, the named last one
last. A multi-play is only a regular play: not a jump-in, not an answer to a pending penalty, and
not the play of a card just drawn. Its 7-0 effect happens once.

>>> names = {play.name for play in multi_plays(4)}
>>> "R7+G7+B7" in names, "G7+B7+R7>2!" in names, "B7+R7+G7" in names
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import NamedTuple

from .cards import COLOURS


class MultiPlay(NamedTuple):
    """One multi-play action: its string, number, colour counts, the colour ending on top, the
    ``>N`` seat (-1 if none), the UNO call, and its cards in notation order (top card last)."""

    name: str
    rank: int
    counts: tuple[int, ...]
    last: int
    target: int
    call: bool
    cards: tuple[int, ...]


def _groups(rank: int) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """Every (colour counts, last colour, cards) of two or more cards of ``rank``."""
    most = 1 if rank == 0 else 2
    for counts in product(range(most + 1), repeat=4):
        if sum(counts) < 2:
            continue
        for last in range(4):
            if not counts[last]:
                continue
            rest = list(counts)
            rest[last] -= 1
            cards = [colour * 13 + rank for colour in range(4) for _ in range(rest[colour])]
            cards.append(last * 13 + rank)
            yield counts, last, tuple(cards)


def multi_name(cards: tuple[int, ...], target: int, call: bool) -> str:
    """The string of a multi-play."""
    text = "+".join(COLOURS[kind // 13] + str(kind % 13) for kind in cards)
    if target >= 0:
        text += f">{target}"
    return text + "!" if call else text


def multi_plays(players: int) -> Iterator[MultiPlay]:
    """Every multi-play of a game with ``players`` seats, in action-id order."""
    for rank in range(10):
        targets = [-1, *range(players)] if rank == 7 else [-1]
        for counts, last, cards in _groups(rank):
            for target in targets:
                for call in (False, True):
                    yield MultiPlay(
                        multi_name(cards, target, call), rank, counts, last, target, call, cards
                    )


def sub_groups(have: list[int]) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Every (colour counts, last colour, size) that a hand holding ``have[colour]`` cards of one
    number can lay as a multi-play."""
    for counts in product(*(range(count + 1) for count in have)):
        size = sum(counts)
        if size < 2:
            continue
        for last in range(4):
            if counts[last]:
                yield counts, last, size


def multi_matches(
    counts: tuple[int, ...], last: int, rank: int, colour: int, top_rank: int
) -> bool:
    """Whether a multi-play can start on the top card: same number, or a card other than the
    last one of the colour in force."""
    if top_rank == rank:
        return True
    return counts[colour] - (1 if last == colour else 0) >= 1


def laying_order(cards: tuple[int, ...], colour: int, top_rank: int) -> list[int]:
    """The order the cards reach the pile: the first matching card first, the top card last."""
    body = list(cards[:-1])
    if top_rank != cards[0] % 13:
        for index, kind in enumerate(body):
            if kind // 13 == colour:
                body.insert(0, body.pop(index))
                break
    body.append(cards[-1])
    return body
