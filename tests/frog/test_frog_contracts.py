"""Frog §B4 (Frage, Solo, Heart Solo and the talon) and edge cases 22 and 23."""

from __future__ import annotations

import pytest
from frog_helpers import deal

from helpers import apply_all, play_out, refused
from solocards.games.frog.cards import POINTS, parse_card

FRAGE_BY_ELDEST = [(1, "frage"), (2, "pass"), (0, "pass")]
SOLO_BY_ELDEST = [(1, "solo"), (2, "pass"), (0, "pass")]


def points_of(cards: list[str]) -> int:
    return sum(POINTS[parse_card(card)] for card in cards)


def test_frage_declarer_takes_the_talon_and_has_fourteen_cards() -> None:
    state = deal({1: ["6C"]}, ["AS", "TS", "KS"])
    apply_all(state, FRAGE_BY_ELDEST)
    snapshot = state.snapshot()
    assert snapshot["phase"] == "discarding" and snapshot["trump"] == "H"
    assert len(snapshot["hands"][1]) == 14 and {"AS", "TS", "KS"} <= set(snapshot["hands"][1])
    assert snapshot["talon"] == [] and sorted(snapshot["dealt_talon"]) == ["AS", "KS", "TS"]
    assert state.to_act == [1]
    legal = state.legal_actions(1)
    assert len(legal) == 14 and all(action.startswith("discard:") for action in legal)
    assert "discard:AS" in legal


def test_frage_discards_exactly_three_then_eldest_leads() -> None:
    state = deal({1: ["6C", "7C", "8C"]}, ["AS", "TS", "KS"], dealer=0)
    apply_all(state, FRAGE_BY_ELDEST)
    for card in ("AS", "TS"):
        state.apply(1, f"discard:{card}")
        assert state.snapshot()["phase"] == "discarding"
    # two discards are not enough: no card may be played yet
    message = refused(state, 1, "6C")
    assert "exactly three" in message and "1 more" in message and "§B4" in message
    state.apply(1, "discard:KS")
    snapshot = state.snapshot()
    assert snapshot["phase"] == "playing"
    assert snapshot["discarded"] == ["AS", "TS", "KS"]
    assert len(snapshot["hands"][1]) == 11
    # a fourth discard is refused
    message = refused(state, 1, "discard:6C")
    assert "exactly three" in message and "§B4" in message


def test_frage_declarer_who_is_not_eldest_discards_then_eldest_leads() -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "frage"), (0, "pass")])
    assert state.to_act == [2]
    for action in state.legal_actions(2)[:3]:
        state.apply(2, action)
    assert state.to_act == [1]


def test_a_discard_must_be_a_card_of_the_declarer_hand() -> None:
    state = deal({1: ["6C"], 2: ["AH"]}, ["AS", "TS", "KS"])
    apply_all(state, FRAGE_BY_ELDEST)
    message = refused(state, 1, "discard:AH")
    assert "not in your hand" in message
    assert "seat 2" not in message  # never says who holds it


def test_frage_discards_count_for_the_declarer() -> None:
    state = deal({}, ["AS", "TS", "KS"])
    apply_all(state, FRAGE_BY_ELDEST)
    apply_all(state, [(1, "discard:AS"), (1, "discard:TS"), (1, "discard:KS")])
    play_out(state)
    snapshot = state.snapshot()
    result = state.result
    assert result is not None
    assert result["declarer_points"] == snapshot["points"][1] + 25
    assert result["points"][1] == result["declarer_points"]
    assert sum(result["points"]) == 120


def test_solo_declarer_names_spades_clubs_or_diamonds() -> None:
    state = deal({})
    apply_all(state, SOLO_BY_ELDEST)
    snapshot = state.snapshot()
    assert snapshot["phase"] == "declaring" and snapshot["trump"] is None
    assert state.legal_actions(1) == ["trump:C", "trump:D", "trump:S"]
    assert snapshot["talon"] and len(snapshot["hands"][1]) == 11  # the talon is not taken


def test_naming_hearts_in_a_plain_solo_is_refused() -> None:
    state = deal({})
    apply_all(state, SOLO_BY_ELDEST)
    message = refused(state, 1, "trump:H")
    assert "never hearts" in message and "Heart Solo" in message and "§B4" in message


def test_no_card_is_played_before_the_solo_trump_is_named() -> None:
    state = deal({1: ["AC"]})
    apply_all(state, SOLO_BY_ELDEST)
    assert "names trump" in refused(state, 1, "AC")
    assert "names trump" in refused(state, 1, "discard:AC")


@pytest.mark.parametrize("suit", ["C", "D", "S"])
def test_solo_trump_is_the_named_suit_and_eldest_leads(suit: str) -> None:
    state = deal({})
    apply_all(state, [(1, "pass"), (2, "solo"), (0, "pass"), (2, f"trump:{suit}")])
    snapshot = state.snapshot()
    assert snapshot["trump"] == suit and snapshot["phase"] == "playing"
    assert state.to_act == [1]


def test_solo_talon_stays_unseen_and_counts_for_the_declarer() -> None:
    state = deal({}, ["AD", "TD", "QD"])
    apply_all(state, [*SOLO_BY_ELDEST, (1, "trump:C")])
    play_out(state)
    snapshot = state.snapshot()
    assert snapshot["talon"] == ["AD", "TD", "QD"]
    result = state.result
    assert result is not None
    assert result["declarer_points"] == snapshot["points"][1] + 24
    assert result["multiplier"] == 2


def test_heart_solo_has_hearts_trump_and_the_talon_counts_unseen() -> None:
    state = deal({}, ["AC", "KC", "6S"])
    apply_all(state, [(1, "heart-solo")])
    snapshot = state.snapshot()
    assert snapshot["trump"] == "H" and snapshot["talon"] == ["AC", "KC", "6S"]
    assert len(snapshot["hands"][1]) == 11
    play_out(state)
    result = state.result
    assert result is not None
    assert result["declarer_points"] == state.snapshot()["points"][1] + 15
    assert result["multiplier"] == 3


def test_the_talon_belongs_to_the_declarer_even_when_he_is_the_dealer() -> None:
    state = deal({}, ["AC", "AD", "AS"])
    apply_all(state, [(1, "pass"), (2, "pass"), (0, "heart-solo")])
    assert state.to_act == [1]  # eldest leads, not the declarer
    play_out(state)
    result = state.result
    assert result is not None and result["declarer"] == 0
    assert result["declarer_points"] == state.snapshot()["points"][0] + 33
    assert points_of(["AC", "AD", "AS"]) == 33
