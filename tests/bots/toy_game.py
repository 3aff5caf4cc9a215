"""Snap, a tiny game with hidden cards and reaction windows, for testing search bots.

Twelve cards, ranks ``1``-``6`` twice. Each seat gets three; the rest is a face-down stock.
On your regular turn play any card from your hand, or ``draw`` the top stock card. When a card
is played, every *other* seat holding the same rank may snap it (play its copy) out of turn;
play then goes on from the seat after the snapper. The first empty hand wins the round and
scores the ranks left in the other hands.

The good play is to lead ranks nobody else can hold (a pair of your own, or a rank whose twin
is already on the pile) and to snap whenever you can.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from solocards.core.game import Game, Result, State, View
from solocards.core.info import GameInfo
from solocards.core.messages import Message, verbatim

RANKS = ("1", "2", "3", "4", "5", "6")
DRAW = 6
HAND = 3


class SnapGame(Game):
    """The toy game's rules: deck, actions, one round per match."""

    id: ClassVar[str] = "toy-snap"
    info: ClassVar[GameInfo] = GameInfo(
        title="Snap (a test game)",
        reaction_windows=True,
        world_sampler=f"{__name__}:SnapGame.sample_world",
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3

    def _build_deck(self) -> list[str]:
        return [rank for rank in RANKS for _ in range(2)]

    def _build_actions(self) -> list[str]:
        return [*RANKS, "draw"]

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        ranks = [RANKS.index(card) for card in deck]
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for index in range(HAND * self.players):
            hands[(dealer + 1 + index) % self.players].append(ranks[index])
        stock = ranks[HAND * self.players :]
        return SnapState(self, dealer, seed, hands, stock, [], (dealer + 1) % self.players, -1)

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        return True

    def explain_refusal(self, state: Any, seat: int, action_id: int) -> Message:
        return verbatim(self._refusal_text(state, seat, action_id))

    def _refusal_text(self, state: Any, seat: int, action_id: int) -> str:
        return "not your turn" if seat not in state.to_act else "you cannot do that now"

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        return list(results[-1]["winners"])

    @property
    def lowest_wins(self) -> bool:
        return False  # the round's winners win

    def sample_world(self, view: View, rng: random.Random) -> State:
        """Deal every card the seat has not seen to the other hands and the stock, at random."""
        seat = view["seat"]
        unseen = [RANKS.index(card) for card in self.deck()]
        for card in view["hand"] + view["pile"]:
            unseen.remove(RANKS.index(card))
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for other, size in enumerate(view["hand_sizes"]):
            if other == seat:
                hands.append([RANKS.index(card) for card in view["hand"]])
            else:
                hands.append(unseen[:size])
                unseen = unseen[size:]
        pile = [RANKS.index(card) for card in view["pile"]]
        state = SnapState(
            self, view["dealer"], 0, hands, unseen, pile, view["current"], view["last_player"]
        )
        state._history = [(actor, self.action_id(action)) for actor, action in view["log"]]
        return state


class SnapState(State):
    """A round of Snap."""

    def __init__(
        self,
        game: Game,
        dealer: int,
        seed: int,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int],
        current: int,
        last_player: int,
    ) -> None:
        self._init_base(game, dealer, seed)
        self.hands = hands
        self.stock = stock
        self.pile = pile
        self.current = current
        self.last_player = last_player  # who played the top card while its window is open
        self.winner = -1

    def regular_seat(self) -> int:
        return -1 if self.winner >= 0 else self.current

    @property
    def to_act(self) -> list[int]:
        if self.winner >= 0:
            return []
        seats = {self.current}
        if self.last_player >= 0:
            top = self.pile[-1]
            for seat, hand in enumerate(self.hands):
                if seat != self.last_player and top in hand:
                    seats.add(seat)
        return sorted(seats)

    def _legal_ids(self, seat: int) -> list[int]:
        if seat not in self.to_act:
            return []
        if seat != self.current:
            return [self.pile[-1]]
        return sorted(set(self.hands[seat])) + ([DRAW] if self.stock else [])

    def _apply(self, seat: int, action_id: int) -> None:
        if action_id == DRAW:
            self.hands[seat].append(self.stock.pop(0))
            self.last_player = -1
            self.current = (seat + 1) % self.players
            return
        self.hands[seat].remove(action_id)
        self.pile.append(action_id)
        self.last_player = seat
        self.current = (seat + 1) % self.players
        if not self.hands[seat]:
            self.winner = seat

    def clone(self) -> SnapState:
        copy = SnapState.__new__(SnapState)
        copy._copy_base(self)
        copy.hands = [list(hand) for hand in self.hands]
        copy.stock = list(self.stock)
        copy.pile = list(self.pile)
        copy.current = self.current
        copy.last_player = self.last_player
        copy.winner = self.winner
        return copy

    @property
    def is_over(self) -> bool:
        return self.winner >= 0

    @property
    def result(self) -> Result | None:
        if self.winner < 0:
            return None
        points = sum(rank + 1 for hand in self.hands for rank in hand)
        scores = [points if seat == self.winner else 0 for seat in range(self.players)]
        return {"scores": scores, "winners": [self.winner]}

    def view(self, seat: int | None, *, log: bool = True) -> View:
        names = self.game._action_names
        can_act = seat is not None and seat in self.to_act
        view: View = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "dealer": self.dealer,
            "hand": None if seat is None else sorted(RANKS[r] for r in self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock_size": len(self.stock),
            "pile": [RANKS[r] for r in self.pile],
            "current": self.current,
            "last_player": self.last_player,
            "can_act": can_act,
            "legal_actions": self.legal_actions(seat) if can_act and seat is not None else [],
            "log": [[s, names[a]] for s, a in self._history],
            "is_over": self.is_over,
            "result": self.result,
        }
        if not log:
            del view["log"]
            view["log_size"] = len(self._history)
        return view

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.players,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hands": [[RANKS[r] for r in hand] for hand in self.hands],
            "stock": [RANKS[r] for r in self.stock],
            "pile": [RANKS[r] for r in self.pile],
            "current": self.current,
        }
