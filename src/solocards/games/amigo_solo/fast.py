"""Precomputed tables for the hot paths of random playouts (see ``AmigoSoloState``).

They are pure functions of the game (its player count and options), built once per game. A
*pattern* is a bit mask over the card kinds (bit ``kind``): the kinds of a hand that may be
played now (the hand's mask and ``rules.match_masks`` or ``rules.stack_masks``). On a turn in
which no solo call is possible (the seat keeps more than one card and nobody holds a single
card; the state checks that) the legal ids are the plain plays of the kinds of the pattern, in
id order, and then ``draw`` or ``pass`` (:meth:`AmigoFastTables.plays`); and an id is legal
exactly when it is that ``draw`` or ``pass``, or a plain play whose kind (``plain_kind``) is in
the pattern, so that applying an action needs no list of the legal ids.

``pairs[seat][action]`` is the history entry of an action, made once (no allocation per step).

>>> import solocards
>>> game = solocards.make("amigo-solo", players=3)
>>> fast = game.fast
>>> [game.action_name(i) for i in fast.plays(0, 1 << 0 | 1 << 12)]  # R1, RX
['R1', 'RX>1', 'RX>2']
>>> [game.action_name(i) for i in fast.plays(1, 1 << 53)]  # W+4
['W+4:R', 'W+4:Y', 'W+4:G', 'W+4:B']
>>> swap = game.action_id("RX>1")  # seat 0 may play it, seat 1 may not (a swap with itself)
>>> fast.plain_kind[0][swap], fast.plain_kind[1][swap], fast.plain_kind[0][swap + 1]  # RX>1!
(12, -1, -1)
"""

from __future__ import annotations

from .actions import ActionTable
from .cards import KINDS, SWAP, W4, W


class AmigoFastTables:
    """The hot-path tables of one game (player count and options fixed)."""

    def __init__(self, table: ActionTable, players: int) -> None:
        self.plain: list[list[list[int]]] = [
            [_plain_ids(table, seat, kind) for kind in range(KINDS)] for seat in range(players)
        ]
        """``plain[seat][kind]``: the ids of ``seat`` playing ``kind`` without the call, in id
        order (a wild names each colour, a Swap each other seat)."""
        self.plain_kind: list[list[int]] = []
        """``plain_kind[seat][action]``: the kind ``action`` plays if it is one of
        ``plain[seat]``'s ids, else -1."""
        for seat in range(players):
            kinds = [-1] * len(table.names)
            for kind, ids in enumerate(self.plain[seat]):
                for action in ids:
                    kinds[action] = kind
            self.plain_kind.append(kinds)
        self.pairs: list[list[tuple[int, int]]] = [
            [(seat, action) for action in range(len(table.names))] for seat in range(players)
        ]

    def plays(self, seat: int, pattern: int) -> list[int]:
        """The ids of ``seat``'s plain plays of the kinds in ``pattern``, in id order (the
        action space lists the plays in kind order); a new list."""
        plain = self.plain[seat]
        ids: list[int] = []
        while pattern:
            low = pattern & -pattern
            ids += plain[low.bit_length() - 1]
            pattern ^= low
        return ids


def _plain_ids(table: ActionTable, seat: int, kind: int) -> list[int]:
    """The ids of ``seat`` playing ``kind`` without the call."""
    if kind in (W, W4):
        return [plain for plain, _ in table.wild[kind]]
    if kind < W and kind % 13 == SWAP:
        return [plain for target, (plain, _) in enumerate(table.swap[kind]) if target != seat]
    return [table.simple[kind][0]]


__all__ = ["AmigoFastTables"]
