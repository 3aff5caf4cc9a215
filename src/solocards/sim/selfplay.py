"""Self-play data for offline training: every decision of every seat, as numpy arrays.

``solocards selfplay GAME --bots ... -n N --out DIR`` plays ``N`` rounds (round ``i`` dealt
with seed ``seed + i``, as ``simulate`` does) and writes them in shards, one per chunk of
rounds: ``DIR/shard-00000.npz``, ``shard-00001.npz``... Each shard holds one row per decision
(declining a reaction included):

- ``obs`` (``float32``, decisions x encoder size): the deciding seat's observation, from the
  game's encoder in :mod:`solocards.rl.observations` (its own view only);
- ``action`` (``int32``): the action id taken; ``num_actions`` means "no reaction";
- ``mask`` (``int8``, decisions x ``num_actions + 1``): the legal actions, the last column
  "no reaction" (legal while a reaction window is open);
- ``reward`` (``float32``): the seat's reward for the round (:mod:`solocards.rl.rewards`,
  ``win`` or ``score``), on every decision of the round: the return of the decision;
- ``done`` (``bool``): the seat's last decision of the round;
- ``seat`` (``int8``) and ``round`` (``int64``, the round's index in the run).

A round still going after :data:`~solocards.sim.runner.ROUND_ACTION_LIMIT` actions (bots that
draw at will can play a shedding round for ever) is abandoned and leaves no rows: it has no
outcome to learn from; its index is missing from ``round``.

``DIR/shards.jsonl`` lists the run, then every shard as it is written (the driver writes the
shards, so workers on other machines need no shared disk); ``--resume`` keeps the shards
listed there and plays only the missing ones. Shards are the same whichever backend played
them.

>>> import tempfile, pathlib, numpy as np, solocards
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> game = solocards.make("uno", players=2)
>>> shards = run_selfplay(game, ["random", "heuristic"], rounds=3, out=folder, chunk_size=2)
>>> [path.name for path in shards]
['shard-00000.npz', 'shard-00001.npz']
>>> data = np.load(shards[0])
>>> data["obs"].shape[0] == data["action"].shape[0] == data["mask"].shape[0]
True
>>> bool(all(data["mask"][row, data["action"][row]] for row in range(len(data["action"]))))
True
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..bots import make_bot
from ..core.bot import NO_REACTION, Bot
from ..core.errors import OptionError
from ..core.game import Game, View
from ..core.messages import msg
from ..rl.observations import Encoder, encoder_for
from ..rl.rewards import check_reward, round_rewards
from . import runner
from .backends import Backend, Chunk, Result, SerialBackend, cached, plan_chunks
from .runner import play_steps
from .stream import Progress

DEFAULT_CHUNK = 100
"""Rounds per shard unless told otherwise."""

ARRAYS = ("obs", "action", "mask", "reward", "done", "seat", "round")


class RecordingBot:
    """Wraps one seat's bot: notes the observation, the legal mask and the action of every
    decision it takes."""

    def __init__(self, bot: Bot, seat: int, encoder: Encoder, steps: list[Any]) -> None:
        self.bot = bot
        self.seat = seat
        self.encoder = encoder
        self.steps = steps
        self.no_reaction = encoder.game.num_actions

    def _id(self, action: str) -> int:
        return self.no_reaction if action == NO_REACTION else self.encoder.action_index[action]

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        """The wrapped bot's choice, noted with what the seat saw."""
        action = self.bot.choose(view, legal_actions, rng)
        obs = self.encoder.new_observation()
        self.encoder.encode(view, obs)
        mask = np.zeros(self.no_reaction + 1, dtype=np.int8)
        mask[[self._id(legal) for legal in legal_actions]] = 1
        self.steps.append((self.seat, obs, mask, self._id(action)))
        return action


