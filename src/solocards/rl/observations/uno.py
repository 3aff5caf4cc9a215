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

from collections.abc import Iterable, Sequence

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.uno.cards import KIND_NAMES
from ...games.uno.state import DRAWN, PHASE_NAMES, UnoState
from .base import Cells, Writer
from .shedding import SheddingEncoder


@mypyc_attr(allow_interpreted_subclasses=True)
class UnoEncoder(SheddingEncoder):
    """Encodes an ``uno`` view (see the module docstring and :meth:`Encoder.describe`): the
    shedding fields, with the seat that may be caught and the three reaction windows."""

    def __init__(self, game: Game) -> None:
        self.uno_id = game.action_id("uno")
        self.catch_ids = [game.action_id(f"catch>{seat}") for seat in range(game.players)]
        if self.catch_ids != list(range(self.uno_id + 1, self.uno_id + 1 + game.players)):
            raise ValueError("uno observations: catch>N does not follow uno in the action space")
        super().__init__(
            game,
            KIND_NAMES,
            PHASE_NAMES,
            DRAWN,
            color_doc="one-hot R Y G B: the colour in force",
            known_doc="cards the observer knows it holds",
        )

    def add_pile_fields(self) -> None:
        """``vulnerable``: the seat that may be caught not having called UNO."""
        self.o_vuln = self.layout.add(
            "vulnerable", self.players, 1, "one-hot relative seat that may be caught"
        )

    def add_window_fields(self) -> None:
        """The reaction windows: jump in, call UNO, catch a seat."""
        add = self.layout.add
        self.o_jump = add("window_jump_in", 1, 1, "1 if the observer may jump in now")
        self.o_uno = add("window_uno", 1, 1, "1 if the observer may call UNO now")
        self.o_catch = add(
            "window_catch", self.players, 1, "1 per relative seat the observer may catch"
        )

    def known_in_view(self, view: View) -> Iterable[tuple[int, Sequence[str]]]:
        """The view's ``known_hands``: a list of cards per seat."""
        return enumerate(view["known_hands"])

    def encode_own(self, view: View, w: Writer) -> None:
        """The seat that may be caught and the observer's windows."""
        n, seat = self.players, view["seat"]
        if view["vulnerable"] is not None:
            w.one(self.o_vuln + (view["vulnerable"] - seat) % n)
        window = view["window"]
        if window.get("jump_in"):
            w.one(self.o_jump)
        if window.get("uno"):
            w.one(self.o_uno)
        for caught in window.get("catch", ()):
            w.one(self.o_catch + (caught - seat) % n)

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
        hands = st.hands
        discard = st.discard
        current = st.current
        self.write_table(
            out,
            b,
            seat,
            hands,
            discard,
            st.color,
            st.direction,
            st.pending,
            st.phase,
            current,
            st.dealer,
            len(st.pile),
            st.drawn,
            legal,
            st.seen,  # holder -> viewer -> cards (7-0 swaps, challenges); read, no copy
        )
        rel = self.relative[seat]  # rel[s]: seat s relative to the observer
        vuln = st.vuln
        if vuln >= 0:
            out[b + self.o_vuln + rel[vuln]] = 1.0
        if legal:
            uno_id = self.uno_id
            if legal[-1] >= uno_id:  # the ids are sorted: uno, catch>0.. come late
                last_catch = uno_id + len(rel)
                o = b + self.o_catch
                for action in legal:
                    if action == uno_id:
                        out[b + self.o_uno] = 1.0
                    elif uno_id < action <= last_catch:
                        out[o + rel[action - uno_id - 1]] = 1.0
        if st.jump and seat != current and seat != st.last and discard[-1] in hands[seat]:
            out[b + self.o_jump] = 1.0


__all__ = ["UnoEncoder"]
