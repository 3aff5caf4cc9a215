"""The playout bench (``bench/uno_playouts.py``): positions from heuristic rounds, each playout's
cost a step, and its report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from helpers import load_bench


def test_the_positions_are_decisions_of_rounds_still_going_on() -> None:
    bench = load_bench("uno_playouts")
    starts = bench.positions(players=2, rounds=3, every=2)
    assert len(starts) > 10
    assert all(not start.is_over and len(start.to_act) == 1 for start in starts)
    assert len({len(start._history) for start in starts}) > 5  # early and late in the round


def test_every_playout_is_timed_and_compared_with_the_keeping_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench("uno_playouts")
    out = tmp_path / "playouts.json"
    arguments = ["uno_playouts.py", "--rounds", "2", "--repeats", "2", "--json", str(out)]
    monkeypatch.setattr(sys, "argv", arguments)
    bench.main()
    report = json.loads(out.read_text())
    assert set(report["playouts"]) == {"fast", "keeping", "planning"}
    assert report["playouts"]["keeping"]["to_keeping"] == 1.0
    for figures in report["playouts"].values():
        assert 0 < figures["min_us"] <= figures["median_us"] <= figures["max_us"]
    printed = capsys.readouterr().out
    assert "planning" in printed and "the keeping playout's time" in printed
