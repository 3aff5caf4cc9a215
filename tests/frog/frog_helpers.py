"""Helpers for the Frog tests: deck orders that deal the hands a test wants (what plays is in
``tests/helpers.py``).

The deal pattern is written here from the rules (§B2, API.md), independently of the engine, so
a wrong deal in the engine makes the tests fail.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import solocards
from solocards.core.game import State

ALL_CARDS = [rank + suit for suit in "CDHS" for rank in "6789TJQKA"]


def active_seats(dealer: int, players: int = 3) -> list[int]:
    """Eldest, middle and the third active player: the dealer with 3 players; with 4 or 5 the
    player on his right (Foster: "If five play, he gives cards to the two on his left and one
    on his right")."""
    third = dealer if players == 3 else (dealer - 1) % players
    return [(dealer + 1) % players, (dealer + 2) % players, third]


def role_positions(deal_order: str = "1-4-8") -> tuple[list[list[int]], list[int]]:
    """Deck positions (0-based) of eldest, middle, third, and of the talon."""
    if deal_order == "1-4-8":
        talon = [0, 3, 7]
        rest = [position for position in range(36) if position not in talon]
        return [rest[role::3] for role in range(3)], talon
    assert deal_order == "3-widow-4-4"
    roles = [
        [*range(0, 3), *range(12, 16), *range(24, 28)],
        [*range(3, 6), *range(16, 20), *range(28, 32)],
        [*range(6, 9), *range(20, 24), *range(32, 36)],
    ]
    return roles, [9, 10, 11]


def frog_deck(
    hands: dict[int, Iterable[str]],
    talon: Iterable[str] = (),
    *,
    dealer: int = 0,
    players: int = 3,
    deal_order: str = "1-4-8",
) -> list[str]:
    """The 36-card order (top first) that deals ``hands`` (seat -> cards) and ``talon``.

    Cards not named fill the talon first, then eldest's, middle's and the third hand, in
    ``ALL_CARDS`` order.
    """
    seats = active_seats(dealer, players)
    wanted: list[list[str]] = [list(hands.get(seat, ())) for seat in seats]
    wanted_talon = list(talon)
    for seat in hands:
        assert seat in seats, f"seat {seat} takes no cards"
    named = [card for hand in wanted for card in hand] + wanted_talon
    assert len(named) == len(set(named)), "a card is named twice"
    assert all(card in ALL_CARDS for card in named), "not a Frog card"
    assert all(len(hand) <= 11 for hand in wanted) and len(wanted_talon) <= 3
    pool = [card for card in ALL_CARDS if card not in named]
    while len(wanted_talon) < 3:
        wanted_talon.append(pool.pop(0))
    for hand in wanted:
        while len(hand) < 11:
            hand.append(pool.pop(0))
    roles, talon_positions = role_positions(deal_order)
    deck: list[str] = [""] * 36
    for position, card in zip(talon_positions, wanted_talon, strict=True):
        deck[position] = card
    for positions, hand in zip(roles, wanted, strict=True):
        for position, card in zip(positions, hand, strict=True):
            deck[position] = card
    return deck


def deal(
    hands: dict[int, Iterable[str]],
    talon: Iterable[str] = (),
    *,
    dealer: int = 0,
    players: int = 3,
    **options: Any,
) -> State:
    """A Frog deal of these hands and talon (see :func:`frog_deck`)."""
    game = solocards.make("frog", players=players, **options)
    order = str(game.options["deal_order"])
    deck = frog_deck(hands, talon, dealer=dealer, players=players, deal_order=order)
    return game.deal(deck=deck, dealer=dealer)
