"""Views and snapshots of a German Solo deal (the edges: strings here).

A view holds what its seat may know: its own hand, the public auction and declarations, every
card played, and the partner only once the called card has fallen (or the partner named trump
aloud in a forcée), except that the holder of the called card knows he holds it.
"""

from __future__ import annotations

from typing import Any

from .actions import LEVEL_NAMES
from .cards import NAMES, sort_key
from .contract import SOLO, TOUT
from .state import PHASE_NAMES, PLAYING, GermanSoloState, contract_of, suit_letter


def _seat(seat: int) -> int | None:
    return seat if seat >= 0 else None


def _tricks(state: GermanSoloState) -> list[dict[str, Any]]:
    tricks = []
    n = state._n
    for index, leader in enumerate(state._leaders):
        cards = state._played[n * index : n * index + n]
        tricks.append(
            {
                "leader": leader,
                "cards": [[(leader + i) % n, NAMES[c]] for i, c in enumerate(cards)],
                "winner": state._winners[index],
            }
        )
    return tricks


def _trick(state: GermanSoloState) -> list[list[Any]]:
    leader = state._leader
    return [[(leader + i) % state._n, NAMES[c]] for i, c in enumerate(state._trick)]


def _auction(state: GermanSoloState) -> dict[str, Any]:
    names = state.game._action_names
    count = state._auction_len if state._auction_len >= 0 else len(state._history)
    return {
        "bids": [[seat, names[action]] for seat, action in state._history[:count]],
        "holder": _seat(state._holder),
        "level": LEVEL_NAMES[state._level - 1] if state._level else None,
        "proposal": LEVEL_NAMES[state._pending - 1] if state._pending else None,
    }


def _public(state: GermanSoloState, log: bool = True) -> dict[str, Any]:
    """The keys every seat and spectator sees alike (``log=False``: ``log_size`` for ``log``)."""
    public = {
        "phase": PHASE_NAMES[state._phase],
        "current": _seat(state._actor),
        "eldest": state._eldest,
        "declarer": _seat(state._declarer),
        "contract": contract_of(state),
        "trump": suit_letter(state._trump),
        "couleur": suit_letter(state._couleur),
        "called": NAMES[state._called] if state._called >= 0 else None,
        "caller_void": state._void_call,
        "alone": state._alone or state._kind == SOLO,
        "tout": state._incidental or state._kind == TOUT,
        "claimed": state._claimed,
        "trick": _trick(state),
        "tricks_won": list(state._tricks_won),
        "tricks": _tricks(state),
        "played": [NAMES[c] for c in state._played],
        "auction": _auction(state),
        "pool": state._pool,
        "stake": state._rules.stake,
        "deal": state._deal_index,
        "log": state._log_entries(None, 0) if log else None,
    }
    if not log:
        del public["log"]
        public["log_size"] = state.log_size
    return public


def build_view(state: GermanSoloState, seat: int | None, log: bool = True) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator); ``log=False``: without the round's log
    (its size, ``log_size``, instead)."""
    trump = state._trump
    public = _public(state, log)
    holder = state._called_holder
    knows = holder >= 0 and (state._partner_public or state.is_over or seat == holder)
    partner = state.partner
    view: dict[str, Any] = {
        "game": state.game.id,
        "players": state._n,
        "seat": seat,
        "dealer": state.dealer,
        "hand": None,
        "hand_sizes": [len(hand) for hand in state._hands],
        "can_act": False,
        "legal_actions": [],
        "is_over": state.is_over,
        "result": state._result,
        **public,
        "called_holder": holder if knows else None,
        "partner": partner if knows and partner >= 0 else None,
    }
    if seat is not None:
        hand = sorted(state._hands[seat], key=lambda c: sort_key(c, trump))
        view["hand"] = [NAMES[c] for c in hand]
        can_act = seat == state._actor
        view["can_act"] = can_act
        view["legal_actions"] = state.legal_actions(seat) if can_act else []
        view["five_tricks"] = can_act and state._five
    return view


def build_snapshot(state: GermanSoloState) -> dict[str, Any]:
    """The whole deal, hidden cards included (API.md's keys plus ``played`` and more)."""
    partner = state.partner
    snapshot: dict[str, Any] = {
        "game": state.game.id,
        "players": state._n,
        "dealer": state.dealer,
        "to_act": state.to_act,
        "hands": [[NAMES[c] for c in hand] for hand in state._hands],
        **_public(state),
        "partner": partner if partner >= 0 else None,
        "called_holder": _seat(state._called_holder),
        "partner_public": state._partner_public,
        "five_tricks": state._five,
        "side_tricks": state._side_tricks,
        "pool_start": state._pool_start,
        "dealt": [[NAMES[c] for c in hand] for hand in state._dealt],
        "result": state._result,
    }
    if state._phase == PLAYING:
        snapshot["leader"] = state._leader
    return snapshot


__all__ = ["build_snapshot", "build_view"]
