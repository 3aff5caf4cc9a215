"""Teach a masked policy-gradient agent 2-player UNO against the random bot, numpy only.

    .venv/bin/python examples/train_uno.py --minutes 8         # the real run (about 10 min)
    .venv/bin/python examples/train_uno.py --episodes 40       # a quick look

The agent is REINFORCE with a learned baseline: a small policy network (one hidden ``tanh``
layer) whose logits are masked to the legal actions, a linear value function as the baseline,
Adam, and a little entropy bonus. It plays seat 0 of ``BatchedEnv("uno", players=2,
opponents="random")`` (:mod:`solocards.rl.batched`): many rounds stepped together, one matrix
product per step for all of them. The reward is +1 for a won round, -1 for a lost one, given to
every decision of the round (no discount), minus the baseline.

Before training it plays 50 rounds with the untrained (near uniform) sampled policy; at the end
it plays ``--eval-games`` rounds with its greedy policy (the most likely legal action)
against ``random`` and, if the game has one, ``heuristic``, prints the win rates, and writes the
learning curve to ``build/train_uno.png`` (needs matplotlib, in the ``sim`` extra), the figures
to ``build/train_uno.json`` and the weights to ``build/train_uno.npz``.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

import solocards
from solocards.core.errors import OptionError
from solocards.rl.batched import BatchedEnv

Array = NDArray[np.float64]


# -- the policy -----------------------------------------------------------------------------


class Policy:
    """Masked softmax policy ``x -> tanh(x W1 + b1) W2 + b2`` and a linear value ``x u + c``."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.params: dict[str, Array] = {
            "W1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "W2": rng.normal(0.0, 0.01, (hidden, actions)),
            "b2": np.zeros(actions),
            "u": np.zeros(inputs),
            "c": np.zeros(1),
        }

    def forward(self, x: Array, mask: NDArray[Any]) -> tuple[Array, Array]:
        """Hidden activations and action probabilities (zero on illegal actions)."""
        p = self.params
        hidden = np.tanh(x @ p["W1"] + p["b1"])
        logits = hidden @ p["W2"] + p["b2"]
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return hidden, weights / weights.sum(axis=1, keepdims=True)

    def value(self, x: Array) -> Array:
        """The baseline: the expected reward of the round from here."""
        return x @ self.params["u"] + self.params["c"][0]

    def gradients(
        self,
        x: Array,
        mask: NDArray[Any],
        actions: NDArray[np.int64],
        advantages: Array,
        returns: Array,
        entropy: float,
    ) -> tuple[dict[str, Array], float]:
        """Gradients of the loss ``-mean(A log pi(a)) - entropy * mean(H) + mean((V - G)^2)/2``.

        Returns the gradients and the policy's mean entropy.
        """
        p = self.params
        n = len(actions)
        hidden, probs = self.forward(x, mask)
        rows = np.arange(n)
        logp = np.log(np.where(probs > 0, probs, 1.0))
        ent = -(probs * logp).sum(axis=1)
        # d(-A log pi(a)) / d logits = A (pi - onehot(a)); d(-H) / d logits = pi (log pi + H)
        dlogits = probs * advantages[:, None]
        dlogits[rows, actions] -= advantages
        dlogits += entropy * probs * (logp + ent[:, None])
        dlogits /= n
        dhidden = (dlogits @ p["W2"].T) * (1.0 - hidden**2)
        error = (self.value(x) - returns) / n
        grads = {
            "W2": hidden.T @ dlogits,
            "b2": dlogits.sum(axis=0),
            "W1": x.T @ dhidden,
            "b1": dhidden.sum(axis=0),
            "u": x.T @ error,
            "c": np.array([error.sum()]),
        }
        return grads, float(ent.mean())

    def loss(
        self,
        x: Array,
        mask: NDArray[Any],
        actions: NDArray[np.int64],
        advantages: Array,
        returns: Array,
        entropy: float,
    ) -> float:
        """The loss whose gradients :meth:`gradients` gives (for checking them)."""
        _hidden, probs = self.forward(x, mask)
        rows = np.arange(len(actions))
        logp = np.log(np.where(probs > 0, probs, 1.0))
        ent = -(probs * logp).sum(axis=1)
        pg = -(advantages * logp[rows, actions]).mean() - entropy * ent.mean()
        return float(pg + 0.5 * ((self.value(x) - returns) ** 2).mean())


