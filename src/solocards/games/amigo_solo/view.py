"""Views and snapshots of an AMIGO's SOLO round: what a seat may know, and the whole state.

A view holds the keys every game's view has (``game``, ``players``, ``seat``, ``dealer``,
``hand``, ``hand_sizes``, ``can_act``, ``legal_actions``, ``log``, ``is_over``, ``result``) and
the public table: ``phase``, ``current``, ``top_card``, ``color`` (the colour in force, ``None``
after a Swap all round: any card matches), ``direction``, ``pending_draw``, ``draw_pile_size``,
``discard_pile_size``, ``discard_counts`` (card -> copies in the discard pile, all face up),
``open_to_catch`` (catch mode: the seat that did not call solo, else ``None``).

Then what only this seat knows: ``known_hands`` (holder seat, as a string -> the cards this seat
has seen in that hand and that are still there: a hand received or given in a swap; cards later
drawn by the holder are unknown, cards laid are removed), ``drawn_card`` (the card this seat just
drew and may play), ``window`` (the reactions *this* seat may make now: ``"jump_in"``,
``"catch"``, ``"solo"``). A view never says who else could react.

Once the round is over every hand is laid down to be counted (shedding.md §1.11: each hand's
points are taken from its player's total), so ``final_hands`` gives each seat's cards then
(``None`` while the round goes on), as UNO's view does.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.game import View
from .cards import COLOURS, NAMES
from .state import P_DRAWN, PENALTY_PLUS2, PENALTY_PLUS4, PHASE_NAMES

if TYPE_CHECKING:
    from .state import AmigoSoloState


def names(cards: list[int]) -> list[str]:
    """Card kinds as strings, in the given order."""
    return [NAMES[card] for card in cards]


def sorted_names(cards: list[int]) -> list[str]:
    """Card kinds as strings, in deck order (R1 .. B+2, BX, W, W+4, WX)."""
    return [NAMES[card] for card in sorted(cards)]


def colour_name(colour: int) -> str | None:
    """The letter of a colour, ``None`` for "any"."""
    return COLOURS[colour] if colour >= 0 else None


def build_view(state: AmigoSoloState, seat: int | None, log: bool = True) -> View:
    """What ``seat`` (``None``: a spectator) may know; ``log=False``: without the round's log
    (its size, ``log_size``, instead)."""
    own = seat is not None  # the state checked that the seat exists (check_viewer)
    legal = state.legal_actions(seat) if own and seat is not None else []
    window: list[str] = []
    known: dict[str, list[str]] = {}
    drawn: str | None = None
    if own and seat is not None:
        if state.may_jump_in(seat):
            window.append("jump_in")
        if state.vulnerable >= 0:
            window.append("solo" if seat == state.vulnerable else "catch")
        for holder, seen in sorted(state.known.items()):
            if seat in seen:
                known[str(holder)] = sorted_names(seen[seat])
        if state.phase == P_DRAWN and seat == state.current:
            drawn = NAMES[state.drawn]
    view: View = {
        "game": state.game.id,
        "players": state.players,
        "seat": seat if own else None,
        "dealer": state.dealer,
        "hand": sorted_names(state.hands[seat]) if own and seat is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "can_act": bool(legal),
        "legal_actions": legal,
        "log": state._log_entries(seat, 0) if log else None,
        "is_over": state.is_over,
        "result": state.result,
        "phase": PHASE_NAMES[state.phase],
        "current": state.current,
        "top_card": NAMES[state.discard[-1]],
        "color": colour_name(state.color),
        "direction": state.direction,
        "pending_draw": state.pending,
        "draw_pile_size": len(state.draw_pile),
        "discard_pile_size": len(state.discard),
        "discard_counts": dict(sorted(Counter(names(state.discard)).items())),
        "open_to_catch": state.vulnerable if state.vulnerable >= 0 else None,
        "known_hands": known,
        "drawn_card": drawn,
        "window": window,
        "final_hands": [sorted_names(hand) for hand in state.hands] if state.is_over else None,
    }
    if not log:
        del view["log"]
        view["log_size"] = state.log_size
    return view


def build_snapshot(state: AmigoSoloState) -> dict[str, Any]:
    """The whole state as JSON-ready data, hidden cards included."""
    pending_kind = {PENALTY_PLUS2: "+2", PENALTY_PLUS4: "+4"}.get(state.pending_kind)
    return {
        "game": state.game.id,
        "players": state.players,
        "dealer": state.dealer,
        "to_act": state.to_act,
        "hands": [names(hand) for hand in state.hands],
        "draw_pile": names(state.draw_pile[::-1]),
        "discard_pile": names(state.discard),
        "color": colour_name(state.color),
        "direction": state.direction,
        "pending_draw": state.pending,
        "pending_kind": pending_kind,
        "current": state.current,
        "phase": PHASE_NAMES[state.phase],
        "drawn_card": NAMES[state.drawn] if state.drawn >= 0 else None,
        "window_card": NAMES[state.win_kind] if state.win_kind >= 0 else None,
        "window_actor": state.win_actor if state.win_kind >= 0 else None,
        "open_to_catch": state.vulnerable if state.vulnerable >= 0 else None,
        "idle_turns": state.idle,
        "reshuffles": state.reshuffles,
        "known_hands": sorted(
            [observer, holder, sorted_names(cards)]
            for holder, seen in state.known.items()
            for observer, cards in seen.items()
        ),
        "winner": state.winner if state.winner >= 0 else None,
        "is_over": state.is_over,
        "result": state.result,
    }
