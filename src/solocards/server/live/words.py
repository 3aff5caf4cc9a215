"""The words of actions, as each game's ``describe_action`` says them, for the browser table,
in one language (one :class:`ActionWords` per game and language, each remembering what it said).

The browser shows actions and log lines in words; it does not know the games. Every message
that carries a view also carries ``words``: the words of every action string in it (the seat's
legal actions and the log, masked entries such as ``discard:??`` included), so a new game's
table speaks its own words with no change to the front end. A string the game cannot describe
keeps its own spelling: describing never fails a message.

A player named in an action (``catch>2``, a swap's target) is written as the token
``{seat:2}``, in every language: the page puts the player's name there (or its own words for
"seat 2"), so the words need no English pattern to find the seat in.

>>> import solocards
>>> words = ActionWords(solocards.make("frog"))
>>> words.of_view({"legal_actions": ["pass"], "log": [[1, "discard:??"]]})
{'pass': 'passes', 'discard:??': 'discards a card'}
>>> words.of("not-an-action")
'not-an-action'
>>> ActionWords(solocards.make("uno"), "de").of("catch>2")
'erwischt {seat:2} ohne UNO-Ruf'
"""

from __future__ import annotations

from ...core.game import Game, Result, View
from ...core.messages import Joined, Message, is_seat
from ...i18n import DEFAULT_LANGUAGE, engine_template

#: How a seat named in an action's words is sent: ``{seat:N}``, for the page to fill.
SEAT_TOKEN = "{{seat:{seat}}}"


def with_seat_tokens(message: Message | Joined, lang: str) -> str:
    """``message`` in ``lang``, every player named by seat written as ``{seat:N}``.

    >>> from solocards.core.messages import msg, seat_message
    >>> with_seat_tokens(msg("catches {player}", player=seat_message(1)), "en")
    'catches {seat:1}'
    """

    def template(part: Message) -> str:
        return SEAT_TOKEN if is_seat(part) else engine_template(part, lang)

    return message.render(template)


def error_with_seat_tokens(error: BaseException, lang: str) -> str:
    """The message of an engine error in ``lang``, players named by seat written as
    ``{seat:N}`` (the page names them); any other error keeps its own text.

    >>> from solocards.core.errors import IllegalActionError
    >>> from solocards.core.messages import msg, seat_message
    >>> error = IllegalActionError(msg("{player} is to play", player=seat_message(2)))
    >>> error_with_seat_tokens(error, "en")
    '{seat:2} is to play'
    """
    if len(error.args) == 1 and isinstance(error.args[0], Message | Joined):
        return with_seat_tokens(error.args[0], lang)
    return str(error)


def summary_lines(game: Game, result: Result, lang: str) -> list[str]:
    """The game's summary of a finished round in ``lang`` (the contract and its outcome, card
    points, payments), each player written as ``{seat:N}`` for the page to name.

    >>> import solocards
    >>> summary_lines(solocards.make("uno", 2), {"scores": [9, 0], "winners": [0]}, "en")
    ['{seat:0} went out: 9 points.']
    """
    return [with_seat_tokens(line, lang) for line in game.result_messages(result)]


class ActionWords:
    """The words of one game's actions in ``lang``, each described once and then remembered.

    >>> import solocards
    >>> ActionWords(solocards.make("frog"), "en").of("pass")
    'passes'
    """

    def __init__(self, game: Game, lang: str = DEFAULT_LANGUAGE) -> None:
        self.game = game
        self.lang = lang
        self._known: dict[str, str] = {}

    def of(self, action: str) -> str:
        """The words of one action string (a masked log entry too)."""
        words = self._known.get(action)
        if words is None:
            try:
                words = with_seat_tokens(self.game.action_message(action), self.lang)
            except (ValueError, KeyError, IndexError):  # SoloError is a ValueError
                words = action
            self._known[action] = words
        return words

    def of_view(self, *views: View | None) -> dict[str, str]:
        """The words of every action string in ``views``: their legal actions and logs."""
        found: dict[str, str] = {}
        for view in views:
            if view is None:
                continue
            for action in _strings(view):
                if action not in found:
                    found[action] = self.of(action)
        return found


def _strings(view: View) -> list[str]:
    strings = [action for action in view.get("legal_actions") or () if isinstance(action, str)]
    for entry in view.get("log") or ():
        if isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[1], str):
            strings.append(entry[1])
    return strings


__all__ = [
    "SEAT_TOKEN",
    "ActionWords",
    "error_with_seat_tokens",
    "summary_lines",
    "with_seat_tokens",
]
