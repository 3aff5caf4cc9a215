"""Reaction windows: the one order in which a simulator asks the seats (API.md).

When several seats may act at once (a jump-in, a UNO catch), a simulator that must pick one
actor asks every seat that may react first, in seat order from the seat whose regular turn it
is (:meth:`State.regular_seat`); each may decline. If all decline, the regular seat acts. The
bots' playouts, the simulation runner, the server's autoplay and the RL environments' turns all
take that order from :func:`polling_order`.

>>> import solocards
>>> state = solocards.make("uno", players=2).deal(seed=3)
>>> polling_order(state)
(0, [])
"""

from __future__ import annotations

from .game import State


def polling_order(state: State, to_act: list[int] | None = None) -> tuple[int, list[int]]:
    """The regular seat and the seats that may react, in the order they are asked.

    Outside a window the list is empty; once the round is over the seat is -1. ``to_act`` is
    ``state.to_act`` where the caller has it already (playouts ask millions of times).
    """
    if to_act is None:
        to_act = state.to_act
    if not to_act:
        return -1, []
    if len(to_act) == 1:
        return to_act[0], []
    regular = state.regular_seat()
    if regular not in to_act:
        regular = to_act[0]
    players = state.players
    reactors = [
        (regular + offset) % players
        for offset in range(1, players)
        if (regular + offset) % players in to_act
    ]
    return regular, reactors


__all__ = ["polling_order"]
