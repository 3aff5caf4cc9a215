"""Frog views: nothing hidden leaks (edge cases 22, 23, 27), and the public table is complete."""

from __future__ import annotations

import json

from frog_helpers import deal

import solocards
from helpers import apply_all, play_out, refused

TALON = ["AS", "TS", "KS"]
SPECTATOR_AND_SEATS = [None, 0, 1, 2]


def shows(view: dict[str, object], card: str) -> bool:
    """Whether a card string appears anywhere in a view."""
    return f'"{card}"' in json.dumps(view)


def test_nobody_sees_the_talon_during_the_auction() -> None:
    state = deal({}, TALON)
    state.apply(1, "frage")
    for seat in SPECTATOR_AND_SEATS:
        view = state.view(seat)
        assert view["talon"] is None and view["talon_size"] == 3
        assert not any(shows(view, card) for card in TALON)


def test_solo_and_heart_solo_talon_is_unseen_by_all_until_the_end() -> None:
    for auction in (
        [(1, "solo"), (2, "pass"), (0, "pass"), (1, "trump:D")],
        [(1, "heart-solo")],
    ):
        state = deal({}, TALON)
        apply_all(state, auction)
        for _ in range(30):
            for seat in SPECTATOR_AND_SEATS:  # the declarer (seat 1) included
                view = state.view(seat)
                assert view["talon"] is None
                assert not any(shows(view, card) for card in TALON)
            state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
        play_out(state)
        for seat in SPECTATOR_AND_SEATS:  # revealed at the end for scoring
            assert state.view(seat)["talon"] == TALON


def test_frage_talon_is_seen_by_the_declarer_only() -> None:
    state = deal({}, TALON)
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    assert state.view(1)["talon"] == TALON
    for seat in (None, 0, 2):
        view = state.view(seat)
        assert view["talon"] is None
        assert not any(shows(view, card) for card in TALON)


def test_frage_talon_shown_option_shows_it_to_everybody() -> None:
    state = deal({}, TALON, frage_talon="shown")
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    for seat in SPECTATOR_AND_SEATS:
        assert state.view(seat)["talon"] == TALON


def test_frage_discards_stay_hidden_from_the_opponents_to_the_end() -> None:
    for frage_talon in ("hidden", "shown"):
        state = deal({1: ["QD", "6C"]}, TALON, frage_talon=frage_talon)
        apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
        discards = ["QD", "AS", "6C"]
        apply_all(state, [(1, f"discard:{card}") for card in discards])
        play_out(state)
        own = state.view(1)
        assert own["discarded"] == discards
        assert [action for _, action in own["log"][3:6]] == [f"discard:{c}" for c in discards]
        for seat in (None, 0, 2):
            view = state.view(seat)
            assert view["discarded"] is None and view["discard_count"] == 3
            assert [action for _, action in view["log"][3:6]] == ["discard:??"] * 3
            assert not shows(view, "QD") and not shows(view, "6C")
        # the full record keeps them
        assert state.history[3:6] == [(1, f"discard:{card}") for card in discards]


def test_error_messages_do_not_reveal_the_discards() -> None:
    state = deal({1: ["QD"]}, TALON)
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    apply_all(state, [(1, "discard:QD"), (1, "discard:AS"), (1, "discard:TS")])
    state.apply(1, state.legal_actions(1)[0])
    for card in ("QD", "KS"):  # one discarded, one in the declarer's hand
        message = refused(state, 2, card)
        assert message == f"you cannot play {card}: it is not in your hand"
    message = refused(state, 2, "discard:QD")
    assert "QD" not in message


def test_a_view_holds_the_public_table_and_only_the_own_hand() -> None:
    state = deal({1: ["AH", "6C"]}, TALON)
    apply_all(state, [(1, "heart-solo"), (1, "6C")])
    view = state.view(2)
    assert view["seat"] == 2 and view["can_act"] is True
    assert view["legal_actions"] == state.legal_actions(2)
    assert view["hand_sizes"] == [11, 10, 11]
    assert view["trick"] == [[1, "6C"]]
    assert view["contract"] == "heart-solo" and view["declarer"] == 1 and view["trump"] == "H"
    assert view["auction"] == [[1, "heart-solo"]]
    assert view["phase"] == "playing" and view["current"] == 2
    assert set(view["hand"]) == set(state.snapshot()["hands"][2])
    assert not shows(view, "AH")  # the declarer's card
    other = state.view(0)
    assert other["can_act"] is False and other["legal_actions"] == []
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["can_act"] is False


def test_the_own_hand_is_sorted_by_suit_strongest_first() -> None:
    state = deal({1: ["6C", "AC", "TC", "KH", "AH", "9S", "7D", "8D", "9D", "TD", "JD"]})
    hand = state.view(1)["hand"]
    assert hand == ["AC", "TC", "6C", "TD", "JD", "9D", "8D", "7D", "AH", "KH", "9S"]


def test_completed_tricks_are_public() -> None:
    state = deal({})
    state.apply(1, "heart-solo")
    for _ in range(3):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    snapshot = state.snapshot()
    for seat in SPECTATOR_AND_SEATS:
        view = state.view(seat)
        assert view["played"] == snapshot["played"]
        assert view["tricks"][0]["cards"] == [
            [seat_, card]
            for seat_, card in zip(snapshot["played_by"], snapshot["played"], strict=True)
        ]
        assert view["tricks"][0]["winner"] == snapshot["trick_winners"][0]
        assert view["tricks_won"] == snapshot["tricks_won"]
        assert view["trick_points"] == snapshot["points"]


def test_four_player_dealer_view() -> None:
    game = solocards.make("frog", players=4)
    state = game.deal(seed=2, dealer=1)
    view = state.view(1)
    assert view["hand"] == [] and view["sitting_out"] == 1 and view["can_act"] is False
    assert view["sitting_out_seats"] == [1]
    assert view["hand_sizes"] == [11, 0, 11, 11]
    assert view["eldest"] == 2
    three = solocards.make("frog").deal(seed=2).view(0)
    assert three["sitting_out"] is None and three["sitting_out_seats"] == []


def test_five_player_views_have_the_keys_of_four_and_show_who_sits_out() -> None:
    four = solocards.make("frog", players=4).deal(seed=2, dealer=1)
    five = solocards.make("frog", players=5).deal(seed=2, dealer=1)
    for seat in (None, 0, 1, 2, 3):
        assert set(five.view(seat)) == set(four.view(seat))
    view = five.view(4)
    assert view["hand"] == [] and view["can_act"] is False
    assert view["sitting_out"] == 1 and view["sitting_out_seats"] == [1, 4]
    assert view["hand_sizes"] == [11, 0, 11, 11, 0]
    assert view["eldest"] == 2 and view["current"] == 2
    lines = solocards.make("frog", players=5).describe_table(view)
    assert "sitting out: seat 1 and seat 4." in lines[0]


def test_views_and_snapshots_are_json() -> None:
    state = deal({})
    apply_all(state, [(1, "frage"), (2, "pass"), (0, "pass")])
    json.dumps(state.snapshot())
    for seat in SPECTATOR_AND_SEATS:
        json.dumps(state.view(seat))
