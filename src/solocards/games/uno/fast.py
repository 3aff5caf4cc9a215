"""Precomputed tables for the hot paths of random playouts (see ``UnoState.legal_action_ids``).

They are pure functions of the game (its player count and options), built once per game:

- ``key_masks[key]``: the kinds that may be played on a match key (``colour * 14 + top rank``,
  top rank 13 for a wild on top), as a bit mask over the 54 kinds.
- ``plays(pattern, call)``: the ids of playing the kinds of ``pattern`` (a bit mask: a hand's
  mask & ``key_masks[key]``, or the card just drawn), in id order; ``call``: the play leaves one
  card, so the ``!`` forms are legal too. A new list, built from the bits (no memo: the patterns
  of random play hardly repeat).
- ``single_kind[call][action_id]``: the kind that ``action_id`` plays if it is one of the ids
  ``plays`` lists for that kind (with this ``call``), else -1; so an id is one of
  ``plays(pattern, call)`` exactly when its kind is a bit of ``pattern``, and applying an action
  needs no list of the legal ids.
- ``simple[action_id]``: ``(key after, card, call)`` for a single play of a number or a Wild,
  the plays that only pass the turn on when neither 7-0 nor jump-in is on; else ``None``.
- ``pairs[seat][action_id]``: the history entry, made once (no allocation per action).

>>> import solocards
>>> game = solocards.make("uno", players=3)
>>> fast = game.fast
>>> [game.action_name(i) for i in fast.plays(1 << 3 | 1 << 52, False)]  # R3 and a Wild
['R3', 'W:R', 'W:Y', 'W:G', 'W:B']
>>> [game.action_name(i) for i in fast.plays(1 << 3, True)]
['R3', 'R3!']
>>> fast.single_kind[False][game.action_id("R3!")], fast.single_kind[True][game.action_id("R3!")]
(-1, 3)
"""

from __future__ import annotations

from typing import Final

from .actions import PLAY, ActionTable
from .cards import KIND_RANK, NUM_KINDS, WILD

NUM_KEYS: Final = 4 * 14


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
        # Lists, not tuples, indexed by ``call``: the compiled build boxes a fixed-length tuple
        # attribute into a new tuple object to index it by a variable.
        self.singles: list[list[list[int]]] = [
            [list(table.single_ids(kind, call=False)) for kind in range(NUM_KINDS)],
            [list(table.single_ids(kind, call=call_ok)) for kind in range(NUM_KINDS)],
        ]
        """``singles[call][kind]``: the ids of playing one ``kind`` (see ``plays``)."""
        self.single_kind: list[list[int]] = [[], []]
        for call, singles in enumerate(self.singles):
            kinds = self.single_kind[call]
            kinds += [-1] * len(table.acts)
            for kind, ids in enumerate(singles):
                for action in ids:
                    kinds[action] = kind
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
        self.memo: list[dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]]] = [{}, {}]
        """For playout policies (``playouts.keeping_playout``): by ``UnoState.choice_signature``
        (which fixes the legal ids given these tables), what the policy may do with those ids and
        the ids themselves; one dict for two players (index 1), one for more."""

    def plays(self, pattern: int, call: bool) -> list[int]:
        """The ids of playing the kinds of ``pattern`` (a new list, in id order: the action
        space lists the kinds in kind order)."""
        singles = self.singles[call]
        ids: list[int] = []
        while pattern:
            low = pattern & -pattern
            ids += singles[low.bit_length() - 1]
            pattern ^= low
        return ids
