"""Tournaments on the toy game Snap: duplicate deals, seat orders, summaries, records, files."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from toy_game import SnapGame

import solocards
from solocards.games import registry
from solocards.sim.report import write_files
from solocards.sim.stats import bradley_terry, mean_ci
from solocards.sim.tournament import (
    bot_labels,
    lineups,
    run_tournament,
    split_bot_specs,
)


@pytest.fixture
def snap_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game so that its records replay through ``solocards.replay``."""
    monkeypatch.setitem(registry._GAMES, "toy-snap", "toy_game:SnapGame")


def test_bot_specs_split_on_commas_between_bots_only() -> None:
    assert split_bot_specs("heuristic,ismcts:iterations=5,c=1.5,random") == [
        "heuristic",
        "ismcts:iterations=5,c=1.5",
        "random",
    ]
    assert bot_labels(["random", "random", "random"]) == ["random", "random#2", "random#3"]


@pytest.mark.parametrize(
    ("bots", "players", "count"),
    [(2, 2, 2), (3, 3, 6), (3, 2, 6), (2, 4, 6), (3, 4, 36), (2, 3, 6)],
)
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int, count: int) -> None:
    orders = lineups(bots, players)
    assert len(orders) == len(set(orders)) == count
    for seat in range(players):
        sitting = [order[seat] for order in orders]
        assert len({sitting.count(bot) for bot in range(bots)}) == 1


def test_each_deal_is_replayed_in_every_seat_order() -> None:
    game = SnapGame(players=3)
    result = run_tournament(game, ["ismcts:iterations=5", "random", "random"], rounds=12, seed=2)
    assert result.deals == 2 and result.orders == 6 and len(result.rounds) == 12
    for deal in range(2):
        rounds = [item for item in result.rounds if item.deal == deal]
        decks = {json.dumps(item.record["rounds"][0]["deck"]) for item in rounds}
        dealers = {item.record["rounds"][0]["dealer"] for item in rounds}
        assert len(decks) == 1 and len(dealers) == 1
        assert sorted(item.lineup for item in rounds) == sorted(lineups(3, 3))
    assert result.rounds[0].record["names"] == [
        ["ismcts:iterations=5", "random", "random#2"][i] for i in result.rounds[0].lineup
    ]


def test_records_replay_to_the_same_results(snap_registered: None) -> None:
    game = SnapGame(players=2)
    result = run_tournament(game, ["ismcts:iterations=5", "random"], rounds=6, seed=3)
    for item in result.rounds:
        match = solocards.replay(item.record)
        assert match.results[0] == item.record["rounds"][0]["result"]
        assert match.results[0]["winners"] == item.winners


def test_parallel_runs_give_the_same_rounds_as_one_process() -> None:
    game = SnapGame(players=2)
    specs = ["ismcts:iterations=5", "random"]
    one = run_tournament(game, specs, rounds=8, seed=4, jobs=1)
    two = run_tournament(game, specs, rounds=8, seed=4, jobs=2)
    assert [r.record for r in one.rounds] == [r.record for r in two.rounds]


def test_summary_holds_rates_intervals_and_ratings(tmp_path: Path) -> None:
    game = SnapGame(players=2)
    result = run_tournament(game, ["ismcts:iterations=20", "random"], rounds=60, seed=5)
    summary = write_files(result, tmp_path)
    best, worst = summary["bots"]
    assert best["bot"] == "ismcts:iterations=20" and worst["bot"] == "random"
    for entry in summary["bots"]:
        assert set(entry) >= {"bot", "win_rate", "win_rate_ci95", "mean_score", "rating"}
        lo, hi = entry["win_rate_ci95"]
        assert 0.0 <= lo <= entry["win_rate"] <= hi <= 1.0
        assert entry["seconds_per_move"] >= 0.0 and entry["cpu_seconds_per_move"] >= 0.0
    # Two players, one winner a round: the win rates add up to one.
    assert math.isclose(best["win_rate"] + worst["win_rate"], 1.0)
    assert best["win_rate_ci95"][0] > 0.5 and best["rating"] > worst["rating"]
    assert summary["head_to_head"]["random"]["ismcts:iterations=20"] == pytest.approx(
        worst["win_rate"]
    )
    # Two players: the head-to-head interval is the win rate's, over the same deals.
    pair = summary["head_to_head_ci95"]["ismcts:iterations=20"]["random"]
    assert pair == pytest.approx(best["win_rate_ci95"], abs=1e-6)
    for a, rates in summary["head_to_head"].items():
        for b, rate in rates.items():
            lo, hi = summary["head_to_head_ci95"][a][b]
            assert lo <= rate <= hi
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert len(lines) == 60
    assert json.loads((tmp_path / "summary.json").read_text())["rounds"] == 60


def test_mean_interval_and_ratings() -> None:
    mean, (lo, hi) = mean_ci([1.0, 0.0] * 50)
    assert mean == 0.5 and lo == pytest.approx(0.5 - 1.984 * 0.0503, abs=0.01) and hi > 0.5
    assert mean_ci([0.3] * 10) == (pytest.approx(0.3), (pytest.approx(0.3), pytest.approx(0.3)))
    even = bradley_terry(["a", "b"], {("a", "b"): 10.0, ("b", "a"): 10.0})
    assert even["a"] == pytest.approx(1500.0) == even["b"]
    # 3:1 is an Elo difference of 400 log10(3) = 191 (a little less with the prior).
    skewed = bradley_terry(["a", "b"], {("a", "b"): 300.0, ("b", "a"): 100.0})
    assert skewed["a"] - skewed["b"] == pytest.approx(191, abs=2)
