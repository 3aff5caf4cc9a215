"""Helpers for the German Solo tests: deck orders built from the hands wanted (what plays is in
``tests/helpers.py``)."""

from __future__ import annotations

from typing import Any

import solocards
from solocards.games.german_solo.state import GermanSoloState

GAME_ID = "german-solo"
DECK: list[str] = solocards.make(GAME_ID).deck()


def deck_for(hands: dict[int, str], dealer: int = 3, players: int = 4) -> list[str]:
    """The deck order that deals these hands (3-2-3 packets, clockwise from eldest).

    ``hands`` maps seats to space-separated cards; hands of fewer than 8 cards are filled with
    the unused cards of the pack of ``players`` in deck order, seat 0 first.
    """
    pack = solocards.make(GAME_ID, players=players).deck()
    given = {seat: cards.split() for seat, cards in hands.items()}
    used = [card for cards in given.values() for card in cards]
    assert len(used) == len(set(used)), "a card is given twice"
    assert all(len(cards) <= 8 for cards in given.values())
    rest = [card for card in pack if card not in used]
    full: dict[int, list[str]] = {}
    for seat in range(players):
        cards = list(given.get(seat, []))
        while len(cards) < 8:
            cards.append(rest.pop(0))
        full[seat] = cards
    deck: list[str] = []
    taken = dict.fromkeys(range(players), 0)
    for packet in (3, 2, 3):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            deck += full[seat][taken[seat] : taken[seat] + packet]
            taken[seat] += packet
    assert sorted(deck) == sorted(pack)
    return deck


def deal(
    hands: dict[int, str], dealer: int = 3, players: int = 4, **options: Any
) -> GermanSoloState:
    """A deal with these hands (eldest is seat 0 with the default dealer 3 of four)."""
    game = solocards.make(GAME_ID, players=players, **options)
    state = game.deal(deck=deck_for(hands, dealer, players), dealer=dealer)
    assert isinstance(state, GermanSoloState)
    return state
