"""Records: save/load round trips, and every way a record can be wrong."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import solocards
from solocards.core.errors import RecordError
from solocards.i18n import render_error


def played_record(game_id: str = "uno", seed: int = 3, steps: int = 60) -> dict[str, Any]:
    match = solocards.make(game_id, players=3 if game_id == "frog" else 4).match(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    return match.record()


def test_record_has_the_documented_keys() -> None:
    record = played_record()
    assert record["format"] == "solocards/1"
    assert record["game"] == "uno" and record["players"] == 4 and record["seed"] == 3
    assert set(record) >= {"options", "names", "rounds", "totals"}
    first = record["rounds"][0]
    assert sorted(first["deck"]) == sorted(solocards.make("uno").deck())
    assert all(isinstance(seat, int) and isinstance(a, str) for seat, a in first["actions"])


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_save_and_load_round_trip(tmp_path: Path, suffix: str) -> None:
    record = played_record()
    path = tmp_path / f"game{suffix}"
    solocards.save(path, record if suffix == ".json" else [record, record])
    loaded = solocards.load(path)
    assert loaded[0] == json.loads(json.dumps(record))
    assert len(loaded) == (1 if suffix == ".json" else 2)
    again = solocards.replay(loaded[0])
    original = solocards.replay(record)
    assert again.state.snapshot() == original.state.snapshot()


def test_replay_reproduces_every_state() -> None:
    record = played_record(steps=40)
    total = sum(len(r["actions"]) for r in record["rounds"])
    for upto in (0, 1, total // 2, total):
        partial = solocards.replay(record, upto=upto)
        applied = sum(len(r) for r in partial._finished_histories) + len(partial.state.history)
        assert applied == upto


def test_an_illegal_action_names_round_and_step() -> None:
    record = played_record()
    broken = copy.deepcopy(record)
    seat, _action = broken["rounds"][0]["actions"][4]
    broken["rounds"][0]["actions"][4] = [seat, "pass"]
    with pytest.raises(solocards.IllegalActionError, match=r"round 1, step 5: seat \d 'pass'"):
        solocards.replay(broken)


def test_a_malformed_action_names_round_and_step() -> None:
    broken = played_record()
    broken["rounds"][0]["actions"][2] = [0, "R77"]
    with pytest.raises(solocards.NotationError, match="round 1, step 3"):
        solocards.replay(broken)
    broken["rounds"][0]["actions"][2] = "draw"
    with pytest.raises(RecordError, match=r"round 1, step 3: 'draw' is not \[seat, action\]"):
        solocards.replay(broken)


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda r: r.pop("game"), RecordError, "no 'game'"),
        (lambda r: r.update(game="chess"), solocards.OptionError, "unknown game 'chess'"),
        (lambda r: r.update(players=11), solocards.OptionError, "2 to 10 players"),
        (lambda r: r.update(options={"nope": 1}), solocards.OptionError, "no option nope"),
        (lambda r: r.update(format="other/9"), RecordError, "unknown record format"),
        (lambda r: r.update(rounds=[]), RecordError, "no rounds"),
        (lambda r: r["rounds"][0]["deck"].pop(), solocards.DeckError, "round 1, setup"),
        (lambda r: r.update(totals=[1, 2, 3, 4]), RecordError, "totals"),
        (lambda r: r["rounds"][0].pop("dealer"), RecordError, "round 1 has no valid 'dealer'"),
    ],
)
def test_bad_records_are_rejected_with_the_reason(
    change: Any, error: type[Exception], message: str
) -> None:
    record = played_record()
    change(record)
    with pytest.raises(error, match=message):
        solocards.replay(record)


def test_load_reports_bad_json_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(played_record()) + "\n{oops\n")
    with pytest.raises(RecordError, match=r"games\.jsonl line 2: not JSON"):
        solocards.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        solocards.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match=r"\.json or \.jsonl"):
        solocards.save(tmp_path / "game.txt", played_record())


def test_a_bad_record_is_refused_in_the_readers_language() -> None:
    """The replay's refusal keeps its English text and is translated at the edge, the engine's
    own reason inside it too (``solocards replay``, the web replay's upload)."""
    match = solocards.make("uno", 2).match(seed=3)
    record = match.record()
    waiting = 1 - match.to_act[0]
    record["rounds"][0]["actions"] = [[waiting, "draw"]]
    with pytest.raises(solocards.IllegalActionError) as caught:
        solocards.replay(record)
    english = str(caught.value)
    reason = f"it is not your turn: seat {1 - waiting} is to play"
    assert english == f"round 1, step 1: seat {waiting} 'draw': {reason}"
    ukrainian = render_error(caught.value, "uk")
    assert "'draw'" in ukrainian and "round" not in ukrainian and "your turn" not in ukrainian
    with pytest.raises(solocards.RecordError) as missing:
        solocards.replay({**record, "rounds": []})
    assert render_error(missing.value, "de") != str(missing.value)