@dataclass
class SelfPlayJob:
    """The chunks of a self-play run: game, one bot spec per seat, seed, reward mode."""

    game: Game
    specs: list[str]
    seed: int
    reward: str = "win"

    @property
    def key(self) -> str:
        """Names the job for the worker's cache of built bots and encoder."""
        game = self.game
        return json.dumps(["selfplay", game.id, game.players, game.options, self.specs])

    def describe(self, rounds: int, chunk_size: int) -> dict[str, Any]:
        """The run as ``shards.jsonl`` records it (what resuming checks)."""
        return {
            "command": "selfplay",
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "bots": self.specs,
            "seed": self.seed,
            "reward": self.reward,
            "rounds": rounds,
            "chunk_size": chunk_size,
        }

    def _built(self) -> tuple[list[Bot], Encoder]:
        def build() -> tuple[list[Bot], Encoder]:
            return [make_bot(spec, self.game) for spec in self.specs], encoder_for(self.game)

        built: tuple[list[Bot], Encoder] = cached(self.key, build)
        return built

    def run_chunk(self, chunk: Chunk) -> Result:
        """Play the chunk's rounds; their decisions as arrays (``ARRAYS``)."""
        bots, encoder = self._built()
        players = self.game.players
        rows: dict[str, list[Any]] = {name: [] for name in ARRAYS}
        for index in range(chunk.start, chunk.stop):
            steps: list[Any] = []
            seats = [RecordingBot(bots[s], s, encoder, steps) for s in range(players)]
            state = self.game.deal(seed=self.seed + index)
            if not play_steps(state, seats, self.seed + index, runner.ROUND_ACTION_LIMIT):
                continue  # abandoned at the action limit: no outcome to learn from, no rows
            rewards = round_rewards(state.result, players, self.reward)
            last = {seat: number for number, (seat, *_) in enumerate(steps)}
            for number, (seat, obs, mask, action) in enumerate(steps):
                for name, value in zip(
                    ARRAYS,
                    (obs, action, mask, rewards[seat], last[seat] == number, seat, index),
                    strict=True,
                ):
                    rows[name].append(value)
        width = encoder.size
        return {
            "obs": np.array(rows["obs"], dtype=np.float32).reshape(-1, width),
            "action": np.array(rows["action"], dtype=np.int32),
            "mask": np.array(rows["mask"], dtype=np.int8).reshape(-1, self.game.num_actions + 1),
            "reward": np.array(rows["reward"], dtype=np.float32),
            "done": np.array(rows["done"], dtype=bool),
            "seat": np.array(rows["seat"], dtype=np.int8),
            "round": np.array(rows["round"], dtype=np.int64),
        }


def shard_path(folder: Path, index: int) -> Path:
    """Where chunk ``index``'s shard goes."""
    return folder / f"shard-{index:05d}.npz"


def _listed(index_file: Path, header: dict[str, Any]) -> set[int]:
    """The shards ``shards.jsonl`` lists (and that exist), after checking it is this run."""
    lines = index_file.read_text(encoding="utf-8").split("\n")[:-1]
    done: set[int] = set()
    for number, line in enumerate(lines):
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short: its shard is played again
        if not isinstance(entry, dict):
            continue
        if number == 0 and entry.get("run") != json.loads(json.dumps(header)):
            raise OptionError(
                f"{index_file} belongs to another run ({entry.get('run')}); resuming needs the "
                "same game, options, bots, seed, reward, rounds and chunk size"
            )
        if entry.get("kind") == "shard" and shard_path(index_file.parent, entry["index"]).exists():
            done.add(int(entry["index"]))
    return done


def run_selfplay(
    game: Game,
    specs: Sequence[str],
    rounds: int,
    out: Path,
    seed: int = 0,
    *,
    reward: str = "win",
    backend: Backend | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    resume: bool = False,
    progress: Progress | None = None,
    on_chunk: Callable[[Chunk, dict[str, Any]], None] | None = None,
) -> list[Path]:
    """Play ``rounds`` rounds and write their decisions to ``out`` in shards; the shard paths.

    ``backend`` plays the chunks (default: this process); ``resume`` keeps the shards that
    ``out/shards.jsonl`` lists. ``progress`` is called with the rounds written so far.
    """
    specs = list(specs)
    if len(specs) != game.players:
        raise OptionError(msg("{bots} bots for {seats} seats", bots=len(specs), seats=game.players))
    check_reward(reward)
    encoder_for(game)  # a game without an encoder fails here
    for spec in specs:
        make_bot(spec, game)
    job = SelfPlayJob(game, specs, seed, reward)
    chunks = plan_chunks(rounds, chunk_size)
    header = job.describe(rounds, chunk_size)
    out.mkdir(parents=True, exist_ok=True)
    index_file = out / "shards.jsonl"
    done: set[int] = set()
    if resume and index_file.exists():
        done = _listed(index_file, header)
        kept = [line for line in index_file.read_text(encoding="utf-8").split("\n")[:-1]]
        index_file.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    else:
        index_file.write_text(json.dumps({"kind": "run", "run": header}) + "\n", encoding="utf-8")
    finished = sum(chunk.size for chunk in chunks if chunk.index in done)
    if progress is not None:
        progress(finished)
    todo = [chunk for chunk in chunks if chunk.index not in done]
    with index_file.open("a", encoding="utf-8") as listing:
        for chunk, arrays, worker in (backend or SerialBackend()).run(job, todo):
            buffer = io.BytesIO()
            np.savez_compressed(buffer, **arrays)
            target = shard_path(out, chunk.index)
            partial = target.with_name(target.name + ".partial")
            partial.write_bytes(buffer.getvalue())
            partial.replace(target)  # a shard is whole or absent
            entry = {
                "kind": "shard",
                "index": chunk.index,
                "start": chunk.start,
                "stop": chunk.stop,
                "decisions": len(arrays["action"]),
                "worker": worker,
            }
            listing.write(json.dumps(entry) + "\n")
            listing.flush()
            if on_chunk is not None:
                on_chunk(chunk, worker)
            finished += chunk.size
            if progress is not None:
                progress(finished)
    return [shard_path(out, chunk.index) for chunk in chunks]


__all__ = [
    "ARRAYS",
    "DEFAULT_CHUNK",
    "RecordingBot",
    "SelfPlayJob",
    "run_selfplay",
    "shard_path",
]
