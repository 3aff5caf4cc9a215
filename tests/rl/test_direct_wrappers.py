"""``env()``'s wrappers read the per-step attributes straight from the raw env, and behave
exactly as PettingZoo's own classic wrappers: the same seeded rounds, an illegal action
included, give the same ``last()`` at every step, and attributes are refused before reset."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.utils import wrappers

import solocards
from solocards.rl import pettingzoo_env
from solocards.rl.direct_wrappers import DIRECT


def libraries_own(game_id: str, **kwargs: Any) -> Any:
    inner = pettingzoo_env.raw_env(game_id, **kwargs)
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1.0)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    return wrappers.OrderEnforcingWrapper(inner)


def play(env: Any, seed: int, illegal_at: int) -> list[Any]:
    """A seeded random round (an illegal action at step ``illegal_at``); what last() said."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    seen: list[Any] = []
    for step in range(2000):
        if not env.agents:
            break
        obs, reward, done, truncated, _info = env.last()
        public = [repr(getattr(env, name)) for name in DIRECT if not name.startswith("_")]
        seen.append(
            (env.agent_selection, obs["observation"].tolist(), reward, done, truncated, *public)
        )
        if done or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        if step == illegal_at:
            env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        else:
            env.step(rng.choice(legal))
    return seen


@pytest.mark.parametrize("game_id", solocards.games())
def test_the_direct_wrappers_behave_as_pettingzoos_own(game_id: str) -> None:
    for seed, illegal_at in ((1, 10_000), (2, 7)):
        ours = play(pettingzoo_env.env(game_id), seed, illegal_at)
        theirs = play(libraries_own(game_id), seed, illegal_at)
        assert ours == theirs and len(ours) > 5


@pytest.mark.parametrize("name", ["agent_selection", "agents", "rewards", "terminations"])
def test_the_attributes_are_refused_before_reset(name: str) -> None:
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        getattr(pettingzoo_env.env("uno"), name)


def test_last_is_refused_before_reset_as_pettingzoo_refuses_it() -> None:
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        pettingzoo_env.env("frog").last()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        libraries_own("frog").last()


def test_the_action_space_contains_what_discrete_contains() -> None:
    """The AEC envs' action space answers ``contains`` as Gymnasium's ``Discrete`` does."""
    from gymnasium import spaces

    from solocards.rl.spaces import ActionSpace

    values: list[object] = [-(2**70), -1, 0, 1, 54, 55, 56, 2**63, 2**70, True, False]
    values += [np.int64(3), np.int8(-1), np.uint64(55), np.int32(56), np.array(4), 2.0, "1"]
    for n, start in ((56, 0), (147, 0), (5, 3)):
        ours, theirs = ActionSpace(n, start=start), spaces.Discrete(n, start=start)
        assert [ours.contains(value) for value in values] == [
            theirs.contains(value) for value in values
        ]
    env = pettingzoo_env.env("german-solo")
    assert isinstance(env.action_space("player_0"), spaces.Discrete)


def test_the_fused_wrapper_refuses_what_pettingzoos_own_refuse_before_reset() -> None:
    """``env()``'s outermost wrapper does the three wrappers' work in one call; before reset it
    raises what ``OrderEnforcingWrapper`` raises, for each call."""
    for call in (lambda env: env.step(0), lambda env: env.observe("player_0")):
        errors = []
        for env in (pettingzoo_env.env("uno"), libraries_own("uno")):
            with pytest.raises(AssertionError) as caught:
                call(env)
            errors.append(str(caught.value))
        assert errors[0] == errors[1] and "reset() needs to be called" in errors[0]


def test_the_fused_wrapper_checks_the_action_space_and_warns_as_pettingzoos_own(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An action outside the action space fails the same assertion; a step once every agent is
    gone warns as the library warns; an illegal action at a reaction-free step loses."""
    for env in (pettingzoo_env.env("uno", players=2), libraries_own("uno", players=2)):
        env.reset(seed=4)
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(10_000)
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(None)  # None only for a finished agent
    ours, theirs = pettingzoo_env.env("uno", players=2), libraries_own("uno", players=2)
    seen = []
    for env in (ours, theirs):
        env.reset(seed=4)
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        trail = []
        for agent in env.agent_iter():
            _obs, reward, done, truncated, _info = env.last()
            trail.append((agent, reward, done, truncated))
            env.step(None)
        caplog.clear()
        env.step(None)
        trail.append(tuple(record.getMessage() for record in caplog.records))
        seen.append(trail)
    assert seen[0] == seen[1] and len(seen[0]) == 3
    assert "step() called after all agents" in seen[0][-1][0]


def test_env_is_an_order_enforcing_wrapper_around_the_other_two() -> None:
    """The wrapper stack stays PettingZoo's: its classes, its ``unwrapped``, its name."""
    env = pettingzoo_env.env("frog")
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(env.env.env, wrappers.TerminateIllegalWrapper)
    assert env.env.env.env is env.unwrapped
    assert str(env) == str(libraries_own("frog")) == "solocards_frog_v0"
