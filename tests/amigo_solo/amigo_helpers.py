"""Helpers for the amigo-solo tests: deck orders that deal the hands a test wants, and views of
hands (what plays and refuses is in ``tests/helpers.py``).

The dealing order is written here from API.md (one card at a time, clockwise from eldest, then
the first card, then the draw pile, top first), independently of the engine, so a wrong deal in
the engine makes the tests fail.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import solocards
from solocards.core.game import State

DECK: list[str] = solocards.make("amigo-solo").deck()


def deck_order(
    hands: Sequence[Sequence[str]],
    first: str | Sequence[str],
    draw: Iterable[str] = (),
    dealer: int = 0,
    bottom: Iterable[str] = (),
) -> list[str]:
    """The whole deck: ``hands[seat]`` dealt to each seat, the ``first`` card (or cards turned up
    under ``turn_until_number``), the draw pile ``draw`` (top first), then every card not named,
    in deck order, and last ``bottom`` (the bottom cards of the draw pile)."""
    players = len(hands)
    size = len(hands[0])
    assert all(len(hand) == size for hand in hands), "every hand must have the same size"
    order: list[str] = []
    for index in range(players * size):
        seat = (dealer + 1 + index) % players
        order.append(hands[seat][index // players])
    order += [first] if isinstance(first, str) else list(first)
    top = list(draw)
    end = list(bottom)
    order += top
    rest = Counter(DECK) - Counter(order) - Counter(end)
    named = Counter(order) + Counter(end)
    assert not named - Counter(DECK), f"more copies than the deck has: {named - Counter(DECK)}"
    for card in DECK:
        if rest[card] > 0:
            order.append(card)
            rest[card] -= 1
    order += end
    assert Counter(order) == Counter(DECK)
    return order


def deal(
    hands: Sequence[Sequence[str]],
    first: str | Sequence[str],
    draw: Iterable[str] = (),
    dealer: int = 0,
    bottom: Iterable[str] = (),
    seed: int = 0,
    **options: Any,
) -> State:
    """A round of amigo-solo dealt with these hands (their size is the hand size)."""
    options.setdefault("hand_size", len(hands[0]))
    game = solocards.make("amigo-solo", players=len(hands), **options)
    return game.deal(deck=deck_order(hands, first, draw, dealer, bottom), dealer=dealer, seed=seed)


def snap(state: State) -> dict[str, Any]:
    """The snapshot."""
    return state.snapshot()


def hands(state: State) -> list[list[str]]:
    """Each seat's hand, sorted."""
    return [sorted(hand) for hand in state.snapshot()["hands"]]


def known(state: State, seat: int) -> dict[str, list[str]]:
    """The ``known_hands`` of a seat's view, each sorted as strings."""
    return {holder: sorted(cards) for holder, cards in state.view(seat)["known_hands"].items()}


def full_hands(
    players: int, size: int, given: dict[int, list[str]], reserved: Iterable[str] = ()
) -> list[list[str]]:
    """Hands of ``size`` cards: ``given`` ones first, the rest filled in deck order with cards
    that are neither given nor ``reserved`` (the first card and the draw pile of the test)."""
    spare = Counter(DECK) - Counter(reserved)
    for cards in given.values():
        spare -= Counter(cards)
    filler: list[str] = []
    for card in DECK:
        if spare[card] > 0:
            filler.append(card)
            spare[card] -= 1
    result: list[list[str]] = []
    for seat in range(players):
        hand = list(given.get(seat, []))
        while len(hand) < size:
            hand.append(filler.pop())
        result.append(hand)
    return result
