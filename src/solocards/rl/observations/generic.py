"""Observations for a game that declares no encoder of its own (``info.rl_encoder`` is ``None``).

It reads only the keys every game's view has (``solocards.core.game``): the observer's own hand
(copies of each card kind of the deck), every seat's hand size, the dealer, whether the observer
may act, its legal actions, and whether the round is over. Per-seat fields are relative (0 = the
observer, 1 = its left, ...), and the observer's absolute seat is one field of its own, so a new
game works in every RL environment before anyone writes its encoder; a game's own encoder sees
more (the pile, the trick, the calls).

>>> import solocards
>>> game = solocards.make("frog")
>>> encoder = GenericEncoder(game)
>>> out = encoder.new_observation()
>>> encoder.encode(game.deal(seed=5).view(1), out)
>>> int(out[encoder.field("hand").offset : encoder.field("hand").size].sum())
11
"""

from __future__ import annotations

from ...core.game import Game, View
from .base import Encoder, Obs, Writer


class GenericEncoder(Encoder):
    """Encodes the view keys every game shares (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n, kinds, add = self.players, len(self.kinds), self.layout.add
        self.o_hand = add("hand", kinds, self.max_copies, "copies of each card kind held")
        self.o_sizes = add("hand_sizes", n, self.deck_size, "cards held per relative seat")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_seat = add("seat", n, 1, "one-hot absolute seat of the observer")
        self.o_can_act = add("can_act", 1, 1, "1 if the observer may act now")
        self.o_legal = add("legal", game.num_actions, 1, "1 per action the observer may take")
        self.o_over = add("is_over", 1, 1, "1 once the round is over")

    def encode(self, view: View, out: Obs) -> None:
        """Write ``view``'s observation into ``out`` (cards not in the deck are not counted)."""
        w = Writer()
        kinds = self.kind_index
        w.counts(self.o_hand, kinds, [card for card in view["hand"] or () if card in kinds])
        for seat, size in enumerate(view["hand_sizes"]):
            w.put(self.o_sizes + self.rel(view, seat), float(size))
        if view["dealer"] is not None:
            w.one(self.o_dealer + self.rel(view, view["dealer"]))
        w.one(self.o_seat + int(view["seat"]))
        w.put(self.o_can_act, 1.0 if view["can_act"] else 0.0)
        for action in view["legal_actions"]:
            w.one(self.o_legal + self.action_index[action])
        w.put(self.o_over, 1.0 if view["is_over"] else 0.0)
        w.write(out)


__all__ = ["GenericEncoder"]
