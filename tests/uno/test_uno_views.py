"""Views leak nothing (DESIGN.md): no other hand, no draw pile, no legality of a Wild Draw Four,
no drawn card but one's own, no hint of who could react in a window."""

from __future__ import annotations

import json

from solocards.games.uno.state import UnoState

from .uno_helpers import deal, make

KEYS = {
    "game",
    "players",
    "seat",
    "dealer",
    "hand",
    "hand_sizes",
    "can_act",
    "legal_actions",
    "log",
    "is_over",
    "result",
    "current",
    "top_card",
    "color",
    "direction",
    "pending_draw",
    "draw_pile_size",
    "discard_pile_size",
    "known_hands",
    "window",
}


def sample() -> UnoState:
    game = make(4, hand_size=3)
    hands = [["Y1", "Y2", "Y3"], ["W+4", "R2", "G4"], ["G5", "G6", "B7"], ["G1", "G2", "G3"]]
    return deal(game, hands, "R7", draw=["B1", "B2", "B3", "B4", "B5", "B6"])


def test_view_keys_and_json() -> None:
    state = sample()
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        assert set(view) >= KEYS
        assert "to_act" not in view and "hands" not in view and "draw_pile" not in view
        assert json.loads(json.dumps(view)) == view
    assert state.view(1)["hand"] == ["R2", "G4", "W+4"]
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["legal_actions"] == []
    assert not spectator["can_act"]


def other_cards_absent(view: dict[str, object], hidden: list[str]) -> bool:
    text = json.dumps({k: v for k, v in view.items() if k not in ("log", "legal_actions")})
    return all(f'"{card}"' not in text for card in hidden)


def test_no_view_holds_another_hand_or_the_draw_pile() -> None:
    state = sample()
    snap = state.snapshot()
    for seat in range(4):
        view = state.view(seat)
        hidden = [
            c
            for s, hand in enumerate(snap["hands"])
            if s != seat
            for c in hand
            if c not in view["hand"] and c != view["top_card"]
        ]
        hidden += [c for c in snap["draw_pile"][:6] if c not in view["hand"]]
        assert other_cards_absent(view, hidden)


def test_wd4_legality_and_drawn_card_stay_hidden() -> None:
    state = sample()
    state.apply(1, "W+4:B")
    for seat in (0, 2, 3, None):
        text = json.dumps(state.view(seat))
        assert "illegal" not in text
    state.apply(2, "draw")
    state.apply(3, "draw")
    assert state.view(3)["drawn_card"] == "B5"
    for seat in (0, 1, 2, None):
        assert state.view(seat)["drawn_card"] is None


def test_log_is_the_public_history() -> None:
    state = sample()
    state.apply(1, "R2")
    state.apply(2, "draw")
    assert state.view(0)["log"] == [[1, "R2"], [2, "draw"]]


def test_describe_table_from_a_view() -> None:
    state = sample()
    lines = make(4).describe_table(state.view(1))
    assert lines[0].startswith("Top card: red 7")
    assert "seat 1: 3" in lines[1]
    # the public table: the viewer's own hand is shown by the edges (the CLI prints it once)
    assert not any("R2 G4 W+4" in line for line in lines)
