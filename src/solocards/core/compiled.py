"""The optional compiled build: the engine's hot modules compiled to C with mypyc.

The engine is plain Python and needs nothing outside the standard library. For long simulations
the hot modules (this core's ``game`` and UNO's state machine and tables, see
:data:`COMPILED_MODULES`) can also be compiled with `mypyc <https://mypyc.readthedocs.io>`_,
which turns the fully typed code into a C extension, about 1.6 times as fast. The compiled
build is the same source: the test suite runs on both (``tests/test_compiled.py``).

``make compiled`` builds it into ``build/mypyc``; put that folder first on ``PYTHONPATH`` to
use it. :func:`is_compiled` says which build is running.

``mypyc_attr`` is mypyc's class decorator when mypyc compiles the module, and does nothing in
the plain build, which therefore needs no ``mypy_extensions``.

>>> isinstance(is_compiled(), bool)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

_T = TypeVar("_T")

if TYPE_CHECKING:  # what mypyc sees when it compiles
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*_args: Any, **_flags: Any) -> Callable[[_T], _T]:
        """The plain build: leave the class as it is."""

        def keep(cls: _T) -> _T:
            return cls

        return keep


COMPILED_MODULES = (
    "solocards/core/game.py",
    "solocards/core/rng.py",
    "solocards/games/uno/actions.py",
    "solocards/games/uno/cards.py",
    "solocards/games/uno/fast.py",
    "solocards/games/uno/game.py",
    "solocards/games/uno/rules.py",
    "solocards/games/uno/state.py",
    "solocards/rl/aec_core.py",
    "solocards/rl/batched.py",
    "solocards/rl/observations/amigo_solo.py",
    "solocards/rl/observations/base.py",
    "solocards/rl/observations/frog.py",
    "solocards/rl/observations/german_solo.py",
    "solocards/rl/observations/uno.py",
    "solocards/rl/turns.py",
)
"""The modules the compiled build compiles (paths under the source root)."""


def is_compiled() -> bool:
    """Whether the engine's core was compiled with mypyc (else it is plain Python)."""
    from . import game

    return not game.__file__.endswith(".py") if game.__file__ else False


__all__ = ["COMPILED_MODULES", "is_compiled", "mypyc_attr"]
