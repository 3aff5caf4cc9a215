"""PettingZoo AEC environments: one round (deal) of a solocards game per episode.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each agent's observation is
``{"observation": float32 vector, "action_mask": int8 vector}`` built from its own view only
(:mod:`solocards.rl.observations`); the mask is all zeros for an agent that is not deciding now.
Actions are the game's integer action ids; in ``uno`` and ``amigo-solo`` the last id,
``game.num_actions``, is **no reaction** (:mod:`solocards.rl.turns`): a reaction window becomes
one explicit step for each seat that may react, in seat order from the seat whose regular turn
it is, each of which may decline; then the regular seat acts. (``agent_selection`` then names
the seat asked, which no observation shows; the parallel environment asks every seat at once.)

Rewards come at the end of the round (:mod:`solocards.rl.rewards`: ``"win"`` +1 / -1, or the
round's ``"score"``). In ``raw_env()`` an illegal action raises
:class:`~solocards.IllegalActionError` and changes nothing; ``env()`` wraps it as PettingZoo's
classic environments are wrapped: an illegal action ends the round with ``illegal_reward`` (-1)
for its agent (``TerminateIllegalWrapper``), and the order of calls is enforced.

The versioned ids are modules, as in PettingZoo: ``solocards.rl.solocards_uno_v0``,
``solocards_amigo_solo_v0``, ``solocards_german_solo_v0``, ``solocards_frog_v0``, each with
``env()``, ``raw_env()`` and ``parallel_env()``.

>>> env = raw_env("uno", players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, int(obs["action_mask"].sum()) > 0, reward
('player_1', True, 0.0)
>>> while env.agents:
...     obs, *_, done, truncated, _ = env.last()
...     env.step(None if done else int(obs["action_mask"].nonzero()[0][0]))
>>> env.rewards == {}
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import solocards

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..games.registry import DEFAULT_GAME
from .aec_core import AECCore, ObsDict
from .direct_wrappers import classic_wrappers
from .observations import encoder_for
from .rewards import check_reward, round_rewards
from .seeding import deal_seed, pick_dealer
from .spaces import ActionSpace, observation_space
from .turns import Turns, action_space_size


def env_name(game_id: str) -> str:
    """The versioned PettingZoo id of a game: ``solocards_uno_v0``."""
    return f"solocards_{game_id.replace('-', '_')}_v0"


class SoloCardsAECEnv(AECEnv[str, ObsDict, int | None]):  # type: ignore[misc]
    """One round of a solocards game as a PettingZoo AEC environment (see the module doc).

    ``game`` is a game id (then ``players`` and ``options`` make it) or a made game.
    ``dealer`` fixes the dealer (default: a seat drawn at each reset). ``max_steps`` truncates
    a round after that many decisions (default: none; every game ends on its own).
    ``reset(options=...)`` accepts ``deck`` (a deck order, API.md) and ``dealer``; other keys
    are ignored.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "solocards_v0",
        "is_parallelizable": False,
    }

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
        super().__init__()
        self.game: Game = (
            solocards.make(game, players=players, **options) if isinstance(game, str) else game
        )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.reward_mode = check_reward(reward)
        self.metadata = {**self.metadata, "name": env_name(self.game.id)}  # type: ignore[misc]
        n = self.game.players
        self.dealer = dealer if dealer is None else pick_dealer(random.Random(), n, dealer)
        self.encoder = encoder_for(self.game)
        self.num_actions = action_space_size(self.game)
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        obs_space = observation_space(self.encoder, self.num_actions)
        act_space = ActionSpace(self.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._rng = random.Random()
        self._core = AECCore(self.encoder, self.num_actions, self.possible_agents, max_steps)
        self._over = False  # the round has ended or was truncated (kept by reset and step)
        self.turns: Turns | None = None

    @property
    def render_mode(self) -> str | None:
        """``"ansi"``, ``"human"`` (each step prints the table) or None."""
        return self._render_mode

    @render_mode.setter
    def render_mode(self, mode: str | None) -> None:
        self._render_mode = mode
        self._human = mode == "human"  # (read at every step)

    # -- the PettingZoo API -----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared) observation space."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The (shared) action space: ``Discrete(num_actions [+ 1])``."""
        return self.action_spaces[agent]

    @property
    def state_(self) -> State:
        """The round being played (the whole state: for the referee, never for a policy)."""
        if self.turns is None:
            raise RuntimeError("call reset() first")
        return self.turns.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round (seeded by ``seed``, else by the environment's own generator)."""
        if seed is not None:
            self._rng = random.Random(seed)
        options = options or {}
        n = self.game.players
        dealer = pick_dealer(self._rng, n, options.get("dealer", self.dealer))
        state = self.game.deal(seed=deal_seed(self._rng), deck=options.get("deck"), dealer=dealer)
        self.turns = Turns(state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._over = False
        self._core.start(self.turns)
        self.agent_selection = self.possible_agents[self.turns.seat]

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation and action mask now (fresh arrays; the last ones asked
        for are kept until the next action).

        Built straight from the state (:meth:`~solocards.rl.observations.Encoder.write_state`),
        equal to encoding the seat's view.
        """
        return self._core.observe(agent)

    def last(
        self, observe: bool = True
    ) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, terminated, truncated and info
        (PettingZoo's ``last``, without its generic look-ups)."""
        agent = self.agent_selection
        return (
            self._core.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    @property
    def max_steps(self) -> int | None:
        """Truncate a round after this many actions (None: never)."""
        return self._core.max_steps

    @max_steps.setter
    def max_steps(self, value: int | None) -> None:
        self._core.max_steps = value

    @property
    def steps(self) -> int:
        """Actions applied in this round."""
        return self._core.steps

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` once it is terminated or truncated)."""
        agent = self.agent_selection
        if self._over and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act; None is only for a finished agent")
        # Rewards come only at the end of a round: until then ``rewards`` and the cumulative
        # rewards stay the zeros that reset() set (a live round is never stepped after rewards
        # were given), so PettingZoo's reset of the acting agent's cumulative reward is a no-op.
        selected = self._core.act(action)
        if selected is None:
            self._end_round(agent)
        else:
            self.agent_selection = selected
        if self._human:
            self.render()

    def _end_round(self, agent: str) -> None:
        """The round is over (or truncated) after ``agent``'s action: every agent terminates
        (or is truncated); the rewards of a finished round are given."""
        turns = self.turns
        assert turns is not None
        self._over = True
        self._core.end()
        n = self.game.players
        if turns.is_over:
            scores = round_rewards(turns.state.result, n, self.reward_mode)
            self.rewards = dict(zip(self.agents, scores, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.truncations = dict.fromkeys(self.agents, True)
        seat = self.possible_agents.index(agent)
        self.agent_selection = self.possible_agents[(seat + 1) % n]
        if turns.is_over:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the public table as text (returned); ``human``: printed."""
        if self.turns is None:
            return None
        view = self.turns.state.view(None)
        lines = [f"{self.game.id}: {view.get('phase', '')}", *self.game.describe_table(view)]
        text = "\n".join(lines)
        if self._human:
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game: str | Game = DEFAULT_GAME, players: int | None = None, **kwargs: Any
) -> SoloCardsAECEnv:
    """The environment without PettingZoo's wrappers (fastest)."""
    return SoloCardsAECEnv(game, players, **kwargs)


def env(
    game: str | Game = DEFAULT_GAME,
    players: int | None = None,
    illegal_reward: float = -1.0,
    **kwargs: Any,
) -> AECEnv[Any, Any, Any]:
    """The environment in PettingZoo's classic wrappers (illegal move ends it, order enforced;
    see :mod:`.direct_wrappers`)."""
    return classic_wrappers(SoloCardsAECEnv(game, players, **kwargs), illegal_reward)


def seats(agents: Sequence[str]) -> list[int]:
    """Agent names back to seat numbers."""
    return [int(agent.rsplit("_", 1)[1]) for agent in agents]


__all__ = ["SoloCardsAECEnv", "env", "env_name", "raw_env", "seats"]
