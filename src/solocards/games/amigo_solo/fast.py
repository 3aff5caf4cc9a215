"""Precomputed tables for the hot paths of random playouts (see ``AmigoSoloState._legal_ids``).

They are pure functions of the game (its player count and options), built once per game. A
*pattern* is a bit mask over the card kinds (bit ``kind``): the kinds of a hand that may be
played now (the hand's mask and ``rules.match_masks`` or ``rules.stack_masks``). The tables give
the legal ids of a turn in which no solo call is possible (the seat keeps more than one card and
nobody holds a single card; the state checks that), so they are the ids of the plain plays:

- ``turn_ids(seat, pattern)``: a regular turn, ``draw`` included where the rules allow it;
- ``stack_ids(seat, pattern)``: facing a penalty: the answers, then ``draw``;
- ``drawn_ids(seat, pattern)``: after drawing (``play_after_draw="any_card"``): the plays, then
  ``pass``; ``drawn_only[seat][kind]``: the same for the drawn card alone (the default).

Each is computed once per pattern and kept in a bounded memo (cleared when full), so a turn
usually costs one dict look-up. ``pairs[seat][action]`` is the history entry of an action, made
once (no allocation per step).

The lists handed out here are shared and must never be changed: the state copies them before
giving them to a caller.

>>> import solocards
>>> game = solocards.make("amigo-solo", players=3)
>>> fast = game.fast
>>> [game.action_name(i) for i in fast.turn_ids(0, 1 << 0 | 1 << 12)]  # R1, RX
['R1', 'RX>1', 'RX>2', 'draw']
>>> [game.action_name(i) for i in fast.stack_ids(1, 1 << 53)]  # W+4
['W+4:R', 'W+4:Y', 'W+4:G', 'W+4:B', 'draw']
"""

from __future__ import annotations

from typing import Final

from .actions import ActionTable
from .cards import KINDS, SWAP, W4, W

MEMO_LIMIT: Final = 1 << 14
"""Entries per memo before it is cleared (bounds the memory of long simulations)."""


class AmigoFastTables:
    """The hot-path tables of one game (player count and options fixed)."""

    def __init__(self, table: ActionTable, players: int, *, voluntary_draw: bool) -> None:
        self.draw: int = table.draw
        self.pass_: int = table.pass_
        self.voluntary_draw: bool = voluntary_draw
        self.plain: list[list[list[int]]] = [
            [_plain_ids(table, seat, kind) for kind in range(KINDS)] for seat in range(players)
        ]
        """``plain[seat][kind]``: the ids of playing ``kind`` without the call, in id order."""
        self.turn_memos: list[dict[int, list[int]]] = [{} for _ in range(players)]
        self.stack_memos: list[dict[int, list[int]]] = [{} for _ in range(players)]
        self.drawn_memos: list[dict[int, list[int]]] = [{} for _ in range(players)]
        self.drawn_only: list[list[list[int]]] = [
            [[*plays, table.pass_] for plays in self.plain[seat]] for seat in range(players)
        ]
        self.pairs: list[list[tuple[int, int]]] = [
            [(seat, action) for action in range(len(table.names))] for seat in range(players)
        ]

    def _plays(self, seat: int, pattern: int) -> list[int]:
        """The plain play ids of the kinds in ``pattern``, in id order (kind order is id order)."""
        plain = self.plain[seat]
        ids: list[int] = []
        while pattern:
            low = pattern & -pattern
            ids += plain[low.bit_length() - 1]
            pattern ^= low
        return ids

    def turn_ids(self, seat: int, pattern: int) -> list[int]:
        """A regular turn with these playable kinds: their plays, then ``draw`` (always with
        ``voluntary_draw``, else only when nothing may be played)."""
        memo = self.turn_memos[seat]
        ids = memo.get(pattern)
        if ids is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            ids = self._plays(seat, pattern)
            if self.voluntary_draw or not ids:
                ids.append(self.draw)
            memo[pattern] = ids
        return ids

    def stack_ids(self, seat: int, pattern: int) -> list[int]:
        """Facing a penalty, with these kinds that may answer it: their plays, then ``draw``."""
        memo = self.stack_memos[seat]
        ids = memo.get(pattern)
        if ids is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            ids = self._plays(seat, pattern)
            ids.append(self.draw)
            memo[pattern] = ids
        return ids

    def drawn_ids(self, seat: int, pattern: int) -> list[int]:
        """After drawing, with these playable kinds (any may be played): their plays, ``pass``."""
        memo = self.drawn_memos[seat]
        ids = memo.get(pattern)
        if ids is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            ids = self._plays(seat, pattern)
            ids.append(self.pass_)
            memo[pattern] = ids
        return ids


def _plain_ids(table: ActionTable, seat: int, kind: int) -> list[int]:
    """The ids of ``seat`` playing ``kind`` without the call: a wild names each colour, a Swap
    each other seat."""
    if kind in (W, W4):
        return [plain for plain, _ in table.wild[kind]]
    if kind < W and kind % 13 == SWAP:
        return [plain for target, (plain, _) in enumerate(table.swap[kind]) if target != seat]
    return [table.simple[kind][0]]


__all__ = ["MEMO_LIMIT", "AmigoFastTables"]
