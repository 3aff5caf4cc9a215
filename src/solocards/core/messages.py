"""The engines' words for people as message ids with parameters, translated at the edges.

The engines stay free of dependencies, so they do not translate: they build a :class:`Message`
(English text as the message id, ``{name}`` placeholders, the parameters beside it), and the
CLI and the server render it in a person's language (``solocards.i18n.render``). ``str()`` of
a message is its English rendering, so every engine API that returns text keeps returning the
same English strings.

>>> red = msg("red")
>>> str(msg("names {colour}", colour=red))
'names red'
>>> str(nmsg("{n} card", "{n} cards", 3, n=3))
'3 cards'
>>> str(joined([msg("red"), "R7"]))
'red, R7'
>>> str(verbatim("R7>2"))
'R7>2'

:func:`msg` and :func:`nmsg` are the extraction keywords of the ``engine`` domain (see
docs/i18n.md): every literal passed to them is a message id of that domain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

#: A function that gives the template of a message in some language (English: its own text).
Translator = Callable[["Message"], str]


@dataclass(frozen=True, eq=True)
class Message:
    """A text for people: its English message id, parameters and, for counts, a plural form.

    ``translate=False`` marks text that is not a message id (an action string, a number):
    renderers leave it as it is.
    """

    text: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1
    translate: bool = True

    def english(self) -> str:
        """The English template: the plural form for a count other than one."""
        if self.plural is not None and self.count != 1:
            return self.plural
        return self.text

    def render(self, translator: Translator | None = None) -> str:
        """This message filled in, its template (and its parameters') from ``translator``.

        >>> german = {"red": "rot", "{a} and {b}": "{a} und {b}"}
        >>> msg("{a} and {b}", a=msg("red"), b=2).render(lambda m: german.get(m.text, m.text))
        'rot und 2'
        >>> msg("{a} and {b}", a=msg("red"), b=2).render()
        'red and 2'
        """
        plain = translator is None or not self.translate
        template = self.english() if plain or translator is None else translator(self)
        if not self.params:
            return template
        values = {name: render_value(value, translator) for name, value in self.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation: English instead
            return self.english().format(**values)

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True, eq=True)
class Joined:
    """Several texts shown one after the other with a separator (a list of cards, of seats)."""

    items: tuple[object, ...]
    separator: object = ", "

    def render(self, translator: Translator | None = None) -> str:
        """The items rendered and joined (a separator that is a message is translated too).

        >>> Joined(("a", "b"), msg(" or ")).render()
        'a or b'
        """
        separator = str(render_value(self.separator, translator))
        return separator.join(str(render_value(item, translator)) for item in self.items)

    def __str__(self) -> str:
        return self.render()


def render_value(value: object, translator: Translator | None = None) -> object:
    """A parameter ready for ``str.format``: messages rendered, anything else as it is."""
    if isinstance(value, Message | Joined):
        return value.render(translator)
    return value


def msg(text: str, /, **params: object) -> Message:
    """A message of the ``engine`` domain: ``text`` is the English message id."""
    return Message(text, params)


def nmsg(singular: str, plural: str, count: int, /, **params: object) -> Message:
    """A message whose form depends on ``count`` (``{n} card`` / ``{n} cards``)."""
    return Message(singular, params, plural, count)


def verbatim(text: str) -> Message:
    """Text that is shown as it is in every language (an action string, a card code)."""
    return Message(text, translate=False)


def joined(items: Iterable[object], separator: object = ", ") -> Joined:
    """``items`` one after the other, each rendered in the reader's language."""
    return Joined(tuple(items), separator)


def sequence(items: Iterable[object], separator: object = ", ") -> Message:
    """A message made of ``items`` one after the other (clauses of one action, parts of one
    line), each translated on its own; the whole is no message id.

    >>> str(sequence([msg("plays {card}", card="R7"), msg("calls UNO")]))
    'plays R7, calls UNO'
    """
    return Message("{items}", {"items": joined(items, separator)}, translate=False)


#: The message id of a player named by seat: :func:`is_seat` finds it in a message, so an
#: edge that knows the players' names (the browser table) can name them instead.
SEAT_TEXT = "seat {seat}"


def seat_message(seat: object) -> Message:
    """A player named by seat number, inside a sentence (``seat 2``).

    >>> str(msg("catches {player}", player=seat_message(2)))
    'catches seat 2'
    """
    # TRANSLATORS: a player named by seat number where no name is known, inside a sentence.
    return msg("seat {seat}", seat=seat)


def is_seat(message: Message) -> bool:
    """Whether ``message`` names a player by seat (one made by :func:`seat_message`).

    >>> is_seat(seat_message(1)), is_seat(msg("red"))
    (True, False)
    """
    return message.text == SEAT_TEXT and "seat" in message.params


def player(names: Sequence[object] | None, seat: int) -> object:
    """A seat by its player's name, or ``seat N`` without names.

    >>> player(["You", "Ann"], 1), str(player(None, 1))
    ('Ann', 'seat 1')
    """
    return names[seat] if names else seat_message(seat)


def text_id(text: str) -> str:
    """Mark a literal as a message id of the ``engine`` domain where a plain string is needed
    (a game's title): it stays English here, and the edges translate it
    (``solocards.i18n.engine_text``).

    >>> text_id("German Solo")
    'German Solo'
    """
    return text


def as_message(value: object) -> Message | Joined:
    """``value`` as a message: messages as they are, anything else shown verbatim."""
    if isinstance(value, Message | Joined):
        return value
    return verbatim(str(value))


__all__ = [
    "SEAT_TEXT",
    "Joined",
    "Message",
    "Translator",
    "as_message",
    "is_seat",
    "joined",
    "msg",
    "nmsg",
    "player",
    "render_value",
    "seat_message",
    "sequence",
    "text_id",
    "verbatim",
]
