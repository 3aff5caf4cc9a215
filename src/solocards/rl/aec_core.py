"""The per-step work of the PettingZoo AEC environment, in a class the compiled build compiles.

:class:`~solocards.rl.pettingzoo_env.SoloCardsAECEnv` subclasses PettingZoo's ``AECEnv``, a
plain Python class, so mypyc cannot compile it as a native class. What it does at every step
lives here instead, in :class:`AECCore` (a native class in the compiled build, see
``COMPILED_MODULES`` in ``scripts/build_compiled.py``): building an agent's observation and
action mask (fresh arrays, made by a :class:`~solocards.rl.observations.base.Staging`; the last one
asked for is kept until the next action, as ``last()`` and ``step()`` both look at it) and
applying the deciding seat's action. The environment keeps PettingZoo's bookkeeping (agents,
rewards, terminations) and delegates to it.

>>> import solocards
>>> from solocards.rl.observations import encoder_for
>>> from solocards.rl.turns import Turns, action_space_size
>>> game = solocards.make("uno", players=2)
>>> core = AECCore(encoder_for(game), action_space_size(game), ["player_0", "player_1"])
>>> core.start(Turns(game.deal(seed=1)))
>>> obs = core.observe("player_1")
>>> obs["observation"].dtype, int(obs["action_mask"].sum()) > 0
(dtype('float32'), True)
>>> core.observe("player_0") is core.observe("player_0")  # kept until the next action
True
>>> core.act(obs["action_mask"].nonzero()[0][0])  # the agent deciding next
'player_0'
"""

from __future__ import annotations

from typing import Any, SupportsInt

from numpy.typing import NDArray

from .observations.base import Encoder, Staging
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
        self._cached_agent: str | None = None
        """Whose observation :attr:`_cached` is (None: none since the last action)."""
        self._cached: ObsDict = {}
        self._stage = Staging(encoder.size, num_actions)

    def start(self, turns: Turns) -> None:
        """Play the round ``turns`` from now on."""
        self.turns = turns
        self.over = False
        self.steps = 0
        self._cached_agent = None

    def end(self) -> None:
        """The round has ended or was truncated: no agent may act any more."""
        self.over = True
        self._cached_agent = None

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation and action mask now: fresh arrays (the mask is all zeros
        unless ``agent`` decides now). Asked again for the same agent before the next action,
        and before any other agent's, it returns the same arrays."""
        if agent == self._cached_agent:
            return self._cached
        turns = self.turns
        if turns is None:
            raise RuntimeError("call reset() first")
        seat = turns.seat
        if seat < 0 or agent != self.agents[seat]:  # (the usual caller asks for the deciding seat)
            found = self.seats.get(agent)
            if found is None:
                raise ValueError(f"no agent {agent!r}; agents: {', '.join(self.agents)}")
            seat = found
        state = turns.state
        legal = state.legal_action_ids(seat)
        stage = self._stage
        self.encoder.write_state(state, seat, legal, stage.cells, stage.base())
        obs = stage.take_observation()
        if seat == turns.seat and not self.over:
            mask = stage.mask(legal, turns.no_reaction if turns.reacting else -1)
        else:
            mask = stage.mask([])
        result: ObsDict = {"observation": obs, "action_mask": mask}
        self._cached_agent = agent
        self._cached = result
        return result

    def act(self, action: SupportsInt) -> str | None:
        """Apply the deciding seat's ``action``; returns the agent deciding next, or None if
        the round is now over or truncated (``max_steps``). Raises
        :class:`~solocards.IllegalActionError` (nothing changed) if it is not legal."""
        turns = self.turns
        if turns is None:
            raise RuntimeError("call reset() first")
        turns.act(int(action))
        self._cached_agent = None
        self.steps += 1
        seat = turns.seat
        limit = self.max_steps
        if seat < 0 or (limit is not None and self.steps >= limit):
            return None
        return self.agents[seat]


__all__ = ["AECCore", "ObsDict"]
