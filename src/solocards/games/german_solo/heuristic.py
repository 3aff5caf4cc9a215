"""German Solo's heuristic bot: bid from hand strength, play tricks by the usual principles.

- **Hand strength** (:func:`expected_tricks`): per trump suit, the tricks a hand should take:
  Spadilla, Manilla, Basta and the trump Ace and King nearly one each, lower trumps more the
  longer the trumps, side Aces nearly one, a King guarded by its Ace half, short side suits a
  little when trumps are long.
- **Auction**: it bids the highest level its best suit carries: a simple game from 3.3 tricks (a
  called Ace brings the rest), solo from 5, tout from 7.6; couleur levels when the couleur suit
  is its best. It holds a proposal it could have bid itself, and passes otherwise (holding both
  black queens it must bid, and bids the cheapest level it may).
- **Declaring**: trump is the strongest suit; it plays alone when the hand makes a solo; it
  calls the Ace of a side suit where it holds a low card to lead to its partner (a King when it
  holds every Ace). It claims the win after five tricks.
- **Play**: leading, the declaring side draws trumps with its top trumps, then cashes Aces and
  leads the called suit to find the partner; the defenders cash Aces and lead low. Following, it
  plays low when its side already wins the trick, else wins as cheaply as it can, else plays its
  lowest card, keeping trumps and Aces.

It sees only the view, like every bot. ``playout(state, rng)`` is a cheap policy for ISMCTS
playouts inside sampled worlds: the auction and declarations as above (through the view), then
on the state's integers: claim when it may, lead a random card, follow low when the own side
wins the trick, else win as cheaply as it can, else play low.

>>> import random, solocards
>>> game = solocards.make("german-solo")
>>> state = game.deal(seed=3)
>>> seat = state.to_act[0]
>>> bot = game.heuristic_bot()
>>> bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)) in (
...     state.legal_actions(seat))
True
"""

from __future__ import annotations

import random
from typing import Any

from ...core.errors import OptionError
from .actions import CLAIM
from .cards import (
    EFF,
    FULL_TRUMP_ORDER,
    PLAIN,
    POWER,
    SUITS,
    TRUMP,
    card_id,
    pack,
    suit_of,
    trick_winner,
)
from .state import PLAYING, GermanSoloState

ACE, KING = 9, 8  # plain strengths (cards.PLAIN)
LEVELS = (
    "simple",
    "simple-couleur",
    "forcee",
    "forcee-couleur",
    "solo",
    "solo-couleur",
    "tout",
    "tout-couleur",
)
NEEDED = {"simple": 3.3, "forcee": 3.3, "solo": 5.0, "tout": 7.6}
"""Expected tricks a hand needs to bid a level (partnered levels count on a called Ace)."""


def _ids(names: list[str]) -> list[int]:
    return [card_id(name) for name in names]


def expected_tricks(hand: list[int], trump: int) -> float:
    """The tricks ``hand`` should take with ``trump`` (a suit index): see the module doc.

    >>> from solocards.games.german_solo.cards import card_id
    >>> strong = [card_id(c) for c in ("QC", "7H", "QS", "AH", "KH", "AD", "AC", "9H")]
    >>> weak = [card_id(c) for c in ("8C", "9D", "TD", "7S", "8S", "JH", "9C", "KD")]
    >>> expected_tricks(strong, 2) > 6 > 2 > expected_tricks(weak, 2)
    True
    """
    eff = EFF[trump]
    order = FULL_TRUMP_ORDER[trump]
    trumps = [card for card in hand if eff[card] == TRUMP]
    value = 0.0
    for card in trumps:
        position = order.index(card)
        if position < 5:
            value += (0.95, 0.9, 0.85, 0.75, 0.55)[position]
        else:
            value += 0.55 if len(trumps) >= 5 else 0.35 if len(trumps) == 4 else 0.15
    for suit in range(4):
        if suit == trump:
            continue
        cards = [card for card in hand if eff[card] == suit]
        ranks = {PLAIN[card] for card in cards}
        if ACE in ranks:
            value += 0.85 if len(cards) <= 4 else 0.6
        if KING in ranks and len(cards) >= 2:
            value += 0.5 if ACE in ranks else 0.3
        if len(cards) <= 1 and len(trumps) >= 4:
            value += 0.35 if not cards else 0.15
    return value


