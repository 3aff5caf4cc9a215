"""PettingZoo parallel environments: every seat answers at once, reaction windows included.

Where the AEC environment asks the seats of a reaction window one after the other, the parallel
one asks them all in the same step, which is how a window works at the table (API.md: every
seat that may react acts at the same time as the regular seat). Each step every live agent
sends one action; the action space of every game ends with one extra id, ``game.num_actions``,
**no action**:

- the seat whose regular turn it is must send one of its legal actions;
- a seat that may react sends a reaction or "no action";
- every other seat sends "no action" (its mask allows nothing else).

The actions are then resolved in the simulators' order (``sim.runner.choose_actor``): the first
reacting seat, in seat order from the regular seat, that did not send "no action" acts; if none
did, the regular seat acts. The other actions of that step are discarded. In the trick games
only one seat ever acts, so a step is one action and the others send "no action".

>>> env = parallel_env("frog")
>>> obs, infos = env.reset(seed=3)
>>> sorted(agent for agent in env.agents if obs[agent]["action_mask"][:-1].any())
['player_1']
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

import solocards

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..games.registry import DEFAULT_GAME
from .aec_core import ObsDict
from .observations import encoder_for
from .observations.base import Staging
from .pettingzoo_env import env_name
from .rewards import check_reward, round_rewards
from .seeding import deal_seed, pick_dealer
from .spaces import observation_space
from .turns import window


class SoloCardsParallelEnv(ParallelEnv[str, ObsDict, int]):  # type: ignore[misc]
    """One round of a solocards game as a PettingZoo parallel environment (see the module doc).

    The arguments are those of :class:`~solocards.rl.pettingzoo_env.SoloCardsAECEnv`.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "solocards_v0"}

    def __init__(
        self,
        game: str | Game = DEFAULT_GAME,
        players: int | None = None,
        *,
        reward: str = "win",
        dealer: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game = (
            solocards.make(game, players=players, **options) if isinstance(game, str) else game
        )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": env_name(self.game.id)}  # type: ignore[misc]
        self.reward_mode = check_reward(reward)
        n = self.game.players
        self.dealer = dealer if dealer is None else pick_dealer(random.Random(), n, dealer)
        self.max_steps = max_steps
        self.encoder = encoder_for(self.game)
        self.no_action = self.game.num_actions
        self._masks = Staging(0, self.no_action + 1)  # makes the masks (no observations)
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents: list[str] = []
        obs_space = observation_space(self.encoder, self.game.num_actions + 1)
        act_space = spaces.Discrete(self.game.num_actions + 1)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._rng = random.Random()
        self._state: State | None = None
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared) observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared) action space: ``Discrete(num_actions + 1)``, the last id "no action"."""
        return self.action_spaces[agent]

    @property
    def state_(self) -> State:
        """The round being played (the whole state: for the referee, never for a policy)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Deal a new round; ``options`` as for the AEC environment."""
        if seed is not None:
            self._rng = random.Random(seed)
        options = options or {}
        dealer = pick_dealer(self._rng, self.game.players, options.get("dealer", self.dealer))
        self._state = self.game.deal(
            seed=deal_seed(self._rng), deck=options.get("deck"), dealer=dealer
        )
        self.steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, ObsDict]:
        state = self.state_
        regular, reactors = window(state)
        encoder, no_action, masks = self.encoder, self.no_action, self._masks
        result: dict[str, ObsDict] = {}
        for seat, agent in enumerate(self.possible_agents):
            legal = state.legal_action_ids(seat)
            obs = encoder.observation(state, seat, legal)
            deciding = seat == regular or seat in reactors
            mask = masks.mask(legal if deciding else [], no_action if seat != regular else -1)
            result[agent] = {"observation": obs, "action_mask": mask}
        return result

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every live agent's action at once; see the module doc for how they are resolved."""
        state = self.state_
        if not self.agents:
            raise IllegalActionError("the round is over; call reset()")
        regular, reactors = window(state)
        chosen = {seat: int(actions[agent]) for seat, agent in enumerate(self.possible_agents)}
        for seat, action in chosen.items():
            if action != self.no_action and seat != regular and seat not in reactors:
                raise IllegalActionError(f"seat {seat} may not act now; send {self.no_action}")
        if chosen[regular] == self.no_action:
            raise IllegalActionError(f"seat {regular} must act: it is its regular turn")
        actor = next((s for s in reactors if chosen[s] != self.no_action), regular)
        state.apply_id(actor, chosen[actor])
        self.steps += 1
        agents = self.agents
        over = state.is_over
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        scores = round_rewards(state.result if over else None, len(agents), self.reward_mode)
        observations = self._observations()
        rewards = dict(zip(agents, scores, strict=True))
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The public table as text."""
        if self._state is None:
            return None
        view = self._state.view(None)
        lines = [f"{self.game.id}: {view.get('phase', '')}", *self.game.describe_table(view)]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    game: str | Game = DEFAULT_GAME, players: int | None = None, **kwargs: Any
) -> SoloCardsParallelEnv:
    """The parallel environment of ``game``."""
    return SoloCardsParallelEnv(game, players, **kwargs)


__all__ = ["SoloCardsParallelEnv", "parallel_env"]
