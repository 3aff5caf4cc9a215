"""High Card: each seat holds two of the cards ``1``-``6``; in turn from eldest each plays one,
twice round. The highest total played wins the round (ties share it), and a match is one round.

The whole game: a :class:`Game` with its declaration (``info``), a :class:`State`, a heuristic
bot and a world sampler. Nothing in solocards names it; the tests register it in one line.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from solocards.core.game import Game, Result, State, View, check_viewer
from solocards.core.info import GameInfo
from solocards.core.messages import Message, verbatim

CARDS = ("1", "2", "3", "4", "5", "6")


class HighCardGame(Game):
    id: ClassVar[str] = "high-card"
    info: ClassVar[GameInfo] = GameInfo(
        title="High Card",
        heuristic_bot=f"{__name__}:HighestCardBot",
        world_sampler=f"{__name__}:sample_world",
        step_events=f"{__name__}:step_events",
        browser_module="highcard:browser.js",
    )
    min_players, max_players, default_players = 2, 3, 2

    def _build_deck(self) -> list[str]:
        return list(CARDS)

    def _build_actions(self) -> list[str]:
        return list(CARDS)

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        hands = [deck[2 * seat : 2 * seat + 2] for seat in range(self.players)]
        return HighCardState(self, dealer, seed, hands, [[] for _ in hands])

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        return True

    def explain_refusal(self, state: Any, seat: int, action_id: int) -> Message:
        """Why a card is refused (the base class has checked the seat and the id)."""
        refusal = "it is not your turn" if [seat] != state.to_act else "you do not hold that card"
        return verbatim(refusal)

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        return list(results[-1]["winners"])

    @property
    def lowest_wins(self) -> bool:
        return False  # the highest total played wins


class HighCardState(State):
    def __init__(self, game: Game, dealer: int, seed: int, hands: Any, played: Any) -> None:
        self._init_base(game, dealer, seed)
        self.hands: list[list[str]] = hands
        self.played: list[list[str]] = played

    @property
    def to_act(self) -> list[int]:
        turn = len(self._history)
        return [] if turn == 2 * self.players else [(self.dealer + 1 + turn) % self.players]

    def _legal_ids(self, seat: int) -> list[int]:
        return (
            sorted(CARDS.index(card) for card in self.hands[seat]) if [seat] == self.to_act else []
        )

    def _apply(self, seat: int, action_id: int) -> None:
        self.hands[seat].remove(CARDS[action_id])
        self.played[seat].append(CARDS[action_id])

    def clone(self) -> HighCardState:
        other = HighCardState(self.game, self.dealer, self.seed, [], [])
        other._copy_base(self)
        other.hands, other.played = [list(h) for h in self.hands], [list(p) for p in self.played]
        return other

    @property
    def is_over(self) -> bool:
        return not self.to_act

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        totals = [sum(map(int, cards)) for cards in self.played]
        winners = [seat for seat, total in enumerate(totals) if total == max(totals)]
        return {
            "scores": [int(seat in winners) for seat in range(self.players)],
            "winners": winners,
        }

    def view(self, seat: int | None, *, log: bool = True) -> View:
        seat = check_viewer(self.players, seat)
        can_act = seat is not None and [seat] == self.to_act
        view: View = {
            "game": self.game.id, "players": self.players, "seat": seat, "dealer": self.dealer,
            "hand": None if seat is None else sorted(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "played": [list(cards) for cards in self.played],
            "can_act": can_act, "legal_actions": self.legal_actions(seat) if can_act else [],
            "log": [[s, a] for s, a in self.history], "is_over": self.is_over,
            "result": self.result,
        }  # fmt: skip
        if not log:
            del view["log"]
            view["log_size"] = len(self._history)
        return view

    def snapshot(self) -> dict[str, Any]:
        return {"game": self.game.id, "players": self.players, "dealer": self.dealer,
                "to_act": self.to_act, "hands": [list(h) for h in self.hands],
                "played": [list(p) for p in self.played]}  # fmt: skip


class HighestCardBot:
    """The heuristic: always play the highest card held."""

    name = "heuristic"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        return max(legal_actions)


def step_events(before: Mapping[str, Any], seat: int, action: str) -> list[str]:
    """The events of a step that the lab counts and the table's log reads: ``six``, the best
    card played."""
    return ["six"] if action == "6" else []


def sample_world(game: Game, view: View, rng: random.Random) -> State:
    """Deal the cards the seat has not seen to the other hands, at random."""
    seen = {card for cards in view["played"] for card in cards} | set(view["hand"])
    unseen = [card for card in CARDS if card not in seen]
    rng.shuffle(unseen)
    hands = []
    for seat, size in enumerate(view["hand_sizes"]):
        hands.append(list(view["hand"]) if seat == view["seat"] else unseen[:size])
        unseen = unseen[size:] if seat != view["seat"] else unseen
    world = HighCardState(game, view["dealer"], 0, hands, [list(p) for p in view["played"]])
    world._history = [(seat, CARDS.index(action)) for seat, action in view["log"]]
    return world
