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

from collections.abc import Iterable, Sequence

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.amigo_solo.cards import NAMES
from ...games.amigo_solo.state import P_DRAWN, PHASE_NAMES, AmigoSoloState
from .base import Cells, Writer, one_hot_index
from .shedding import SheddingEncoder

WINDOWS = ("jump_in", "catch", "solo")


@mypyc_attr(allow_interpreted_subclasses=True)
class AmigoSoloEncoder(SheddingEncoder):
    """Encodes an ``amigo-solo`` view (see the module docstring and :meth:`Encoder.describe`):
    the shedding fields, with the face-up discard pile, the seat open to a catch and the
    reaction windows."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            game,
            NAMES,
            PHASE_NAMES,
            P_DRAWN,
            color_doc="one-hot R Y G B: the colour in force (all 0: any, after a WX)",
            known_doc="cards the observer saw in that hand",
        )

    def add_pile_fields(self) -> None:
        """``discard_counts`` (the discard pile is face up) and ``open_to_catch``."""
        add = self.layout.add
        self.o_counts = add(
            "discard_counts",
            len(self.kinds),
            self.max_copies,
            "copies of each card kind in the (face-up) discard pile",
        )
        self.o_catch_open = add(
            "open_to_catch",
            self.players,
            1,
            "one-hot relative seat that did not call solo (catch mode)",
        )

    def add_window_fields(self) -> None:
        """``window``: the reactions the observer may make now."""
        self.o_window = self.layout.add(
            "window",
            len(WINDOWS),
            1,
            "1 per reaction the observer may make now: " + " ".join(WINDOWS),
        )

    def known_in_view(self, view: View) -> Iterable[tuple[int, Sequence[str]]]:
        """The view's ``known_hands``: a mapping from holder to cards."""
        return [(int(holder), cards) for holder, cards in view["known_hands"].items()]

    def encode_own(self, view: View, w: Writer) -> None:
        """The discard pile's contents, the seat open to a catch and the observer's windows."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        o_counts = self.o_counts
        for card, count in view["discard_counts"].items():
            w.put(o_counts + kinds[card], float(count))
        if view["open_to_catch"] is not None:
            w.one(self.o_catch_open + (view["open_to_catch"] - seat) % n)
        for name in view["window"]:
            w.one(self.o_window + one_hot_index(WINDOWS, name, "amigo-solo window"))

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
        discard = st.discard
        self.write_table(
            out,
            b,
            seat,
            st.hands,
            discard,
            st.color,  # -1: any colour (after a WX)
            st.direction,
            st.pending,
            st.phase,
            st.current,
            st.dealer,
            len(st.draw_pile),
            st.drawn,
            legal,
            st.known,
        )
        o = b + self.o_counts
        for card in discard:
            out[o + card] += 1.0
        vulnerable = st.vulnerable
        if vulnerable >= 0:
            out[b + self.o_catch_open + self.relative[seat][vulnerable]] = 1.0
        if st.may_jump_in(seat):
            out[b + self.o_window] = 1.0  # jump_in
        if vulnerable >= 0:
            out[b + self.o_window + (2 if seat == vulnerable else 1)] = 1.0  # solo / catch


__all__ = ["AmigoSoloEncoder"]
