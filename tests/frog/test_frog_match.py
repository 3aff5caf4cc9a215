"""Frog §B8 (the match to +60, ties, the deal cap, fixed deals), records and the options."""

from __future__ import annotations

import json
import random

import pytest

import solocards
from solocards.core.match import Match


def random_match(game: solocards.Game, seed: int) -> Match:
    match = game.match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    return match


@pytest.mark.parametrize("players", [3, 4])
def test_a_full_match_ends_at_the_target_and_replays_from_its_record(players: int) -> None:
    game = solocards.make("frog", players=players)
    match = random_match(game, seed=21)
    totals = match.totals
    assert totals == [sum(r["scores"][s] for r in match.results) for s in range(players)]
    assert sum(totals) == 0
    best = max(totals)
    assert match.winners == [seat for seat in range(players) if totals[seat] == best]
    assert (best >= 60 and totals.count(best) == 1) or len(match.results) == 60
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.totals == totals and again.winners == match.winners
    assert again.state.snapshot() == match.state.snapshot()


def test_the_deal_rotates_to_the_left() -> None:
    match = solocards.make("frog").match(seed=4)
    first = match.state.dealer
    for _ in range(3):
        match.apply(match.to_act[0], "pass")
    assert match.state.dealer == (first + 1) % 3
    assert match.totals == [0, 0, 0]


def test_match_end_needs_a_single_leader_at_the_target() -> None:
    game = solocards.make("frog")
    assert game.match_over([60, -30, -30], [{}]) is True
    assert game.match_over([59, 1, -60], [{}]) is False
    assert game.match_over([70, 70, -140], [{}]) is False  # a tie for the lead plays on
    assert game.match_winners([70, 70, -140], []) == [0, 1]
    assert solocards.make("frog", target=100).match_over([90, 0, -90], [{}]) is False


def test_the_deal_cap_ends_a_match() -> None:
    game = solocards.make("frog", max_deals=2)
    assert game.match_over([0, 0, 0], [{}]) is False
    assert game.match_over([0, 0, 0], [{}, {}]) is True
    match = game.match(seed=1)
    for _ in range(6):
        match.apply(match.to_act[0], "pass")
    assert match.is_over and len(match.results) == 2 and match.winners == [0, 1, 2]


def test_fixed_number_of_deals_option() -> None:
    game = solocards.make("frog", deals=3)
    assert game.match_over([300, 0, -300], [{}, {}]) is False
    assert game.match_over([0, 0, 0], [{}, {}, {}]) is True
    match = game.match(seed=2)
    for _ in range(9):
        match.apply(match.to_act[0], "pass")
    assert match.is_over and len(match.results) == 3


@pytest.mark.parametrize(("players", "deals"), [(3, 4), (4, 6), (5, 12)])
def test_deals_must_go_round_evenly(players: int, deals: int) -> None:
    with pytest.raises(solocards.OptionError, match=r"deals: .* not a multiple"):
        solocards.make("frog", players=players, deals=deals)


def test_options_and_their_defaults() -> None:
    game = solocards.make("frog")
    assert game.options == {
        "deal_order": "1-4-8",
        "all_pass": "throw_in",
        "multipliers": "1-2-3",
        "frage_talon": "hidden",
        "second_out": "collects",
        "target": 60,
        "deals": 0,
        "max_deals": 60,
    }
    assert solocards.make("frog", preset="foster").options["multipliers"] == "1-2-4"
    for name, value in [
        ("all_pass", "redeal"),
        ("multipliers", "1-2-5"),
        ("deal_order", "3-3-4"),
        ("frage_talon", True),
        ("target", 0),
    ]:
        with pytest.raises(solocards.OptionError, match=name):
            solocards.make("frog", **{name: value})
    for players in (2, 6):
        with pytest.raises(solocards.OptionError, match="3 to 5 players"):
            solocards.make("frog", players=players)


def test_action_space_is_fixed_and_round_trips() -> None:
    game = solocards.make("frog")
    assert game.num_actions == 80 == solocards.make("frog", players=4).num_actions
    assert game.action_id("6C") == 0 and game.action_name(36) == "pass"
    assert game.action_name(game.action_id("discard:7H")) == "discard:7H"
    assert game.action_name(game.action_id("trump:S")) == "trump:S"
    state = game.deal(seed=3)
    seat = state.to_act[0]
    ids = state.legal_action_ids(seat)
    assert [game.action_name(i) for i in ids] == state.legal_actions(seat)
    clone = state.clone()
    clone.apply_id(seat, game.action_id("heart-solo"))
    assert state.snapshot()["phase"] == "bidding" and clone.snapshot()["phase"] == "playing"


def test_describe_action_and_table() -> None:
    game = solocards.make("frog")
    assert game.describe_action("pass") == "passes"
    assert "Frage" in game.describe_action("frage")
    assert game.describe_action("trump:D") == "names diamonds trump"
    assert game.describe_action("discard:7H") == "discards 7♥"
    assert game.describe_action("discard:??") == "discards a card"
    assert game.describe_action("TS") == "plays 10♠"
    state = game.deal(seed=3, dealer=0)
    state.apply(1, "solo")
    text = "\n".join(game.describe_table(state.view(2)))
    assert "seat 1: Solo" in text and "To act: seat 2." in text
    state.apply(2, "pass")
    state.apply(0, "pass")
    state.apply(1, "trump:S")
    state.apply(1, state.legal_actions(1)[0])
    text = "\n".join(game.describe_table(state.view(None)))
    assert "Contract: Solo by seat 1, spades trump." in text and "Trick: seat 1" in text
    for _ in range(2):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    winner = state.snapshot()["trick_winners"][0]
    text = "\n".join(game.describe_table(state.view(0)))
    assert "Last trick: seat 1 " in text and f"taken by seat {winner}." in text
