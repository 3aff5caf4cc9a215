"""What leaves an UNO round: a seat's view (what it may know) and the full snapshot.

A view never holds another seat's hand, the draw pile's order, whether a Wild Draw Four was
legal, or who else could react in a window: ``can_act``, ``legal_actions`` and ``window`` speak
of the viewing seat only, and there is no ``to_act`` in a view. ``known_hands`` lists, per seat,
the cards this seat knows to be in that hand (a hand shown to it in a challenge, hands exchanged
under 7-0), and ``revealed`` the hands shown to this seat in its challenges.

``view(seat, log=False)`` leaves out the two keys that grow with the round, ``log`` and
``revealed`` (what a challenge showed is in ``known_hands`` while the cards stay in that hand).
"""

from __future__ import annotations

from typing import Any

from .cards import COLOURS, KIND_NAMES, NO_COLOUR
from .state import DRAWN, PHASE_NAMES, UnoState


def _names(cards: list[int] | tuple[int, ...]) -> list[str]:
    return [KIND_NAMES[card] for card in sorted(cards)]


def _colour(state: UnoState) -> str | None:
    return None if state.color == NO_COLOUR else COLOURS[state.color]


def build_view(state: UnoState, seat: int | None, log: bool = True) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator); ``log=False``: without the
    round's log (its size, ``log_size``, instead)."""
    n = state.players
    legal = state.legal_actions(seat) if seat is not None else []
    table = state.g.table
    window: dict[str, Any] = {}
    known: list[list[str]] = [[] for _ in range(n)]
    revealed: list[dict[str, Any]] = []
    if seat is not None:
        ids = set(state.legal_action_ids(seat))
        jump = (
            state.jump
            and seat != state.current
            and seat != state.last
            and state.top in state.hands[seat]
        )
        window = {
            "jump_in": jump,
            "catch": [t for t in range(n) if table.catch_id[t] in ids],
            "uno": table.uno_id in ids,
        }
        for holder, cards in state.known_hands(seat).items():
            known[holder] = _names(cards)
        if log:  # a record of the round, like the log: the current state is known_hands
            revealed = [
                {"seat": shown, "cards": _names(cards), "step": step}
                for viewer, shown, step, cards in state._revealed
                if viewer == seat
            ]
    over = state.is_over
    view = {
        "game": state.game.id,
        "players": n,
        "seat": seat,
        "dealer": state.dealer,
        "hand": _names(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "can_act": bool(legal),
        "legal_actions": legal,
        "log": state._log_entries(seat, 0) if log else None,
        "is_over": over,
        "result": state.result,
        "phase": PHASE_NAMES[state.phase],
        "current": state.current,
        "top_card": KIND_NAMES[state.top],
        "color": _colour(state),
        "direction": state.direction,
        "pending_draw": state.pending,
        "draw_pile_size": len(state.pile),
        "discard_pile_size": len(state.discard),
        "vulnerable": state.vuln if state.vuln >= 0 else None,
        "drawn_card": KIND_NAMES[state.drawn]
        if seat is not None and seat == state.current and state.phase == DRAWN
        else None,
        "window": window,
        "known_hands": known,
        "revealed": revealed,
        "final_hands": [_names(hand) for hand in state.hands] if over else None,
    }
    if not log:
        del view["log"], view["revealed"]
        view["log_size"] = state.log_size
    return view


def build_snapshot(state: UnoState) -> dict[str, Any]:
    """The whole round, hidden cards included (JSON-ready)."""
    pile = [KIND_NAMES[card] for card in reversed(state.pile)]
    known = [
        {str(holder): _names(cards) for holder, cards in sorted(state.known_hands(seat).items())}
        for seat in range(state.players)
    ]
    return {
        "game": state.game.id,
        "players": state.players,
        "dealer": state.dealer,
        "seed": state.seed,
        "to_act": state.to_act,
        "phase": PHASE_NAMES[state.phase],
        "current": state.current,
        "hands": [[KIND_NAMES[card] for card in hand] for hand in state.hands],
        "draw_pile": pile,
        "discard_pile": [KIND_NAMES[card] for card in state.discard],
        "top_card": KIND_NAMES[state.top],
        "color": _colour(state),
        "direction": state.direction,
        "pending_draw": state.pending,
        "pending_kind": (KIND_NAMES[state.chain] if state.pending else None),
        "wd4_challenge": (
            {"seat": state.wd4_by, "illegal": state.wd4_bad} if state.wd4_by >= 0 else None
        ),
        "vulnerable": state.vuln if state.vuln >= 0 else None,
        "jump_window": state.jump,
        "last_player": state.last if state.last >= 0 else None,
        "drawn_card": KIND_NAMES[state.drawn] if state.drawn >= 0 else None,
        "idle_turns": state.idle,
        "known_hands": known,
        "revealed": [
            {"viewer": viewer, "seat": shown, "step": step, "cards": _names(cards)}
            for viewer, shown, step, cards in state._revealed
        ],
        "is_over": state.is_over,
        "result": state.result,
    }
