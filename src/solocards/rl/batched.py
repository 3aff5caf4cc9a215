"""A batched environment: N rounds stepped together, numpy arrays in and out, auto-resetting.

Each of the ``num_envs`` slots holds one round. :meth:`BatchedEnv.step` takes one action id per
slot (an array) and returns a :class:`Batch` of arrays with one row per slot:

- ``observations`` ``(N, D) float32`` and ``masks`` ``(N, A) int8``: the deciding seat's
  observation and legal actions (:mod:`solocards.rl.observations`; ``A`` includes "no reaction"
  in the games with windows, :mod:`solocards.rl.turns`);
- ``seats`` ``(N,) int64``: the seat deciding now;
- ``rewards`` ``(N, players) float32``: every seat's reward for the round that ended at this
  step (:mod:`solocards.rl.rewards`), else zeros;
- ``dones`` ``(N,) bool``: a round ended at this step. The slot has already been dealt a new
  round (auto-reset): its observation is the first decision of the new round.

Without ``opponents`` every decision of every seat is returned (self-play: the caller plays all
seats). With ``opponents`` (a bot spec, as for the Gymnasium environment) one ``seat`` learns
and the bots play the others; only that seat's decisions are returned, and rounds in which it
never decides are skipped.

Each slot draws its deals (and its bots' choices) from random generators of its own, seeded from
``seed`` in slot order (:func:`slot_seeds`), so a slot's rounds do not depend on when the other
slots' rounds end; :class:`~solocards.rl.vector.ProcessBatchedEnv`, which steps the slots on
several processes, therefore returns the same arrays for the same seed and actions.

The arrays are the environment's own buffers, overwritten by the next call: copy what you keep.
Actions of all slots are checked before any is applied; an illegal one raises
:class:`~solocards.IllegalActionError` naming the slot, and nothing changes.

>>> import numpy as np
>>> env = BatchedEnv("uno", num_envs=4, players=2, seed=0)
>>> batch = env.reset()
>>> batch.observations.shape, batch.masks.shape
((4, 242), (4, 147))
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     actions = [rng.choice(np.flatnonzero(row)) for row in batch.masks]
...     batch = env.step(actions)
>>> batch.dones.dtype, batch.rewards.shape
(dtype('bool'), (4, 2))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from librt.vecs import vec
from mypy_extensions import i64, u8
from numpy.typing import ArrayLike, NDArray

import solocards

from ..core.bot import Bot
from ..core.errors import IllegalActionError
from ..core.game import Game, State
from .observations import encoder_for
from .observations.base import Cells, zeros
from .opponents import Opponents, bot_action, make_opponents
from .rewards import check_reward, round_rewards
from .seeding import deal_seed, pick_dealer
from .turns import Turns, action_space_size
from .vec_views import byte_view, float_view, int_view

_REDEALS = 100


class Batch(NamedTuple):
    """One step's arrays, one row per slot (see the module doc)."""

    observations: NDArray[np.float32]
    masks: NDArray[np.int8]
    seats: NDArray[np.int64]
    rewards: NDArray[np.float32]
    dones: NDArray[np.bool_]


