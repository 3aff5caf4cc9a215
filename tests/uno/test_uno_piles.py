"""Reshuffling, short draws with both piles empty, and the dead-lock guard (§2.7, §3.2.10-11)."""

from __future__ import annotations

from collections import Counter

from solocards.games.uno.state import UnoState

from .uno_helpers import deal, hand, make

DRAW = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]


def ten_players(hands: dict[int, list[str]], first: str = "R5", **options: object) -> UnoState:
    """10 players with 10 cards: the draw pile is the 7 cards of DRAW."""
    game = make(10, hand_size=10, **options)
    given = [hands.get(seat, []) for seat in range(10)]
    return deal(game, given, first, DRAW, fill=True)


def draw_and_keep(state: UnoState, seat: int) -> None:
    state.apply(seat, "draw")
    if state.snapshot()["current"] == seat and not state.is_over:
        state.apply(seat, "pass")


def test_reshuffle_keeps_the_top_card_and_the_colour_named() -> None:
    state = ten_players({1: ["R1"], 2: ["R2"], 3: ["W"]})
    state.apply(1, "R1")
    state.apply(2, "R2")
    state.apply(3, "W:G")
    for seat in [4, 5, 6, 7, 8, 9, 0]:
        draw_and_keep(state, seat)
    snap = state.snapshot()
    assert snap["draw_pile"] == []
    assert snap["discard_pile"] == ["R5", "R1", "R2", "W"]
    state.apply(1, "draw")  # reshuffles R5, R1, R2 into a new draw pile
    snap = state.snapshot()
    assert snap["discard_pile"] == ["W"]
    assert snap["color"] == "G"
    assert Counter(snap["draw_pile"]) + Counter([state.view(1)["drawn_card"]]) == Counter(
        ["R5", "R1", "R2"]
    )


def test_reshuffle_is_seeded() -> None:
    def run(seed: int) -> list[str]:
        game = make(10, hand_size=10)
        hands: list[list[str]] = [[] for _ in range(10)]
        hands[1], hands[2], hands[3], hands[4] = ["R1"], ["R2"], ["R3"], ["R4"]
        state = deal(game, hands, "R5", DRAW, seed=seed, fill=True)
        for seat in (1, 2, 3, 4):
            state.apply(seat, state.legal_actions(seat)[0])
        for seat in [5, 6, 7, 8, 9, 0, 1]:
            draw_and_keep(state, seat)
        state.apply(2, "draw")
        return [*list(state.snapshot()["draw_pile"]), state.view(2)["drawn_card"]]

    assert run(1) == run(1)
    assert sorted(run(1)) == sorted(run(2))
    assert any(run(1) != run(seed) for seed in range(2, 8))


def test_both_piles_empty_draw_nothing_then_dead_lock() -> None:
    state = ten_players({})
    for seat in [1, 2, 3, 4, 5, 6, 7]:
        draw_and_keep(state, seat)
    assert state.snapshot()["draw_pile"] == []
    assert state.snapshot()["discard_pile"] == ["R5"]
    sizes = [len(hand(state, seat)) for seat in range(10)]
    for turn, seat in enumerate([8, 9, 0, 1, 2, 3, 4, 5, 6, 7]):
        assert not state.is_over
        state.apply(seat, "draw")  # nothing to draw: the turn ends at once
        assert state.snapshot()["idle_turns"] == turn + 1
    assert [len(hand(state, seat)) for seat in range(10)] == sizes
    assert state.is_over
    assert state.result == {"scores": [0] * 10, "winners": [], "reason": "deadlock"}
    assert state.to_act == []


def test_a_play_resets_the_dead_lock_count() -> None:
    state = ten_players({9: ["R9"]})
    for seat in [1, 2, 3, 4, 5, 6, 7]:
        draw_and_keep(state, seat)
    state.apply(8, "draw")
    state.apply(9, "R9")
    assert state.snapshot()["idle_turns"] == 0
    assert not state.is_over


def test_penalty_larger_than_the_cards_available() -> None:
    state = ten_players({8: ["R+2"]})
    for seat in [1, 2, 3, 4, 5, 6, 7]:
        draw_and_keep(state, seat)
    state.apply(8, "R+2")
    before = len(hand(state, 9))
    state.apply(9, "draw")  # only R5 can be reshuffled: one card instead of two
    assert len(hand(state, 9)) == before + 1
    snap = state.snapshot()
    assert snap["pending_draw"] == 0
    assert snap["discard_pile"] == ["R+2"]
    assert snap["current"] == 0
