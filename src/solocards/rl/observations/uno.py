"""UNO observations: the fields of ``uno``'s view as a flat vector.

Per-seat fields are relative (0 = the observer, 1 = its left, ...). ``K`` is the number of card
kinds (54: ``R0`` .. ``B+2``, ``W``, ``W+4``, in deck order); ``n`` the player count.

The view holds no discard pile beyond its top card and size (the log has every play, but it is
the whole history, so it is left out): a policy that counts cards keeps its own memory.

The fast path (:meth:`UnoEncoder.write_state`) reads the same facts from the state's integers:
card kinds are the deck-order kinds of the encoder (``R0`` = 0 .. ``W+4`` = 53), the colour and
the phase their indices, the window from the seat's legal action ids.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> encoder = UnoEncoder(game)
>>> state = game.deal(seed=1)
>>> out = encoder.new_observation()
>>> encoder.encode(state.view(1), out)
>>> hand = encoder.field("hand")
>>> int(out[hand.offset : hand.offset + hand.size].sum())
7
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.uno.cards import KIND_NAMES, NO_COLOUR
from ...games.uno.state import DRAWN, PHASE_NAMES, UnoState
from .base import Cells, Encoder, Obs, Writer, one_hot_index

COLOURS = ("R", "Y", "G", "B")


@mypyc_attr(allow_interpreted_subclasses=True)
class UnoEncoder(Encoder):
    """Encodes an ``uno`` view (see the module docstring and :meth:`Encoder.describe`)."""

    fast_path: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if [self.kind_index[name] for name in KIND_NAMES] != list(range(len(KIND_NAMES))):
            raise ValueError("uno observations: the deck's kinds are not in kind order")
        self.uno_id = game.action_id("uno")
        self.catch_ids = [game.action_id(f"catch>{seat}") for seat in range(game.players)]
        if self.catch_ids != list(range(self.uno_id + 1, self.uno_id + 1 + game.players)):
            raise ValueError("uno observations: catch>N does not follow uno in the action space")
        n, k, add = self.players, len(self.kinds), self.layout.add
        deck, copies = self.deck_size, self.max_copies
        self.o_hand = add("hand", k, copies, "copies of each card kind in the observer's hand")
        self.o_top = add("top_card", k, 1, "one-hot: the top card of the discard pile")
        self.o_color = add("color", 4, 1, "one-hot R Y G B: the colour in force")
        self.o_dir = add("direction", 1, 1, "1 clockwise, -1 counter-clockwise", low=-1)
        self.o_pending = add("pending_draw", 1, deck, "cards the next victim must take")
        self.o_phase = add("phase", len(PHASE_NAMES), 1, "one-hot: " + " ".join(PHASE_NAMES))
        self.o_current = add("current", n, 1, "one-hot relative seat whose regular turn it is")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_sizes = add("hand_sizes", n, deck, "cards in each relative seat's hand")
        self.o_draw = add("draw_pile_size", 1, deck, "cards in the draw pile")
        self.o_discard = add("discard_pile_size", 1, deck, "cards in the discard pile")
        self.o_vuln = add("vulnerable", n, 1, "one-hot relative seat that may be caught")
        self.o_drawn = add("drawn_card", k, 1, "one-hot: the card the observer just drew")
        self.o_can_act = add("can_act", 1, 1, "1 if the observer may act now")
        self.o_jump = add("window_jump_in", 1, 1, "1 if the observer may jump in now")
        self.o_uno = add("window_uno", 1, 1, "1 if the observer may call UNO now")
        self.o_catch = add("window_catch", n, 1, "1 per relative seat the observer may catch")
        self.o_known = add(
            "known_hands",
            (n - 1) * k,
            copies,
            "per other relative seat 1..n-1, K counts: cards the observer knows it holds",
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
        w.one(self.o_phase + one_hot_index(PHASE_NAMES, view["phase"], "uno phase"))
        w.one(self.o_current + (view["current"] - seat) % n)
        w.one(self.o_dealer + (view["dealer"] - seat) % n)
        o_sizes = self.o_sizes
        for other, size in enumerate(view["hand_sizes"]):
            w.put(o_sizes + (other - seat) % n, float(size))
        w.put(self.o_draw, float(view["draw_pile_size"]))
        w.put(self.o_discard, float(view["discard_pile_size"]))
        if view["vulnerable"] is not None:
            w.one(self.o_vuln + (view["vulnerable"] - seat) % n)
        if view["drawn_card"] is not None:
            w.one(self.o_drawn + kinds[view["drawn_card"]])
        if view["can_act"]:
            w.one(self.o_can_act)
        window = view["window"]
        if window.get("jump_in"):
            w.one(self.o_jump)
        if window.get("uno"):
            w.one(self.o_uno)
        for caught in window.get("catch", ()):
            w.one(self.o_catch + (caught - seat) % n)
        k = len(self.kinds)
        for holder, cards in enumerate(view["known_hands"]):
            rel = (holder - seat) % n
            if cards and rel:
                w.counts(self.o_known + (rel - 1) * k, kinds, cards)
        w.write(out)

    def write_state(
        self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
    ) -> None:
        """The fast path: :meth:`encode` of ``state.view(seat)``, read from the state's ints
        (see :meth:`Encoder.write_state`: ``out[base:]`` is zeroed, ``legal`` the seat's legal
        ids)."""
        if not isinstance(state, UnoState):
            raise TypeError(f"an uno encoder reads uno states, not {state!r}")
        st = state
        b = base
        rel = self.relative[seat]  # rel[s]: seat s relative to the observer
        hands = st.hands
        hand = hands[seat]
        # Card kinds are the encoder's kind indices (checked in __init__).
        o = b + self.o_hand
        for card in hand:
            out[o + card] += 1.0
        discard = st.discard
        top = discard[-1]
        out[b + self.o_top + top] = 1.0
        color = st.color
        if color != NO_COLOUR:
            out[b + self.o_color + color] = 1.0
        out[b + self.o_dir] = 1.0 if st.direction == 1 else -1.0
        out[b + self.o_pending] = st.pending
        phase = st.phase
        out[b + self.o_phase + phase] = 1.0
        current = st.current
        out[b + self.o_current + rel[current]] = 1.0
        out[b + self.o_dealer + rel[st.dealer]] = 1.0
        o = b + self.o_sizes
        for other, where in enumerate(rel):
            out[o + where] = len(hands[other])
        out[b + self.o_draw] = len(st.pile)
        out[b + self.o_discard] = len(discard)
        vuln = st.vuln
        if vuln >= 0:
            out[b + self.o_vuln + rel[vuln]] = 1.0
        if seat == current and phase == DRAWN:
            out[b + self.o_drawn + st.drawn] = 1.0
        if legal:
            out[b + self.o_can_act] = 1.0
            uno_id = self.uno_id
            if legal[-1] >= uno_id:  # the ids are sorted: uno, catch>0.. come late
                last_catch = uno_id + len(rel)
                o = b + self.o_catch
                for action in legal:
                    if action == uno_id:
                        out[b + self.o_uno] = 1.0
                    elif uno_id < action <= last_catch:
                        out[o + rel[action - uno_id - 1]] = 1.0
        if st.jump and seat != current and seat != st.last and top in hand:
            out[b + self.o_jump] = 1.0
        seen = st.seen  # holder -> viewer -> cards (7-0 swaps, challenges); read, no copy
        if seen:
            k = len(self.kinds)
            for holder, viewers in seen.items():
                cards = viewers.get(seat)
                where = rel[holder]
                if where and cards:
                    o = b + self.o_known + (where - 1) * k
                    for card in cards:
                        out[o + card] += 1.0


__all__ = ["UnoEncoder"]
