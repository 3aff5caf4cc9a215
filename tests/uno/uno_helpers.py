"""Helpers for the UNO tests: decks in an explicit order (what plays is in ``tests/helpers.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import solocards
from solocards.games.uno.game import UnoGame
from solocards.games.uno.state import UnoState


def make(players: int = 4, **options: Any) -> UnoGame:
    """An UNO game (typed)."""
    game = solocards.make("uno", players=players, **options)
    assert isinstance(game, UnoGame)
    return game


def deck_order(
    game: UnoGame,
    hands: Sequence[Sequence[str]],
    first: str,
    draw: Sequence[str] = (),
    dealer: int = 0,
    fill: bool = False,
) -> list[str]:
    """The deck (top card first) that deals ``hands[seat]`` to each seat, turns up ``first``, and
    puts ``draw`` on top of the draw pile (top first); every other card follows in deck order.

    Every hand must hold exactly ``hand_size`` cards, unless ``fill``: then shorter hands are
    completed with the unused cards in deck order (R0, R1, R1, ...).
    """
    n = game.players
    size = int(game.options["hand_size"])
    assert len(hands) == n, "one hand per seat"
    if fill:
        unused = Counter(game.deck())
        unused.subtract([card for hand in hands for card in hand] + [first, *draw])
        spare = [card for card in game.deck() if unused[card] > 0 and _take(unused, card)]
        hands = [list(hand) + [spare.pop(0) for _ in range(size - len(hand))] for hand in hands]
    for seat, hand in enumerate(hands):
        assert len(hand) == size, f"seat {seat} needs {size} cards, got {len(hand)}"
    dealt = []
    for index in range(n * size):
        seat = (dealer + 1 + index) % n
        dealt.append(hands[seat][index // n])
    chosen = [*dealt, first, *draw]
    rest = Counter(game.deck())
    rest.subtract(chosen)
    assert all(count >= 0 for count in rest.values()), f"more cards than the deck has: {rest}"
    filler = []
    for card in game.deck():
        if rest[card] > 0:
            rest[card] -= 1
            filler.append(card)
    return chosen + filler


def _take(counts: Counter[str], card: str) -> bool:
    counts[card] -= 1
    return True


def deal(
    game: UnoGame,
    hands: Sequence[Sequence[str]],
    first: str,
    draw: Sequence[str] = (),
    dealer: int = 0,
    seed: int = 0,
    fill: bool = False,
) -> UnoState:
    """A round dealt from ``deck_order(game, hands, first, draw, dealer, fill)``."""
    deck = deck_order(game, hands, first, draw, dealer, fill)
    state = game.deal(deck=deck, dealer=dealer, seed=seed)
    assert isinstance(state, UnoState)
    return state


def hand(state: UnoState, seat: int) -> list[str]:
    """A seat's hand, sorted, as strings."""
    cards: list[str] = state.view(seat)["hand"]
    return cards


def legal(state: UnoState, seat: int) -> list[str]:
    """The legal actions of a seat."""
    return state.legal_actions(seat)
