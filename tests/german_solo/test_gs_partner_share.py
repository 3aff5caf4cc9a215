"""Five-handed partnerships (option ``partner_share``): two shares to the declarer and one to
the partner (the default, Quintille's first method), or half each with the odd chip to the
declarer (the later Quintille and the Encyclopédie), won or lost."""

from __future__ import annotations

import random
from typing import Any

import pytest

import solocards
from solocards.core.game import Game


def deal_results(game: Game, seeds: range) -> list[dict[str, Any]]:
    """One deal a seed, every seat playing a seeded random choice."""
    results = []
    for seed in seeds:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        results.append({**state.result, "dealer": state.dealer})
    return results


def side_scores(result: dict[str, Any]) -> tuple[int, int]:
    """The declarer's and the partner's chips from the defenders (the stake taken out)."""

    def paid(seat: int) -> int:
        return result["scores"][seat] + (result["stake"] if seat == result["dealer"] else 0)

    return paid(result["declarer"]), paid(result["partner"])


def test_five_handed_partnerships_share_half_and_half_with_the_odd_chip_to_the_declarer() -> None:
    seeds = range(60)
    two_one = deal_results(solocards.make("german-solo", players=5), seeds)
    halves = deal_results(solocards.make("german-solo", players=5, partner_share="halves"), seeds)
    partnerships = 0
    for old, new in zip(two_one, halves, strict=True):
        assert old["won"] == new["won"] and old["value"] == new["value"]
        if old.get("partner") is None or old["partner"] < 0 or old["bete"] or old["stamm"]:
            assert old["scores"] == new["scores"]
            continue
        partnerships += 1
        sign = 1 if old["won"] else -1
        total = 3 * old["value"]
        assert side_scores(old) == (sign * 2 * old["value"], sign * old["value"])
        assert side_scores(new) == (sign * (total - total // 2), sign * (total // 2))
        assert sum(new["scores"]) + new["pool_change"] == 0
    assert partnerships >= 10


def test_with_four_both_readings_are_one_share_each() -> None:
    seeds = range(30)
    two_one = deal_results(solocards.make("german-solo"), seeds)
    halves = deal_results(solocards.make("german-solo", partner_share="halves"), seeds)
    assert [r["scores"] for r in two_one] == [r["scores"] for r in halves]


def test_the_record_names_the_option_only_when_it_is_not_the_default() -> None:
    default = solocards.make("german-solo", players=5).match(seed=1).record()
    assert "partner_share" not in default["options"]
    assert solocards.replay(default).game.options["partner_share"] == "two_to_one"
    game = solocards.make("german-solo", players=5, partner_share="halves", deals=5)
    record = game.match(seed=1).record()
    assert record["options"]["partner_share"] == "halves"
    assert solocards.replay(record).game.options["partner_share"] == "halves"


def test_an_unknown_share_is_refused() -> None:
    with pytest.raises(solocards.OptionError, match="partner_share"):
        solocards.make("german-solo", players=5, partner_share="thirds")
