"""Frog's views (what one seat may know) and snapshots (everything).

Hidden in views: the other hands; the talon until the end of a Solo, Heart Solo or Ramsch (nobody
sees it, the declarer included, §B4, edge case 23); a Frage talon from the opponents (unless
``frage_talon="shown"``); the Frage discards from the opponents, always (edge case 22; their log
shows ``discard:??``). A thrown-in deal reveals nothing.
"""

from __future__ import annotations

from typing import Any

from ...core.game import View
from .actions import ACTIONS
from .cards import CARD_NAMES, POINTS, SUITS, sort_key
from .state import LEVEL_FRAGE, FrogState


def _names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def _auction(state: FrogState) -> list[list[Any]]:
    names = state.game._action_names
    return [[seat, names[action]] for seat, action in state._history if 36 <= action <= 39]


def _tricks(state: FrogState) -> list[dict[str, Any]]:
    played, by, winners = state.played, state.played_by, state.trick_winners
    return [
        {
            "leader": by[3 * index],
            "cards": [[by[3 * index + k], CARD_NAMES[played[3 * index + k]]] for k in range(3)],
            "winner": winner,
        }
        for index, winner in enumerate(winners)
    ]


def visible_talon(state: FrogState, seat: int | None) -> list[str] | None:
    """The talon cards ``seat`` has seen, or ``None`` while they are hidden from it."""
    if state.contract == LEVEL_FRAGE:
        if seat == state.declarer or state.g.rules.frage_talon_shown:
            return _names(state.dealt_talon)
        return None
    if state.is_over and state.contract != 0:
        return _names(state.talon)
    return None


def build_view(state: FrogState, seat: int | None, log: bool = True) -> View:
    """What ``seat`` may know of ``state`` (``None``: a spectator), JSON-ready; ``log=False``:
    without the round's log (its size, ``log_size``, instead)."""
    can_act = seat is not None and seat == state.turn
    hand = None if seat is None else _names(sorted(state.hands[seat], key=sort_key))
    own_discards = seat is not None and seat == state.declarer
    view: View = {
        "game": state.game.id,
        "players": state.players,
        "seat": seat,
        "dealer": state.dealer,
        "sitting_out": state.dealer if state.out else None,
        "sitting_out_seats": list(state.out),
        "eldest": state.eldest,
        "hand": hand,
        "hand_sizes": [len(cards) for cards in state.hands],
        "can_act": can_act,
        "legal_actions": state.legal_actions(seat) if can_act and seat is not None else [],
        "log": state._log_entries(seat, 0) if log else None,
        "is_over": state.is_over,
        "result": state.result,
        "phase": state.phase_name,
        "current": state.turn if state.turn >= 0 else None,
        "auction": _auction(state),
        "bid": ACTIONS[36 + state.high] if state.high else None,
        "bidder": state.holder if state.holder >= 0 else None,
        "passed": [seat_ for seat_ in state.seats if state.passed[seat_]],
        "declarer": state.declarer if state.declarer >= 0 else None,
        "contract": state.contract_name,
        "trump": SUITS[state.trump] if state.trump >= 0 else None,
        "talon": visible_talon(state, seat),
        "talon_size": len(state.dealt_talon),
        "discarded": _names(state.discarded) if own_discards else None,
        "discard_count": len(state.discarded),
        "trick": [
            [by, CARD_NAMES[card]]
            for by, card in zip(state.trick_seats, state.trick_cards, strict=True)
        ],
        "tricks_won": list(state.tricks_won),
        "trick_points": _trick_points(state),
        "played": _names(state.played),
        "tricks": _tricks(state),
    }
    if not log:
        del view["log"]
        view["log_size"] = state.log_size
    return view


def _trick_points(state: FrogState) -> list[int]:
    """Card points in each seat's completed tricks (public: every trick was played face up)."""
    points = [0] * state.players
    for index, winner in enumerate(state.trick_winners):
        points[winner] += sum(POINTS[card] for card in state.played[3 * index : 3 * index + 3])
    return points


def build_snapshot(state: FrogState) -> dict[str, Any]:
    """The whole of ``state``, hidden cards included, JSON-ready (API.md's keys and more)."""
    return {
        "game": state.game.id,
        "players": state.players,
        "dealer": state.dealer,
        "to_act": state.to_act,
        "current": state.turn if state.turn >= 0 else None,
        "hands": [_names(hand) for hand in state.hands],
        "phase": state.phase_name,
        "auction": _auction(state),
        "bid": ACTIONS[36 + state.high] if state.high else None,
        "bidder": state.holder if state.holder >= 0 else None,
        "passed": [seat for seat in state.seats if state.passed[seat]],
        "declarer": state.declarer if state.declarer >= 0 else None,
        "contract": state.contract_name,
        "trump": SUITS[state.trump] if state.trump >= 0 else None,
        "trick": [
            [by, CARD_NAMES[card]]
            for by, card in zip(state.trick_seats, state.trick_cards, strict=True)
        ],
        "tricks_won": list(state.tricks_won),
        "points": list(state.won_points),
        "talon": _names(state.talon),
        "dealt_talon": _names(state.dealt_talon),
        "discarded": _names(state.discarded),
        "played": _names(state.played),
        "played_by": list(state.played_by),
        "trick_winners": list(state.trick_winners),
        "result": state.result,
    }
