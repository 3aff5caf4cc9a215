"""Precomputed tables for the hot paths of random playouts (see ``UnoState.legal_action_ids``).

They are pure functions of the game (its player count and options), built once per game:

- ``key_masks[key]``: the kinds that may be played on a match key (``colour * 14 + top rank``,
  top rank 13 for a wild on top), as a bit mask over the 54 kinds.
- ``turn_ids(pattern, call)``: the sorted legal ids of a regular turn whose playable kinds are
  the bits of ``pattern`` (a hand's mask & ``key_masks[key]``), ``draw`` included; ``call``: the
  play leaves one card, so the ``!`` forms are legal too. Computed once per pattern and kept in a
  bounded memo (cleared when full), so a turn usually costs one dict look-up.
- ``drawn_ids[call][key][kind]``: after drawing ``kind``: its plays (if it matches) and ``pass``.
- ``simple[action_id]``: ``(key after, card, call)`` for a single play of a number or a Wild,
  the plays that only pass the turn on when neither 7-0 nor jump-in is on; else ``None``.

The lists handed out here are shared and must never be changed; the state copies them before
giving them to a caller.
"""

from __future__ import annotations

from typing import Final

from .actions import PLAY, ActionTable
from .cards import KIND_RANK, NUM_KINDS, WILD

NUM_KEYS: Final = 4 * 14
MEMO_LIMIT: Final = 1 << 15
"""Entries per memo before it is cleared (bounds the memory of long simulations)."""


class FastTables:
    """The hot-path tables of one game (player count and options fixed)."""

    def __init__(
        self,
        table: ActionTable,
        playable: list[list[bool]],
        *,
        players: int,
        call_ok: bool,
        plain: bool,
    ) -> None:
        self.table = table
        self.call_ok = call_ok
        self.key_masks: list[int] = [
            sum(1 << kind for kind in range(NUM_KINDS) if playable[key][kind])
            for key in range(NUM_KEYS)
        ]
        self.memos: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
        self._parts: tuple[list[dict[int, tuple[int, ...]]], ...] = (
            [{} for _ in range(5)],
            [{} for _ in range(5)],
        )
        """Per call flag and colour (4: the wilds), a part of a pattern -> its ids."""
        """Pattern -> ``turn_ids``, without and with the ``!`` forms (index: ``call``)."""
        self.drawn_ids: list[list[list[list[int]]]] = [
            [
                [
                    [
                        *(
                            table.single_ids(kind, call=call and call_ok)
                            if playable[key][kind]
                            else ()
                        ),
                        table.pass_id,
                    ]
                    for kind in range(NUM_KINDS)
                ]
                for key in range(NUM_KEYS)
            ]
            for call in (False, True)
        ]
        self.simple: list[tuple[int, int, bool] | None] = [
            (act.colour * 14 + KIND_RANK[act.kind], act.kind, act.call)
            if plain and act.type == PLAY and (KIND_RANK[act.kind] < 10 or act.kind == WILD)
            else None
            for act in table.acts
        ]
        self.pairs: list[list[tuple[int, int]]] = [
            [(seat, action) for action in range(len(table.acts))] for seat in range(players)
        ]
        """``pairs[seat][action]``: the history entry, made once (no allocation per action)."""
        self.draw_only = [table.draw_id]
        self.draw_or_challenge = [table.draw_id, table.challenge_id]

    def turn_ids(self, pattern: int, call: bool) -> list[int]:
        """The legal ids of a regular turn with these playable kinds (a shared list).

        A miss in the memo is assembled from the four colours' 13-bit parts of ``pattern`` and
        its two wild bits, each looked up in a small memo of its own; the ids come out sorted
        because the action space lists the kinds colour by colour."""
        memo = self.memos[call]
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        parts = self._parts[call]
        ids: list[int] = []
        for colour in range(5):
            value = pattern >> (13 * colour) & 0x1FFF
            if value:
                part = parts[colour].get(value)
                if part is None:
                    part = parts[colour][value] = self._part(colour, value, call)
                ids += part
        ids.append(self.table.draw_id)
        memo[pattern] = ids
        return ids

    def _part(self, colour: int, value: int, call: bool) -> tuple[int, ...]:
        """The ids of playing the kinds ``colour * 13 + bit`` for the bits of ``value``."""
        single = self.table.single_ids
        return tuple(
            i
            for bit in range(13)
            if value >> bit & 1
            for i in single(colour * 13 + bit, call=call and self.call_ok)
        )