class Adam:
    """Adam on a dict of arrays."""

    def __init__(self, params: dict[str, Array], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.t += 1
        for key, grad in grads.items():
            self.m[key] = 0.9 * self.m[key] + 0.1 * grad
            self.v[key] = 0.999 * self.v[key] + 0.001 * grad**2
            m_hat = self.m[key] / (1 - 0.9**self.t)
            v_hat = self.v[key] / (1 - 0.999**self.t)
            params[key] -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


# -- training -------------------------------------------------------------------------------


@dataclass
class Run:
    """What a training run produced."""

    episodes: list[int] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)
    entropy: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    decisions: int = 0
    evaluation: dict[str, float] = field(default_factory=dict)
    before: dict[str, float] = field(default_factory=dict)


def scale_of(env: BatchedEnv) -> Array:
    """Divide each observation entry by its bound (capped at 10) to keep inputs near [0, 1]."""
    _low, high = env.encoder.layout.bounds()
    return 1.0 / np.minimum(high.astype(np.float64), 10.0)


def evaluate(
    policy: Policy, opponent: str, games: int, envs: int, seed: int, greedy: bool = True
) -> float:
    """The policy's win rate (seat 0) over ``games`` rounds against ``opponent``."""
    env = BatchedEnv("uno", num_envs=min(envs, games), players=2, opponents=opponent, seed=seed)
    scale = scale_of(env)
    rng = np.random.default_rng(seed)
    batch = env.reset()
    wins = played = 0
    while played < games:
        _h, probs = policy.forward(batch.observations * scale, batch.masks)
        if greedy:
            actions = probs.argmax(axis=1)
        else:
            actions = (probs.cumsum(axis=1) > rng.random((len(probs), 1))).argmax(axis=1)
        batch = env.step(actions)
        for slot in np.flatnonzero(batch.dones):
            if played < games:
                wins += batch.rewards[slot, 0] > 0
                played += 1
    return float(wins / games)


def opponents_to_evaluate() -> list[str]:
    """``random``, and ``heuristic`` where UNO has one."""
    names = ["random"]
    try:
        from solocards.bots import make_bot

        make_bot("heuristic", solocards.make("uno", players=2))
        names.append("heuristic")
    except OptionError:
        pass
    return names


