"""The trick games' observations (``german-solo``, ``frog``): the fields both lay out alike.

Both games show a seat its hand, the phase, who is to act, who dealt and who is eldest, then
what their auctions and contracts show (each its own), then the trick being played, every card
each seat played to completed tricks, and the tricks each seat won. :class:`TrickEncoder` lays
these out and writes them, on both paths; a game's encoder adds only its own fields, at two
places of the layout (:meth:`TrickEncoder.add_deal_fields` and
:meth:`TrickEncoder.add_score_fields`)::

    hand phase current dealer eldest  <deal fields>
    trick_leader trick played_by tricks_won  <score fields>

Cards are those of the game's pack in deck order (``K`` of them, ``encoder.kinds``); per-seat
fields are relative (0 = the observer, 1 = its left, ...), ``n`` the player count.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Final

from ...core.compiled import mypyc_attr
from ...core.game import Game, View
from .base import Cells, Encoder, Obs, Writer, one_hot_index

SUITS: Final = ("C", "D", "H", "S")
"""The suits of the ``trump`` (and German Solo's ``couleur``) field, in its order."""


@mypyc_attr(allow_interpreted_subclasses=True)
class TrickEncoder(Encoder):
    """The fields a trick game's view shares (see the module docstring); a game's encoder adds
    its own fields in :meth:`add_deal_fields` and :meth:`add_score_fields`, writes them in
    :meth:`encode_own` (the view path) and in its :meth:`~Encoder.write_state` (the fast path),
    which writes the hand and the tricks from its state and hands the seats, the phase and the
    tricks won to :meth:`write_seats`."""

    fast_path: ClassVar[bool] = True

    def __init__(self, game: Game, phase_names: Sequence[str], max_tricks: int) -> None:
        """Lay out the fields; ``phase_names`` are the game's phases in index order,
        ``max_tricks`` the most tricks a seat can win in a deal."""
        super().__init__(game)
        self.phase_names: tuple[str, ...] = tuple(phase_names)
        self._phase_what = f"{game.id} phase"
        n, k, add = self.players, len(self.kinds), self.layout.add
        self.o_hand = add("hand", k, 1, "1 per card in the observer's hand")
        self.o_phase = add(
            "phase", len(self.phase_names), 1, "one-hot: " + " ".join(self.phase_names)
        )
        self.o_current = add("current", n, 1, "one-hot relative seat to act")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_eldest = add("eldest", n, 1, "one-hot relative seat of eldest")
        self.seat_fields: list[tuple[int, str]] = [
            (self.o_current, "current"),
            (self.o_dealer, "dealer"),
            (self.o_eldest, "eldest"),
        ]
        """``(offset, view key)`` of each one-hot relative seat field: a game's encoder adds
        its own in :meth:`add_deal_fields` (the view path writes them alike)."""
        self.add_deal_fields()
        self.o_leader = add("trick_leader", n, 1, "one-hot relative seat that led this trick")
        self.o_trick = add(
            "trick", n * k, 1, "per relative seat, one-hot of its card in the current trick"
        )
        self.o_played = add(
            "played_by", n * k, 1, "per relative seat, 1 per card it played to completed tricks"
        )
        self.o_tricks = add("tricks_won", n, max_tricks, "tricks won by each relative seat")
        self.add_score_fields()

    @abstractmethod
    def add_deal_fields(self) -> None:
        """Add the game's fields that follow ``eldest`` (its auction, contract, talon, ...)."""

    @abstractmethod
    def add_score_fields(self) -> None:
        """Add the game's fields that follow ``tricks_won``."""

    # -- the view path ----------------------------------------------------------------------

    def encode(self, view: View, out: Obs) -> None:
        """Write ``view``'s observation into ``out``."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        k = len(self.kinds)
        w = Writer()
        o_hand = self.o_hand
        for card in view["hand"]:
            w.one(o_hand + kinds[card])
        w.one(self.o_phase + one_hot_index(self.phase_names, view["phase"], self._phase_what))
        for offset, key in self.seat_fields:
            if view[key] is not None:
                w.one(offset + (view[key] - seat) % n)
        trick = view["trick"]
        if trick:
            w.one(self.o_leader + (trick[0][0] - seat) % n)
        for by, card in trick:
            w.one(self.o_trick + ((by - seat) % n) * k + kinds[card])
        for done in view["tricks"]:
            for by, card in done["cards"]:
                w.one(self.o_played + ((by - seat) % n) * k + kinds[card])
        for other, won in enumerate(view["tricks_won"]):
            w.put(self.o_tricks + (other - seat) % n, float(won))
        self.encode_own(view, w)
        w.write(out)

    @abstractmethod
    def encode_own(self, view: View, w: Writer) -> None:
        """Add the game's own fields of ``view`` to ``w`` (the shared ones are written)."""

    def latest_calls(
        self,
        w: Writer,
        offset: int,
        seat: int,
        calls: Iterable[Sequence[Any]],
        names: Sequence[str],
        what: str,
    ) -> None:
        """Add to ``w`` each seat's latest call of an auction's ``calls`` (``[caller, name]``
        pairs, lists or tuples, in order), one-hot among ``names`` per relative seat, in the
        field at ``offset`` (``what`` names a call in the error for one not in ``names``)."""
        latest: dict[int, str] = {}
        for caller, call in calls:
            latest[caller] = call
        n, size = self.players, len(names)
        for caller, call in latest.items():
            w.one(offset + ((caller - seat) % n) * size + one_hot_index(names, call, what))

    # -- the fast path ----------------------------------------------------------------------

    def write_seats(
        self,
        out: Cells,
        base: int,
        seat: int,
        phase: int,
        actor: int,
        dealer: int,
        eldest: int,
        leader: int,
        tricks_won: list[int],
    ) -> None:
        """Write the shared fields but the cards of ``seat``'s observation into ``out[base:]``
        (zeroed), from the state's integers: ``actor`` the seat to act (-1: none), ``leader``
        the seat that led the current trick (-1: no card in it yet), ``tricks_won`` per seat."""
        b = base
        rel = self.relative[seat]  # rel[s]: seat s relative to the observer
        out[b + self.o_phase + phase] = 1.0
        if actor >= 0:
            out[b + self.o_current + rel[actor]] = 1.0
        out[b + self.o_dealer + rel[dealer]] = 1.0
        out[b + self.o_eldest + rel[eldest]] = 1.0
        if leader >= 0:
            out[b + self.o_leader + rel[leader]] = 1.0
        o = b + self.o_tricks
        for other, won in enumerate(tricks_won):
            out[o + rel[other]] = won


__all__ = ["SUITS", "TrickEncoder"]