class BatchedEnv:
    """``num_envs`` rounds of one game, stepped together (see the module doc)."""

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        players: int | None = None,
        *,
        opponents: Opponents | None = None,
        seat: int = 0,
        reward: str = "win",
        dealer: int | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.game: Game = (
            solocards.make(game, players=players, **options) if isinstance(game, str) else game
        )
        n = self.game.players
        self.num_envs = num_envs
        self.reward_mode = check_reward(reward)
        self.dealer = dealer if dealer is None else pick_dealer(random.Random(), n, dealer)
        self.encoder = encoder_for(self.game)
        self.num_actions = action_space_size(self.game)
        self.learner: int | None = None
        self._bots: dict[int, Bot] = {}
        if opponents is not None:
            if not 0 <= seat < n:
                raise ValueError(f"seat must be a seat 0..{n - 1}, not {seat!r}")
            self.learner = seat
            self._bots = make_opponents(opponents, self.game, seat)
        self._rng = random.Random(seed)
        self._deal_rngs: list[random.Random] = []
        self._bot_rngs: list[random.Random] = []
        self._seed_slots(slot_seeds(self._rng, num_envs))
        self.turns: list[Turns] = []
        self.observations = np.zeros((num_envs, self.encoder.size), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.num_actions), dtype=np.int8)
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, n), dtype=np.float32)
        self.dones = np.zeros(num_envs, dtype=np.bool_)
        # Each step writes every slot's observation, mask and seat into vecs (native stores in
        # the compiled build), then copies each into its numpy array with one numpy call (_Rows).
        self._rows = _Rows.zeros(num_envs, self.encoder.size, self.num_actions)
        self._legal: list[list[int]] = [[] for _ in range(num_envs)]
        self._ended = False

    @property
    def states(self) -> list[State]:
        """The rounds being played (whole states: for the referee, never for a policy)."""
        return [turns.state for turns in self.turns]

    def reset(self, seed: int | None = None) -> Batch:
        """Deal a new round in every slot."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._seed_slots(slot_seeds(self._rng, self.num_envs))
        self.turns = [self._deal(slot) for slot in range(self.num_envs)]
        self.rewards.fill(0.0)
        self.dones.fill(False)
        self._ended = False
        rows = self._rows
        rows.clear()
        for slot in range(self.num_envs):
            self._observe(slot, rows)
        rows.publish(self)
        return self._batch()

    def step(self, actions: ArrayLike) -> Batch:
        """Apply one action per slot (an array, or a list of ints); finished rounds are
        reported and dealt again."""
        if not self.turns:
            raise RuntimeError("call reset() first")
        picks = _action_list(actions)
        if len(picks) != self.num_envs:
            raise ValueError(f"{len(picks)} actions for {self.num_envs} slots")
        legal = self._legal
        for slot, action in enumerate(picks):
            if not _listed(legal[slot], action):
                raise IllegalActionError(
                    f"slot {slot}: action {action} is not legal for seat {self.seats[slot]}"
                )
        if self._ended:
            self.rewards.fill(0.0)
            self.dones.fill(False)
            self._ended = False
        all_turns, bots = self.turns, self._bots
        rows = self._rows
        rows.clear()
        for slot, action in enumerate(picks):
            turns = all_turns[slot]
            turns.act(action)
            if bots:
                self._play_bots(slot, turns)
            if turns.seat < 0:
                self._end(slot, turns)
            self._observe(slot, rows)
        rows.publish(self)
        return self._batch()

    def random_actions(self, rng: random.Random) -> list[int]:
        """One uniformly random legal action per slot, drawn with ``rng`` from the legal
        actions the environment holds: what :func:`sample_actions` draws from the masks,
        without a numpy call (for random players and baselines).

        >>> env = BatchedEnv("uno", num_envs=3, players=2, seed=0)
        >>> batch = env.reset()
        >>> actions = env.random_actions(random.Random(0))
        >>> all(batch.masks[slot, action] == 1 for slot, action in enumerate(actions))
        True
        """
        if not self.turns:
            raise RuntimeError("call reset() first")
        return [legal[int(rng.random() * len(legal))] for legal in self._legal]

    # -- inside -----------------------------------------------------------------------------

    def _seed_slots(self, seeds: Sequence[tuple[int, int]]) -> None:
        """Give each slot its own generators for deals and bots (one ``slot_seeds`` pair each),
        so that a slot's rounds do not depend on when the other slots' rounds end."""
        self._deal_rngs = [random.Random(deals) for deals, _ in seeds]
        self._bot_rngs = [random.Random(bots) for _, bots in seeds]

    def _use_buffers(
        self,
        observations: NDArray[np.float32],
        masks: NDArray[np.int8],
        seats: NDArray[np.int64],
        rewards: NDArray[np.float32],
        dones: NDArray[np.bool_],
    ) -> None:
        """Write into these arrays (rows for this env's slots) instead of its own: a worker of
        :class:`~solocards.rl.vector.ProcessBatchedEnv` writes into shared memory."""
        self.observations, self.masks, self.seats = observations, masks, seats
        self.rewards, self.dones = rewards, dones

    def _batch(self) -> Batch:
        return Batch(self.observations, self.masks, self.seats, self.rewards, self.dones)

    def _end(self, slot: int, turns: Turns) -> None:
        """Report the round of ``slot`` that just ended, and deal it a new one."""
        result = turns.state.result
        self.rewards[slot] = round_rewards(result, self.game.players, self.reward_mode)
        self.dones[slot] = True
        self._ended = True
        self.turns[slot] = self._deal(slot)

    def _deal(self, slot: int) -> Turns:
        rng = self._deal_rngs[slot]
        for _ in range(_REDEALS):
            dealer = pick_dealer(rng, self.game.players, self.dealer)
            turns = Turns(self.game.deal(seed=deal_seed(rng), dealer=dealer))
            if self._bots:
                self._play_bots(slot, turns)
            if not turns.is_over:
                return turns
        raise RuntimeError(f"seat {self.learner} had no decision in {_REDEALS} deals")

    def _play_bots(self, slot: int, turns: Turns) -> None:
        bots, rng, learner = self._bots, self._bot_rngs[slot], self.learner
        while not turns.is_over and turns.seat != learner:
            turns.act(bot_action(turns, bots[turns.seat], rng))

    def _observe(self, slot: int, rows: _Rows) -> None:
        """Write the deciding seat of ``slot``, its observation and its mask into ``rows``."""
        turns = self.turns[slot]
        seat = turns.seat
        state = turns.state
        ids = state.legal_action_ids(seat)  # a fresh list: ours to keep
        self.encoder.write_state(state, seat, ids, rows.observations, slot * rows.size)
        masks, base = rows.masks, slot * rows.actions
        for action in ids:
            masks[base + action] = 1
        if turns.reacting:
            masks[base + turns.no_reaction] = 1
            ids.append(turns.no_reaction)
        self._legal[slot] = ids
        rows.seats[slot] = seat


class _Rows:
    """Every slot's observation, mask and seat of one step, rows laid end to end in vecs
    (native stores in the compiled build), then copied into the environment's numpy arrays
    with one numpy call each (:meth:`publish`). The same rows serve every step: :meth:`clear`
    zeroes them (two memsets, through byte views made once), where a fresh copy of
    zeroed vecs and three buffer exports per step cost more than the copies themselves.

    >>> rows = _Rows.zeros(2, 3, 4)
    >>> rows.observations[4] = 1.0
    >>> rows.masks[5] = 1
    >>> rows.seats[1] = 1
    >>> env = BatchedEnv("frog", num_envs=2, players=3, seed=0)
    >>> env.observations, env.masks = np.ones((2, 3), np.float32), np.ones((2, 4), np.int8)
    >>> rows.publish(env)
    >>> env.observations.tolist(), env.masks.tolist(), env.seats.tolist()
    ([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [[0, 0, 0, 0], [0, 1, 0, 0]], [0, 1])
    >>> rows.clear(); rows.observations[4], rows.masks[5]
    (0.0, 0)
    """

    def __init__(self, observations: Cells, masks: vec[u8], seats: vec[i64], size: int) -> None:
        self.observations = observations
        self.masks = masks
        self.seats = seats
        self.size = size
        """Values per observation."""
        num_envs = len(seats)
        self.actions = len(masks) // num_envs
        """Entries per mask."""
        obs_view = float_view(observations)
        mask_view = byte_view(masks)
        self._obs_rows: Any = obs_view.reshape(num_envs, size)
        self._mask_rows: Any = mask_view.reshape(num_envs, self.actions)
        self._seat_row: Any = int_view(seats)
        self._obs_bytes: Any = obs_view.view(np.uint8)
        self._mask_bytes: Any = mask_view

    @staticmethod
    def zeros(num_envs: int, size: int, actions: int) -> _Rows:
        """Zeroed rows for ``num_envs`` slots."""
        return _Rows(
            zeros(num_envs * size),
            vec[u8]([0] * (num_envs * actions)),
            vec[i64]([0] * num_envs),
            size,
        )

    def clear(self) -> None:
        """Zero the observations and masks (the seats are all written at every step)."""
        self._obs_bytes.fill(0)
        self._mask_bytes.fill(0)

    def publish(self, env: BatchedEnv) -> None:
        """Copy the rows into ``env``'s arrays (its own, or the shared memory it was given)."""
        np.copyto(env.observations, self._obs_rows)
        np.copyto(env.masks, self._mask_rows)
        np.copyto(env.seats, self._seat_row)


def _listed(ids: list[int], action_id: int) -> bool:
    """Whether ``action_id`` is one of ``ids``: a loop of native int comparisons in the compiled
    build, where ``in`` on a list compares Python objects one by one (2% of a batched step
    with 256 rounds; in plain Python it costs a little more than ``in``)."""
    for legal_id in ids:  # noqa: SIM110 (a plain loop: cheaper than any() in plain Python)
        if legal_id == action_id:
            return True
    return False


def _action_list(actions: ArrayLike) -> list[int]:
    """``actions`` as a flat list of ints (a list of ints as it is, without numpy)."""
    if isinstance(actions, list) and all(type(action) is int for action in actions):
        return actions
    picks: list[int] = np.asarray(actions, dtype=np.int64).reshape(-1).tolist()
    return picks


def sample_actions(masks: NDArray[np.int8], rng: np.random.Generator) -> NDArray[np.int64]:
    """One uniformly random legal action per row of ``masks`` (vectorised; every row must
    allow at least one action).

    A legal entry scores 1 + u, an illegal one u, with u uniform in [0, 1): the largest score
    of a row is a uniformly drawn legal action.

    >>> masks = np.array([[0, 1, 1], [1, 0, 0]], dtype=np.int8)
    >>> sample_actions(masks, np.random.default_rng(0))[1]
    np.int64(0)
    """
    noise = rng.random(masks.shape)
    noise += masks
    picked: NDArray[np.int64] = noise.argmax(axis=1)
    return picked


def slot_seeds(rng: random.Random, num_envs: int) -> list[tuple[int, int]]:
    """Seeds for ``num_envs`` slots drawn from ``rng``: per slot, one for its deals and one for
    its bots (the same pairs, in slot order, whichever process steps the slot).

    >>> slot_seeds(random.Random(1), 3) == slot_seeds(random.Random(1), 3)
    True
    """
    return [(deal_seed(rng), deal_seed(rng)) for _ in range(num_envs)]


def stack(batches: Sequence[Batch]) -> Batch:
    """Copies of several batches stacked along a new first axis (for keeping a rollout)."""
    return Batch(*(np.stack([getattr(b, name) for b in batches]) for name in Batch._fields))


__all__ = ["Batch", "BatchedEnv", "sample_actions", "slot_seeds", "stack"]
