"""Game options: their declaration, defaults and validation.

Every game declares its options as a tuple of :class:`Option`. A value is a plain JSON value
(bool, int or str). :func:`resolve_options` turns what a user gave into the full, checked set.

>>> spec = (Option("stack_draw2", False, "Stack Draw Two on Draw Two."),
...         Option("scoring", "standard", "How rounds are scored.", choices=("standard", "alt")))
>>> resolve_options("uno", spec, {"scoring": "alt"})
{'stack_draw2': False, 'scoring': 'alt'}
>>> resolve_options("uno", spec, {"scoring": "best"})
Traceback (most recent call last):
...
solocards.core.errors.OptionError: uno option scoring: 'best' is not one of standard, alt
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import OptionError
from .messages import Message, msg, verbatim

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, a one-line explanation and its allowed values.

    The type is the default's type. Strings may list ``choices``; integers may have bounds.
    ``title`` is the option's name for people and ``labels`` the words of choices that are
    internal codes (``("one_each", "one point each")``): message ids of the ``engine`` domain
    (see :func:`titled`), translated at the edges. ``recorded_at_default=False`` marks an
    option added after the game's records were first written: a record names it only when it
    differs from its default (:func:`recorded_options`), so a match at the old rules keeps the
    record it always had, and replaying a record that lacks it reads the default.
    ``stored_minimum`` is the lowest value an earlier version of the game accepted, where
    ``minimum`` has since been raised: a stored match (a record, a server's stored table;
    :func:`resolve_options` with ``stored``) may still hold it, a new match may not.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    title: str | None = None
    labels: tuple[tuple[str, str], ...] = ()
    recorded_at_default: bool = True
    stored_minimum: int | None = None

    def title_message(self) -> Message:
        """The option's name for people: its title, else its id in words.

        >>> str(Option("hand_size", 7, "Cards dealt.", title="Cards in a hand").title_message())
        'Cards in a hand'
        >>> str(Option("hand_size", 7, "Cards dealt.").title_message())
        'Hand size'
        """
        if self.title:
            return Message(self.title)
        return verbatim(self.name.replace("_", " ").capitalize())

    def choice_message(self, value: str) -> Message:
        """One of the choices in words: its label, else the value as it is written.

        >>> spec = Option("scoring", "alt", "How.", ("std", "alt"), labels=(("std", "standard"),))
        >>> str(spec.choice_message("std")), str(spec.choice_message("alt"))
        ('standard', 'alt')
        """
        label = dict(self.labels).get(value)
        return Message(label) if label else verbatim(value)

    def check(self, game_id: str, value: object, stored: bool = False) -> OptionValue:
        """Return ``value`` if it is allowed for this option, else raise :class:`OptionError`.

        ``stored``: the value comes from a stored match, and an integer may be as low as
        ``stored_minimum`` (what earlier versions of the game accepted).

        >>> deals = Option("deals", 8, "Deals.", minimum=3, maximum=400, stored_minimum=1)
        >>> deals.check("german-solo", 2, stored=True)
        2
        >>> deals.check("german-solo", 2)
        Traceback (most recent call last):
        ...
        solocards.core.errors.OptionError: german-solo option deals: 2 is below the minimum 3
        """
        where = {"game": game_id, "option": self.name, "value": repr(value)}
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(
                    msg("{game} option {option}: {value} is not a boolean (true or false)", **where)
                )
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(
                    msg("{game} option {option}: {value} is not a whole number", **where)
                )
            minimum = self.minimum
            if stored and self.stored_minimum is not None:
                minimum = self.stored_minimum
            if minimum is not None and value < minimum:
                raise OptionError(
                    msg(
                        "{game} option {option}: {value} is below the minimum {minimum}",
                        **where,
                        minimum=minimum,
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise OptionError(
                    msg(
                        "{game} option {option}: {value} is above the maximum {maximum}",
                        **where,
                        maximum=self.maximum,
                    )
                )
            return value
        if not isinstance(value, str):
            raise OptionError(msg("{game} option {option}: {value} is not a string", **where))
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                msg(
                    "{game} option {option}: {value} is not one of {choices}",
                    **where,
                    choices=", ".join(self.choices),
                )
            )
        return value

    def parse(self, game_id: str, text: str) -> OptionValue:
        """Parse a value written on a command line (``true``, ``4``, ``with_play``) and check it."""
        value: object = text
        if isinstance(self.default, bool):
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
        elif isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                value = text
        return self.check(game_id, value)

    def describe(self) -> str:
        """The allowed values in words, for help texts (in English: see
        :meth:`describe_message`)."""
        return str(self.describe_message())

    def describe_message(self) -> Message:
        """The allowed values in words, as a message the edges translate.

        >>> str(Option("hand_size", 7, "Cards dealt.", minimum=1, maximum=10).describe_message())
        'integer 1..10'
        """
        if isinstance(self.default, bool):
            return verbatim("true | false")
        if isinstance(self.default, int):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            if low or high:
                return msg("integer {low}..{high}", low=low, high=high)
            return msg("integer")
        return verbatim(" | ".join(self.choices)) if self.choices else msg("text")


def recorded_options(
    specs: tuple[Option, ...], options: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """The options a record holds: every one, but an option with ``recorded_at_default=False``
    only where it differs from its default.

    >>> specs = (Option("rounds", 1, "Rounds."), Option("late", "a", "New.", ("a", "b"),
    ...          recorded_at_default=False))
    >>> recorded_options(specs, {"rounds": 1, "late": "a"})
    {'rounds': 1}
    >>> recorded_options(specs, {"rounds": 1, "late": "b"})
    {'rounds': 1, 'late': 'b'}
    """
    quiet = {spec.name: spec.default for spec in specs if not spec.recorded_at_default}
    return {
        name: value for name, value in options.items() if name not in quiet or value != quiet[name]
    }


def titled(
    specs: tuple[Option, ...],
    titles: Mapping[str, str],
    labels: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[Option, ...]:
    """``specs`` with their titles and choice labels (each a ``text_id`` literal, so the
    extraction finds it); an option left out keeps its own.

    >>> specs = titled((Option("uno_penalty", 2, "Cards drawn."),), {"uno_penalty": "UNO penalty"})
    >>> str(specs[0].title_message())
    'UNO penalty'
    """
    labels = labels or {}
    return tuple(
        replace(
            spec,
            title=titles.get(spec.name, spec.title),
            labels=tuple(labels[spec.name].items()) if spec.name in labels else spec.labels,
        )
        for spec in specs
    )


def resolve_options(
    game_id: str, specs: tuple[Option, ...], given: Mapping[str, Any], stored: bool = False
) -> dict[str, OptionValue]:
    """All options of a game with the given values checked and the rest at their defaults;
    ``stored``: the values come from a stored match (see :meth:`Option.check`)."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(sorted(by_name)) or "none"
        raise OptionError(
            msg(
                "{game} has no option {names}; valid options: {valid}",
                game=game_id,
                names=", ".join(unknown),
                valid=valid,
            )
        )
    return {
        spec.name: spec.check(game_id, given[spec.name], stored)
        if spec.name in given
        else spec.default
        for spec in specs
    }
