"""A fifth game, High Card, works everywhere with only its package and its one registration.

The package ``highcard`` (beside this file) is a whole game with its declaration; the
``conftest`` registers it in one line. Nothing in ``src/solocards`` names it, and yet the CLI,
the bots, the server and the RL environments all play it.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import solocards
from solocards.bots import bot_names, make_bot
from solocards.cli import app
from solocards.sim.runner import play_match

GAME = "high-card"


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_the_registry_and_the_declaration_describe_it() -> None:
    game = solocards.make(GAME, players=3)
    assert GAME in solocards.games() and game.title == "High Card"
    assert not game.info.reaction_windows and game.info.rl_encoder is None
    assert bot_names(game) == ["heuristic", "ismcts", "random"]


def test_the_cli_plays_simulates_and_replays_it(tmp_path: Path) -> None:
    runner = CliRunner()
    saved = tmp_path / "match.json"
    args = ["play", GAME, "--players", "2", "--seed", "3", "--save", str(saved)]
    played = runner.invoke(app, args, input="1\n" * 10)
    assert played.exit_code == 0, played.output
    assert "High Card" in plain(played.output) and "Match over" in plain(played.output)
    simulated = runner.invoke(app, ["simulate", GAME, "-n", "20", "--bots", "heuristic,random"])
    assert simulated.exit_code == 0, simulated.output
    assert "win rate" in plain(simulated.output)
    replayed = runner.invoke(app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output
    assert solocards.replay(solocards.load(saved)[0]).is_over


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=30"])
def test_every_bot_plays_it_to_the_end(spec: str) -> None:
    game = solocards.make(GAME, players=3)
    bots = [make_bot(spec, game), make_bot("random", game), make_bot("heuristic", game)]
    match = play_match(game, bots, seed=5)
    assert match.is_over and solocards.replay(match.record()).totals == match.totals


def test_the_heuristic_and_ismcts_use_what_it_declares() -> None:
    game = solocards.make(GAME, players=2)
    state = game.deal(deck=["1", "6", "2", "5", "3", "4"], dealer=1)
    view = state.view(0)
    assert make_bot("heuristic", game).choose(view, view["legal_actions"], random.Random(0)) == "6"
    for seed in range(5):
        assert game.sample_world(view, random.Random(seed)).view(0) == view


def test_a_server_table_of_bots_finishes() -> None:
    from fastapi.testclient import TestClient

    from solocards.server.http.app import create_app

    with TestClient(create_app("sqlite://", bot_delay=0.0)) as http:
        listed = {info["id"]: info for info in http.get("/api/games").json()}
        assert listed[GAME]["title"] == "High Card"
        created = http.post("/api/tables", json={"game": GAME, "players": 3})
        assert created.status_code == 201, created.text
        table, owner = created.json()["table"]["id"], created.json()["owner_token"]
        assert created.json()["table"]["title"] == "High Card"
        headers = {"Authorization": f"Bearer {owner}"}
        for seat, kind in enumerate(["random", "heuristic", "ismcts:iterations=20"]):
            placed = http.post(
                f"/api/tables/{table}/seats/{seat}/bot", json={"kind": kind}, headers=headers
            )
            assert placed.status_code == 200, placed.text
        assert http.post(f"/api/tables/{table}/start", headers=headers).status_code == 200
        deadline = time.monotonic() + 20
        while http.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table did not finish"
            time.sleep(0.05)
        record = http.get(f"/api/tables/{table}/record").json()
    assert record["game"] == GAME and solocards.replay(record).is_over


def test_the_pettingzoo_environments_pass_its_api_tests() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test

    from solocards.rl import pettingzoo_env, pettingzoo_parallel
    from solocards.rl.versioned import versioned_module

    api_test(pettingzoo_env.env(GAME, players=3), num_cycles=20)
    parallel_api_test(pettingzoo_parallel.parallel_env(GAME, players=2), num_cycles=20)
    module = versioned_module(GAME)
    assert module.__name__ == "solocards.rl.solocards_high_card_v0"
    env = module.env(players=2)
    env.reset(seed=1)
    assert env.agent_selection in env.possible_agents


def test_the_gymnasium_environment_passes_its_checker() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from solocards.rl import gym_env

    gym_env.register()
    assert gym_env.gym_id(GAME) == "solocards/HighCard-v0"
    env = gymnasium.make("solocards/HighCard-v0", players=3, opponents="heuristic")
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        obs, reward, terminated, truncated, _ = env.step(legal[0])
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)


def test_the_lab_and_the_log_read_the_events_it_declares() -> None:
    from solocards.lab.events import LabEvents
    from solocards.server.live.narration import step_events

    state = solocards.make(GAME, players=2).deal(seed=1)
    assert LabEvents(state.game.info).step(state.snapshot(), 0, "6") == ["six"]
    assert step_events(state.view(None), 0, "6") == ["six"]
    assert step_events(state.view(None), 0, "5") == []
