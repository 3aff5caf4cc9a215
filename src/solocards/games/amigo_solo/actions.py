"""The dense action space of AMIGO's SOLO and its decoding tables.

Canonical action strings (API.md, plus the actions this game adds):

- a card: ``R7``, ``GS``, ``BR``, ``Y+2``; a wild names a colour: ``W:G``, ``W+4:B``; a Swap with a
  player names the seat: ``RX>2``; ``WX`` swaps all round. A trailing ``!`` calls "solo" with the
  move: ``R7!``, ``W+4:B!``, ``RX>2!``, ``WX!``.
- ``draw`` (draw one card, or take the whole pending penalty), ``pass`` (keep the drawn card).
- ``solo`` (the late call, ``solo_call_enforcement="catch"`` only) and ``catch>N`` (catch seat N,
  who has not called).
- ``color:C`` and ``swap>N``: the first player obeying a first card under
  ``first_card_mode="apply_to_first_player"``: name the colour of a turned-up wild, choose the seat
  to swap with for a turned-up Swap.
- Triple + (``triple_plus=True``): three or more number cards of one value in the order they are
  laid, joined by ``+``: ``R5+G5+B5``. The first card must match the top card, the last becomes
  the top card; the cards between the first and the last are written in colour order ``R Y G B``
  (their order changes nothing). ``R5+G5+B5!`` calls solo with it.

Ids: the card plays in kind order (each without, then with the call), then the wilds, ``WX``,
``draw``, ``pass``, ``solo``, ``catch>N``, ``color:C``, ``swap>N``, and last the Triple + plays.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Final

from .cards import COLOURS, KINDS, NAMES, RANKS_PER_COLOUR, SWAP, W4, WX, W, kind_of

PLAY: Final = 0
DRAW: Final = 1
PASS: Final = 2
SOLO: Final = 3
CATCH: Final = 4
COLOR: Final = 5
SWAP_START: Final = 6
MULTI: Final = 7

Pair = tuple[int, int]
# (colour counts, first colour, last colour, number of cards, id, id with the call)
MultiEntry = tuple[tuple[int, int, int, int], int, int, int, int, int]


@dataclass
class ActionTable:
    """Every action string of a game and, per id, what it does; built once per Game."""

    names: list[str] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)  # card kind of a play, else -1
    type: list[int] = field(default_factory=list)  # PLAY, DRAW, ...
    arg: list[int] = field(default_factory=list)  # named colour, target seat, or -1
    call: list[bool] = field(default_factory=list)  # the play calls solo
    multi: dict[int, tuple[int, ...]] = field(default_factory=dict)  # Triple +: kinds laid
    simple: list[Pair] = field(default_factory=list)  # per kind: (id, id!) of a plain play
    wild: dict[int, list[Pair]] = field(default_factory=dict)  # W / W+4: per colour
    swap: dict[int, list[Pair]] = field(default_factory=dict)  # coloured X: per target seat
    multi_by_value: list[list[MultiEntry]] = field(default_factory=list)  # per value 1..9
    draw: int = -1
    pass_: int = -1
    solo: int = -1
    catch: list[int] = field(default_factory=list)
    color: list[int] = field(default_factory=list)
    swap_start: list[int] = field(default_factory=list)

    def add(self, name: str, type_: int, kind: int = -1, arg: int = -1, call: bool = False) -> int:
        """Append one action; returns its id."""
        self.names.append(name)
        self.type.append(type_)
        self.kind.append(kind)
        self.arg.append(arg)
        self.call.append(call)
        return len(self.names) - 1

    def add_pair(self, name: str, kind: int, arg: int = -1) -> Pair:
        """A play and the same play calling solo."""
        return (self.add(name, PLAY, kind, arg), self.add(name + "!", PLAY, kind, arg, True))


def build_actions(players: int, triple_plus: bool) -> ActionTable:
    """The action table of a game with this player count."""
    table = ActionTable()
    table.simple = [(-1, -1)] * KINDS
    for kind in range(W):
        if kind % RANKS_PER_COLOUR == SWAP:
            table.swap[kind] = [
                table.add_pair(f"{NAMES[kind]}>{seat}", kind, seat) for seat in range(players)
            ]
        else:
            table.simple[kind] = table.add_pair(NAMES[kind], kind)
    for kind in (W, W4):
        table.wild[kind] = [
            table.add_pair(f"{NAMES[kind]}:{colour}", kind, index)
            for index, colour in enumerate(COLOURS)
        ]
    table.simple[WX] = table.add_pair(NAMES[WX], WX)
    table.draw = table.add("draw", DRAW)
    table.pass_ = table.add("pass", PASS)
    table.solo = table.add("solo", SOLO)
    table.catch = [table.add(f"catch>{seat}", CATCH, arg=seat) for seat in range(players)]
    table.color = [
        table.add(f"color:{colour}", COLOR, arg=index) for index, colour in enumerate(COLOURS)
    ]
    table.swap_start = [table.add(f"swap>{seat}", SWAP_START, arg=seat) for seat in range(players)]
    table.multi_by_value = [[] for _ in range(9)]
    if triple_plus:
        for value in range(9):
            _add_multi(table, value)
    return table


def _add_multi(table: ActionTable, value: int) -> None:
    """The Triple + plays of one number value (0-based rank)."""
    for counts in itertools.product(range(3), repeat=4):
        if sum(counts) < 3:
            continue
        for first in range(4):
            if counts[first] < 1:
                continue
            rest = list(counts)
            rest[first] -= 1
            for last in range(4):
                if rest[last] < 1:
                    continue
                middle = list(rest)
                middle[last] -= 1
                colours = [first] + [c for c in range(4) for _ in range(middle[c])] + [last]
                kinds = tuple(kind_of(c, value) for c in colours)
                name = "+".join(NAMES[k] for k in kinds)
                plain = table.add(name, MULTI, kinds[-1])
                called = table.add(name + "!", MULTI, kinds[-1], call=True)
                table.multi[plain] = kinds
                table.multi[called] = kinds
                count4 = (counts[0], counts[1], counts[2], counts[3])
                table.multi_by_value[value].append((count4, first, last, len(kinds), plain, called))
