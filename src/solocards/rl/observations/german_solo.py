"""German Solo observations: the fields of ``german-solo``'s view as a flat vector.

Per-seat fields are relative (0 = the observer, 1 = its left, ...); there are as many seats as
players (3 to 5). Cards are those of the game's pack in deck order: the 32 (``7C`` .. ``AS``)
for four, then ``5C 6C .. 5S 6S`` for five, the 24 of Spitzeln for three. The partner and the
holder of the called card appear only once the view shows them (the called card has fallen,
the holder named trump in a forcée, or the observer holds it).

>>> import solocards
>>> game = solocards.make("german-solo")
>>> encoder = GermanSoloEncoder(game)
>>> out = encoder.new_observation()
>>> encoder.encode(game.deal(seed=5).view(2), out)
>>> int(out[encoder.field("hand").offset : 32].sum())
8
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.german_solo.actions import LEVEL_NAMES
from ...games.german_solo.cards import NAMES, NUM_IDS
from ...games.german_solo.cards import SUITS as GERMAN_SUITS
from ...games.german_solo.contract import KIND_NAMES, SOLO, TOUT, contract_name
from ...games.german_solo.state import (
    PHASE_NAMES,
    GermanSoloState,
    contract_in_couleur,
    contract_of,
)
from .base import Cells, Writer, one_hot_index
from .trick import SUITS, TrickEncoder

BIDS = ("pass", "hold", *LEVEL_NAMES)
CONTRACTS = (*LEVEL_NAMES, "forcee-simple", "forcee-simple-couleur")
FLAGS = ("caller_void", "alone", "tout", "claimed", "five_tricks", "can_act")


@mypyc_attr(allow_interpreted_subclasses=True)
class GermanSoloEncoder(TrickEncoder):
    """Encodes a ``german-solo`` view (see the module docstring and :meth:`Encoder.describe`):
    the trick fields, with the auction, the contract, the called card and its holder, the
    flags, the pool and the stake."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, PHASE_NAMES, 8)
        self._kind_of: list[int] = [self.kind_index.get(NAMES[c], -1) for c in range(NUM_IDS)]
        """Card int -> its kind index (its place in the deck), -1 outside the game's pack."""
        if sorted(k for k in self._kind_of if k >= 0) != list(range(len(self.kinds))):
            raise ValueError("german-solo observations: the deck holds a card of no pack")
        if tuple(GERMAN_SUITS) != SUITS:
            raise ValueError("german-solo observations: the suits are not in C D H S order")
        self._bid_slot = [-1] * game.num_actions
        """Auction action id -> its place in BIDS (-1 for the other ids)."""
        for index, name in enumerate(BIDS):
            self._bid_slot[game.action_id(name)] = index
        self._contract_slot = {name: index for index, name in enumerate(CONTRACTS)}
        self._contract_slots: list[int] = [
            self._contract_slot.get(contract_name(kind, couleur), -1) if kind else -1
            for kind in range(max(KIND_NAMES) + 1)
            for couleur in (False, True)
        ]
        """``2 * kind + in_couleur`` -> the contract's place in CONTRACTS (-1 for none)."""
        n, k = self.players, len(self.kinds)
        self._blocks: list[list[int]] = [
            [self.relative[seat][other % n] * k for other in range(2 * n)] for seat in range(n)
        ]
        """``_blocks[observer][seat]``: where ``seat``'s cards start in a per-seat card field
        (``trick``, ``played_by``), for seats 0 to ``2n - 1`` (a leader plus an offset)."""

    def add_deal_fields(self) -> None:
        """The auction, the declarer, the contract, trump and couleur, the called card, its
        holder and the partner once known, and the flags."""
        n, k, add = self.players, len(self.kinds), self.layout.add
        self.o_bids = add(
            "last_bid",
            n * len(BIDS),
            1,
            "per relative seat, one-hot of its latest auction call: " + " ".join(BIDS),
        )
        self.o_holder = add("auction_holder", n, 1, "one-hot relative seat holding the auction")
        self.o_level = add("auction_level", len(LEVEL_NAMES), 1, "one-hot: the level held")
        self.o_proposal = add(
            "auction_proposal", len(LEVEL_NAMES), 1, "one-hot: the level proposed to the holder"
        )
        self.o_declarer = add("declarer", n, 1, "one-hot relative seat of the declarer")
        self.o_contract = add("contract", len(CONTRACTS), 1, "one-hot: " + " ".join(CONTRACTS))
        self.o_trump = add("trump", 4, 1, "one-hot C D H S: trump")
        self.o_couleur = add("couleur", 4, 1, "one-hot C D H S: the couleur suit")
        self.o_called = add("called", k, 1, "one-hot: the called card")
        self.o_holder_known = add(
            "called_holder", n, 1, "one-hot relative seat holding the called card, once known"
        )
        self.o_partner = add("partner", n, 1, "one-hot relative seat of the partner, once known")
        self.o_flags = add("flags", len(FLAGS), 1, "1 each: " + " ".join(FLAGS))
        self.seat_fields += [
            (self.o_declarer, "declarer"),
            (self.o_holder_known, "called_holder"),
            (self.o_partner, "partner"),
        ]

    def add_score_fields(self) -> None:
        """The pool and the stake."""
        self.o_pool = self.layout.add("pool", 1, 1000, "chips in the pool")
        self.o_stake = self.layout.add("stake", 1, 16, "the stake (option)")

    def encode_own(self, view: View, w: Writer) -> None:
        """The auction, the contract, trump and couleur, the called card, the flags, the pool
        and the stake."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        auction = view["auction"]
        self.latest_calls(w, self.o_bids, seat, auction["bids"], BIDS, "bid")
        if auction["holder"] is not None:
            w.one(self.o_holder + (auction["holder"] - seat) % n)
        if auction["level"] is not None:
            w.one(self.o_level + one_hot_index(LEVEL_NAMES, auction["level"], "level"))
        if auction["proposal"] is not None:
            w.one(self.o_proposal + one_hot_index(LEVEL_NAMES, auction["proposal"], "level"))
        if view["contract"] is not None:
            w.one(self.o_contract + one_hot_index(CONTRACTS, view["contract"], "contract"))
        if view["trump"] is not None:
            w.one(self.o_trump + SUITS.index(view["trump"]))
        if view["couleur"] is not None:
            w.one(self.o_couleur + SUITS.index(view["couleur"]))
        if view["called"] is not None:
            w.one(self.o_called + kinds[view["called"]])
        for index, flag in enumerate(FLAGS):
            if view.get(flag):
                w.one(self.o_flags + index)
        w.put(self.o_pool, float(view["pool"]))
        w.put(self.o_stake, float(view["stake"]))

    def write_state(
        self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
    ) -> None:
        """The fast path: :meth:`encode` of ``state.view(seat)``, read from the state's ints
        (see :meth:`Encoder.write_state`: ``out[base:]`` is zeroed, ``legal`` the seat's legal
        ids).
        It reads the state's own fields as ``games/german_solo/view.py`` does."""
        if not isinstance(state, GermanSoloState):
            raise TypeError(f"a german-solo encoder reads german-solo states, not {state!r}")
        st = state
        b = base
        rel = self.relative[seat]
        n = self.players
        kind_of = self._kind_of
        o = self.o_hand
        for card in st.hands[seat]:
            out[b + o + kind_of[card]] = 1.0
        actor = st.actor
        trick = st.trick
        self.write_seats(
            out,
            b,
            seat,
            st.phase,
            actor,
            st.dealer,
            st.eldest,
            st.leader if trick else -1,
            st.tricks_won,
        )
        declarer = st.declarer
        if declarer >= 0:
            out[b + self.o_declarer + rel[declarer]] = 1.0
        holder = st.called_holder
        if holder >= 0 and (st.partner_public or st.is_over or seat == holder):
            out[b + self.o_holder_known + rel[holder]] = 1.0
            partner = st.partner
            if partner >= 0:
                out[b + self.o_partner + rel[partner]] = 1.0
        # the auction: each seat's latest call, the holder, the level held and proposed
        latest = [-1] * n
        bid_slot = self._bid_slot
        for bidder, action in st.auction_ids():
            latest[bidder] = bid_slot[action]
        o, bids = self.o_bids, len(BIDS)
        for bidder in range(n):
            slot = latest[bidder]
            if slot >= 0:
                out[b + o + rel[bidder] * bids + slot] = 1.0
        if st.holder >= 0:
            out[b + self.o_holder + rel[st.holder]] = 1.0
        if st.level:
            out[b + self.o_level + st.level - 1] = 1.0
        if st.pending:
            out[b + self.o_proposal + st.pending - 1] = 1.0
        kind = st.kind
        if kind:  # the contract, once the auction is over (contract_of)
            slot = self._contract_slots[2 * kind + contract_in_couleur(st)]
            if slot < 0:
                raise ValueError(f"observation encoder: unknown contract {contract_of(st)!r}")
            out[b + self.o_contract + slot] = 1.0
        if st.trump >= 0:
            out[b + self.o_trump + st.trump] = 1.0
        if st.couleur >= 0:
            out[b + self.o_couleur + st.couleur] = 1.0
        if st.called >= 0:
            out[b + self.o_called + kind_of[st.called]] = 1.0
        o = self.o_flags  # FLAGS: caller_void alone tout claimed five_tricks can_act
        if st.void_call:
            out[b + o] = 1.0
        if st.alone or kind == SOLO:
            out[b + o + 1] = 1.0
        if st.incidental or kind == TOUT:
            out[b + o + 2] = 1.0
        if st.claimed:
            out[b + o + 3] = 1.0
        if seat == actor:
            if st.five:
                out[b + o + 4] = 1.0
            out[b + o + 5] = 1.0
        blocks = self._blocks[seat]
        if trick:
            leader = st.leader
            o = b + self.o_trick
            for offset, card in enumerate(trick):
                out[o + blocks[leader + offset] + kind_of[card]] = 1.0
        played = st.played
        o = b + self.o_played
        index = 0
        for leader in st.leaders:
            for offset in range(n):
                out[o + blocks[leader + offset] + kind_of[played[index]]] = 1.0
                index += 1
        out[b + self.o_pool] = st.pool
        out[b + self.o_stake] = st.rules.stake


__all__ = ["GermanSoloEncoder"]
