"""Golden records: long seeded matches of every game, byte-identical from one change to the next.

Each case plays a whole match with seeded bots (``heuristic`` for the first half of the seats,
``random`` for the rest) and compares its record, as canonical JSON, with the file stored under
``tests/golden/``. A refactor must leave every file unchanged; a deliberate change of the rules or
of a bot regenerates them with ``SOLOCARDS_GOLDEN=write`` and says so in its commit.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

import solocards
from solocards.bots import make_bot
from solocards.sim.runner import play_match

GOLDEN = Path(__file__).parent / "golden"

CASES: list[tuple[str, int, dict[str, Any], int]] = [
    ("uno", 4, {}, 11),
    ("uno", 2, {"stack_draw2": True, "jump_in": True, "seven_zero": True}, 12),
    ("amigo-solo", 4, {}, 13),
    ("amigo-solo", 6, {}, 14),
    ("german-solo", 4, {}, 15),
    ("german-solo", 3, {}, 16),
    ("german-solo", 5, {}, 17),
    ("frog", 3, {}, 18),
    ("frog", 4, {}, 19),
    ("frog", 5, {}, 20),
]


def canonical(record: dict[str, Any]) -> bytes:
    """The record as bytes that compare equal exactly when the records do."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def play(game_id: str, players: int, options: dict[str, Any], seed: int) -> bytes:
    """The canonical record of one seeded match between heuristic and random bots."""
    game = solocards.make(game_id, players=players, **options)
    half = players // 2
    bots = [make_bot("heuristic" if seat < half else "random", game) for seat in range(players)]
    return canonical(play_match(game, bots, seed=seed).record())


def golden_path(game_id: str, players: int, seed: int) -> Path:
    return GOLDEN / f"{game_id}-{players}p-{seed}.json.gz"


@pytest.mark.parametrize(
    ("game_id", "players", "options", "seed"),
    CASES,
    ids=[f"{g}:{p}p:{s}" for g, p, _o, s in CASES],
)
def test_a_seeded_match_gives_the_stored_record(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> None:
    record = play(game_id, players, options, seed)
    path = golden_path(game_id, players, seed)
    if os.environ.get("SOLOCARDS_GOLDEN") == "write":
        path.write_bytes(gzip.compress(record, mtime=0))
    assert path.is_file(), f"{path.name} is missing: run with SOLOCARDS_GOLDEN=write"
    stored = gzip.decompress(path.read_bytes())
    if record != stored:
        got, want = json.loads(record), json.loads(stored)
        for index, (a, b) in enumerate(zip(got["rounds"], want["rounds"], strict=False)):
            if a != b:
                pairs = zip(a["actions"], b["actions"], strict=False)
                steps = [i for i, (x, y) in enumerate(pairs) if x != y]
                where = steps[0] if steps else min(len(a["actions"]), len(b["actions"]))
                pytest.fail(f"{path.name}: round {index} differs first at step {where}")
        pytest.fail(f"{path.name}: the records differ outside the rounds' actions")