class GermanSoloHeuristicBot:
    """A rule-based German Solo player (see the module doc). Parameter: ``boldness``, added to
    every estimate of the hand's tricks before bidding (default 0)."""

    name = "heuristic"
    reads_log = False
    """It never reads the view's log (the runners then leave it out, ``view_for``)."""

    def __init__(self, boldness: float = 0.0) -> None:
        if isinstance(boldness, bool) or not isinstance(boldness, int | float):
            raise OptionError(f"the german-solo heuristic's boldness is a number, not {boldness!r}")
        self.boldness = float(boldness)

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """The heuristic's choice among ``legal_actions`` (only the view is used)."""
        if "claim" in legal_actions:
            return "claim"
        phase = view["phase"]
        hand = _ids(view["hand"])
        if phase == "bidding":
            return self.bid(view, hand, legal_actions)
        if phase == "declaring":
            return self.declare(view, hand, legal_actions)
        cards = [a for a in legal_actions if len(a) == 2]
        if not cards:
            return legal_actions[0]
        return self.play(view, hand, cards)

    # -- auction ------------------------------------------------------------------------------

    def strength(self, hand: list[int], couleur: str | None) -> tuple[float, float]:
        """Expected tricks with the best suit other than couleur, and with couleur trumps."""
        best_suit = max(
            (expected_tricks(hand, s) for s in range(4) if SUITS[s] != couleur), default=0.0
        )
        in_couleur = expected_tricks(hand, SUITS.index(couleur)) if couleur else -1.0
        return best_suit + self.boldness, in_couleur + self.boldness

    def carries(self, level: str, hand: list[int], couleur: str | None) -> bool:
        """Whether the hand can play ``level``."""
        suit, in_couleur = self.strength(hand, couleur)
        base = level.removesuffix("-couleur")
        value = in_couleur if level.endswith("-couleur") else suit
        return value >= NEEDED[base]

    def bid(self, view: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        """Bid the highest level the hand carries, hold what it could bid, else pass."""
        couleur = view.get("couleur")
        if "hold" in legal:
            proposal = view["auction"].get("proposal")
            if proposal in LEVELS and self.carries(proposal, hand, couleur):
                return "hold"
        levels = [a for a in legal if a in LEVELS]
        carried = [level for level in levels if self.carries(level, hand, couleur)]
        if carried:
            return max(carried, key=LEVELS.index)
        if "pass" in legal and not any(a.startswith("forcee") for a in legal):
            return "pass"  # (holding both black queens, a pass would pay rule 7's forfeit)
        if "hold" in legal:
            return "hold"
        return min(levels, key=LEVELS.index) if levels else legal[0]

    # -- declarations -------------------------------------------------------------------------

    def declare(self, view: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        """Name the strongest trump, play alone with a solo hand, else call a useful card."""
        trumps = [a for a in legal if a.startswith("trump:")]
        if trumps:
            return max(trumps, key=lambda a: expected_tricks(hand, SUITS.index(a[-1])))
        trump = view.get("trump")
        if "alone" in legal:
            suit = SUITS.index(trump) if trump else None
            value = (
                expected_tricks(hand, suit)
                if suit is not None
                else max(expected_tricks(hand, s) for s in range(4))
            )
            if value + self.boldness >= NEEDED["solo"]:
                return "alone"
        calls = [a for a in legal if a.startswith("call:")]
        if not calls:
            return legal[0]
        return max(calls, key=lambda a: self.call_value(hand, a[5:], trump))

    def call_value(self, hand: list[int], card: str, trump: str | None) -> float:
        """How useful calling ``card`` is: a low card of its suit to lead, and no more."""
        called = card_id(card)
        if called in hand:
            return -10.0  # calling one's own card leaves the declarer alone
        suit = suit_of(called)
        eff = EFF[SUITS.index(trump)] if trump else None
        held = [c for c in hand if (eff[c] if eff else suit_of(c)) == suit]
        if not held:
            return 0.5  # a void call: the partner's Ace wins, we may trump later
        return 2.0 - 0.3 * (len(held) - 1)

    # -- play ---------------------------------------------------------------------------------

    def sides(self, view: dict[str, Any], hand: list[int]) -> dict[int, int]:
        """+1 for a seat on this seat's side, -1 against, 0 unknown (the partner still hidden)."""
        me, declarer, partner = view["seat"], view["declarer"], view.get("partner")
        called = view.get("called")
        if partner is None and called is not None and card_id(called) in hand and me != declarer:
            partner = me
        alone = view.get("alone") or partner == declarer
        declaring = {declarer} | ({partner} if partner is not None else set())
        mine = me in declaring
        side = {}
        for seat in range(view["players"]):
            if seat == me:
                side[seat] = 1
            elif seat in declaring:
                side[seat] = 1 if mine else -1
            elif alone or partner is not None:
                side[seat] = -1 if mine else 1
            else:
                side[seat] = 0
        return side

    def play(self, view: dict[str, Any], hand: list[int], legal_names: list[str]) -> str:
        """Lead or follow by the usual principles (see the module doc)."""
        trump = SUITS.index(view["trump"])
        power, eff = POWER[trump], EFF[trump]
        legal = _ids(legal_names)
        side = self.sides(view, hand)

        def strength(card: int) -> int:
            return 1000 + power[card] if eff[card] == TRUMP else PLAIN[card]

        def cost(card: int) -> float:  # what a card is worth keeping
            if eff[card] == TRUMP:
                return 50.0 + power[card]
            return PLAIN[card] + (20.0 if PLAIN[card] == ACE else 0.0)

        trick = [(seat, card_id(card)) for seat, card in view["trick"]]
        if not trick:
            return _name(legal_names, self.lead(view, hand, legal, side, trump))
        cards = [card for _, card in trick]
        winner_seat = trick[trick_winner(cards, trump)][0]
        if side.get(winner_seat, 0) > 0:
            return _name(legal_names, min(legal, key=cost))
        beating = []
        for card in legal:
            if trick_winner([*cards, card], trump) == len(cards):
                beating.append(card)
        if beating:
            return _name(legal_names, min(beating, key=strength))
        return _name(legal_names, min(legal, key=cost))

    def lead(
        self,
        view: dict[str, Any],
        hand: list[int],
        legal: list[int],
        side: dict[int, int],
        trump: int,
    ) -> int:
        """The card to lead."""
        power, eff = POWER[trump], EFF[trump]
        played = {card_id(card) for card in view.get("played", [])}
        for trick in view.get("tricks", []):
            for entry in trick.get("cards", []):
                played.add(card_id(entry[1]))
        declaring = view["seat"] == view["declarer"] or side.get(view["declarer"], 0) > 0
        trumps = sorted((c for c in legal if eff[c] == TRUMP), key=lambda c: -power[c])
        in_pack = set(pack(view["players"]))
        outstanding = [
            c for c in FULL_TRUMP_ORDER[trump] if c in in_pack and c not in hand and c not in played
        ]
        if declaring and trumps and outstanding:
            top = trumps[0]
            if power[top] > max(power[c] for c in outstanding):
                return top
        aces = [c for c in legal if eff[c] != TRUMP and PLAIN[c] == ACE]
        if aces:
            return aces[0]
        called = view.get("called")
        if (
            declaring
            and called
            and view.get("partner") is None
            and view["seat"] == (view["declarer"])
        ):
            suit = suit_of(card_id(called))
            low = [c for c in legal if eff[c] == suit]
            if low:
                return min(low, key=lambda c: PLAIN[c])
        plain = [c for c in legal if eff[c] != TRUMP]
        if plain:
            return min(plain, key=lambda c: PLAIN[c])
        return min(legal, key=lambda c: power[c])

    # -- fast playouts for search -------------------------------------------------------------

    def playout(self, state: GermanSoloState, rng: random.Random) -> GermanSoloState:
        """Play ``state`` to its end with a cheap policy, in place (see the module doc)."""
        for _ in range(200):
            if state.is_over:
                break
            seat = state._actor
            if state._phase != PLAYING:
                legal_names = state.legal_actions(seat)
                state.apply(seat, self.choose(state.view(seat, log=False), legal_names, rng))
                continue
            legal = state.legal_action_ids(seat)
            if CLAIM in legal:
                state.apply_id(seat, CLAIM)
                continue
            cards = [a for a in legal if a != CLAIM]
            state.apply_id(seat, _follow(state, seat, cards, rng))
        return state


def _follow(state: GermanSoloState, seat: int, cards: list[int], rng: random.Random) -> int:
    """The playout's card (while playing, every legal id but ``claim`` is a card)."""
    trick = state._trick
    if not trick:
        return rng.choice(cards)
    trump = state._trump
    power, eff = POWER[trump], EFF[trump]

    def strength(card: int) -> int:
        return 1000 + power[card] if eff[card] == TRUMP else PLAIN[card]

    winner = (state._leader + trick_winner(trick, trump)) % state._n
    side = state._side_mask
    if (side >> winner & 1) == (side >> seat & 1):
        return min(cards, key=strength)
    beating = [card for card in cards if trick_winner([*trick, card], trump) == len(trick)]
    return min(beating or cards, key=strength)


def _name(names: list[str], card: int) -> str:
    for name in names:
        if card_id(name) == card:
            return name
    return names[0]


__all__ = ["GermanSoloHeuristicBot", "expected_tricks"]
