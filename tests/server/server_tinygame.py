"""A tiny shedding game for the server tests, with a reaction window like UNO's jump-in.

18 unique cards (suits ``A B C``, ranks ``1``-``6``: ``A1`` .. ``C6``), 2-4 players, 4 cards
each; the next card starts the pile. On your turn play a card of the top card's suit or rank, or
``draw`` (``pass`` when the pile is empty). Another seat holding a card of the top card's rank
may jump in with it out of turn (option ``jump_in``); play then goes on from the jumper's left.
The round ends when a hand is empty (the winner scores the ranks left in the other hands) or
after every seat has passed in a row. The match lasts ``rounds`` rounds.

Every card is unique, so a test can tell any hidden card by its string.
"""

from __future__ import annotations

from typing import Any

from solocards.core.game import Game, Result, State, View
from solocards.core.info import GameInfo
from solocards.core.messages import Message, verbatim
from solocards.core.options import Option
from solocards.core.rng import round_rng

SUITS = "ABC"
RANKS = "123456"
CARDS = [suit + rank for suit in SUITS for rank in RANKS]
HAND = 4


class TinyGame(Game):
    """The tiny test game (id ``tiny``)."""

    id = "tiny"
    info = GameInfo(title="Tiny", reaction_windows=True)
    min_players = 2
    max_players = 4
    default_players = 3
    option_specs = (
        Option("rounds", 2, "Rounds in a match.", minimum=1, maximum=5),
        Option("jump_in", True, "Play a card of the top card's rank out of turn."),
    )
    presets = {"official": {}, "quick": {"rounds": 1}}  # noqa: RUF012

    def _build_deck(self) -> list[str]:
        return list(CARDS)

    def _build_actions(self) -> list[str]:
        return [*CARDS, "draw", "pass"]

    def _new_round(self, deck: list[str], dealer: int, seed: int) -> State:
        return TinyState(self, deck, dealer, seed)

    def match_over(self, totals: list[int], results: list[Result]) -> bool:
        return len(results) >= int(self.options["rounds"])

    def explain_refusal(self, state: Any, seat: int, action_id: int) -> Message:
        return verbatim(self._refusal_text(state, seat, action_id))

    def _refusal_text(self, state: Any, seat: int, action_id: int) -> str:
        action = state.game.action_name(action_id)
        if seat not in state.to_act:
            return f"it is not seat {seat}'s turn"
        if action in CARDS and action not in state.hands[seat]:
            return f"{action} is not in your hand"
        if seat != state.current:
            return f"only a card of rank {state.discard[-1][1]} may jump in"
        if action in ("draw", "pass"):
            return "draw while the pile has cards, pass once it is empty"
        return f"{action} matches neither the suit nor the rank of {state.discard[-1]}"

    def match_winners(self, totals: list[int], results: list[Result]) -> list[int]:
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    @property
    def lowest_wins(self) -> bool:
        return False  # the highest total wins


class TinyState(State):
    """A round of the tiny game."""

    def __init__(self, game: Game, deck: list[str], dealer: int, seed: int) -> None:
        self._init_base(game, dealer, seed)
        if not deck:
            return  # clone() fills the rest
        n = game.players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        position = 0
        for _ in range(HAND):
            for offset in range(1, n + 1):
                self.hands[(dealer + offset) % n].append(deck[position])
                position += 1
        self.discard: list[str] = [deck[position]]
        self.pile: list[str] = deck[position + 1 :]
        self.current = (dealer + 1) % n
        self.passes = 0
        self.winner: int | None = None
        self.rng = round_rng(seed)

    # -- rules -------------------------------------------------------------------------------

    def _over(self) -> bool:
        return self.winner is not None or self.passes >= self.players

    def _jumpers(self) -> list[int]:
        if not self.game.options["jump_in"] or self._over():
            return []
        rank = self.discard[-1][1]
        return [
            seat
            for seat in range(self.players)
            if seat != self.current and any(card[1] == rank for card in self.hands[seat])
        ]

    def regular_seat(self) -> int:
        return -1 if self._over() else self.current

    @property
    def to_act(self) -> list[int]:
        if self._over():
            return []
        return sorted({self.current, *self._jumpers()})

    def _legal_ids(self, seat: int) -> list[int]:
        if self._over():
            return []
        top = self.discard[-1]
        game = self.game
        if seat == self.current:
            plays = [c for c in self.hands[seat] if c[0] == top[0] or c[1] == top[1]]
            ids = [game.action_id(c) for c in plays]
            ids.append(game.action_id("draw" if self.pile else "pass"))
            return sorted(ids)
        if seat in self._jumpers():
            return sorted(game.action_id(c) for c in self.hands[seat] if c[1] == top[1])
        return []

    def _apply(self, seat: int, action_id: int) -> None:
        action = self.game.action_name(action_id)
        n = self.players
        if action == "draw":
            self.hands[seat].append(self.pile.pop(0))
            self.passes = 0
        elif action == "pass":
            self.passes += 1
        else:
            self.hands[seat].remove(action)
            self.discard.append(action)
            self.passes = 0
            if not self.hands[seat]:
                self.winner = seat
        self.current = (seat + 1) % n

    def clone(self) -> TinyState:
        other = TinyState(self.game, [], self.dealer, self.seed)
        other._copy_base(self)
        other.hands = [list(hand) for hand in self.hands]
        other.discard = list(self.discard)
        other.pile = list(self.pile)
        other.current = self.current
        other.passes = self.passes
        other.winner = self.winner
        other.rng = self.rng
        return other

    @property
    def is_over(self) -> bool:
        return self._over()

    @property
    def result(self) -> Result | None:
        if not self._over():
            return None
        scores = [0] * self.players
        if self.winner is not None:
            scores[self.winner] = sum(
                int(card[1]) for seat, hand in enumerate(self.hands) for card in hand
            )
        return {"scores": scores, "winners": [] if self.winner is None else [self.winner]}

    def view(self, seat: int | None, *, log: bool = True) -> View:
        legal = self.legal_actions(seat) if seat is not None else []
        view: View = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "dealer": self.dealer,
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "can_act": bool(legal),
            "legal_actions": legal,
            "log": [[s, a] for s, a in self.history],
            "is_over": self.is_over,
            "result": self.result,
            "current": self.current,
            "top_card": self.discard[-1],
            "draw_pile_size": len(self.pile),
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
            "hands": [list(hand) for hand in self.hands],
            "draw_pile": list(self.pile),
            "discard_pile": list(self.discard),
            "current": self.current,
        }
