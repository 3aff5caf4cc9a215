"""The optional compiled build: the engine's hot modules compiled to C with mypyc.

The engine is plain Python and needs nothing outside the standard library. For long simulations
the hot modules (this core's ``game``, every game's state machine, rules and views, the bots'
playouts and UNO's fast playout and world sampling, the RL encoders and turns; the list,
``COMPILED_MODULES``, lives with the build script ``scripts/build_compiled.py``) can also be
compiled with
`mypyc <https://mypyc.readthedocs.io>`_, which turns the fully typed code into a C extension,
1.7 to 2.4 times as fast. The compiled
build is the same source: the test suite runs on both (``tests/test_compiled.py``).

``make compiled`` builds it into ``build/mypyc``; put that folder first on ``PYTHONPATH`` to
use it. It ships as a platform wheel too (``SOLOCARDS_COMPILE=1 python -m build``, ``setup.py``;
without the variable the wheel is plain, ``py3-none-any``). :func:`is_compiled` says which
build is running.

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


def is_compiled() -> bool:
    """Whether the engine's core was compiled with mypyc (else it is plain Python)."""
    from . import game

    return not game.__file__.endswith(".py") if game.__file__ else False


__all__ = ["is_compiled", "mypyc_attr"]
