"""Fitting a :class:`~.model.PolicyModel` to examples, in numpy: masked softmax cross-entropy
on the action taken, Adam, minibatches drawn from a seeded generator (the same data, seed and
steps give the same weights, bit for bit).

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> x = rng.random((400, 4)).astype(np.float32)
>>> mask = np.ones((400, 4), dtype=np.int8)
>>> target = x.argmax(axis=1)  # the action is the largest input's index
>>> model = PolicyModel.random(4, 4, (16,), rng)
>>> fitter = Fitter(model, lr=0.01, seed=0)
>>> before = fitter.accuracy(x, mask, target)
>>> for _ in range(300):
...     _ = fitter.step(x, mask, target, batch=64)
>>> before < 0.5 < 0.85 < fitter.accuracy(x, mask, target)
True

Targets may also be distributions over the columns (a search's visit shares, :mod:`.expert`):

>>> shares = np.eye(4, dtype=np.float32)[target] * 0.7 + 0.075
>>> model = PolicyModel.random(4, 4, (16,), rng)
>>> fitter = Fitter(model, lr=0.01, seed=0)
>>> for _ in range(300):
...     _ = fitter.step(x, mask, shares, batch=64)
>>> 0.85 < fitter.accuracy(x, mask, shares)
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .model import Array, PolicyModel

Mask = NDArray[np.int8]
Targets = NDArray[np.integer]


class Fitter:
    """Trains ``model`` in place: :meth:`step` takes one Adam step on a random minibatch."""

    def __init__(self, model: PolicyModel, lr: float = 1e-3, seed: int = 0) -> None:
        self.model = model
        self.lr = lr
        self.rng = np.random.default_rng(seed)
        self.t = 0
        self.params: list[Array] = [*model.weights, *model.biases]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]

    def forward(self, x: Array) -> list[Array]:
        """The activations of each layer for inputs ``x`` (the last one: the scores)."""
        model = self.model
        acts = [np.asarray(x, dtype=np.float32) * model.scale]
        last = len(model.weights) - 1
        for number, (w, b) in enumerate(zip(model.weights, model.biases, strict=True)):
            h = acts[-1] @ w + b
            acts.append(np.tanh(h) if number < last else h)
        return acts

    def loss_and_grads(
        self, x: Array, mask: Mask, target: Targets | Array, weights: Array | None = None
    ) -> tuple[float, list[Array], list[Array]]:
        """Mean cross-entropy of the masked softmax on ``target``, and its gradients.

        ``target`` is the column taken (one per row) or, two-dimensional, a distribution over
        the columns per row (a search's visit shares: the loss is ``-sum_a pi(a) log p(a)``).
        With ``weights``, row ``i``'s term is multiplied by ``weights[i]``: an advantage makes it
        the policy-gradient loss, ``-mean(A_i log p(a_i | s_i))``."""
        acts = self.forward(x)
        scores = np.where(mask > 0, acts[-1], -np.inf)
        scores = scores - scores.max(axis=1, keepdims=True)
        probs = np.exp(scores)
        probs /= probs.sum(axis=1, keepdims=True)
        rows = np.arange(len(target))
        if target.ndim == 2:
            share = np.asarray(target, dtype=np.float32)
            log_p = (share * np.log(np.maximum(probs, 1e-12))).sum(axis=1)
            delta = probs - share
        else:
            log_p = np.log(np.maximum(probs[rows, target], 1e-12))
            delta = probs
            delta[rows, target] -= 1.0
        if weights is not None:
            log_p = log_p * weights
            delta *= weights[:, None]
        loss = float(-log_p.mean())
        delta /= len(target)
        model = self.model
        grad_w: list[Array] = [np.zeros_like(w) for w in model.weights]
        grad_b: list[Array] = [np.zeros_like(b) for b in model.biases]
        for number in range(len(model.weights) - 1, -1, -1):
            grad_w[number] = acts[number].T @ delta
            grad_b[number] = delta.sum(axis=0)
            if number:
                delta = (delta @ model.weights[number].T) * (1.0 - acts[number] ** 2)
        return loss, grad_w, grad_b

    def step(self, x: Array, mask: Mask, target: Targets | Array, batch: int = 256) -> float:
        """One Adam step on ``batch`` rows drawn at random; the minibatch's loss."""
        rows = self.rng.integers(0, len(target), size=min(batch, len(target)))
        return self.apply(*self.loss_and_grads(x[rows], mask[rows], target[rows]))

    def weighted_step(self, x: Array, mask: Mask, target: Targets, weights: Array) -> float:
        """One Adam step on all the rows, row ``i`` weighted by ``weights[i]``; the loss."""
        return self.apply(*self.loss_and_grads(x, mask, target, weights))

    def apply(self, loss: float, grad_w: list[Array], grad_b: list[Array]) -> float:
        """One Adam step along the gradients; returns ``loss``."""
        self.t += 1
        for param, grad, m, v in zip(self.params, [*grad_w, *grad_b], self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            m_hat = m / (1.0 - 0.9**self.t)
            v_hat = v / (1.0 - 0.999**self.t)
            param -= (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        return loss

    def accuracy(self, x: Array, mask: Mask, target: Targets | Array) -> float:
        """How often the model's best legal column is ``target`` (with distributions: the
        column the distribution puts most on)."""
        scores = np.where(mask > 0, self.model.scores(x), -np.inf)
        best = target.argmax(axis=1) if target.ndim == 2 else target
        return float((scores.argmax(axis=1) == best).mean())


__all__ = ["Fitter"]
