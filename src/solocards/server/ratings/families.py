"""Families of player counts: which matches of a game share one rating.

A rating says how a player does against a field of a given size. UNO and AMIGO's SOLO play
much the same from three seats on, while two players make a duel of their own (no one else to
pass the trouble to, Reverse acts as Skip): those two games have a rating for ``2`` players and
one for ``3+``. German Solo and Frog are played by three to five, and each count deals and
scores differently (the seat that sits out, the size of the stock, who pays whom): each count
is a family of its own.

>>> family("uno", 2), family("uno", 7), family("frog", 4)
('2', '3+', '4')
"""

from __future__ import annotations

from ...games.registry import game_class

WIDE_TABLE = 6
"""A game played by two up to at least this many (UNO, AMIGO's SOLO: 2 to 10) is rated as a
duel and as a field of three or more; a game of a narrow range rates each count apart."""


def splits_duel(game: str) -> bool:
    """Whether ``game``'s ratings are split only into two players and more than two."""
    try:
        cls = game_class(game)
    except Exception:  # a game this server does not know: each count apart
        return False
    return cls.min_players == 2 and cls.max_players >= WIDE_TABLE


def family(game: str, players: int) -> str:
    """The rating family of a ``players``-seat match of ``game`` (a short code).

    >>> family("german-solo", 3), family("amigo-solo", 2), family("amigo-solo", 3)
    ('3', '2', '3+')
    """
    if players < 2:
        raise ValueError(f"a rated match has two or more players, not {players}")
    if splits_duel(game):
        return "2" if players == 2 else "3+"
    return str(players)


def families(game: str, min_players: int, max_players: int) -> list[str]:
    """Every family of ``game``, in order of player count.

    >>> families("uno", 2, 10), families("frog", 3, 5)
    (['2', '3+'], ['3', '4', '5'])
    """
    found: list[str] = []
    for players in range(max(2, min_players), max_players + 1):
        code = family(game, players)
        if code not in found:
            found.append(code)
    return found
