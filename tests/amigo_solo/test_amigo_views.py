"""amigo-solo views, snapshots, notation and option errors, clones, the terminal text."""

from __future__ import annotations

import json
import re

import pytest
from amigo_helpers import deal

import solocards
from helpers import refused
from solocards.games.amigo_solo.cards import KIND
from solocards.games.amigo_solo.text import card_message

H = [["G1", "G3", "G4"], ["R5", "Y1", "Y3"], ["B1", "B3", "B4"], ["Y4", "Y6", "Y7"]]
DRAW = ["B7", "B8", "B9"]


def test_a_view_holds_the_common_keys_and_the_public_table() -> None:
    state = deal(H, "R2", draw=DRAW)
    view = state.view(1)
    for key in (
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
    ):
        assert key in view, key
    assert view["hand"] == ["R5", "Y1", "Y3"] and view["seat"] == 1 and view["can_act"]
    assert view["top_card"] == "R2" and view["color"] == "R" and view["current"] == 1
    assert view["hand_sizes"] == [3, 3, 3, 3]
    assert view["draw_pile_size"] == 112 - 13 and view["discard_pile_size"] == 1
    assert "to_act" not in view and "hands" not in view and "draw_pile" not in view
    assert json.loads(json.dumps(view)) == view


def test_a_view_shows_no_other_hand_and_no_draw_pile() -> None:
    state = deal(H, "R2", draw=DRAW)
    state.apply(1, "R5")
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(state.view(seat))
        for other in range(4):
            if other != seat:
                assert json.dumps(sorted(H[other])) not in text
        assert "B7" not in text  # the top of the draw pile
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["legal_actions"] == []
    assert not spectator["can_act"] and spectator["known_hands"] == {}


def test_every_hand_is_laid_down_at_the_end_of_the_round() -> None:
    """shedding.md §1.11: the hands left are counted, so the last view shows them all (issue
    40.4: the round summary drew the others' hands face down)."""
    assert deal(H, "R2", draw=DRAW).view(0)["final_hands"] is None
    state = solocards.make("amigo-solo", players=3, hand_size=3).match(seed=4).state
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    hands = [sorted(hand) for hand in state.snapshot()["hands"]]
    assert sum(map(len, hands)) > 0
    for seat in (None, 0, 1, 2):
        assert [sorted(hand) for hand in state.view(seat)["final_hands"]] == hands


def test_views_do_not_depend_on_other_hidden_hands() -> None:
    a = deal(H, "R2", draw=DRAW)
    b = deal([H[0], H[1], H[2], ["Y4", "Y6", "Y8"]], "R2", draw=DRAW)
    for state in (a, b):
        state.apply(1, "R5")
    for seat in (None, 0, 1, 2):
        assert a.view(seat) == b.view(seat)


def test_refusals_never_mention_other_hands() -> None:
    state = deal(H, "R2", draw=DRAW)
    state.apply(1, "R5")
    public = {"R2", "R5"}
    for seat, action in [(0, "G1"), (3, "Y4"), (3, "R5"), (0, "B1"), (2, "G1"), (2, "W:R")]:
        message = refused(state, seat, action)
        hidden = {card for other in range(4) if other != seat for card in H[other]}
        named = {action.split(":")[0]}  # the card the seat itself named
        for card in hidden - public - set(H[seat]) - named:  # in notation or in words
            assert not re.search(rf"(?<!\w){re.escape(card)}(?![\w+])", message), message
            assert str(card_message(KIND[card])) not in message, message


def test_the_snapshot_holds_the_api_keys_and_conserves_the_cards() -> None:
    state = deal(H, "R2", draw=DRAW)
    snap = state.snapshot()
    for key in (
        "game",
        "players",
        "dealer",
        "to_act",
        "hands",
        "draw_pile",
        "discard_pile",
        "color",
        "direction",
        "pending_draw",
        "current",
    ):
        assert key in snap, key
    assert snap["draw_pile"][:3] == DRAW and snap["to_act"] == [1]
    cards = [c for hand in snap["hands"] for c in hand] + snap["draw_pile"] + snap["discard_pile"]
    assert sorted(cards) == sorted(solocards.make("amigo-solo").deck())


def test_a_clone_is_independent() -> None:
    state = deal(H, "R2", draw=DRAW)
    before = state.snapshot()
    copy = state.clone()
    copy.apply(1, "R5")
    copy.apply(2, "draw")
    assert state.snapshot() == before and copy.snapshot() != before
    assert len(copy.history) == 2 and state.history == []


def test_the_action_space_is_dense_and_round_trips() -> None:
    for players in (2, 4, 10):
        game = solocards.make("amigo-solo", players=players)
        assert game.num_actions == 121 + 10 * players
        names = [game.action_name(i) for i in range(game.num_actions)]
        assert len(set(names)) == game.num_actions
        assert all(game.action_id(name) == i for i, name in enumerate(names))
    game = solocards.make("amigo-solo")
    for action in (
        "R7",
        "GS",
        "BR",
        "Y+2",
        "RX>2",
        "W:G",
        "W+4:B!",
        "WX",
        "WX!",
        "draw",
        "pass",
        "solo",
        "catch>3",
        "color:Y",
        "swap>0",
    ):
        assert game.action_name(game.action_id(action)) == action


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("W", "W:R, W:Y, W:G or W:B (rule 1.5.1)"),
        ("W+4!", "W+4:R"),
        ("GX", "names the seat"),
        ("RX>4", "no seat 4"),
        ("catch>9", "no seat 9"),
        ("WX:G", "Swap all round names no colour"),
        ("R0", "examples"),
        ("r5", "examples"),
        ("R5 ", "examples"),
    ],
)
def test_notation_errors_say_what_is_wrong(action: str, words: str) -> None:
    game = solocards.make("amigo-solo")
    with pytest.raises(solocards.NotationError) as caught:
        game.action_id(action)
    assert words in str(caught.value)


def test_option_errors() -> None:
    with pytest.raises(solocards.OptionError, match="valid options"):
        solocards.make("amigo-solo", no_such=True)
    with pytest.raises(solocards.OptionError, match="cross_stack"):
        solocards.make("amigo-solo", cross_stack="sideways")
    with pytest.raises(solocards.OptionError, match="hand_size"):
        solocards.make("amigo-solo", players=10, hand_size=12)
    with pytest.raises(solocards.OptionError, match="exclude each other"):
        solocards.make("amigo-solo", jump_in_black=True, jump_in_numbers_only=True)
    with pytest.raises(solocards.OptionError, match="2 to 10"):
        solocards.make("amigo-solo", players=11)


def test_presets() -> None:
    assert (
        solocards.make("amigo-solo", preset="official").options
        == solocards.make("amigo-solo").options
    )
    classic = solocards.make("amigo-solo", preset="classic")
    assert classic.options["first_card_mode"] == "apply_to_first_player"
    assert classic.options["solo_call_enforcement"] == "catch"


def test_describe_action_and_table() -> None:
    game = solocards.make("amigo-solo")
    assert game.describe_action("W+4:G!") == "plays Wild Plus Four, names green, calls solo"
    assert game.describe_action("RX>2") == "plays red Swap, swaps hands with seat 2"
    assert game.describe_action("BR") == "plays blue Change Direction"
    assert game.describe_action("catch>1") == "catches seat 1, who did not call solo"
    state = deal(H, "R2", draw=DRAW)
    state.apply(1, "R5")
    lines = game.describe_table(state.view(2))
    assert lines[0].startswith("Top card: R5 (colour in force: red)")
    assert "To play: seat 2;" in lines[1]
    assert "seat 1: 2" in lines[2]
