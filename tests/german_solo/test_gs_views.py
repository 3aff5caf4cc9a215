"""Hidden information (§C1, §C27): views, snapshots, the log and error messages."""

from __future__ import annotations

import json
import random
from typing import Any

from gs_helpers import DECK, deal

import solocards
from helpers import actor, refused, run

# seat 0 asks in hearts and calls A♦ (held by seat 1); seat 0 holds a diamond.
PARTNERED = {0: "QC 7H AH KH QH JH 7D 8C", 1: "AD 8D 9D TH 9H AS KS JS", 2: "QS"}
# the same, but seat 0 holds A♦ himself and seat 1 has 8C instead: a secret solo
OWN_CALL = {0: "QC 7H AH KH QH JH 7D AD", 1: "8C 8D 9D TH 9H AS KS JS", 2: "QS"}


SYMBOLS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})


def cards_shown(value: Any) -> set[str]:
    """Every card string anywhere in a JSON value (in actions like call:AD too), except in the
    seat's legal actions (what it may call is no card's whereabouts)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "legal_actions":
                found |= cards_shown(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_shown(item)
    elif isinstance(value, str):
        tail = value.rsplit(":", 1)[-1]
        if tail in DECK:
            found.add(tail)
    return found


def test_the_partner_is_hidden_until_the_called_ace_falls() -> None:
    state = deal(PARTNERED)
    run(state, "simple pass pass pass trump:H call:AD")
    for seat in (None, 0, 2, 3):
        view = state.view(seat)
        assert view["partner"] is None and view["called_holder"] is None
    mine = state.view(1)
    assert mine["partner"] == 1 and mine["called_holder"] == 1  # he knows himself
    run(state, "7D AD")
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["partner"] == 1
    assert state.snapshot()["partner"] == 1


def test_a_secret_solo_looks_exactly_like_a_partnership_to_the_others() -> None:
    partnered, own = deal(PARTNERED), deal(OWN_CALL)
    for state in (partnered, own):
        run(state, "simple pass pass pass trump:H call:AD JH")
    assert partnered.view(2) == own.view(2)
    assert partnered.view(3) == own.view(3)
    assert partnered.view(None) == own.view(None)
    assert partnered.snapshot()["partner"] == 1 and own.snapshot()["partner"] is None


def test_no_view_shows_a_card_its_seat_has_not_seen() -> None:
    game = solocards.make("german-solo")
    for seed in range(25):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            snapshot = state.snapshot()
            public = set(snapshot["played"]) | {card for _, card in snapshot["trick"]}
            if snapshot["called"]:
                public.add(snapshot["called"])
            for seat in (None, 0, 1, 2, 3):
                view = state.view(seat)
                json.dumps(view)
                own = set(snapshot["hands"][seat]) if seat is not None else set()
                assert cards_shown(view) <= own | public
            seat = actor(state)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_views_hold_the_required_keys_and_the_snapshot_api_keys() -> None:
    state = deal(PARTNERED)
    view = state.view(0)
    for key in [
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
        "phase",
        "current",
        "declarer",
        "contract",
        "trump",
        "trick",
        "tricks_won",
        "played",
        "auction",
        "pool",
    ]:
        assert key in view
    snapshot = state.snapshot()
    for key in [
        "game",
        "players",
        "dealer",
        "to_act",
        "hands",
        "phase",
        "declarer",
        "contract",
        "trump",
        "trick",
        "tricks_won",
        "partner",
        "pool",
        "played",
    ]:
        assert key in snapshot
    assert snapshot["phase"] == "bidding" and view["legal_actions"] == state.legal_actions(0)
    assert state.view(1)["legal_actions"] == [] and state.view(1)["can_act"] is False


def test_phases_run_bidding_declaring_playing_over() -> None:
    state = deal(PARTNERED)
    phases = [state.snapshot()["phase"]]
    for action in ["simple", "pass", "pass", "pass", "trump:H", "call:AD"]:
        run(state, action)
        phases.append(state.snapshot()["phase"])
    assert phases == ["bidding"] * 4 + ["declaring"] * 2 + ["playing"]
    rng = random.Random(1)
    while not state.is_over:
        run(state, rng.choice(state.legal_actions(actor(state))))
    assert state.snapshot()["phase"] == "over" and state.to_act == []


def test_error_messages_speak_only_of_the_seats_own_cards() -> None:
    state = deal(PARTNERED)
    run(state, "simple pass pass pass trump:H call:AD 7D")
    message = refused(state, 2, "TD")
    assert "not your turn" in message and "seat 1" in message
    assert not cards_shown(message.split()) - {"TD"}
    message = refused(state, 1, "9D")
    assert "AD" not in message or "called card" in message  # his own card, his own rule


def test_the_log_shows_every_action_and_card_played() -> None:
    state = deal(PARTNERED)
    run(state, "simple pass pass pass trump:H call:AD 7D AD")
    log = state.view(3)["log"]
    assert log == [[seat, action] for seat, action in state.history]
    assert log[-2:] == [[0, "7D"], [1, "AD"]]


def test_clone_is_independent() -> None:
    state = deal(PARTNERED)
    run(state, "simple pass pass pass trump:H call:AD")
    before = state.snapshot()
    legal = state.legal_actions(0)
    copy = state.clone()
    run(copy, "7D AD TD")
    assert state.snapshot() == before and state.legal_actions(0) == legal
    assert copy.snapshot()["trick"] == [[0, "7D"], [1, "AD"], [2, "TD"]]


def test_describe_action_speaks_the_tables_words() -> None:
    game = solocards.make("german-solo")
    assert game.describe_action("simple") == "I ask"
    assert game.describe_action("hold") == "I hold"
    assert game.describe_action("pass") == "pass"
    assert game.describe_action("solo-couleur") == "solo in couleur"
    assert game.describe_action("call:AD") == "I call the A♦"
    assert game.describe_action("trump:S") == "trumps are spades"
    assert game.describe_action("QS") == "Basta (Q♠)"
    state = deal(PARTNERED)
    run(state, "simple simple-couleur hold")
    text = "\n".join(game.describe_table(state.view(2)))
    assert "I ask" in text and "I ask in couleur" in text and "I hold" in text
    run(state, "pass pass pass trump:C call:AD")
    text = "\n".join(game.describe_table(state.view(2)))
    assert "simple game in couleur" in text and "trumps clubs" in text


def test_every_refusal_explains_itself_without_naming_hidden_cards() -> None:
    game = solocards.make("german-solo", forced_upgrade=True)
    for seed in range(8):  # every phase and each contract random bidding reaches in 15 deals
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            snapshot = state.snapshot()
            public = set(snapshot["played"]) | {card for _, card in snapshot["trick"]}
            if snapshot["called"]:
                public.add(snapshot["called"])
            for seat in range(4):
                legal = set(state.legal_action_ids(seat))
                allowed = set(snapshot["hands"][seat]) | public
                for action in range(game.num_actions):
                    if action in legal:
                        continue
                    name = game.action_name(action)
                    message = refused(state, seat, name)
                    assert message
                    rule = message.replace("(Q♣ and Q♠)", "")  # the rule's names, not a place
                    words = rule.translate(SYMBOLS).replace("(", " ").replace(")", " ")
                    named = cards_shown(words.replace(",", " ").split())
                    assert named <= allowed | cards_shown([name]), (name, message)
            seat = actor(state)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_ten_is_written_10_as_the_cards_show_it() -> None:
    game = solocards.make("german-solo")
    assert game.describe_action("TS") == "10♠"
    assert game.describe_action("AS") == "A♠"
