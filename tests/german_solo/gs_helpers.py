"""Helpers for the German Solo tests: deck orders built from the hands wanted, scripted play."""

from __future__ import annotations

from typing import Any

import solocards
from solocards.games.german_solo.state import GermanSoloState

GAME_ID = "german-solo"
DECK: list[str] = solocards.make(GAME_ID).deck()


def deck_for(hands: dict[int, str], dealer: int = 3) -> list[str]:
    """The 32-card order that deals these hands (3-2-3 packets, clockwise from eldest).

    ``hands`` maps seats to space-separated cards; hands of fewer than 8 cards are filled with
    the unused cards in deck order, seat 0 first.
    """
    given = {seat: cards.split() for seat, cards in hands.items()}
    used = [card for cards in given.values() for card in cards]
    assert len(used) == len(set(used)), "a card is given twice"
    assert all(len(cards) <= 8 for cards in given.values())
    rest = [card for card in DECK if card not in used]
    full: dict[int, list[str]] = {}
    for seat in range(4):
        cards = list(given.get(seat, []))
        while len(cards) < 8:
            cards.append(rest.pop(0))
        full[seat] = cards
    deck: list[str] = []
    taken = dict.fromkeys(range(4), 0)
    for packet in (3, 2, 3):
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            deck += full[seat][taken[seat] : taken[seat] + packet]
            taken[seat] += packet
    assert sorted(deck) == sorted(DECK)
    return deck


def deal(hands: dict[int, str], dealer: int = 3, **options: Any) -> GermanSoloState:
    """A deal with these hands (eldest is seat 0 with the default dealer 3)."""
    game = solocards.make(GAME_ID, **options)
    state = game.deal(deck=deck_for(hands, dealer), dealer=dealer)
    assert isinstance(state, GermanSoloState)
    return state


def run(state: solocards.State, actions: str) -> None:
    """Apply space-separated actions, each by the one seat to act."""
    for action in actions.split():
        (seat,) = state.to_act
        state.apply(seat, action)


def actor(state: solocards.State) -> int:
    """The one seat to act."""
    (seat,) = state.to_act
    return seat


def refused(state: solocards.State, seat: int, action: str) -> str:
    """Apply an action that must be refused; check the state is unchanged; return the message."""
    before = state.snapshot()
    history = list(state.history)
    try:
        state.apply(seat, action)
    except solocards.IllegalActionError as error:
        assert state.snapshot() == before, "a refused action changed the state"
        assert state.history == history
        return str(error)
    raise AssertionError(f"{action} by seat {seat} was accepted")


def play_random(state: solocards.State, seed: int) -> None:
    """Finish a deal with random legal actions."""
    import random

    rng = random.Random(seed)
    while not state.is_over:
        seat = actor(state)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
