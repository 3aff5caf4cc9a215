"""What each game reveals to whom, read from the true state (a snapshot), never from a view.

The hidden-information check (``test_hidden_views.py``) builds a second world that differs from
a round only in the cards a viewer has not seen, and asks the engine for the same view. Which
cards a viewer has seen by step N, and which facts of the state everybody may know, is decided
here, per game, from the rules (API.md, docs/<game>.md, shared/rules/) and the snapshots of the
round up to step N. Nothing here reads ``state.view``: a view that leaks must not be able to
declare its own leak "known".

A :class:`Secrecy` gives, for a snapshot:

- ``public_cards(snapshot, options)``: the cards face up for everybody at that step (discards,
  trick cards, a talon shown for scoring, the hands shown at the end of an UNO round).
- ``seen_by(snapshot, seat)``: the cards this seat alone sees beyond its own hand (an UNO hand
  shown to its challenger, the Frage talon of its own pick-up). A seat's own hand at every step
  is always seen (what it was dealt, drew, received in a swap or picked up); the check adds it.
- ``hidden_keys``: the snapshot keys that may differ between two worlds the viewer cannot tell
  apart (the hands, the piles, who could react). Every other snapshot key, the result once the
  round is over, and the sizes in ``sized_keys`` are public: a world where one of them differs
  is one the table can tell apart, so the check does not use it.
- ``seat_facts(snapshot, seat)``: what one seat legitimately learns from hidden cards beyond the
  public keys (German Solo: the seat offered the claim learns that its side took five tricks).
- ``dealt_hand(game, deck, dealer, seat)``: the hand a seat was dealt, where the deal itself
  may move it on before the first snapshot (AMIGO's SOLO: a Swap all round turned up rotates
  the hands at once under ``first_card_mode="apply_to_first_player"``).
- ``card_class``: the cards that may stand in for each other in a "same class" re-deal (a suit:
  a seat's shown voids stay true), and ``rename``: the action a hidden action becomes when the
  hidden card it names is re-dealt (a Frage discard, which the opponents see as ``discard:??``).

Seen cards are recorded by name, so both copies of a duplicated card (UNO, AMIGO's SOLO) count as
seen once one is: a re-deal then moves only cards none of whose copies the viewer has seen. That
is exact for the trick games (every card is unique) and errs on the side of moving fewer cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from solocards.core.game import Game

Snapshot = Mapping[str, Any]
Options = Mapping[str, Any]


def _nothing(_snapshot: Snapshot, _seat: int) -> list[str]:
    return []


def _no_facts(_snapshot: Snapshot, _seat: int) -> dict[str, Any]:
    return {}


def _same_action(action: str, _sigma: Mapping[str, str]) -> str:
    return action


def _hand_at_the_start(_game: Game, _deck: list[str], _dealer: int, _seat: int) -> list[str]:
    return []  # nothing happens to a hand between the deal and the first snapshot


def one_at_a_time(game: Game, deck: list[str], dealer: int, seat: int) -> list[str]:
    """The hand ``seat`` was dealt in a shedding game: ``hand_size`` cards one at a time,
    clockwise from the dealer's left (API.md)."""
    players, size = game.players, int(game.options["hand_size"])
    return [
        deck[index] for index in range(players * size) if (dealer + 1 + index) % players == seat
    ]


@dataclass(frozen=True)
class Secrecy:
    """One game's rule of what is revealed to whom (see the module doc)."""

    public_cards: Callable[[Snapshot, Options], Iterable[str]]
    hidden_keys: frozenset[str]
    sized_keys: tuple[str, ...]
    card_class: Callable[[str], str]
    seen_by: Callable[[Snapshot, int], Iterable[str]] = _nothing
    seat_facts: Callable[[Snapshot, int], dict[str, Any]] = _no_facts
    rename: Callable[[str, Mapping[str, str]], str] = _same_action
    dealt_hand: Callable[[Game, list[str], int, int], list[str]] = _hand_at_the_start
    notes: tuple[str, ...] = field(default=())

    def public_facts(self, snapshot: Snapshot) -> dict[str, Any]:
        """Everything of ``snapshot`` the whole table may know: its public keys and sizes."""
        facts = {key: value for key, value in snapshot.items() if key not in self.hidden_keys}
        facts["hand_sizes"] = [len(hand) for hand in snapshot["hands"]]
        for key in self.sized_keys:
            value = snapshot.get(key)
            facts[f"{key}_size"] = len(value) if isinstance(value, list) else value
        return facts


def _colour(card: str) -> str:
    """A shedding card's class: its colour, or black for the wilds (``W``, ``W+4``, ``WX``)."""
    return "black" if card.startswith("W") else card[0]


def _suit(card: str) -> str:
    return card[-1]


def _german_class(card: str) -> str:
    """Spadilla (Q♣) and Basta (Q♠) are trumps whatever the trump suit, so they are a class of
    their own; every other card's class is its suit (with the trump suit, the trumps)."""
    return "black queen" if card in ("QC", "QS") else card[-1]


def _trick_cards(snapshot: Snapshot) -> list[str]:
    return [card for _seat, card in snapshot["trick"]] + list(snapshot["played"])


# -- UNO (shared/rules/shedding.md §2; games/uno/view.py) -----------------------------------------


