"""Chunked batch runs without Ray: chunks, local processes, streaming, resuming, self-play."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import solocards
from solocards.cli.app import app
from solocards.cli.batch import bare_ray_flag
from solocards.core.errors import OptionError, SoloError
from solocards.sim.backends import ProcessBackend, SerialBackend, make_backend, plan_chunks
from solocards.sim.selfplay import run_selfplay
from solocards.sim.simulation import run_simulation
from solocards.sim.tournament import run_tournament
from solocards.sim.tournament_job import run_tournament_chunked

runner = CliRunner()
TIMINGS = ("seconds_per_move", "cpu_seconds_per_move")


def results_of(summary: dict[str, Any]) -> dict[str, Any]:
    """A tournament summary without the timings (which differ from run to run)."""
    bots = [{k: v for k, v in bot.items() if k not in TIMINGS} for bot in summary["bots"]]
    return {**summary, "bots": bots}


def test_chunks_cover_every_round_once() -> None:
    chunks = plan_chunks(10, 3)
    assert [(c.start, c.stop) for c in chunks] == [(0, 3), (3, 6), (6, 9), (9, 10)]
    assert plan_chunks(0, 5) == []
    with pytest.raises(OptionError, match="chunk size"):
        plan_chunks(10, 0)


def test_simulation_is_the_same_in_any_chunks_and_processes() -> None:
    game = solocards.make("german-solo", players=4)
    specs = ["heuristic", "random", "heuristic", "random"]
    whole = run_simulation(game, specs, 24, seed=3, chunk_size=24)
    pieces = run_simulation(game, specs, 24, seed=3, chunk_size=5, backend=ProcessBackend(2))
    assert pieces == whole
    assert whole.rounds == 24 and sum(whole.wins) >= 1


def test_chunked_tournament_matches_the_plain_one() -> None:
    game = solocards.make("uno", players=3)
    specs = ["heuristic", "random"]
    plain = run_tournament(game, specs, rounds=12, seed=7)
    chunked = run_tournament_chunked(
        game, specs, rounds=12, seed=7, chunk_deals=1, backend=ProcessBackend(2)
    )
    assert chunked.records() == json.loads(json.dumps(plain.records()))
    assert results_of(chunked.summary()) == results_of(plain.summary())


def test_a_run_streams_every_chunk_and_resumes_without_playing_them_again(tmp_path: Path) -> None:
    game = solocards.make("uno", players=2)
    path = tmp_path / "run.jsonl"
    whole = run_simulation(game, ["random", "heuristic"], 20, seed=1, chunk_size=4, out=path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["run"]["rounds"] == 20 and len(lines) == 6
    # a crash after two chunks, the third cut short mid-line
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:25])
    played: list[int] = []
    resumed = run_simulation(
        game,
        ["random", "heuristic"],
        20,
        seed=1,
        chunk_size=4,
        out=path,
        resume=True,
        on_chunk=lambda chunk, result, worker: played.append(chunk.index),
    )
    assert resumed == whole
    assert sorted(played) == [2, 3, 4]
    assert len(path.read_text().splitlines()) == 6


def test_resuming_another_run_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    game = solocards.make("uno", players=2)
    path = tmp_path / "run.jsonl"
    run_simulation(game, ["random"] * 2, 8, seed=1, chunk_size=4, out=path)
    before = path.read_text()
    with pytest.raises(OptionError, match="another run"):
        run_simulation(game, ["random"] * 2, 8, seed=2, chunk_size=4, out=path, resume=True)
    assert path.read_text() == before


def test_cli_simulate_streams_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    args = ["simulate", "uno", "-n", "30", "--players", "3", "--chunk-size", "10", "--seed", "4"]
    first = runner.invoke(app, [*args, "--out", str(out), "--jobs", "2"])
    assert first.exit_code == 0, first.output
    assert len(out.read_text().splitlines()) == 4
    again = runner.invoke(app, [*args, "--out", str(out), "--resume"])
    assert again.exit_code == 0, again.output
    table = [line for line in first.stdout.splitlines() if "│" in line]
    assert table == [line for line in again.stdout.splitlines() if "│" in line]
    lost = runner.invoke(app, [*args, "--resume"])
    assert lost.exit_code == 2 and "--resume needs --out" in lost.output


def test_cli_tournament_resumes_from_its_folder(tmp_path: Path) -> None:
    args = ["tournament", "uno", "--players", "2", "--bots", "heuristic,random", "-n", "8"]
    args += ["--json", "--out", str(tmp_path), "--chunk-size", "2", "--jobs", "1"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    stream = (tmp_path / "chunks.jsonl").read_text().splitlines()
    assert len(stream) == 5  # the run, then 4 chunks of one deal
    (tmp_path / "chunks.jsonl").write_text("\n".join(stream[:3]) + "\n")
    again = runner.invoke(app, [*args, "--resume"])
    assert again.exit_code == 0, again.output
    assert results_of(json.loads(again.stdout)) == results_of(json.loads(first.stdout))


def test_a_bare_ray_flag_means_a_local_ray() -> None:
    assert bare_ray_flag(["tournament", "uno", "--ray"]) == ["tournament", "uno", "--ray", "local"]
    assert bare_ray_flag(["x", "--ray", "ray://head:10001"]) == ["x", "--ray", "ray://head:10001"]
    assert bare_ray_flag(["x", "--ray", "10.0.0.1:6379"]) == ["x", "--ray", "10.0.0.1:6379"]


def test_without_ray_installed_ray_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    backend = make_backend(1, "local")
    with pytest.raises(SoloError, match=r"solocards\[ray\]"):
        run_simulation(solocards.make("uno", players=2), ["random"] * 2, 4, backend=backend)
    result = runner.invoke(app, ["simulate", "uno", "-n", "4", "--ray"])
    assert result.exit_code == 2 and "pip install" in result.output


def test_importing_solocards_and_its_cli_leaves_ray_alone() -> None:
    code = "import solocards, solocards.sim, solocards.cli.app, sys; print('ray' in sys.modules)"
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "False"


def test_selfplay_shards_hold_every_decision_and_resume(tmp_path: Path) -> None:
    game = solocards.make("frog", players=3)
    specs = ["heuristic", "random", "heuristic"]
    shards = run_selfplay(game, specs, 5, tmp_path / "a", seed=2, chunk_size=2)
    assert [p.name for p in shards] == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    data = [np.load(path) for path in shards]
    rounds = np.concatenate([d["round"] for d in data])
    assert sorted(set(rounds.tolist())) == [0, 1, 2, 3, 4]
    for d in data:
        rows = len(d["action"])
        assert d["obs"].shape[0] == d["mask"].shape[0] == d["reward"].shape[0] == rows
        assert d["mask"].shape[1] == game.num_actions + 1
        assert d["mask"][np.arange(rows), d["action"]].all()  # every action taken was legal
        ends = d["done"].sum()
        assert ends == len(set(zip(d["round"].tolist(), d["seat"].tolist(), strict=True)))
    # the same data from local processes, after a lost shard is played again
    other = tmp_path / "b"
    run_selfplay(game, specs, 5, other, seed=2, chunk_size=2, backend=ProcessBackend(2))
    (other / "shard-00001.npz").unlink()
    run_selfplay(game, specs, 5, other, seed=2, chunk_size=2, resume=True)
    for one, two in zip(shards, sorted(other.glob("shard-*.npz")), strict=True):
        first, second = np.load(one), np.load(two)
        assert all(np.array_equal(first[name], second[name]) for name in first.files)


def test_cli_selfplay_writes_shards(tmp_path: Path) -> None:
    args = ["selfplay", "uno", "--players", "2", "--bots", "heuristic", "-n", "3"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--chunk-size", "2"])
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("shard-*.npz"))) == 2
    bad = runner.invoke(app, [*args, "--out", str(tmp_path), "--reward", "gold"])
    assert bad.exit_code == 2 and "unknown reward" in bad.output


def test_serial_backend_plays_in_order() -> None:
    class Echo:
        key = "echo"

        def run_chunk(self, chunk: Any) -> dict[str, Any]:
            return {"start": chunk.start}

    done = list(SerialBackend().run(Echo(), plan_chunks(6, 2)))
    assert [result["start"] for _, result, _ in done] == [0, 2, 4]
    assert all(worker["pid"] > 0 for _, _, worker in done)


def test_an_unreachable_cluster_is_refused_in_words_and_at_once() -> None:
    result = runner.invoke(app, ["simulate", "uno", "-n", "4", "--ray", "127.0.0.1:1"])
    assert result.exit_code == 2 and "cannot reach the Ray cluster" in result.output
    result = runner.invoke(app, ["simulate", "uno", "-n", "4", "--ray", "ray://nowhere"])
    assert result.exit_code == 2 and "is not a" in result.output
    assert "cannot reach" not in result.output


def test_bad_specs_and_counts_fail_before_any_cluster_is_joined(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # joining a cluster would fail otherwise
    tour = ["tournament", "uno", "--players", "2", "--bots", "heuristic,nobot", "-n", "4"]
    result = runner.invoke(app, [*tour, "--ray"])
    assert result.exit_code == 2 and "nobot" in result.output and "pip" not in result.output
    result = runner.invoke(app, ["simulate", "uno", "-n", "0", "--ray"])
    assert result.exit_code == 2 and "at least 1 round" in result.output


def test_the_progress_bar_shows_rounds_per_second() -> None:
    from rich.progress import Progress

    from solocards.sim.progress import RateColumn

    clock = [0.0]
    progress = Progress(get_time=lambda: clock[0], auto_refresh=False, disable=True)
    task = progress.add_task("uno", total=1000)
    assert RateColumn().render(progress.tasks[task]).plain == ""  # no rate yet
    for clock[0], done in ((1.0, 1000), (3.0, 3000)):
        progress.update(task, total=10_000, completed=done)
    rate = (3000 - 1000) / (3.0 - 1.0)  # rounds between the first and last update, per second
    assert RateColumn().render(progress.tasks[task]).plain == f"{rate:,.0f} rounds/s"
