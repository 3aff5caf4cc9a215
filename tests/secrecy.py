"""What each game reveals to whom, read from the true state (a snapshot), never from a view.

The hidden-information check (``test_hidden_views.py``) builds worlds that differ from a round
only in cards a viewer has not seen, and asks the engine for the same view. Which cards a viewer
has seen by step N, and which facts the table learns from hidden cards, is decided here, per
game, from the rules (API.md, docs/<game>.md, shared/rules/) and the snapshots of the round up to
step N. Nothing here reads a view, and nothing trusts a snapshot key that the engine derives for
its views (German Solo's ``partner_public``, AMIGO's ``known_hands``): a view that leaks must not
be able to declare its own leak "known".

A :class:`Secrecy` gives, for a snapshot:

- ``public_cards(snapshot, options)``: the cards face up for everybody at that step (discards,
  trick cards, a talon shown for scoring, the hands shown at the end of an UNO round), or whose
  place everybody knows (German Solo's called card once its holder is known).
- ``seen_by(snapshot, seat)``: the cards this seat alone sees beyond its own hand (an UNO hand
  shown to its challenger, the Frage talon of its own pick-up). A seat's own hand at every step
  is always seen (what it was dealt, drew, received in a swap or picked up); the check adds it.
- ``dealt_hand(game, deck, dealer, seat)``: the hand a seat was dealt, where the deal itself may
  move it on before the first snapshot (AMIGO's SOLO: a Swap all round turned up rotates the
  hands at once under ``first_card_mode="apply_to_first_player"``).
- ``public_keys``: the snapshot keys whose values the table learns even where they follow from
  hidden cards (whose turn it is after a challenged Wild Draw Four, the result); with the hand
  sizes and the sizes of ``sized_keys``, the *public facts*. A world where one differs is one
  the table tells apart, so the check does not use it. Every other key follows from the public
  history alone if the engine is right, and is left to the check.
- ``seat_facts(snapshot, seat)``: what one seat learns from hidden cards beyond that (German
  Solo: the seat offered the claim learns that its side took the first five tricks).
- ``card_class``: the cards that may stand in for each other in a "same class" re-deal (a suit:
  a seat's shown voids stay true), and ``rename``: the action a hidden action becomes when the
  hidden card it names is dealt elsewhere (a Frage discard, which opponents see as
  ``discard:??``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Secrecy:
    """One game's rule of what is revealed to whom (see the module doc)."""

    public_cards: Callable[[Snapshot, Options], Iterable[str]]
    public_keys: tuple[str, ...]
    card_class: Callable[[str], str]
    sized_keys: tuple[str, ...] = ()
    seen_by: Callable[[Snapshot, int], Iterable[str]] = _nothing
    seat_facts: Callable[[Snapshot, int], dict[str, Any]] = _no_facts
    rename: Callable[[str, Mapping[str, str]], str] = _same_action
    dealt_hand: Callable[[Game, list[str], int, int], list[str]] = _hand_at_the_start

    def public_facts(self, snapshot: Snapshot) -> dict[str, Any]:
        """What the whole table learns at this step beyond the public history and cards."""
        facts = {key: snapshot[key] for key in self.public_keys}
        facts["hand sizes"] = [len(hand) for hand in snapshot["hands"]]
        for key in self.sized_keys:
            facts[f"{key} size"] = len(snapshot[key])
        return facts


def _colour(card: str) -> str:
    """A shedding card's class: its colour, or black for the wilds (``W``, ``W+4``, ``WX``)."""
    return "black" if card.startswith("W") else card[0]


def _suit(card: str) -> str:
    return card[-1]


def _trick_cards(snapshot: Snapshot) -> list[str]:
    return [card for _seat, card in snapshot["trick"]] + list(snapshot["played"])


# -- UNO (shared/rules/shedding.md §2; games/uno/view.py) -----------------------------------------


def _uno_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card laid on the discard pile is seen by all as it is laid (the log names it); at
    the end every hand is shown (the winner scores them, §2.8; the view's ``final_hands``)."""
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
    # a challenge's outcome (who draws, who plays on), the cards a draw-until-playable took, a
    # drawn card kept or played: the table sees all of it happen
    public_keys=("current", "phase", "is_over", "result"),
    sized_keys=("draw_pile",),
    card_class=_colour,
)


