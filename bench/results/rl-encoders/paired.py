"""Before/after in paired slices: two worker processes (one per tree) kept alive, each row run
in short alternating slices, each slice's rate counted per second of its own process's CPU time
(``time.process_time``: a shared machine's other load does not count as ours).

    python bench/results/rl-encoders/paired.py BEFORE_PATH AFTER_PATH [PAIRS] [SLICE] [--json F]

``*_PATH`` is what goes on ``PYTHONPATH`` (a tree's ``src``, or its ``build/mypyc``). Rows: UNO's
AEC ``raw_env()`` and batched env from ``bench/rl.py`` (decisions per CPU second), and every
game's encoder alone from ``bench/rl_encoders.py`` (observations per CPU second). Prints per row
the median and range over the pairs of after/before (above 1: after faster); which side runs
first alternates from pair to pair.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
ROWS = ("aec-raw", "batched", "uno 2p", "uno 4p", "amigo-solo 4p", "german-solo 4p", "frog 3p")


def worker() -> None:
    """Serve slices: read ``row budget`` lines, answer ``{"rate": per CPU second}``."""
    sys.path.insert(0, str(ROOT / "bench"))
    import rl
    import rl_encoders
    import solocards
    from solocards.rl.observations import encoder_for

    runners: dict[str, Any] = {
        "aec-raw": rl.aec_runner(False, 1),
        "batched": rl.batched_runner(16, 1),
    }
    for game_id, players, options in rl_encoders.CASES:
        game = solocards.make(game_id, players=players, **options)
        encoder = encoder_for(game)
        found = rl_encoders.positions(game, 1500, 1)

        def run(budget: float, found: Any = found, observation: Any = encoder.observation) -> int:
            calls = 0
            deadline = time.process_time() + budget
            while time.process_time() < deadline:
                for state, seat, legal in found:
                    observation(state, seat, legal)
                calls += len(found)
            return calls

        run(0.05)
        runners[f"{game_id} {players}p"] = run
    print("ready", flush=True)
    for line in sys.stdin:
        row, budget = line.split("|")
        start = time.process_time()
        result = runners[row](float(budget))
        count = result if isinstance(result, int) else result.decisions
        print(json.dumps({"rate": count / (time.process_time() - start)}), flush=True)


def start(path: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": path}
    proc = subprocess.Popen(
        ["nice", "-n", "5", sys.executable, __file__, "--worker"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def ask(proc: subprocess.Popen[str], row: str, budget: float) -> float:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{row}|{budget}\n")
    proc.stdin.flush()
    return float(json.loads(proc.stdout.readline())["rate"])


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    if out:
        args.remove(out)
    before_path, after_path = args[0], args[1]
    pairs = int(args[2]) if len(args) > 2 else 20
    budget = float(args[3]) if len(args) > 3 else 0.25
    before, after = start(before_path), start(after_path)
    ratios: dict[str, list[float]] = {row: [] for row in ROWS}
    rates: dict[str, dict[str, list[float]]] = {row: {"before": [], "after": []} for row in ROWS}
    try:
        for pair in range(pairs):
            for row in ROWS:
                if pair % 2:
                    a, b = ask(after, row, budget), ask(before, row, budget)
                else:
                    b, a = ask(before, row, budget), ask(after, row, budget)
                ratios[row].append(a / b)
                rates[row]["before"].append(b)
                rates[row]["after"].append(a)
    finally:
        for proc in (before, after):
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    print(f"{pairs} pairs of {budget} s CPU slices; after/before per CPU second (>1: faster)")
    for row in ROWS:
        r = ratios[row]
        quartiles = statistics.quantiles(r, n=4)
        print(
            f"  {row:16} before {statistics.median(rates[row]['before']):12,.0f}/s  "
            f"after {statistics.median(rates[row]['after']):12,.0f}/s  "
            f"ratio median {statistics.median(r):.3f}, range {min(r):.3f}..{max(r):.3f}, "
            f"quartiles {quartiles[0]:.3f}..{quartiles[2]:.3f}"
        )
    if out:
        Path(out).write_text(json.dumps({"ratios": ratios, "rates": rates}, indent=1))


if __name__ == "__main__":
    if "--worker" in sys.argv:
        worker()
    else:
        main()
