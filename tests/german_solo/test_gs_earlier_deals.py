"""Matches stored before the deals of a match became a multiple of the player count replay.

Until then German Solo took any number of deals from 1 to 400, 8 by default at every player
count. ``fixtures/earlier-deals.jsonl.gz`` holds three records written by that version (five
players with 8 deals, three with 8, four with 2): each replays as it was played, ends after its
number of deals and gives the same record back, while a new match with such deals is still
refused (``make``, the command line).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import solocards
from solocards.analysis.jobs import HintJob, compute_hint
from solocards.cli import app
from solocards.core.errors import OptionError

EARLIER = Path(__file__).parent / "fixtures" / "earlier-deals.jsonl.gz"


def earlier_records() -> list[dict[str, Any]]:
    """The records of the earlier version, one a line."""
    with gzip.open(EARLIER, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak English (the CLI follows LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("record", earlier_records(), ids=lambda r: f"{r['players']}p")
def test_a_record_of_the_earlier_rules_replays_as_it_was_played(record: dict[str, Any]) -> None:
    deals = record["options"]["deals"]
    assert deals % record["players"]  # a number of deals a new match may not have
    match = solocards.replay(record)
    assert match.is_over and len(match.results) == deals == len(record["rounds"])
    assert match.totals == record["totals"] and match.winners == record["winners"]
    assert match.record() == record  # byte for byte the record it was
    assert match.state.game.stored and match.state.game.options["deals"] == deals


def test_solocards_replay_checks_a_record_of_the_earlier_rules(tmp_path: Path) -> None:
    five = next(r for r in earlier_records() if r["players"] == 5)
    path = tmp_path / "old.json"
    solocards.save(path, five)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "The record is valid" in result.output
    stepped = CliRunner().invoke(app, ["replay", str(path), "--step", "40"])
    assert stepped.exit_code == 0, stepped.output


@pytest.mark.parametrize(("players", "deals"), [(5, 8), (3, 8), (4, 2), (3, 1)])
def test_a_new_match_with_those_deals_is_still_refused(players: int, deals: int) -> None:
    with pytest.raises(OptionError):
        solocards.make("german-solo", players=players, deals=deals)
    result = CliRunner().invoke(
        app, ["simulate", "german-solo", "--players", str(players), "-o", f"deals={deals}"]
    )
    assert result.exit_code == 2, result.output


def test_a_stored_match_is_still_checked_as_the_earlier_rules_checked_it() -> None:
    game = solocards.make("german-solo", players=5, deals=8, stored=True)
    assert game.options["deals"] == 8 and game.stored
    assert repr(game) == "solocards.make('german-solo', players=5, deals=8, stored=True)"
    assert not solocards.make("german-solo", players=5).stored
    for bad in ({"deals": 0}, {"deals": 401}, {"deals": "8"}, {"rounds": 8}):
        with pytest.raises(OptionError):
            solocards.make("german-solo", players=5, stored=True, **bad)
    broken = dict(earlier_records()[0], options={**earlier_records()[0]["options"], "deals": 0})
    with pytest.raises(OptionError, match=r"round 1, setup: .*deals: 0 is below the minimum 1"):
        solocards.replay(broken)


def test_a_hint_at_a_match_of_the_earlier_rules() -> None:
    """A hint job carries the game's options to a worker, which makes the game again."""
    state = solocards.replay(earlier_records()[0], upto=3).state
    seat = state.to_act[0]
    job = HintJob.of(state, seat, worlds=2, seconds=None, seed=1)
    answer = compute_hint(job)
    assert {a["action"] for a in answer["actions"]} == set(state.legal_actions(seat))
