"""The per-step work of the PettingZoo AEC environment, in a class the compiled build compiles.

:class:`~solocards.rl.pettingzoo_env.SoloCardsAECEnv` subclasses PettingZoo's ``AECEnv``, a
plain Python class, so mypyc cannot compile it as a native class. What it does at every step
lives here instead, in :class:`AECCore` (a native class in the compiled build, see
:data:`~solocards.core.compiled.COMPILED_MODULES`): building an agent's observation and action
mask (fresh arrays, cached until the next action) and applying the deciding seat's action. The
environment keeps PettingZoo's bookkeeping (agents, rewards, terminations) and delegates to it.

>>> import solocards
>>> from solocards.rl.observations import encoder_for
>>> from solocards.rl.turns import Turns, action_space_size
>>> game = solocards.make("uno", players=2)
>>> core = AECCore(encoder_for(game), action_space_size(game), ["player_0", "player_1"])
>>> core.start(Turns(game.deal(seed=1)))
>>> obs = core.observe("player_1")
>>> obs["observation"].dtype, int(obs["action_mask"].sum()) > 0
(dtype('float32'), True)
>>> core.observe("player_0") is core.observe("player_0")  # cached until the next action
True
>>> core.act(obs["action_mask"].nonzero()[0][0])  # the agent deciding next
'player_0'
"""

from __future__ import annotations

from typing import Any, SupportsInt

import numpy as np
from numpy.typing import NDArray

from .observations.base import Encoder
from .turns import Turns

ObsDict = dict[str, NDArray[Any]]


class AECCore:
    """Observations, masks and actions of one AEC environment's round (see the module doc).

    ``agents`` are the agent names in seat order; ``max_steps`` truncates a round after that many
    actions (None: no limit).
    """

    def __init__(
        self,
        encoder: Encoder,
        num_actions: int,
        agents: list[str],
        max_steps: int | None = None,
    ) -> None:
        self.encoder = encoder
        self.num_actions = num_actions
        self.seats: dict[str, int] = {agent: seat for seat, agent in enumerate(agents)}
        self.agents = agents
        self.turns: Turns | None = None
        self.over = False
        """Whether the round has ended or was truncated (then no agent has a mask)."""
        self.steps = 0
        """Actions applied in this round."""
        self.max_steps = max_steps
        self._cache: dict[str, ObsDict] = {}
        self._zeros = np.zeros
        self._int8 = np.int8

    def start(self, turns: Turns) -> None:
        """Play the round ``turns`` from now on."""
        self.turns = turns
        self.over = False
        self.steps = 0
        self._cache.clear()

    def end(self) -> None:
        """The round has ended or was truncated: no agent may act any more."""
        self.over = True
        self._cache.clear()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation and action mask now: fresh arrays, the same ones until the
        next action (the mask is all zeros unless ``agent`` decides now)."""
        cached = self._cache.get(agent)
        if cached is not None:
            return cached
        seat = self.seats.get(agent)
        if seat is None:
            raise ValueError(f"no agent {agent!r}; agents: {', '.join(self.agents)}")
        turns = self.turns
        if turns is None:
            raise RuntimeError("call reset() first")
        state = turns.state
        legal = state.legal_action_ids(seat)
        obs = self.encoder.observation(state, seat, legal)
        mask = self._zeros(self.num_actions, self._int8)
        if seat == turns.seat and not self.over:
            bits: memoryview[int] = mask.data
            for action in legal:
                bits[action] = 1
            if turns.reacting:
                bits[turns.no_reaction] = 1
        result: ObsDict = {"observation": obs, "action_mask": mask}
        self._cache[agent] = result
        return result

    def act(self, action: SupportsInt) -> str | None:
        """Apply the deciding seat's ``action``; returns the agent deciding next, or None if
        the round is now over or truncated (``max_steps``). Raises
        :class:`~solocards.IllegalActionError` (nothing changed) if it is not legal."""
        turns = self.turns
        if turns is None:
            raise RuntimeError("call reset() first")
        turns.act(int(action))
        self._cache.clear()
        self.steps += 1
        seat = turns.seat
        limit = self.max_steps
        if seat < 0 or (limit is not None and self.steps >= limit):
            return None
        return self.agents[seat]


__all__ = ["AECCore", "ObsDict"]
