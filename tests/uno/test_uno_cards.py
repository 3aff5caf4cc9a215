"""The deck (§2.1), card notation, points and the action space."""

from __future__ import annotations

from collections import Counter

import pytest

import solocards
from solocards.games.uno.cards import KIND_POINTS, hand_points, parse_card

from .uno_helpers import make


def test_deck_has_108_cards_as_in_the_table() -> None:
    deck = make().deck()
    counts = Counter(deck)
    assert len(deck) == 108
    for colour in "RYGB":
        assert counts[f"{colour}0"] == 1
        for rank in [*map(str, range(1, 10)), "S", "R", "+2"]:
            assert counts[f"{colour}{rank}"] == 2
        assert sum(n for card, n in counts.items() if card.startswith(colour)) == 25
    assert counts["W"] == 4
    assert counts["W+4"] == 4


def test_points_face_value_twenty_and_fifty() -> None:
    values = {parse_card(card): card for card in ["R0", "Y9", "G5", "BS", "RR", "Y+2", "W", "W+4"]}
    points = {card: KIND_POINTS[kind] for kind, card in values.items()}
    assert points == {
        "R0": 0,
        "Y9": 9,
        "G5": 5,
        "BS": 20,
        "RR": 20,
        "Y+2": 20,
        "W": 50,
        "W+4": 50,
    }
    assert hand_points([parse_card(c) for c in ["R7", "W", "GS"]]) == 77


@pytest.mark.parametrize("text", ["r7", "R10", "X7", "W+2", "", " R7", "RS ", "R+4"])
def test_parse_card_rejects_non_canonical(text: str) -> None:
    with pytest.raises(solocards.NotationError, match="not an UNO card"):
        parse_card(text)


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_action_space_size_and_round_trip(players: int) -> None:
    game = make(players)
    names = [game.action_name(i) for i in range(game.num_actions)]
    assert len(set(names)) == len(names)
    expected = 4 * 12 * 2 + 4 * (1 + players) * 2 + 16 + 4 + players + 4
    assert game.num_actions == expected
    for index, name in enumerate(names):
        assert game.action_id(name) == index
    assert {"draw", "pass", "challenge", "uno", f"catch>{players - 1}", "W+4:G!"} <= set(names)


def test_multi_plays_are_appended_and_other_ids_do_not_move() -> None:
    plain, multi = make(4), make(4, multi_play_same_number=True)
    assert multi.num_actions > plain.num_actions
    for index in range(plain.num_actions):
        assert multi.action_name(index) == plain.action_name(index)
    assert multi.action_name(plain.num_actions).count("+") == 1
    assert multi.action_id("R7+G7+B7>2!") >= plain.num_actions
    with pytest.raises(solocards.NotationError):
        plain.action_id("R7+G7")


@pytest.mark.parametrize(
    "text", ["W", "W+4", "W:X", "R7>4", "catch>4", "R7!!", "r7", "draw ", "R5:G", "W!:G", 7]
)
def test_notation_errors(text: object) -> None:
    game = make(4)
    state = game.deal(seed=1)
    seat = state.to_act[0]
    before = state.snapshot()
    with pytest.raises(solocards.NotationError, match="not an action of uno"):
        state.apply(seat, text)  # type: ignore[arg-type]
    assert state.snapshot() == before


@pytest.mark.parametrize("bad", [-1, 10_000, True, 1.0, "3"])
def test_bad_action_ids(bad: object) -> None:
    game = make(4)
    state = game.deal(seed=1)
    before = state.snapshot()
    with pytest.raises(solocards.NotationError):
        state.apply_id(state.to_act[0], bad)  # type: ignore[arg-type]
    assert state.snapshot() == before


def test_describe_action() -> None:
    game = make(4, multi_play_same_number=True)
    assert game.describe_action("R7>2!") == "plays red 7, swaps hands with seat 2, calls UNO"
    assert game.describe_action("W:B") == "plays Wild, names blue"
    assert game.describe_action("draw") == "draws"
    assert game.describe_action("pass") == "keeps the drawn card"
    assert game.describe_action("challenge") == "challenges the Wild Draw Four"
    assert game.describe_action("color:Y") == "names yellow for the first card"
    assert game.describe_action("R7+G7") == "plays red 7 and green 7 (on top)"
    with pytest.raises(solocards.NotationError):
        game.describe_action("R77")
