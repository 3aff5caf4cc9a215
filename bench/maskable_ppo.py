"""MaskablePPO (sb3-contrib, PyTorch) on a solocards Gymnasium environment, exported as a
model file the ``learned`` bot plays: the comparison with solocards' own numpy training
(docs/bots.md, "Choosing the training library").

The learner plays one seat (drawn at each reset) of ``--game`` against ``--opponent`` bots
(``SoloCardsEnv``), its observation scaled as ``solocards train`` scales it (each input divided
by its bound, at most 10), for ``--minutes`` of wall time. Its actor (one ``tanh`` layer of
``--hidden`` units, then the action scores) is then written as a solocards model file,
``OUT/GAME-Np.npz``; the script checks that numpy's scores equal PyTorch's logits on the
observations of real rounds before it writes it. Then:

    SOLOCARDS_MODELS=OUT solocards tournament GAME --players N --bots learned,heuristic ...

Needs the training extra: ``pip install 'solocards[train]'`` (PyTorch CPU and sb3-contrib),
which the engine and the bots never import.

    python bench/maskable_ppo.py --game uno --players 2 --minutes 15 --out /tmp/ppo
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import solocards
from solocards.learned.features import Reader
from solocards.learned.model import PolicyModel, save_model
from solocards.learned.train import SCALE_CAP
from solocards.rl.gym_env import SoloCardsEnv


class Scaled(gymnasium.ObservationWrapper[Any, int, Any]):
    """The observation alone, each input divided by its bound (at most ``SCALE_CAP``)."""

    def __init__(self, env: SoloCardsEnv, scale: np.ndarray) -> None:
        super().__init__(env)
        self.scale = scale
        size = len(scale)
        self.observation_space = gymnasium.spaces.Box(-SCALE_CAP, SCALE_CAP, (size,), np.float32)

    def observation(self, observation: dict[str, Any]) -> np.ndarray:
        return np.asarray(observation["observation"], dtype=np.float32) * self.scale

    def action_masks(self) -> np.ndarray:
        """The legal actions (sb3-contrib asks the environment for them)."""
        inner: SoloCardsEnv = self.env.unwrapped  # type: ignore[assignment]
        return inner.action_masks().astype(bool)


class Clock(BaseCallback):
    """Stops the training after ``seconds`` of wall time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.perf_counter() + seconds

    def _on_step(self) -> bool:
        return time.perf_counter() < self.deadline


def export(agent: MaskablePPO, game: solocards.Game, scale: np.ndarray, meta: dict[str, Any]):
    """The actor as a solocards model (``scale`` first, then the layers)."""
    layers = [m for m in agent.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(agent.policy.action_net)
    hidden = tuple(layer.out_features for layer in layers[:-1])
    model = PolicyModel.random(
        len(scale), game.num_actions + 1, hidden, np.random.default_rng(0), **meta
    )
    model.scale = scale.astype(np.float32)
    for number, layer in enumerate(layers):
        model.weights[number] = layer.weight.detach().numpy().T.astype(np.float32).copy()
        model.biases[number] = layer.bias.detach().numpy().astype(np.float32).copy()
    return model


def same_scores(agent: MaskablePPO, model: PolicyModel, game: solocards.Game) -> float:
    """The largest gap between numpy's scores and PyTorch's logits over the observations of
    20 rounds of heuristic play (raises if it is not tiny)."""
    reader = Reader(game)
    rows = []
    for seed in range(20):
        state = game.deal(seed=seed)
        bots = [solocards.bots.make_bot("heuristic", game) for _ in range(game.players)]
        rng = __import__("random").Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            rows.append(reader.read(state.view(seat)).copy())
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    raw = np.array(rows, dtype=np.float32)
    with torch.no_grad():
        features = torch.as_tensor(raw * model.scale)
        latent = agent.policy.mlp_extractor.forward_actor(features)
        logits = agent.policy.action_net(latent).numpy()
    gap = float(np.abs(model.scores(raw) - logits).max())
    if gap > 1e-4:
        raise SystemExit(f"numpy and PyTorch disagree by {gap} on the same inputs")
    return gap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="uno")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", default="win")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    torch.set_num_threads(1)
    game = solocards.make(args.game, players=args.players)
    reader = Reader(game)
    scale = (1.0 / np.clip(reader.bounds(), 1.0, SCALE_CAP)).astype(np.float32)
    env = Scaled(
        SoloCardsEnv(
            game, opponents=args.opponent, seat=None, reward=args.reward, illegal_reward=None
        ),
        scale,
    )
    agent = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        policy_kwargs={"net_arch": {"pi": [args.hidden], "vf": [args.hidden]}},
        verbose=0,
    )
    began = time.perf_counter()
    agent.learn(total_timesteps=10**9, callback=Clock(args.minutes * 60))
    seconds = time.perf_counter() - began
    meta = {
        "game": game.id,
        "players": game.players,
        "options": dict(game.options),
        "features": "none",
        "method": "maskable-ppo",
        "trainer": f"sb3-contrib MaskablePPO, torch {torch.__version__}",
        "opponent": args.opponent,
        "reward": args.reward,
        "decisions": int(agent.num_timesteps),
        "seconds": round(seconds),
        "seed": args.seed,
    }
    model = export(agent, game, scale, meta)
    gap = same_scores(agent, model, game)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{game.id}-{game.players}p.npz"
    save_model(model, path)
    print(json.dumps({**meta, "numpy_vs_torch_gap": gap, "model": str(path)}))


if __name__ == "__main__":
    main()