def train(
    minutes: float | None = None,
    episodes: int | None = None,
    envs: int = 32,
    batch_episodes: int = 32,
    hidden: int = 64,
    lr: float = 3e-3,
    entropy: float = 0.01,
    eval_games: int = 200,
    seed: int = 0,
    log: bool = True,
) -> tuple[Policy, Run]:
    """Train until ``minutes`` have passed or ``episodes`` rounds have been played."""
    if minutes is None and episodes is None:
        raise ValueError("give minutes or episodes")
    env = BatchedEnv("uno", num_envs=envs, players=2, opponents="random", seed=seed)
    scale = scale_of(env)
    rng = np.random.default_rng(seed)
    policy = Policy(env.encoder.size, env.num_actions, hidden, rng)
    adam = Adam(policy.params, lr)
    run = Run()
    opponents = opponents_to_evaluate()
    run.before = {
        name: evaluate(policy, name, min(eval_games, 50), envs, seed + 1, greedy=False)
        for name in opponents
    }
    if log:
        print("before training (sampled, near uniform):", run.before, flush=True)
    slots: list[list[tuple[Array, NDArray[np.int8], int]]] = [[] for _ in range(envs)]
    finished: list[tuple[list[tuple[Array, NDArray[np.int8], int]], float]] = []
    start = time.perf_counter()
    played = 0
    batch = env.reset()
    while True:
        x = batch.observations * scale
        _h, probs = policy.forward(x, batch.masks)
        actions = (probs.cumsum(axis=1) > rng.random((envs, 1))).argmax(axis=1)
        for slot in range(envs):
            slots[slot].append((x[slot], batch.masks[slot].copy(), int(actions[slot])))
        batch = env.step(actions)
        run.decisions += envs
        for slot in np.flatnonzero(batch.dones):
            finished.append((slots[slot], float(batch.rewards[slot, 0])))
            slots[slot] = []
        if len(finished) < batch_episodes:
            continue
        steps = [step for episode, _ in finished for step in episode]
        returns = np.array([reward for episode, reward in finished for _ in episode])
        xs = np.stack([s[0] for s in steps])
        masks = np.stack([s[1] for s in steps])
        acts = np.array([s[2] for s in steps], dtype=np.int64)
        advantages = returns - policy.value(xs)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        grads, ent = policy.gradients(xs, masks, acts, advantages, returns, entropy)
        adam.step(policy.params, grads)
        played += len(finished)
        elapsed = time.perf_counter() - start
        run.episodes.append(played)
        run.win_rate.append(float(np.mean([reward > 0 for _, reward in finished])))
        run.entropy.append(ent)
        run.seconds.append(elapsed)
        if log and len(run.episodes) % 10 == 0:
            recent = np.mean(run.win_rate[-10:])
            print(
                f"{elapsed:6.0f}s  episodes {played:6d}  win rate (last 10 batches) "
                f"{recent:.2f}  entropy {ent:.2f}  decisions/s {run.decisions / elapsed:,.0f}",
                flush=True,
            )
        finished = []
        if (minutes is not None and elapsed >= minutes * 60) or (
            episodes is not None and played >= episodes
        ):
            break
    run.evaluation = {
        name: evaluate(policy, name, eval_games, envs, seed + 2) for name in opponents
    }
    if log:
        print("after training (greedy):", run.evaluation, flush=True)
    return policy, run


def plot(run: Run, path: Path) -> None:
    """The learning curve: win rate per update against random, and its moving average."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    window = 20
    rates = np.array(run.win_rate)
    smooth = (
        np.convolve(rates, np.ones(window) / window, mode="valid")
        if len(rates) >= window
        else rates
    )
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(run.episodes, rates, alpha=0.3, label="win rate per update (sampled policy)")
    ax.plot(
        run.episodes[len(run.episodes) - len(smooth) :],
        smooth,
        label=f"moving average ({window} updates)",
    )
    ax.axhline(0.5, color="grey", linestyle=":", label="random vs random")
    for name, rate in run.evaluation.items():
        ax.axhline(
            rate,
            linestyle="--",
            color="green" if name == "random" else "red",
            label=f"final greedy vs {name}: {rate:.2f}",
        )
    ax.set_xlabel("training rounds (episodes)")
    ax.set_ylabel("win rate against random")
    ax.set_ylim(0, 1)
    ax.set_title("solocards UNO, 2 players: REINFORCE with baseline (numpy) against random")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, help="training time (default 8)")
    parser.add_argument("--episodes", type=int, help="or a number of training rounds")
    parser.add_argument("--envs", type=int, default=32)
    parser.add_argument("--batch-episodes", type=int, default=32)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("build"))
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args()
    minutes = args.minutes if args.minutes is not None or args.episodes else 8.0
    policy, run = train(
        minutes=minutes,
        episodes=args.episodes,
        envs=args.envs,
        batch_episodes=args.batch_episodes,
        hidden=args.hidden,
        lr=args.lr,
        entropy=args.entropy,
        eval_games=args.eval_games,
        seed=args.seed,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez(args.out / "train_uno.npz", **policy.params)
    summary = {
        "episodes": run.episodes[-1] if run.episodes else 0,
        "decisions": run.decisions,
        "seconds": run.seconds[-1] if run.seconds else 0.0,
        "before_sampled": run.before,
        "after_greedy": run.evaluation,
        "curve": {"episodes": run.episodes, "win_rate": run.win_rate},
    }
    (args.out / "train_uno.json").write_text(json.dumps(summary, indent=1))
    if not args.no_plot:
        plot(run, args.out / "train_uno.png")
        print(f"learning curve: {args.out / 'train_uno.png'}")


if __name__ == "__main__":
    main()
