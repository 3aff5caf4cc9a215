"""The worlds bench (``bench/uno_worlds.py``): each reading scored on the same positions
against the opponent's real hand, and the sampler left as shipped."""

from __future__ import annotations

import sys

import pytest

from helpers import load_bench
from solocards.games.uno import sampling


def test_every_reading_is_scored_on_the_same_positions_and_the_sampler_is_restored(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench("uno_worlds")
    shipped = (sampling.TRUST, sampling.NO_WILD, sampling.WD4_READ)
    results = bench.score(rounds=6, worlds=12)
    assert set(results) == set(bench.READINGS)
    assert len({positions for _, _, positions in results.values()}) == 1
    assert all(0 < overlap < 1 and error > 0 for overlap, error, _ in results.values())
    assert results["now"] != results["nothing read"]  # the readings deal differently
    assert shipped == (sampling.TRUST, sampling.NO_WILD, sampling.WD4_READ)
    monkeypatch.setattr(sys, "argv", ["uno_worlds.py", "--rounds", "3", "--worlds", "5"])
    bench.main()
    printed = capsys.readouterr().out
    assert all(name in printed for name in bench.READINGS) and "vs nothing read" in printed
