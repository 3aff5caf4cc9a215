"""Gymnasium single-agent environments: one seat learns, solocards bots play the others.

Registered ids (registered when :mod:`solocards.rl` is imported; ``gymnasium.make`` also
accepts ``"solocards.rl:solocards/UNO-v0"``, which imports it first):

| id | game |
|---|---|
| ``solocards/UNO-v0`` | ``uno`` |
| ``solocards/AmigoSolo-v0`` | ``amigo-solo`` |
| ``solocards/GermanSolo-v0`` | ``german-solo`` |
| ``solocards/Frog-v0`` | ``frog`` |

``gymnasium.make("solocards/UNO-v0", players=2, opponents="heuristic", stack_draw2=True)``:
the keyword arguments are ``players``, ``opponents`` (a bot spec such as ``random``,
``heuristic`` or ``ismcts:iterations=200`` for every other seat, a bot, or one per other seat
in seat order; a bot that does not exist for the game is refused with the list of those that
do), ``seat`` (the learner's seat; ``None`` draws one at each reset), ``reward`` (``win`` or
``score``, :mod:`solocards.rl.rewards`), ``illegal_reward`` (what an illegal action earns: it
ends the episode, with ``info["illegal_action"]``, as PettingZoo's classic environments do;
``None`` raises :class:`~solocards.IllegalActionError` instead), ``dealer`` and the game's
options.

An episode is one round. Observations and actions are those of the PettingZoo environments
(:mod:`solocards.rl.pettingzoo_env`): ``{"observation", "action_mask"}``, and in the games with
reaction windows the last action id is "no reaction", offered when the learner may react. The
bots decide in the simulators' order (``sim.runner.choose_actor``). A round in which the learner
never has to decide (frog's dealer sitting out) is skipped: ``reset`` deals again.
:meth:`SoloCardsEnv.action_masks` gives the mask (the sb3-contrib convention).

>>> env = SoloCardsEnv("uno", players=2, opponents="random")
>>> obs, info = env.reset(seed=4)
>>> done = False
>>> while not done:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = env.step(action)
>>> reward in (1.0, -1.0)
True
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

import solocards

from ..core.errors import IllegalActionError
from ..core.game import Game
from ..games.registry import DEFAULT_GAME, game_class, games
from .aec_core import ObsDict
from .observations import encoder_for
from .opponents import Opponents, bot_action, make_opponents
from .rewards import check_reward, round_rewards
from .seeding import deal_seed, pick_dealer
from .spaces import observation_space
from .turns import Turns, action_space_size


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a registered game: ``solocards/<rl_name>-v0``, the name the game
    declares (``info.rl_name``) or else its id in CamelCase.

    >>> gym_id("uno"), gym_id("german-solo")
    ('solocards/UNO-v0', 'solocards/GermanSolo-v0')
    """
    name = game_class(game_id).info.rl_name
    if not name:
        name = "".join(part.capitalize() for part in game_id.split("-"))
    return f"solocards/{name}-v0"


def gym_ids() -> dict[str, str]:
    """Every registered game's Gymnasium id, by game id."""
    return {game_id: gym_id(game_id) for game_id in games()}


GYM_IDS = gym_ids()
"""The Gymnasium ids of the games registered when :mod:`solocards.rl` was imported."""

_REDEALS = 100


