"""The bot protocol: a bot sees what a player sees, never the state.

It lives in ``core`` so that a game package can ship its heuristic bot without importing
``solocards.bots``. The registry, the random bot and ISMCTS live in ``solocards.bots``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import OptionError
from .messages import msg

if TYPE_CHECKING:
    from .game import State


@runtime_checkable
class Bot(Protocol):
    """Something that picks one of ``legal_actions`` from a seat's ``view``.

    A bot that never reads the view's ``log`` may say so with a class attribute
    ``reads_log = False``; the runners then give it the view without the log
    (:func:`view_for`)."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """Return one of ``legal_actions`` (a reaction window may hold ``NO_REACTION``)."""
        ...


def view_for(state: State, seat: int, bot: object) -> dict[str, Any]:
    """The view of ``seat`` to give ``bot``: without the round's log (``log_size`` in its place,
    see ``State.view``) when the bot says it never reads it (a ``reads_log`` attribute that is
    false), else the full view. The log grows with the round, so a bot that does not read it
    is spared building it at every step.

    >>> import solocards
    >>> from solocards.bots import make_bot
    >>> game = solocards.make("uno", players=2)
    >>> state = game.deal(seed=1)
    >>> sorted({"log", "log_size"} & set(view_for(state, 0, make_bot("random", game))))
    ['log_size']
    >>> sorted({"log", "log_size"} & set(view_for(state, 0, make_bot("heuristic", game))))
    ['log']
    """
    return state.view(seat, log=bool(getattr(bot, "reads_log", True)))


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

    def refusal(self, text: str, bot: str) -> OptionError:
        """The error for a value ``text`` this parameter does not take (a translatable message:
        its English text says :meth:`describe`'s words).

        >>> str(BotParam("depth", int, 0).refusal("x", "ismcts"))
        "ismcts parameter depth must be a whole number >= 0, not 'x'"
        """
        given = {"bot": bot, "name": self.name, "value": repr(text[:40])}
        low, high = self.minimum, self.maximum
        if self.kind is str:
            return OptionError(
                msg(
                    "{bot} parameter {name} must be one of {choices}, not {value}",
                    choices=", ".join(self.choices or ()),
                    **given,
                )
            )
        if self.kind is int:
            if low is not None and high is not None:
                return OptionError(
                    msg(
                        "{bot} parameter {name} must be a whole number from {minimum} to "
                        "{maximum}, not {value}",
                        minimum=low,
                        maximum=high,
                        **given,
                    )
                )
            if low is not None:
                return OptionError(
                    msg(
                        "{bot} parameter {name} must be a whole number >= {minimum}, not {value}",
                        minimum=low,
                        **given,
                    )
                )
            if high is not None:
                return OptionError(
                    msg(
                        "{bot} parameter {name} must be a whole number <= {maximum}, not {value}",
                        maximum=high,
                        **given,
                    )
                )
            return OptionError(
                msg("{bot} parameter {name} must be a whole number, not {value}", **given)
            )
        if low is not None and high is not None:
            return OptionError(
                msg(
                    "{bot} parameter {name} must be a finite number from {minimum} to "
                    "{maximum}, not {value}",
                    minimum=low,
                    maximum=high,
                    **given,
                )
            )
        if low is not None:
            return OptionError(
                msg(
                    "{bot} parameter {name} must be a finite number >= {minimum}, not {value}",
                    minimum=low,
                    **given,
                )
            )
        if high is not None:
            return OptionError(
                msg(
                    "{bot} parameter {name} must be a finite number <= {maximum}, not {value}",
                    maximum=high,
                    **given,
                )
            )
        return OptionError(
            msg("{bot} parameter {name} must be a finite number, not {value}", **given)
        )

    def convert(self, text: str, bot: str) -> int | float | str:
        """The value of ``text`` for this parameter, or an :class:`OptionError` naming it."""
        if self.kind is str:
            if self.choices is not None and text not in self.choices:
                raise self.refusal(text, bot)
            return text
        value: int | float
        try:
            value = int(text) if self.kind is int else float(text)
        except ValueError:
            raise self.refusal(text, bot) from None
        if not math.isfinite(value):
            raise self.refusal(text, bot)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise self.refusal(text, bot)
        return value
