"""Frog's heuristic bot: simple, fast rules of thumb that beat random play.

- Auction: a hand is valued per trump suit (trumps, their top cards, side Aces and guarded
  Tens); it bids the highest contract its hand carries (Heart Solo, Solo, Frage) if that bid is
  legal, else passes.
- Solo trump: the suit the hand is strongest in.
- Frage discards: bank points safely, preferring Tens and Kings of short side suits, never a
  trump or an Ace.
- Play: lead high trumps as declarer while the opponents may hold trumps, else side Aces, else
  a low card; follow by taking the trick cheaply when an opponent is winning it, adding points
  when the own side is, and throwing the lowest card otherwise. In a Ramsch it dodges points.

It sees only the view, like every bot.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARD_INDEX, CARD_NAMES, HEARTS, POINTS, STRENGTH, SUIT, SUITS

_A, _T = 8, 7  # strengths of the Ace and the Ten


def _cards(names: list[str]) -> list[int]:
    return [CARD_INDEX[name] for name in names]


def hand_value(hand: list[int], trump: int) -> float:
    """How many tricks' worth of strength ``hand`` has with ``trump`` (a rough count)."""
    value = 0.0
    by_suit: dict[int, list[int]] = {suit: [] for suit in range(4)}
    for card in hand:
        by_suit[SUIT[card]].append(STRENGTH[card])
    for strength in by_suit[trump]:
        value += 1.0 + (1.5 if strength == _A else 1.0 if strength == _T else 0.0)
    for suit, strengths in by_suit.items():
        if suit == trump:
            continue
        if _A in strengths:
            value += 1.2
            if _T in strengths:
                value += 0.8
        elif _T in strengths and len(strengths) >= 3:
            value += 0.4
        if not strengths:
            value += 0.5  # a void to trump in
    return value


class FrogHeuristicBot:
    """A rule-of-thumb Frog player (see the module doc). ``solo`` and ``frage`` are the hand
    values from which it bids a Solo (or Heart Solo) and a Frage."""

    name = "heuristic"
    reads_log = False
    """It never reads the view's log (the runners then leave it out, ``view_for``)."""

    def __init__(self, solo: float = 10.0, frage: float = 7.5) -> None:
        self.solo = float(solo)
        self.frage = float(frage)

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """One of ``legal_actions`` for the seat of ``view``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = _cards(view["hand"])
        phase = view["phase"]
        if phase == "bidding":
            return self._bid(hand, legal_actions)
        if phase == "declaring":
            best = max((0, 1, 3), key=lambda suit: hand_value(hand, suit))
            return f"trump:{SUITS[best]}"
        if phase == "discarding":
            return "discard:" + CARD_NAMES[self._discard(hand)]
        return CARD_NAMES[self._play(view, hand, _cards(legal_actions))]

    def _bid(self, hand: list[int], legal: list[str]) -> str:
        hearts = hand_value(hand, HEARTS)
        plain = max(hand_value(hand, suit) for suit in (0, 1, 3))
        wanted = []
        if hearts >= self.solo:
            wanted.append("heart-solo")
        if plain >= self.solo:
            wanted.append("solo")
        if hearts >= self.frage:
            wanted.append("frage")
        for bid in ("heart-solo", "solo", "frage"):
            if bid in wanted and bid in legal:
                return bid
        return "pass"

    @staticmethod
    def _discard(hand: list[int]) -> int:
        lengths = [sum(1 for card in hand if SUIT[card] == suit) for suit in range(4)]

        def merit(card: int) -> float:
            if SUIT[card] == HEARTS or STRENGTH[card] == _A:
                return -100.0 - STRENGTH[card]
            return 2.0 * POINTS[card] - lengths[SUIT[card]] - 0.1 * STRENGTH[card]

        return max(hand, key=merit)

    def _play(self, view: dict[str, Any], hand: list[int], legal: list[int]) -> int:
        trump = SUITS.index(view["trump"]) if view["trump"] else -1
        me = view["seat"]
        declarer = view["declarer"]
        trick = [(seat, CARD_INDEX[name]) for seat, name in view["trick"]]
        ramsch = view["contract"] == "ramsch"
        if not trick:
            return self._lead(view, hand, legal, trump, ramsch)
        led = SUIT[trick[0][1]]

        def key(card: int) -> int:
            if SUIT[card] == trump:
                return 20 + STRENGTH[card]
            return STRENGTH[card] if SUIT[card] == led else -1

        best_seat, best_card = max(trick, key=lambda pair: key(pair[1]))
        winners = [card for card in legal if key(card) > key(best_card)]
        losers = [card for card in legal if key(card) <= key(best_card)]
        if ramsch:
            if losers:
                return max(losers, key=lambda c: (POINTS[c], STRENGTH[c]))
            return max(winners, key=key)
        friend_winning = (best_seat == declarer) == (me == declarer)
        if friend_winning:
            last = len(trick) == 2
            if last or key(best_card) >= 20 + _T or STRENGTH[best_card] == _A:
                return max(losers or legal, key=lambda c: (POINTS[c], -STRENGTH[c]))
            return min(legal, key=lambda c: (POINTS[c], STRENGTH[c]))
        if winners:
            return min(winners, key=lambda c: (key(c) >= 20, POINTS[c], key(c)))
        return min(legal, key=lambda c: (POINTS[c], STRENGTH[c]))

    @staticmethod
    def _lead(
        view: dict[str, Any], hand: list[int], legal: list[int], trump: int, ramsch: bool
    ) -> int:
        if ramsch:
            return min(legal, key=lambda c: (STRENGTH[c], POINTS[c]))
        trumps = [card for card in legal if SUIT[card] == trump]
        if trumps and view["seat"] == view["declarer"]:
            seen = set(_cards(view["played"])) | set(hand)
            out = sum(1 for card in range(36) if SUIT[card] == trump and card not in seen)
            if out:
                return max(trumps, key=lambda c: STRENGTH[c])
        aces = [card for card in legal if STRENGTH[card] == _A and SUIT[card] != trump]
        if aces:
            return aces[0]
        return min(legal, key=lambda c: (POINTS[c], STRENGTH[c], SUIT[c] == trump))
