"""PettingZoo's classic wrappers, reading the per-step attributes from the raw env in one hop.

``env()`` wraps the raw environment in PettingZoo's ``TerminateIllegalWrapper``,
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. Their behaviour is theirs, unchanged;
but every attribute a wrapper does not define (``agent_selection``, ``terminations``,
``rewards``, ...) goes through each wrapper's ``__getattr__`` down to the raw env, about thirty
such look-ups per step for ``last()`` and ``step()``, which cost more than the step itself. The
subclasses here read those attributes straight from the raw env (the wrappers only ever write
them there, through ``env.unwrapped``); the outermost still refuses them before ``reset()``, as
``OrderEnforcingWrapper`` does.

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


def classic_wrappers(raw: AECEnv[Any, Any, Any], illegal_reward: float) -> AECEnv[Any, Any, Any]:
    """``raw`` in the three classic wrappers (illegal move ends the round, actions checked
    against the action space, order enforced), as PettingZoo's classic environments have."""
    inner = TerminateIllegal(raw, illegal_reward=illegal_reward)
    inner = AssertOutOfBounds(inner)
    wrapped: AECEnv[Any, Any, Any] = OrderEnforcing(inner)
    return wrapped


__all__ = ["DIRECT", "classic_wrappers"]
