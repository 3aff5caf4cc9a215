"""AMIGO's SOLO observations: the fields of ``amigo-solo``'s view as a flat vector.

Per-seat fields are relative (0 = the observer, 1 = its left, ...). ``K`` is the number of card
kinds (55: ``R1`` .. ``BX``, ``W``, ``W+4``, ``WX``, in deck order); ``n`` the player count.

>>> import solocards
>>> game = solocards.make("amigo-solo", players=3)
>>> encoder = AmigoSoloEncoder(game)
>>> out = encoder.new_observation()
>>> encoder.encode(game.deal(seed=2).view(0), out)
>>> sizes = encoder.field("hand_sizes")
>>> out[sizes.offset : sizes.offset + sizes.size].tolist()
[8.0, 8.0, 8.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.amigo_solo.cards import NAMES
from ...games.amigo_solo.state import P_DRAWN, PHASE_NAMES, AmigoSoloState
from .base import Cells, Encoder, Obs, Writer, one_hot_index

COLOURS = ("R", "Y", "G", "B")
WINDOWS = ("jump_in", "catch", "solo")


@mypyc_attr(allow_interpreted_subclasses=True)
class AmigoSoloEncoder(Encoder):
    """Encodes an ``amigo-solo`` view (see the module docstring and :meth:`Encoder.describe`)."""

    fast_path: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if [self.kind_index[name] for name in NAMES] != list(range(len(NAMES))):
            raise ValueError("amigo-solo observations: the deck's kinds are not in kind order")
        n, k, add = self.players, len(self.kinds), self.layout.add
        deck, copies = self.deck_size, self.max_copies
        self.o_hand = add("hand", k, copies, "copies of each card kind in the observer's hand")
        self.o_top = add("top_card", k, 1, "one-hot: the top card of the discard pile")
        self.o_color = add(
            "color", 4, 1, "one-hot R Y G B: the colour in force (all 0: any, after a WX)"
        )
        self.o_dir = add("direction", 1, 1, "1 clockwise, -1 counter-clockwise", low=-1)
        self.o_pending = add("pending_draw", 1, deck, "cards the next victim must take")
        self.o_phase = add("phase", len(PHASE_NAMES), 1, "one-hot: " + " ".join(PHASE_NAMES))
        self.o_current = add("current", n, 1, "one-hot relative seat whose regular turn it is")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_sizes = add("hand_sizes", n, deck, "cards in each relative seat's hand")
        self.o_draw = add("draw_pile_size", 1, deck, "cards in the draw pile")
        self.o_discard = add("discard_pile_size", 1, deck, "cards in the discard pile")
        self.o_counts = add(
            "discard_counts", k, copies, "copies of each card kind in the (face-up) discard pile"
        )
        self.o_catch_open = add(
            "open_to_catch", n, 1, "one-hot relative seat that did not call solo (catch mode)"
        )
        self.o_drawn = add("drawn_card", k, 1, "one-hot: the card the observer just drew")
        self.o_can_act = add("can_act", 1, 1, "1 if the observer may act now")
        self.o_window = add(
            "window",
            len(WINDOWS),
            1,
            "1 per reaction the observer may make now: " + " ".join(WINDOWS),
        )
        self.o_known = add(
            "known_hands",
            (n - 1) * k,
            copies,
            "per other relative seat 1..n-1, K counts: cards the observer saw in that hand",
        )

    def encode(self, view: View, out: Obs) -> None:
        """Write ``view``'s observation into ``out``."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        w = Writer()
        w.counts(self.o_hand, kinds, view["hand"])
        w.one(self.o_top + kinds[view["top_card"]])
        color = view["color"]
        if color is not None:
            w.one(self.o_color + COLOURS.index(color))
        w.put(self.o_dir, float(view["direction"]))
        w.put(self.o_pending, float(view["pending_draw"]))
        w.one(self.o_phase + one_hot_index(PHASE_NAMES, view["phase"], "amigo-solo phase"))
        w.one(self.o_current + (view["current"] - seat) % n)
        w.one(self.o_dealer + (view["dealer"] - seat) % n)
        o_sizes = self.o_sizes
        for other, size in enumerate(view["hand_sizes"]):
            w.put(o_sizes + (other - seat) % n, float(size))
        w.put(self.o_draw, float(view["draw_pile_size"]))
        w.put(self.o_discard, float(view["discard_pile_size"]))
        o_counts = self.o_counts
        for card, count in view["discard_counts"].items():
            w.put(o_counts + kinds[card], float(count))
        if view["open_to_catch"] is not None:
            w.one(self.o_catch_open + (view["open_to_catch"] - seat) % n)
        if view["drawn_card"] is not None:
            w.one(self.o_drawn + kinds[view["drawn_card"]])
        if view["can_act"]:
            w.one(self.o_can_act)
        for name in view["window"]:
            w.one(self.o_window + one_hot_index(WINDOWS, name, "amigo-solo window"))
        k = len(self.kinds)
        for holder, cards in view["known_hands"].items():
            rel = (int(holder) - seat) % n
            if cards and rel:
                w.counts(self.o_known + (rel - 1) * k, kinds, cards)
        w.write(out)

    def write_state(
        self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
    ) -> None:
        """The fast path: :meth:`encode` of ``state.view(seat)``, read from the state's ints
        (see :meth:`Encoder.write_state`: ``out[base:]`` is zeroed, ``legal`` the seat's legal
        ids)."""
        if not isinstance(state, AmigoSoloState):
            raise TypeError(f"an amigo-solo encoder reads amigo-solo states, not {state!r}")
        st = state
        b = base
        rel = self.relative[seat]
        hands = st.hands
        o = self.o_hand
        for card in hands[seat]:  # card kinds are the encoder's kind indices (see __init__)
            out[b + o + card] += 1.0
        discard = st.discard
        out[b + self.o_top + discard[-1]] = 1.0
        if st.color >= 0:
            out[b + self.o_color + st.color] = 1.0
        out[b + self.o_dir] = st.direction
        out[b + self.o_pending] = st.pending
        phase = st.phase
        out[b + self.o_phase + phase] = 1.0
        current = st.current
        out[b + self.o_current + rel[current]] = 1.0
        out[b + self.o_dealer + rel[st.dealer]] = 1.0
        o = self.o_sizes
        for other, where in enumerate(rel):
            out[b + o + where] = len(hands[other])
        out[b + self.o_draw] = len(st.draw_pile)
        out[b + self.o_discard] = len(discard)
        o = self.o_counts
        for card in discard:
            out[b + o + card] += 1.0
        vulnerable = st.vulnerable
        if vulnerable >= 0:
            out[b + self.o_catch_open + rel[vulnerable]] = 1.0
        if phase == P_DRAWN and seat == current:
            out[b + self.o_drawn + st.drawn] = 1.0
        if legal:
            out[b + self.o_can_act] = 1.0
        if st.may_jump_in(seat):
            out[b + self.o_window] = 1.0  # jump_in
        if vulnerable >= 0:
            out[b + self.o_window + (2 if seat == vulnerable else 1)] = 1.0  # solo / catch
        if st.known:
            k = len(self.kinds)
            for holder, seen in st.known.items():
                cards = seen.get(seat)
                where = rel[holder]
                if cards and where:
                    o = self.o_known + (where - 1) * k
                    for card in cards:
                        out[b + o + card] += 1.0


__all__ = ["AmigoSoloEncoder"]
