"""The Wild Draw Four: legality against the colour in force, the challenge (§2.5, §3.2.4-7)."""

from __future__ import annotations

import pytest

import solocards
from solocards.games.uno.cards import hand_points, parse_card

from .uno_helpers import deal, hand, legal, make


def round_(
    seat1: list[str],
    seat2: list[str] | None = None,
    first: str = "R7",
    draw: tuple[str, ...] = ("B1", "B2", "B3", "B4", "B5", "B6", "B8"),
    **options: object,
) -> solocards.State:
    """4 players, dealer 0, seat 1 plays first; seat 2 is the victim."""
    hands = [["Y1", "Y2", "Y3"], seat1, seat2 or ["G5", "G6", "B7"], ["G1", "G2", "G3"]]
    return deal(make(4, hand_size=3, **options), hands, first, draw)


def test_legal_wd4_holding_same_number_and_wild_of_other_colour() -> None:
    # the colour in force is red: a green 7 and a Wild do not make the WD4 illegal
    state = round_(["W+4", "G7", "W"])
    state.apply(1, "W+4:B")
    assert state.snapshot()["wd4_challenge"] == {"seat": 1, "illegal": False}


def test_bluff_is_allowed_and_recorded() -> None:
    state = round_(["W+4", "R2", "G4"])
    assert "W+4:B" in legal(state, 1)  # a bluff may be played
    state.apply(1, "W+4:B")
    assert state.snapshot()["wd4_challenge"] == {"seat": 1, "illegal": True}


def test_guilty_challenge_offender_draws_four_challenger_plays() -> None:
    state = round_(["W+4", "R2", "G4"], ["B5", "G6", "Y7"])
    state.apply(1, "W+4:B")
    state.apply(2, "challenge")
    assert len(hand(state, 1)) == 2 + 4
    assert hand(state, 2) == ["Y7", "G6", "B5"]  # drew nothing
    assert state.to_act == [2]  # U-4: a normal turn
    assert state.snapshot()["color"] == "B"  # the named colour stays
    assert state.snapshot()["top_card"] == "W+4"
    assert legal(state, 2) == ["B5", "draw"]


def test_guilty_challenge_option_challenger_loses_the_turn() -> None:
    state = round_(["W+4", "R2", "G4"], challenge_success_turn="lose")
    state.apply(1, "W+4:B")
    state.apply(2, "challenge")
    assert len(hand(state, 1)) == 6
    assert state.to_act == [3]


def test_innocent_challenge_challenger_draws_six_and_loses_the_turn() -> None:
    state = round_(["W+4", "G2", "G4"])
    state.apply(1, "W+4:B")
    state.apply(2, "challenge")
    assert len(hand(state, 2)) == 3 + 6
    assert len(hand(state, 1)) == 2
    assert state.to_act == [3]
    assert state.snapshot()["color"] == "B"


def test_challenge_only_instead_of_drawing() -> None:
    state = round_(["W+4", "G2", "G4"])
    state.apply(1, "W+4:B")
    before = state.snapshot()
    with pytest.raises(solocards.IllegalActionError, match="not your turn"):
        state.apply(3, "challenge")
    assert state.snapshot() == before
    state.apply(2, "draw")
    with pytest.raises(solocards.IllegalActionError, match="no Wild Draw Four to challenge"):
        state.apply(3, "challenge")


def test_legality_uses_the_named_colour_on_a_wild() -> None:
    # W names green; seat 2 then plays WD4 holding red but no green: legal
    state = round_(["W", "G2", "G4"], ["W+4", "R5", "B1"])
    state.apply(1, "W:G")
    state.apply(2, "W+4:Y")
    assert state.snapshot()["wd4_challenge"] == {"seat": 2, "illegal": False}


@pytest.mark.parametrize(("other", "illegal"), [("R5", False), ("B5", True)])
def test_wd4_on_wd4_without_stacking_is_checked_against_the_named_colour(
    other: str, illegal: bool
) -> None:
    game = make(4, hand_size=3)
    hands = [["Y1", "Y2", "Y3"], ["W+4", "G2", "G4"], ["G5", "G6", "B7"], ["W+4", other, "G6"]]
    state = deal(game, hands, "R7", draw=["Y4", "Y5", "Y6", "Y7"])
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["draw", "challenge"]  # no stacking
    state.apply(2, "draw")
    # the earlier penalty is paid: seat 3 may play its WD4 as a wild play
    state.apply(3, "W+4:R")
    assert state.snapshot()["pending_draw"] == 4
    assert state.snapshot()["wd4_challenge"] == {"seat": 3, "illegal": illegal}


def test_last_card_wd4_next_player_draws_four_and_they_count() -> None:
    game = make(4, hand_size=2)
    hands = [["Y1", "Y2"], ["W+4", "R2"], ["G5", "G6"], ["G1", "G2"]]
    state = deal(game, hands, "R7", draw=["B1", "B2", "B3", "B4"])
    state.apply(1, "R2!")
    state.apply(2, "draw")
    state.apply(2, "pass")
    state.apply(3, "draw")
    state.apply(3, "pass")
    state.apply(0, "draw")
    state.apply(0, "pass")
    state.apply(1, "W+4:G")
    assert state.is_over
    assert len(hand(state, 2)) == 3 + 4
    result = state.result
    assert result is not None
    expected = sum(
        hand_points([parse_card(card) for card in hand(state, seat)]) for seat in (0, 2, 3)
    )
    assert expected > 0
    assert result["scores"] == [0, expected, 0, 0]
    assert result["winners"] == [1]


def test_challenge_off_refuses_an_illegal_wd4() -> None:
    for options in ({"challenge_wd4": False}, {"no_wd4_challenge": True}):
        state = round_(["W+4", "R2", "G4"], **options)
        assert not any(a.startswith("W+4") for a in legal(state, 1))
        before = state.snapshot()
        with pytest.raises(solocards.IllegalActionError, match="no card of the colour in force"):
            state.apply(1, "W+4:B")
        assert state.snapshot() == before
        legal_one = round_(["W+4", "G2", "G4"], **options)
        legal_one.apply(1, "W+4:B")
        assert legal(legal_one, 2) == ["draw"]


def test_drop_wd4_legality_any_time_and_nothing_to_challenge() -> None:
    state = round_(["W+4", "R2", "G4"], drop_wd4_legality=True)
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["draw"]
    state = round_(["W+4", "R2", "G4"], no_wd4_challenge=True, drop_wd4_legality=True)
    state.apply(1, "W+4:B")
    assert legal(state, 2) == ["draw"]


def test_challenged_hand_is_shown_to_the_challenger_only() -> None:
    state = round_(["W+4", "R2", "G4"], ["B5", "G6", "Y7"])
    state.apply(1, "W+4:B")
    state.apply(2, "challenge")
    view = state.view(2)
    assert view["revealed"] == [{"seat": 1, "cards": ["R2", "G4"], "step": 1}]
    assert set(view["known_hands"][1]) == {"R2", "G4"}
    for seat in (0, 1, 3, None):
        other = state.view(seat)
        assert other["revealed"] == []
        assert other["known_hands"][1] == [] or seat == 1
    # what the challenger knows shrinks as the shown cards are played
    state.apply(2, "B5")
    state.apply(3, "draw")
    state.apply(3, "pass")
    state.apply(0, "draw")
    state.apply(0, "pass")
    assert "G4" in state.view(2)["known_hands"][1]