# -- AMIGO's SOLO (shedding.md §1; docs/amigo-solo.md) --------------------------------------------


def _amigo_public(snapshot: Snapshot, options: Options) -> list[str]:
    """The discard pile is face up (the view's ``discard_counts``), the cards turned up at the
    deal included; at the end every hand is laid down to be counted (§1.11, the view's
    ``final_hands``)."""
    cards = list(snapshot["discard_pile"])
    if snapshot["is_over"]:
        cards += [card for hand in snapshot["hands"] for card in hand]
    return cards


def _amigo_dealt(game: Game, deck: list[str], dealer: int, seat: int) -> list[str]:
    """``hand_size`` cards one at a time, clockwise from the dealer's left (API.md): a seat
    sees its hand before a Swap all round turned up moves it on."""
    players, size = game.players, int(game.options["hand_size"])
    return [deck[i] for i in range(players * size) if (dealer + 1 + i) % players == seat]


AMIGO_SOLO = Secrecy(
    public_cards=_amigo_public,
    dealt_hand=_amigo_dealt,
    # an unplayable drawn card ends the turn at once (§1.5): the table sees the turn pass
    public_keys=("current", "phase", "is_over", "result"),
    sized_keys=("draw_pile",),
    card_class=_colour,
)


# -- German Solo (trick-taking.md part A; docs/german-solo.md) -----------------------------------


def _german_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card played. The called card is named aloud, but where it lies is public only once
    its holder is known to all: it fell, or after the call a seat named trump (in a forcée the
    holder of the called card names trump, and so "is thereby known to all"), or the deal ended
    (the result names the partner). When every seat passes, the holder of Spadilla (Q♣) must
    play (a forcée simple, or with ``forced_upgrade`` a game he names), so everyone knows where
    Spadilla is."""
    cards = _trick_cards(snapshot)
    log = [action for _seat, action in snapshot["log"]]
    players = snapshot["players"]
    if len(log) >= players and all(action == "pass" for action in log[:players]):
        cards.append("QC")
    called = snapshot["called"]
    calls = [index for index, action in enumerate(log) if action.startswith("call:")]
    named_after_call = bool(calls) and any(
        action.startswith("trump:") for action in log[calls[0] :]
    )
    if called is not None and (named_after_call or snapshot["phase"] == "over"):
        cards.append(called)
    return cards


def _german_facts(snapshot: Snapshot, seat: int) -> dict[str, Any]:
    """The seat offered the claim after the first five tricks learns that its side took them
    all (docs/german-solo.md: "that is the rule"), which may tell it who its partner is."""
    return {"offered the claim": seat in snapshot["to_act"] and bool(snapshot["five_tricks"])}


def _german_class(card: str) -> str:
    """Spadilla (Q♣) and Basta (Q♠) are trumps whatever the trump suit, so they are a class of
    their own; every other card's class is its suit (with the trump suit, the trumps)."""
    return "black queen" if card in ("QC", "QS") else card[-1]


GERMAN_SOLO = Secrecy(
    public_cards=_german_public,
    seat_facts=_german_facts,
    # the actor (after all pass, the Spadilla holder); the deal ending after five tricks when
    # the partner is on lead; caller_void: a caller void in the called suit announces it (rule
    # 12); tout: leading to trick six "signifies" an incidental tout (§A8)
    public_keys=("current", "phase", "caller_void", "tout", "result"),
    card_class=_german_class,
)


# -- Frog (trick-taking.md part B; docs/frog.md) -------------------------------------------------


def _frog_public(snapshot: Snapshot, options: Options) -> list[str]:
    """Every card played; the talon of a Solo, Heart Solo or Ramsch once the deal is over (it is
    shown for scoring, §B4; a thrown-in deal shows nothing); the Frage talon when
    ``frage_talon`` is ``shown`` (the opponents see what the declarer picks up, U19)."""
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
    public_keys=("current", "phase", "result"),
    card_class=_suit,
)


SECRECY: dict[str, Secrecy] = {
    "uno": UNO,
    "amigo-solo": AMIGO_SOLO,
    "german-solo": GERMAN_SOLO,
    "frog": FROG,
}
"""Game id -> its rule of what is revealed to whom."""
