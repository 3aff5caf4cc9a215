"""The words of actions, as each game's ``describe_action`` says them, for the browser table,
in one language (one :class:`ActionWords` per game and language, each remembering what it said).

The browser shows actions and log lines in words; it does not know the games. Every message
that carries a view also carries ``words``: the words of every action string in it (the seat's
legal actions and the log, masked entries such as ``discard:??`` included), so a new game's
table speaks its own words with no change to the front end. A string the game cannot describe
keeps its own spelling: describing never fails a message.

>>> import solocards
>>> words = ActionWords(solocards.make("frog"))
>>> words.of_view({"legal_actions": ["pass"], "log": [[1, "discard:??"]]})
{'pass': 'passes', 'discard:??': 'discards a card'}
>>> words.of("not-an-action")
'not-an-action'
"""

from __future__ import annotations

from ..core.game import Game, View
from ..i18n import DEFAULT_LANGUAGE, render


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
                words = render(self.game.action_message(action), self.lang)
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


__all__ = ["ActionWords"]
