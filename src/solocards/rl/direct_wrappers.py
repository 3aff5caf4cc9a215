"""PettingZoo's classic wrappers, reading the per-step attributes from the raw env in one hop.

``env()`` wraps the raw environment in PettingZoo's ``TerminateIllegalWrapper``,
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. Their behaviour is theirs, unchanged;
but every attribute a wrapper does not define (``agent_selection``, ``terminations``,
``rewards``, ...) goes through each wrapper's ``__getattr__`` down to the raw env, about thirty
such look-ups per step for ``last()`` and ``step()``, which cost more than the step itself. The
subclasses here read those attributes straight from the raw env (the wrappers only ever write
them there, through ``env.unwrapped``); the outermost still refuses them before ``reset()``, as
``OrderEnforcingWrapper`` does.

The outermost, :class:`ClassicWrappers`, goes one step further: its ``observe``, ``last`` and
``step`` do the three wrappers' checks and bookkeeping in one call (each check the library's, in
its order) and then call the raw env, instead of passing each call down through three method
calls and their ``super()`` chains. The inner two stay in place, unchanged, for whoever calls
them directly. ``tests/rl/test_direct_wrappers.py`` plays the same seeded rounds, illegal
actions, dead steps and calls before reset through these and through PettingZoo's own wrappers
and compares everything they say.

>>> from solocards.rl import pettingzoo_env
>>> wrapped = pettingzoo_env.env("uno", players=2)
>>> wrapped.agent_selection
Traceback (most recent call last):
AttributeError: agent_selection cannot be accessed before reset
>>> wrapped.reset(seed=1)
>>> wrapped.agent_selection == wrapped.unwrapped.agent_selection
True
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

DIRECT = (
    "agent_selection",
    "agents",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
)
"""The attributes read at every step (``AECEnv.last``, the wrappers' ``step`` and ``observe``)."""


def _direct(name: str, before_reset: bool) -> property:
    """A property reading ``name`` from the raw env; with ``before_reset`` it is missing (and
    so falls back to ``__getattr__``, which says why) until the env has been reset."""

    def read(self: Any) -> Any:
        if before_reset and not self._has_reset:
            raise AttributeError(name)
        return getattr(self._raw, name)

    read.__name__ = name
    return property(read)


def _last(self: Any, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """``AECEnv.last``, reading the per-step attributes from the raw env in one hop (the
    observation still comes through every wrapper's ``observe``)."""
    if not self._has_reset:
        raise AttributeError("agent_selection cannot be accessed before reset")
    raw = self._raw
    agent = raw.agent_selection
    observation = self.observe(agent) if observe else None
    return (
        observation,
        raw._cumulative_rewards[agent],
        raw.terminations[agent],
        raw.truncations[agent],
        raw.infos[agent],
    )


def _with_direct_attributes(cls: type[Any], order_enforcing: bool = False) -> type[Any]:
    """A subclass of the wrapper ``cls`` whose :data:`DIRECT` attributes read the raw env."""

    def __init__(self: Any, env: AECEnv[Any, Any, Any], *args: Any, **kwargs: Any) -> None:
        cls.__init__(self, env, *args, **kwargs)
        self._raw = env.unwrapped

    namespace: dict[str, Any] = {
        name: _direct(name, order_enforcing and name != "_cumulative_rewards") for name in DIRECT
    }
    namespace["__init__"] = __init__
    if order_enforcing:
        namespace["last"] = _last
    namespace["__doc__"] = f"{cls.__name__}, reading {', '.join(DIRECT)} from the raw env."
    namespace["__module__"] = __name__
    return type(cls.__name__, (cls,), namespace)


TerminateIllegal = _with_direct_attributes(wrappers.TerminateIllegalWrapper)
AssertOutOfBounds = _with_direct_attributes(wrappers.AssertOutOfBoundsWrapper)
OrderEnforcing = _with_direct_attributes(wrappers.OrderEnforcingWrapper, order_enforcing=True)


class ClassicWrappers(OrderEnforcing):  # type: ignore[misc, valid-type]
    """The outermost of the three classic wrappers (an ``OrderEnforcingWrapper``), whose
    ``observe``, ``last`` and ``step`` do in one call what the three wrappers' methods do one
    after the other: the order checks of ``OrderEnforcingWrapper``, the action-space assertion of
    ``AssertOutOfBoundsWrapper``, and the illegal-move handling of ``TerminateIllegalWrapper``
    (whose own attributes, ``_prev_obs``, ``_prev_info`` and ``_terminated``, it keeps, so the
    inner wrappers may still be called directly), then the raw env's own method. Each check is
    the library's, in the library's order, with the library's errors and warnings.

    ``inner`` is ``AssertOutOfBounds(illegal)`` and ``illegal`` the ``TerminateIllegal``
    wrapper around the raw env (as :func:`classic_wrappers` makes them).

    >>> from solocards.rl import pettingzoo_env
    >>> wrapped = pettingzoo_env.env("uno", players=2)
    >>> wrapped.reset(seed=1)
    >>> obs, *_ = wrapped.last()
    >>> wrapped.step(int((obs["action_mask"] == 0).nonzero()[0][0]))  # an illegal action
    >>> wrapped.terminations, wrapped.rewards["player_1"]
    ({'player_0': True, 'player_1': True}, -1.0)
    """

    def __init__(self, inner: AECEnv[Any, Any, Any], illegal: Any) -> None:
        super().__init__(inner)
        self._illegal = illegal

    def __str__(self) -> str:
        """The raw env's name, as PettingZoo's own classic environments print."""
        return str(self.env)

    def observe(self, agent: Any) -> Any:
        """``OrderEnforcingWrapper.observe`` through ``TerminateIllegalWrapper.observe``."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw = self._raw
        observation = raw.observe(agent)
        if agent == raw.agent_selection:
            illegal = self._illegal
            illegal._prev_obs = observation
            illegal._prev_info = raw.infos.get(agent, {})
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last`` through the wrappers' ``observe`` (see :meth:`observe`)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        observation = None
        if observe:
            observation = raw.observe(agent)
            illegal = self._illegal
            illegal._prev_obs = observation
            illegal._prev_info = raw.infos.get(agent, {})
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The three wrappers' ``step``, outermost first, then the raw env's."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        raw = self._raw
        if not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        # AssertOutOfBoundsWrapper.step
        assert (action is None and dead) or raw.action_space(agent).contains(action), (
            "action is not in action space"
        )
        # TerminateIllegalWrapper.step
        illegal = self._illegal
        if illegal._prev_obs is None:
            self.observe(agent)
        previous = illegal._prev_obs
        if isinstance(previous, dict):
            assert "action_mask" in previous, (
                f"`action_mask` not found in dictionary observation: {previous}."
            )
            action_mask = previous["action_mask"]
        else:
            assert illegal._prev_info is not None
            assert "action_mask" in illegal._prev_info, (
                f"`action_mask` not found in info for non-dictionary observation: "
                f"{illegal._prev_info}."
            )
            action_mask = illegal._prev_info["action_mask"]
        illegal._prev_obs = None
        illegal._prev_info = None
        if illegal._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not action_mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(illegal._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            illegal._terminated = True
        else:
            raw.step(action)


def classic_wrappers(raw: AECEnv[Any, Any, Any], illegal_reward: float) -> AECEnv[Any, Any, Any]:
    """``raw`` in the three classic wrappers (illegal move ends the round, actions checked
    against the action space, order enforced), as PettingZoo's classic environments have; the
    outermost does the three wrappers' per-step work in one call (:class:`ClassicWrappers`)."""
    illegal = TerminateIllegal(raw, illegal_reward=illegal_reward)
    wrapped: AECEnv[Any, Any, Any] = ClassicWrappers(AssertOutOfBounds(illegal), illegal)
    return wrapped


__all__ = ["DIRECT", "ClassicWrappers", "classic_wrappers"]
