"""Frog observations: the fields of ``frog``'s view as a flat vector.

Per-seat fields are relative (0 = the observer, 1 = its left, ...); ``n`` is 3, 4 with the dealer
sitting out, or 5 with the dealer and the second player to his right sitting out. Cards are the 36
of the deck in deck order (``6C`` .. ``AS``). The talon and the discards appear only when the view
shows them to the observer.

>>> import solocards
>>> game = solocards.make("frog")
>>> encoder = FrogEncoder(game)
>>> out = encoder.new_observation()
>>> encoder.encode(game.deal(seed=5).view(1), out)
>>> int(out[encoder.field("hand").offset : 36].sum())
11
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.compiled import mypyc_attr
from ...core.game import Game, State, View
from ...games.frog.actions import ACTIONS, CONTRACT_NAMES, RAMSCH
from ...games.frog.cards import CARD_NAMES, POINTS
from ...games.frog.cards import SUITS as FROG_SUITS
from ...games.frog.state import LEVEL_FRAGE, PHASE_NAMES, FrogState
from .base import Cells, Writer, one_hot_index
from .trick import SUITS, TrickEncoder

CALLS = ("pass", "frage", "solo", "heart-solo")
CONTRACTS = ("frage", "solo", "heart-solo", "ramsch")


@mypyc_attr(allow_interpreted_subclasses=True)
class FrogEncoder(TrickEncoder):
    """Encodes a ``frog`` view (see the module docstring and :meth:`Encoder.describe`): the
    trick fields, with the seats sitting out, the auction, the contract, the talon and the
    discards, and each seat's card points."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, PHASE_NAMES, 12)
        if [self.kind_index[name] for name in CARD_NAMES] != list(range(len(CARD_NAMES))):
            raise ValueError("frog observations: the deck is not in card order")
        self._first_call = ACTIONS.index(CALLS[0])
        if ACTIONS[self._first_call : self._first_call + len(CALLS)] != list(CALLS):
            raise ValueError("frog observations: the auction's action ids are not in call order")
        if tuple(FROG_SUITS) != SUITS:
            raise ValueError("frog observations: the suits are not in C D H S order")
        if (*CONTRACT_NAMES[1:], "ramsch") != CONTRACTS or len(CONTRACTS) != RAMSCH:
            raise ValueError("frog observations: the contract levels are not in CONTRACTS order")
        self._card_points: tuple[int, ...] = POINTS
        self._shown_frage_talon = game.options["frage_talon"] == "shown"
        n, k = self.players, len(self.kinds)
        self._blocks: list[list[int]] = [
            [self.relative[seat][other] * k for other in range(n)] for seat in range(n)
        ]
        """``_blocks[observer][seat]``: where ``seat``'s cards start in a per-seat card field
        (``trick``, ``played_by``)."""

    def add_deal_fields(self) -> None:
        """The seats sitting out, the auction, the declarer, the contract and trump, the talon
        and the discards, and whether the observer may act."""
        n, k, add = self.players, len(self.kinds), self.layout.add
        self.o_out = add("sitting_out", n, 1, "1 per relative seat sitting out (4, 5 players)")
        self.o_calls = add(
            "last_call",
            n * len(CALLS),
            1,
            "per relative seat, one-hot of its latest auction call: " + " ".join(CALLS),
        )
        self.o_bid = add("bid", 3, 1, "one-hot: the highest bid (frage solo heart-solo)")
        self.o_bidder = add("bidder", n, 1, "one-hot relative seat holding the highest bid")
        self.o_passed = add("passed", n, 1, "1 per relative seat that has passed")
        self.o_declarer = add("declarer", n, 1, "one-hot relative seat of the declarer")
        self.o_contract = add("contract", len(CONTRACTS), 1, "one-hot: " + " ".join(CONTRACTS))
        self.o_trump = add("trump", 4, 1, "one-hot C D H S: trump")
        self.o_talon = add("talon", k, 1, "1 per talon card, when the observer has seen them")
        self.o_talon_size = add("talon_size", 1, 3, "cards in the talon as dealt")
        self.o_discarded = add("discarded", k, 1, "1 per card the observer (declarer) discarded")
        self.o_discards = add("discard_count", 1, 3, "cards discarded by the declarer")
        self.o_can_act = add("can_act", 1, 1, "1 if the observer may act now")
        self.seat_fields += [(self.o_bidder, "bidder"), (self.o_declarer, "declarer")]

    def add_score_fields(self) -> None:
        """The card points in each seat's tricks."""
        self.o_points = self.layout.add(
            "trick_points", self.players, 120, "card points in each relative seat's tricks"
        )

    def encode_own(self, view: View, w: Writer) -> None:
        """The seats sitting out, the auction, the contract and trump, the talon and the
        discards, whether the observer may act, and the card points."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        for seat_out in view["sitting_out_seats"]:
            w.one(self.o_out + (seat_out - seat) % n)
        self.latest_calls(w, self.o_calls, seat, view["auction"], CALLS, "call")
        if view["bid"] is not None:
            w.one(self.o_bid + one_hot_index(CALLS, view["bid"], "bid") - 1)
        for passed in view["passed"]:
            w.one(self.o_passed + (passed - seat) % n)
        if view["contract"] is not None:
            w.one(self.o_contract + one_hot_index(CONTRACTS, view["contract"], "contract"))
        if view["trump"] is not None:
            w.one(self.o_trump + SUITS.index(view["trump"]))
        for card in view["talon"] or ():
            w.one(self.o_talon + kinds[card])
        w.put(self.o_talon_size, float(view["talon_size"]))
        for card in view["discarded"] or ():
            w.one(self.o_discarded + kinds[card])
        w.put(self.o_discards, float(view["discard_count"]))
        if view["can_act"]:
            w.one(self.o_can_act)
        for other, points in enumerate(view["trick_points"]):
            w.put(self.o_points + (other - seat) % n, float(points))

    def write_state(
        self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
    ) -> None:
        """The fast path: :meth:`encode` of ``state.view(seat)``, read from the state's ints
        (see :meth:`Encoder.write_state`: ``out[base:]`` is zeroed, ``legal`` the seat's legal
        ids)."""
        if not isinstance(state, FrogState):
            raise TypeError(f"a frog encoder reads frog states, not {state!r}")
        st = state
        b = base
        rel = self.relative[seat]
        o = self.o_hand
        for card in st.hands[seat]:  # cards are the encoder's kind indices (see __init__)
            out[b + o + card] = 1.0
        turn = st.turn
        trick_seats = st.trick_seats
        self.write_seats(
            out,
            b,
            seat,
            st.phase,
            turn,
            st.dealer,
            st.eldest,
            trick_seats[0] if trick_seats else -1,
            st.tricks_won,
        )
        o = b + self.o_out
        seats_out = st.out
        for index in range(len(seats_out)):
            out[o + rel[seats_out[index]]] = 1.0
        if st.holder >= 0:
            out[b + self.o_bidder + rel[st.holder]] = 1.0
        declarer = st.declarer
        if declarer >= 0:
            out[b + self.o_declarer + rel[declarer]] = 1.0
        first, calls, n = self._first_call, len(CALLS), self.players
        latest = [-1] * n
        for caller, action in st.auction_ids():  # the auction, as the view lists it
            latest[caller] = action - first
        o = self.o_calls
        for caller in range(n):
            call = latest[caller]
            if call >= 0:
                out[b + o + rel[caller] * calls + call] = 1.0
        if st.high:
            out[b + self.o_bid + st.high - 1] = 1.0
        passed, seats = st.passed, st.seats
        o = b + self.o_passed
        if passed[seats[0]]:
            out[o + rel[seats[0]]] = 1.0
        if passed[seats[1]]:
            out[o + rel[seats[1]]] = 1.0
        if passed[seats[2]]:
            out[o + rel[seats[2]]] = 1.0
        contract = st.contract  # a level, or RAMSCH (see __init__): CONTRACTS[contract - 1]
        if contract > 0:
            out[b + self.o_contract + contract - 1] = 1.0
        if st.trump >= 0:
            out[b + self.o_trump + st.trump] = 1.0
        # the talon: a Frage talon to its declarer (to all with frage_talon="shown"); any
        # other talon once the deal is over (as the view's visible_talon)
        o = b + self.o_talon
        if st.contract == LEVEL_FRAGE:
            if seat == declarer or self._shown_frage_talon:
                for card in st.dealt_talon:
                    out[o + card] = 1.0
        elif st.is_over and st.contract != 0:
            for card in st.talon:
                out[o + card] = 1.0
        out[b + self.o_talon_size] = len(st.dealt_talon)
        if seat == declarer:
            o = self.o_discarded
            for card in st.discarded:
                out[b + o + card] = 1.0
        out[b + self.o_discards] = len(st.discarded)
        if seat == turn:
            out[b + self.o_can_act] = 1.0
        blocks = self._blocks[seat]
        o = b + self.o_trick
        trick_cards = st.trick_cards
        for index in range(len(trick_seats)):
            out[o + blocks[trick_seats[index]] + trick_cards[index]] = 1.0
        played, played_by, winners = st.played, st.played_by, st.trick_winners
        o = b + self.o_played
        for index in range(3 * len(winners)):
            out[o + blocks[played_by[index]] + played[index]] = 1.0
        card_points = self._card_points
        o = b + self.o_points
        for index in range(len(winners)):
            first = 3 * index
            won = card_points[played[first]] + card_points[played[first + 1]]
            out[o + rel[winners[index]]] += won + card_points[played[first + 2]]


__all__ = ["FrogEncoder"]
