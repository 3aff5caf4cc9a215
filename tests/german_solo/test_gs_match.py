"""§A2, §A10, U1, U12: the match of deals, the pool carried over, couleur, records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import solocards
from solocards.core.match import Match


def play_match(seed: int, **options: Any) -> Match:
    match = solocards.make("german-solo", **options).match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        (seat,) = match.to_act
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    return match


def test_a_match_is_eight_deals_dealt_in_turn_to_the_left() -> None:
    match = play_match(3)
    record = match.record()
    dealers = [round_["dealer"] for round_ in record["rounds"]]
    assert len(dealers) == 8
    assert all(dealers[i + 1] == (dealers[i] + 1) % 4 for i in range(7))
    assert match.winners == [s for s in range(4) if match.totals[s] == max(match.totals)]


def test_the_pool_is_carried_and_chips_plus_pool_sum_to_zero() -> None:
    for seed in range(4):
        match = play_match(seed)
        pool = 0
        totals = [0, 0, 0, 0]
        for result in match.results:
            assert result["pool"] - result["pool_change"] == pool
            pool = result["pool"]
            totals = [t + s for t, s in zip(totals, result["scores"], strict=True)]
            assert sum(totals) + pool == 0  # after every deal
        assert totals == match.totals


def test_the_next_deal_starts_with_the_pool_plus_the_stake() -> None:
    match = solocards.make("german-solo", stake=3).match(seed=9)
    rng = random.Random(9)
    assert match.state.snapshot()["pool"] == 3
    while match.round_index == 0:
        (seat,) = match.to_act
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    assert match.state.snapshot()["pool"] == match.results[0]["pool"] + 3
    assert match.state.view(None)["deal"] == 1


def test_a_record_replays_to_the_same_match() -> None:
    match = play_match(5, couleur="first_won")
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.totals == match.totals and again.winners == match.winners
    assert again.state.snapshot() == match.state.snapshot()
    assert [r["pool"] for r in again.results] == [r["pool"] for r in match.results]


def test_a_record_with_an_illegal_action_is_rejected_with_its_place() -> None:
    match = play_match(6)
    record = match.record()
    record["rounds"][0]["actions"][0][1] = "claim"
    try:
        solocards.replay(record)
    except solocards.IllegalActionError as error:
        assert "round 1, step 1" in str(error)
    else:
        raise AssertionError("the bad record was accepted")


def test_couleur_first_won_becomes_the_trump_of_the_first_won_game() -> None:
    for seed in range(6):
        match = play_match(seed, couleur="first_won")
        couleur = None
        for result in match.results:
            assert result["couleur"] == couleur
            if couleur is None and result["won"]:
                couleur = result["trump"]
        if couleur is not None:
            break
    else:
        raise AssertionError("no match had a won game")


def test_a_fixed_number_of_deals() -> None:
    assert len(play_match(1, deals=4).results) == 4


def test_a_match_to_a_chip_target() -> None:
    match = play_match(2, match_end="target", target=30, max_deals=200)
    assert max(match.totals) >= 30
    running = [0, 0, 0, 0]
    for result in match.results[:-1]:
        running = [t + s for t, s in zip(running, result["scores"], strict=True)]
        assert max(running) < 30
    capped = play_match(2, match_end="target", target=10_000, max_deals=3)
    assert len(capped.results) == 3


def test_the_pool_leftover_is_reported_or_split() -> None:
    reported = play_match(4)
    split = play_match(4, pool_leftover="split")
    pool = reported.results[-1]["pool"]
    assert pool >= 4 and "pool_split" not in reported.results[-1]
    last = split.results[-1]
    assert last["pool"] == pool % 4 and last["pool_split"] == pool // 4
    assert split.state.snapshot()["pool"] == pool % 4 == split.state.view(0)["pool"]
    assert [t - r for t, r in zip(split.totals, reported.totals, strict=True)] == [pool // 4] * 4
    assert sum(split.totals) + pool % 4 == 0


POOL_OPTIONS = [
    {"pool_leftover": leftover, "bete": bete, "bete_size": size, "stamm": stamm, "stake": stake}
    for leftover in ("report", "split")
    for bete, size, stamm in (
        ("any_alone", "pool", "pool"),
        ("couleur_alone", "value", "full_only"),
    )
    for stake in (2, 3)
] + [
    {"pool_leftover": "split", "match_end": "target", "target": 12, "max_deals": 12},
    {"pool_leftover": "split", "stake": 0},
]


@pytest.mark.parametrize("options", POOL_OPTIONS, ids=lambda o: ",".join(map(str, o.values())))
def test_chips_plus_pool_sum_to_zero_at_every_deal_end(options: dict[str, Any]) -> None:
    # §A2, U12: chips only move between the players and the pool, the split at the end included
    game = solocards.make("german-solo", deals=4, **options)
    players = game.players
    for seed in range(3):
        match = game.match(seed=seed)
        rng = random.Random(seed)
        deals = 0
        while not match.is_over:
            (seat,) = match.to_act
            match.apply(seat, rng.choice(match.state.legal_actions(seat)))
            if len(match.results) > deals:
                deals = len(match.results)
                result = match.results[-1]
                pool = result["pool"]
                assert sum(match.totals) + pool == 0, f"deal {deals}: chips + pool != 0"
                assert sum(result["scores"]) + result["pool_change"] == 0
        finished = match.state
        assert finished.result is match.results[-1]
        pool = match.results[-1]["pool"]
        assert finished.snapshot()["pool"] == pool
        assert all(finished.view(seat)["pool"] == pool for seat in (None, *range(players)))
        totals = [0] * players
        for result in match.results:
            totals = [t + s for t, s in zip(totals, result["scores"], strict=True)]
        assert totals == match.totals, "the deals' scores add up to the match totals"
        if options["pool_leftover"] == "split":
            assert 0 <= pool < players, "after the split only the remainder stays in the pool"
