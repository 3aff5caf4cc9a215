"""The calibration bench's figures: Brier score and expected calibration error, on known data."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

import solocards
from helpers import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("calibration")


def test_a_forecast_that_comes_true_as_often_as_it_says_has_no_calibration_error(
    bench: ModuleType,
) -> None:
    pairs = [(0.25, 1)] + [(0.25, 0)] * 3 + [(0.75, 1)] * 3 + [(0.75, 0)]
    figures = bench.calibration(pairs)
    assert figures["ece"] == pytest.approx(0.0)
    assert figures["brier"] == pytest.approx(0.1875)
    assert figures["base_rate"] == pytest.approx(0.5)


def test_an_overconfident_forecast_shows_its_error(bench: ModuleType) -> None:
    pairs = [(0.9, 1), (0.9, 0)] * 5 + [(0.1, 0)] * 10
    figures = bench.calibration(pairs)
    assert figures["ece"] == pytest.approx(0.5 * 0.4 + 0.5 * 0.1)
    assert [row["count"] for row in figures["bins"]] == [10, 10]


def test_predictions_are_chances_with_the_round_outcome(bench: ModuleType) -> None:
    pairs = bench.predictions(solocards.make("uno", players=2), 6, 3, 2, 0)
    assert len(pairs) == 6
    assert all(0.0 <= p <= 1.0 and y in (0, 1) for p, y in pairs)


def test_saved_predictions_of_several_runs_are_pooled_into_one_set_of_figures(
    bench: ModuleType, tmp_path: Path
) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"win": 0.9, "won": 1}\n{"win": 0.9, "won": 0}\n')
    second.write_text('{"win": 0.1, "won": 0}\n{"win": 0.1, "won": 0}\n')
    bench.merge("frog", [first, second], tmp_path)
    figures = json.loads((tmp_path / "summary-frog.json").read_text())
    assert figures["decisions"] == 4
    assert figures["ece"] == pytest.approx(0.5 * 0.4 + 0.5 * 0.1)
    assert (tmp_path / "frog.png").stat().st_size > 0