def _uno_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card laid on the discard pile is seen by all as it is laid; at the end every hand
    is shown (the winner scores them, §2.8; the view's ``final_hands``)."""
    cards = list(snapshot["discard_pile"])
    if snapshot["is_over"]:
        cards += [card for hand in snapshot["hands"] for card in hand]
    return cards


def _uno_seen(snapshot: Snapshot, seat: int) -> list[str]:
    """A challenged Wild Draw Four shows its player's hand to the challenger (§2.5)."""
    return [
        card for shown in snapshot["revealed"] if shown["viewer"] == seat for card in shown["cards"]
    ]


UNO = Secrecy(
    public_cards=_uno_public,
    seen_by=_uno_seen,
    hidden_keys=frozenset(
        {
            "hands",
            "draw_pile",
            "to_act",  # who else may jump in or catch (a view speaks of its own seat only)
            "drawn_card",
            "known_hands",
            "revealed",
            "wd4_challenge",  # whether the Wild Draw Four was legal, until it is challenged
            "jump_window",
            "last_player",
        }
    ),
    sized_keys=("draw_pile",),
    card_class=_colour,
)


# -- AMIGO's SOLO (shedding.md §1; docs/amigo-solo.md) --------------------------------------------


def _amigo_public(snapshot: Snapshot, options: Options) -> list[str]:
    """The discard pile is face up (the view's ``discard_counts``), the cards turned up at the
    deal included. The hands stay hidden at the end: the result gives only their points."""
    return list(snapshot["discard_pile"])


AMIGO_SOLO = Secrecy(
    public_cards=_amigo_public,
    dealt_hand=one_at_a_time,
    hidden_keys=frozenset(
        {
            "hands",
            "draw_pile",
            "to_act",
            "drawn_card",
            "known_hands",
            "window_card",
            "window_actor",
        }
    ),
    sized_keys=("draw_pile",),
    card_class=_colour,
    notes=(
        "Swaps: a seat sees the hand it receives (then its own) and knows where its old hand went "
        "(it was its own); both are covered by 'every card ever in the seat's hand'.",
    ),
)


# -- German Solo (trick-taking.md part A; docs/german-solo.md) -----------------------------------


def _german_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card played. The called card is named aloud, but where it lies is public only once
    its holder is known to all: the card fell, its holder named trump in a forcée, or the deal
    ended (the result names the partner). When every seat passes, the holder of Spadilla (Q♣)
    must play (a forcée simple, or with ``forced_upgrade`` a game he names; docs/german-solo.md),
    so everyone knows where Spadilla is."""
    cards = _trick_cards(snapshot)
    bids = snapshot["auction"]["bids"][: snapshot["players"]]
    if len(bids) == snapshot["players"] and all(bid == "pass" for _seat, bid in bids):
        cards.append("QC")
    called = snapshot["called"]
    if called is not None and (snapshot["partner_public"] or snapshot["phase"] == "over"):
        cards.append(called)
    return cards


def _german_facts(snapshot: Snapshot, seat: int) -> dict[str, Any]:
    """The seat offered the claim after the first five tricks learns that its side took them
    all (docs/german-solo.md: "that is the rule"), which may tell it who its partner is."""
    offered = seat in snapshot["to_act"] and bool(snapshot["five_tricks"])
    return {"offered the claim": offered}


GERMAN_SOLO = Secrecy(
    public_cards=_german_public,
    seat_facts=_german_facts,
    hidden_keys=frozenset(
        {"hands", "dealt", "partner", "called_holder", "five_tricks", "side_tricks", "to_act"}
    ),
    sized_keys=(),
    card_class=_german_class,
    notes=("caller_void is public: the caller announces a void in the called suit (rule 12).",),
)


# -- Frog (trick-taking.md part B; docs/frog.md) -------------------------------------------------


def _frog_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card played; the talon of a Solo, Heart Solo or Ramsch once the deal is over (it is
    shown for scoring; a thrown-in deal shows nothing); the Frage talon when ``frage_talon`` is
    ``shown`` (the opponents see what the declarer picks up)."""
    cards = _trick_cards(snapshot)
    contract = snapshot["contract"]
    if snapshot["phase"] == "over" and contract in ("solo", "heart-solo", "ramsch"):
        cards += snapshot["talon"]
    if contract == "frage" and options["frage_talon"] == "shown":
        cards += snapshot["dealt_talon"]
    return cards


def _frog_seen(snapshot: Snapshot, seat: int) -> list[str]:
    """The Frage declarer picks the talon up (then it is in his hand)."""
    if snapshot["contract"] == "frage" and snapshot["declarer"] == seat:
        return list(snapshot["dealt_talon"])
    return []


def _frog_rename(action: str, sigma: Mapping[str, str]) -> str:
    """A Frage discard is hidden from the opponents (their log shows ``discard:??``): in a world
    where the discarded card was dealt elsewhere, the declarer discards the card dealt in its
    place."""
    if action.startswith("discard:"):
        card = action.removeprefix("discard:")
        return f"discard:{sigma.get(card, card)}"
    return action


FROG = Secrecy(
    public_cards=_frog_public,
    seen_by=_frog_seen,
    rename=_frog_rename,
    hidden_keys=frozenset({"hands", "talon", "dealt_talon", "discarded", "to_act"}),
    sized_keys=("talon", "discarded"),
    card_class=_suit,
)


SECRECY: dict[str, Secrecy] = {
    "uno": UNO,
    "amigo-solo": AMIGO_SOLO,
    "german-solo": GERMAN_SOLO,
    "frog": FROG,
}
"""Game id -> its rule of what is revealed to whom."""