class SoloCardsEnv(gymnasium.Env[ObsDict, int]):
    """One seat of a solocards round against bots (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = DEFAULT_GAME,
        players: int | None = None,
        *,
        opponents: Opponents = "random",
        seat: int | None = 0,
        reward: str = "win",
        illegal_reward: float | None = -1.0,
        dealer: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.illegal_reward = illegal_reward
        self.game: Game = (
            solocards.make(game, players=players, **options) if isinstance(game, str) else game
        )
        n = self.game.players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise ValueError(f"seat must be a seat 0..{n - 1} or None, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.seat_option = seat
        self.seat = 0 if seat is None else seat
        self.reward_mode = check_reward(reward)
        self.dealer = dealer if dealer is None else pick_dealer(random.Random(), n, dealer)
        self.opponents = opponents
        self._bots = {s: make_opponents(opponents, self.game, s) for s in range(n)}
        self.encoder = encoder_for(self.game)
        self.num_actions = action_space_size(self.game)
        self.observation_space = observation_space(  # type: ignore[assignment]
            self.encoder, self.num_actions
        )
        self.action_space = spaces.Discrete(self.num_actions)  # type: ignore[assignment]
        self._mask = np.zeros(self.num_actions, dtype=np.int8)
        self._rngs: list[random.Random] = []
        self._rng = random.Random()
        self.turns: Turns | None = None
        self._ended = False

    # -- the Gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deal a round and let the bots play up to the learner's first decision.

        ``options`` may hold ``deck`` (a deck order, API.md) and ``dealer``.
        """
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(int(self.np_random.integers(2**62)))
        options = options or {}
        n = self.game.players
        for _ in range(_REDEALS):
            if self.seat_option is None:
                self.seat = self._rng.randrange(n)
            self._rngs = [random.Random(deal_seed(self._rng)) for _ in range(n)]
            dealer = pick_dealer(self._rng, n, options.get("dealer", self.dealer))
            state = self.game.deal(
                seed=deal_seed(self._rng), deck=options.get("deck"), dealer=dealer
            )
            self.turns = Turns(state)
            self._ended = False
            self._play_bots()
            if not state.is_over:
                return self._observe(), {}
        raise RuntimeError(
            f"seat {self.seat} had no decision to make in {_REDEALS} deals of {self.game.id}"
        )

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots' until the learner decides again."""
        turns = self._turns()
        if turns.is_over or self._ended:
            raise IllegalActionError("the episode is over; call reset()")
        action = int(action)
        if not (0 <= action < self.num_actions and self._mask[action]):
            if self.illegal_reward is None:
                turns.act(action)  # raises, saying why
                raise IllegalActionError(f"action {action} is not legal now")
            self._ended = True
            self._mask.fill(0)
            obs = self._observe()
            return obs, float(self.illegal_reward), True, False, {"illegal_action": True}
        turns.act(action)
        self._play_bots()
        state = turns.state
        reward = 0.0
        if state.is_over:
            reward = round_rewards(state.result, self.game.players, self.reward_mode)[self.seat]
        return self._observe(), reward, state.is_over, False, {}

    def action_masks(self) -> NDArray[np.int8]:
        """The learner's action mask now (a copy; all zeros once the round is over)."""
        return self._mask.copy()

    def render(self) -> str | None:
        """The public table as text."""
        if self.turns is None:
            return None
        view = self.turns.state.view(None)
        lines = [f"{self.game.id}: {view.get('phase', '')}", *self.game.describe_table(view)]
        return "\n".join(lines)

    # -- inside -----------------------------------------------------------------------------

    def _turns(self) -> Turns:
        if self.turns is None:
            raise RuntimeError("call reset() first")
        return self.turns

    def _play_bots(self) -> None:
        turns, bots, rngs, seat = self._turns(), self._bots[self.seat], self._rngs, self.seat
        while not turns.is_over and turns.seat != seat:
            decider = turns.seat
            turns.act(bot_action(turns, bots[decider], rngs[decider]))

    def _observe(self) -> ObsDict:
        turns = self._turns()
        state, seat = turns.state, self.seat
        legal = state.legal_action_ids(seat)
        obs = self.encoder.observation(state, seat, legal)
        mask = self._mask
        mask.fill(0)
        if not turns.is_over and not self._ended:
            if legal:
                mask[legal] = 1
            if turns.reacting:
                mask[turns.no_reaction] = 1
        return {"observation": obs, "action_mask": mask.copy()}


def register() -> None:
    """Register every registered game's id with Gymnasium (done on import of
    :mod:`solocards.rl`; call it again after registering a game)."""
    for game_id, env_id in gym_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="solocards.rl.gym_env:SoloCardsEnv",
                kwargs={"game": game_id},
            )


__all__ = ["GYM_IDS", "SoloCardsEnv", "gym_id", "gym_ids", "register"]
