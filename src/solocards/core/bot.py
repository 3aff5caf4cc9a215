"""The bot protocol: a bot sees what a player sees, never the state.

It lives in ``core`` so that a game package can ship its heuristic bot without importing
``solocards.bots``. The registry, the random bot and ISMCTS live in ``solocards.bots``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .errors import OptionError


@runtime_checkable
class Bot(Protocol):
    """Something that picks one of ``legal_actions`` from a seat's ``view``."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Return one of ``legal_actions`` (a reaction window may hold ``NO_REACTION``)."""
        ...


NO_REACTION = "no-reaction"
"""What a bot answers when asked about an optional reaction (a jump-in, a catch) it declines."""


@dataclass(frozen=True)
class BotParam:
    """One parameter a bot kind accepts in a bot spec (``kind:name=value``), with its range.

    ``kind`` is ``int``, ``float`` or ``str``; numbers must be finite and lie in
    ``[minimum, maximum]``; a ``str`` parameter takes one of ``choices``.

    >>> BotParam("c", float, 0.0, 10.0).convert("0.7", "ismcts")
    0.7
    >>> try:
    ...     BotParam("c", float, 0.0, 10.0).convert("nan", "ismcts")
    ... except OptionError as error:
    ...     print(error)
    ismcts parameter c must be a finite number from 0.0 to 10.0, not 'nan'
    """

    name: str
    kind: type
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None

    def describe(self) -> str:
        """The values allowed, in words (``a whole number from 1 to 5000``)."""
        if self.kind is str:
            return "one of " + ", ".join(self.choices or ())
        what = "a whole number" if self.kind is int else "a finite number"
        if self.minimum is not None and self.maximum is not None:
            return f"{what} from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"{what} >= {self.minimum}"
        if self.maximum is not None:
            return f"{what} <= {self.maximum}"
        return what

    def convert(self, text: str, bot: str) -> int | float | str:
        """The value of ``text`` for this parameter, or an :class:`OptionError` naming it."""
        problem = OptionError(
            f"{bot} parameter {self.name} must be {self.describe()}, not {text[:40]!r}"
        )
        if self.kind is str:
            if self.choices is not None and text not in self.choices:
                raise problem
            return text
        value: int | float
        try:
            value = int(text) if self.kind is int else float(text)
        except ValueError:
            raise problem from None
        if not math.isfinite(value):
            raise problem
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise problem
        return value
