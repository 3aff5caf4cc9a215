"""German Solo observations: the fields of ``german-solo``'s view as a flat vector.

Per-seat fields are relative (0 = the observer, 1 = its left, ...); there are 4 seats. Cards are
the 32 of the deck in deck order (``7C`` .. ``AS``). The partner and the holder of the called
card appear only once the view shows them (the called card has fallen, the holder named trump
in a forcée, or the observer holds it).

>>> import solocards
>>> game = solocards.make("german-solo")
>>> encoder = GermanSoloEncoder(game)
>>> out = encoder.new_observation()
>>> encoder.encode(game.deal(seed=5).view(2), out)
>>> int(out[encoder.field("hand").offset : 32].sum())
8
"""

from __future__ import annotations

from ...core.game import Game, View
from ...games.german_solo.actions import LEVEL_NAMES
from ...games.german_solo.state import PHASE_NAMES
from .base import Encoder, Obs, Writer, one_hot_index

SUITS = ("C", "D", "H", "S")
BIDS = ("pass", "hold", *LEVEL_NAMES)
CONTRACTS = (*LEVEL_NAMES, "forcee-simple", "forcee-simple-couleur")
FLAGS = ("caller_void", "alone", "tout", "claimed", "five_tricks", "can_act")


class GermanSoloEncoder(Encoder):
    """Encodes a ``german-solo`` view (see the module docstring and :meth:`Encoder.describe`)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n, k, add = self.players, len(self.kinds), self.layout.add
        self.o_hand = add("hand", k, 1, "1 per card in the observer's hand")
        self.o_phase = add("phase", len(PHASE_NAMES), 1, "one-hot: " + " ".join(PHASE_NAMES))
        self.o_current = add("current", n, 1, "one-hot relative seat to act")
        self.o_dealer = add("dealer", n, 1, "one-hot relative seat of the dealer")
        self.o_eldest = add("eldest", n, 1, "one-hot relative seat of eldest")
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
        self.o_leader = add("trick_leader", n, 1, "one-hot relative seat that led this trick")
        self.o_trick = add(
            "trick", n * k, 1, "per relative seat, one-hot of its card in the current trick"
        )
        self.o_played = add(
            "played_by", n * k, 1, "per relative seat, 1 per card it played to completed tricks"
        )
        self.o_tricks = add("tricks_won", n, 8, "tricks won by each relative seat")
        self.o_pool = add("pool", 1, 1000, "chips in the pool")
        self.o_stake = add("stake", 1, 16, "the stake (option)")

    def encode(self, view: View, out: Obs) -> None:
        """Write ``view``'s observation into ``out``."""
        kinds, n, seat = self.kind_index, self.players, view["seat"]
        k = len(self.kinds)
        w = Writer()
        o_hand = self.o_hand
        for card in view["hand"]:
            w.one(o_hand + kinds[card])
        w.one(self.o_phase + one_hot_index(PHASE_NAMES, view["phase"], "german-solo phase"))
        for offset, key in (
            (self.o_current, "current"),
            (self.o_dealer, "dealer"),
            (self.o_eldest, "eldest"),
            (self.o_declarer, "declarer"),
            (self.o_holder_known, "called_holder"),
            (self.o_partner, "partner"),
        ):
            if view[key] is not None:
                w.one(offset + (view[key] - seat) % n)
        auction = view["auction"]
        latest: dict[int, str] = {}
        for bidder, call in auction["bids"]:
            latest[bidder] = call
        for bidder, call in latest.items():
            slot = ((bidder - seat) % n) * len(BIDS) + one_hot_index(BIDS, call, "bid")
            w.one(self.o_bids + slot)
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
        w.put(self.o_pool, float(view["pool"]))
        w.put(self.o_stake, float(view["stake"]))
        w.write(out)


__all__ = ["GermanSoloEncoder"]
