"""The duel bench (``bench/uno_duel.py``): a deal played and counted, logs compared deal by deal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from helpers import load_bench


@pytest.fixture(scope="module")
def duel() -> ModuleType:
    return load_bench("uno_duel")


def test_a_deal_is_played_twice_and_the_searchs_iterations_are_counted(duel: ModuleType) -> None:
    duel._init("ismcts:iterations=30,paired=1,trust=2", 21)
    found = duel._play(3)
    assert found["rounds"] == 2 and 0 <= found["wins"] <= 2
    assert found["moves"] > 0 and 0 < found["iterations"] <= 30 * found["moves"]


def test_two_logs_are_compared_over_the_deals_both_played(
    duel: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def log(name: str, wins: list[int]) -> Path:
        path = tmp_path / name
        lines = [
            json.dumps({"spec": name, "seed": 21, "deal": deal, "wins": won, "rounds": 2})
            for deal, won in enumerate(wins)
        ]
        path.write_text("\n".join(lines) + "\n")
        return path

    before, after = log("a", [1, 1, 2, 0, 1]), log("b", [1, 2, 2, 0])
    monkeypatch.setattr(sys, "argv", ["uno_duel.py", "--compare", str(before), str(after)])
    duel.main()
    printed = capsys.readouterr().out
    assert "4 deals both played: 50.0% then 62.5%, difference +12.5 points" in printed
    deals, first, second, low, high = duel.compare(
        duel.read_logs([before], None, 21), duel.read_logs([after], None, 21)
    )
    assert (deals, first, second) == (4, 0.5, 0.625) and low < 0.125 < high


RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "uno_duel"
BELIEF_SPEC = "ismcts:iterations=2400,paired=1,trust=2,rollout=plan,belief=200,recall=4,floor=0.1"


def test_the_logged_run_of_docs_bots_holds_what_the_docs_say(duel: ModuleType) -> None:
    """The run docs/bots.md and the README report (ISMCTS with the belief against the heuristic,
    deals 0-399 of seed 21) is in bench/results: every deal once, 484 of 800 rounds won, under
    0.25 CPU s a searched move."""
    logs = sorted(RESULTS.glob("belief_planned2400_*.jsonl"))
    results = duel.read_logs(logs, BELIEF_SPEC, 21)
    assert [entry["deal"] for entry in results] == list(range(400))
    wins = sum(entry["wins"] for entry in results)
    rounds = sum(entry["rounds"] for entry in results)
    assert (wins, rounds) == (484, 800)
    low, high = duel.wilson(wins, rounds)
    assert (round(100 * low, 1), round(100 * high, 1)) == (57.1, 63.8)
    moves = sum(entry["moves"] for entry in results)
    assert sum(entry["search_cpu"] for entry in results) / moves < 0.25
