"""The shedding games' observations (``uno``, ``amigo-solo``): the fields both lay out alike.

Both games show a seat the same table: its hand, the top card and the colour in force, the
direction, the pending draw, the phase, whose turn it is and who dealt, every hand's size, the
piles' sizes, the card it just drew, whether it may act, and what it saw of other hands.
:class:`SheddingEncoder` lays these out and writes them, on both paths; a game's encoder adds
only its own fields, at two places of the layout (:meth:`SheddingEncoder.add_pile_fields` and
:meth:`SheddingEncoder.add_window_fields`)::

    hand top_card color direction pending_draw phase current dealer hand_sizes
    draw_pile_size discard_pile_size  <pile fields>  drawn_card can_act  <window fields>
    known_hands

``K`` is the number of card kinds, in deck order (the game's card kinds must be its deck's kinds
in the same order: the fast path writes a card's kind as its index); ``n`` the player count.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from ...core.compiled import mypyc_attr
from ...core.game import Game, View
from .base import Cells, Encoder, Obs, Writer, one_hot_index

COLOURS: Final = ("R", "Y", "G", "B")
"""The colours of the ``color`` field, in its order (a colour's index as the states hold it)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class SheddingEncoder(Encoder):
    """The fields a shedding game's view shares (see the module docstring); a game's encoder
    adds its own fields in :meth:`add_pile_fields` and :meth:`add_window_fields`, writes them
    in :meth:`encode_own` (the view path) and in its :meth:`~Encoder.write_state` (the fast
    path), which reads its state and hands the shared facts to :meth:`write_table`."""

    fast_path: ClassVar[bool] = True

    def __init__(
        self,
        game: Game,
        kind_names: Sequence[str],
        phase_names: Sequence[str],
        drawn_phase: int,
        color_doc: str,
        known_doc: str,
    ) -> None:
        """Lay out the fields; ``kind_names`` are the game's card kinds in kind order,
        ``phase_names`` its phases in index order, ``drawn_phase`` the phase in which the seat
        to play holds the card it just drew, ``color_doc`` and ``known_doc`` the meaning of the
        ``color`` and ``known_hands`` fields."""
        super().__init__(game)
        if [self.kind_index[name] for name in kind_names] != list(range(len(kind_names))):
            raise ValueError(f"{game.id} observations: the deck's kinds are not in kind order")
        self.phase_names: tuple[str, ...] = tuple(phase_names)
        self.drawn_phase = drawn_phase
        self._phase_what = f"{game.id} phase"
        n, k, add = self.players, len(self.kinds), self.layout.add
        deck, copies = self.deck_size, self.max_copies
        self.o_hand = add("hand", k, copies, "copies of each card kind in the observer's hand")
        self.o_top = add("top_card", k, 1, "one-hot: the top card of the discard pile")
        self.o_color = add("color", 4, 1, color_doc)
        self.o_dir = add("direction", 1, 1, "1 clockwise, -1 counter-clockwise", low=-1)
        self.o_pending = add("pending_draw", 1, deck, "cards the next victim must take")
        self.o_phase = add(
            "phase", len(self.phase_names), 1, "one-hot: " + " ".join(self.phase_names)
        )
        self.o_current = add("current", n, 1, "one-hot relative seat whose regular turn it is")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_sizes = add("hand_sizes", n, deck, "cards in each relative seat's hand")
        self.o_draw = add("draw_pile_size", 1, deck, "cards in the draw pile")
        self.o_discard = add("discard_pile_size", 1, deck, "cards in the discard pile")
        self.add_pile_fields()
        self.o_drawn = add("drawn_card", k, 1, "one-hot: the card the observer just drew")
        self.o_can_act = add("can_act", 1, 1, "1 if the observer may act now")
        self.add_window_fields()
        self.o_known = add(
            "known_hands",
            (n - 1) * k,
            copies,
            "per other relative seat 1..n-1, K counts: " + known_doc,
        )

    @abstractmethod
    def add_pile_fields(self) -> None:
        """Add the game's fields that follow ``discard_pile_size``."""

    @abstractmethod
    def add_window_fields(self) -> None:
        """Add the game's fields that follow ``can_act`` (its reaction windows)."""

    # -- the view path ----------------------------------------------------------------------

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
        w.one(self.o_phase + one_hot_index(self.phase_names, view["phase"], self._phase_what))
        w.one(self.o_current + (view["current"] - seat) % n)
        w.one(self.o_dealer + (view["dealer"] - seat) % n)
        o_sizes = self.o_sizes
        for other, size in enumerate(view["hand_sizes"]):
            w.put(o_sizes + (other - seat) % n, float(size))
        w.put(self.o_draw, float(view["draw_pile_size"]))
        w.put(self.o_discard, float(view["discard_pile_size"]))
        if view["drawn_card"] is not None:
            w.one(self.o_drawn + kinds[view["drawn_card"]])
        if view["can_act"]:
            w.one(self.o_can_act)
        k = len(self.kinds)
        for holder, cards in self.known_in_view(view):
            rel = (holder - seat) % n
            if cards and rel:
                w.counts(self.o_known + (rel - 1) * k, kinds, cards)
        self.encode_own(view, w)
        w.write(out)

    @abstractmethod
    def known_in_view(self, view: View) -> Iterable[tuple[int, Sequence[str]]]:
        """``(holder, cards)`` for each hand of which the view shows the observer some cards."""

    @abstractmethod
    def encode_own(self, view: View, w: Writer) -> None:
        """Add the game's own fields of ``view`` to ``w`` (the shared ones are written)."""

    # -- the fast path ----------------------------------------------------------------------

    def write_table(
        self,
        out: Cells,
        base: int,
        seat: int,
        hands: list[list[int]],
        discard: list[int],
        color: int,
        direction: int,
        pending: int,
        phase: int,
        current: int,
        dealer: int,
        draw_pile_size: int,
        drawn: int,
        legal: Sequence[int],
        known: dict[int, dict[int, list[int]]],
    ) -> None:
        """Write the shared fields of ``seat``'s observation into ``out[base:]`` (zeroed), from
        the state's integers: ``hands`` as lists of card kinds, ``discard`` the discard pile (top
        card last), ``color`` the colour's index (any other value: no colour in force),
        ``direction`` 1 or -1, ``drawn`` the card the seat to play just drew (read in the
        ``drawn_phase`` only), ``legal`` the seat's legal ids (for ``can_act``), ``known``
        holder -> viewer -> the cards that viewer saw in that hand (read, never changed)."""
        b = base
        rel = self.relative[seat]  # rel[s]: seat s relative to the observer
        o = b + self.o_hand
        for card in hands[seat]:  # card kinds are the encoder's kind indices (see __init__)
            out[o + card] += 1.0
        out[b + self.o_top + discard[-1]] = 1.0
        if 0 <= color < 4:
            out[b + self.o_color + color] = 1.0
        out[b + self.o_dir] = direction
        out[b + self.o_pending] = pending
        out[b + self.o_phase + phase] = 1.0
        out[b + self.o_current + rel[current]] = 1.0
        out[b + self.o_dealer + rel[dealer]] = 1.0
        o = b + self.o_sizes
        for other, where in enumerate(rel):
            out[o + where] = len(hands[other])
        out[b + self.o_draw] = draw_pile_size
        out[b + self.o_discard] = len(discard)
        if seat == current and phase == self.drawn_phase:
            out[b + self.o_drawn + drawn] = 1.0
        if legal:
            out[b + self.o_can_act] = 1.0
        if known:
            k = len(self.kinds)
            for holder, viewers in known.items():
                cards = viewers.get(seat)
                where = rel[holder]
                if where and cards:
                    o = b + self.o_known + (where - 1) * k
                    for card in cards:
                        out[o + card] += 1.0


__all__ = ["COLOURS", "SheddingEncoder"]
