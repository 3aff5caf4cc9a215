"""UNO's dense action space: every action string, its id, and the tables that decode it.

The space depends on the player count (the ``>N`` seats of ``catch`` and of 7-0 sevens) and on
one option: the multi-plays of ``multi_play_same_number`` are appended at the end only in games
made with it, so the ids of every other action are the same whatever the options. In order:

1. single-card plays, kind by kind (``R0``..``B+2``, ``W:R``..``W+4:B``), each followed by its
   ``!`` form; a 7 also has the forms ``R7>N`` / ``R7>N!`` for every seat ``N``;
2. ``draw``, ``pass``, ``challenge``, ``uno``, ``catch>0``..``catch>n-1``;
3. ``color:R``..``color:B`` (naming the colour of a Wild turned up as the first card);
4. with ``multi_play_same_number`` only: the multi-plays (see :mod:`.multiplay`).

>>> table = ActionTable(4, multi=False)
>>> table.names[:4]
['R0', 'R0!', 'R1', 'R1!']
>>> len(table.names)
164
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import COLOURS, KIND_NAMES, WILD, WILD4
from .multiplay import multi_plays

PLAY: Final = 0
DRAW: Final = 1
PASS: Final = 2
CHALLENGE: Final = 3
UNO: Final = 4
CATCH: Final = 5
COLOR: Final = 6
MULTI: Final = 7
"""Action types."""


class Act(NamedTuple):
    """What an action id means: its type, the card kind played (the top card afterwards), the
    colour named (or the colour of the card), the seat named by ``>N`` (-1 if none), whether it
    calls UNO, and for a multi-play the cards it lays down (the last one ends on top)."""

    type: int
    kind: int
    colour: int
    target: int
    call: bool
    cards: tuple[int, ...]


class ActionTable:
    """All actions of an UNO game with ``players`` seats, and lookup tables by kind."""

    def __init__(self, players: int, *, multi: bool) -> None:
        names: list[str] = []
        acts: list[Act] = []

        def add(name: str, act: Act) -> int:
            names.append(name)
            acts.append(act)
            return len(names) - 1

        self.plain_id: list[int] = [-1] * 54
        """The id of the plain single play of each coloured kind (``R7``, not ``R7>N``)."""
        self.seven_id: list[list[int]] = [[-1] * players for _ in range(4)]
        """``seven_id[colour][seat]``: the id of ``C7>seat`` (its ``!`` form is the next id)."""
        self.wild_id: list[list[int]] = [[-1] * 4, [-1] * 4]
        """``wild_id[kind - WILD][colour]``: the id of ``W:C`` / ``W+4:C`` (``!`` form: +1)."""
        for kind in range(52):
            name, colour = KIND_NAMES[kind], kind // 13
            self.plain_id[kind] = add(name, Act(PLAY, kind, colour, -1, False, (kind,)))
            add(name + "!", Act(PLAY, kind, colour, -1, True, (kind,)))
            if kind % 13 == 7:
                for seat in range(players):
                    self.seven_id[colour][seat] = add(
                        f"{name}>{seat}", Act(PLAY, kind, colour, seat, False, (kind,))
                    )
                    add(f"{name}>{seat}!", Act(PLAY, kind, colour, seat, True, (kind,)))
        for kind in (WILD, WILD4):
            for colour, letter in enumerate(COLOURS):
                name = f"{KIND_NAMES[kind]}:{letter}"
                self.wild_id[kind - WILD][colour] = add(
                    name, Act(PLAY, kind, colour, -1, False, (kind,))
                )
                add(name + "!", Act(PLAY, kind, colour, -1, True, (kind,)))
        self.draw_id = add("draw", Act(DRAW, -1, -1, -1, False, ()))
        self.pass_id = add("pass", Act(PASS, -1, -1, -1, False, ()))
        self.challenge_id = add("challenge", Act(CHALLENGE, -1, -1, -1, False, ()))
        self.uno_id = add("uno", Act(UNO, -1, -1, -1, False, ()))
        self.catch_id: list[int] = [
            add(f"catch>{seat}", Act(CATCH, -1, -1, seat, False, ())) for seat in range(players)
        ]
        self.color_id: list[int] = [
            add(f"color:{letter}", Act(COLOR, -1, colour, -1, False, ()))
            for colour, letter in enumerate(COLOURS)
        ]
        self.first_multi_id = len(names)
        self.multi_id: dict[tuple[int, tuple[int, ...], int, int, bool], int] = {}
        """``(rank, colour counts, last colour, target, call)`` -> id of that multi-play."""
        if multi:
            for play in multi_plays(players):
                key = (play.rank, play.counts, play.last, play.target, play.call)
                self.multi_id[key] = add(
                    play.name,
                    Act(MULTI, play.cards[-1], play.last, play.target, play.call, play.cards),
                )
        self.names = names
        self.acts = acts

    def single_ids(self, kind: int, *, call: bool) -> tuple[int, ...]:
        """The ids of playing one card of ``kind`` without a ``>N`` target: one per named colour
        for a wild; with ``call`` each plain id is followed by its ``!`` form."""
        bases = self.wild_id[kind - WILD] if kind >= WILD else [self.plain_id[kind]]
        if call:
            return tuple(i for base in bases for i in (base, base + 1))
        return tuple(bases)


__all__ = [
    "CATCH",
    "CHALLENGE",
    "COLOR",
    "DRAW",
    "MULTI",
    "PASS",
    "PLAY",
    "UNO",
    "Act",
    "ActionTable",
]
