"""A round as a sequence of one-seat decisions: how the RL environments serve reaction windows.

In a reaction window (a jump-in, a UNO catch) several seats may act at once and nobody has to
decline (API.md). An RL environment asks one seat at a time instead, in the order the simulators
use (:func:`solocards.core.windows.polling_order`): each seat that may react, in seat order
from the seat whose regular turn it is, decides first and may answer **no reaction**; if every
one of them declines, the regular seat acts. The first reaction taken closes that round of
asking, as in the game.

"No reaction" is one extra action id, ``game.num_actions``, in the action space of the games
that declare windows (``game.info.reaction_windows``). It is legal only for a seat asked about a
reaction.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> turns = Turns(game.deal(seed=7))
>>> turns.seat, turns.reacting
(1, False)
>>> turns.act(turns.legal_ids()[0])
>>> turns.state.history[0][0]
1
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import Game, State
from ..core.windows import polling_order


def has_windows(game: Game) -> bool:
    """Whether ``game`` declares reaction windows, and so the extra "no reaction" action."""
    return game.info.reaction_windows


def action_space_size(game: Game) -> int:
    """``game.num_actions``, plus one ("no reaction") for the games with reaction windows."""
    return game.num_actions + (1 if has_windows(game) else 0)


def window(state: State) -> tuple[int, list[int]]:
    """The regular seat and the seats that may react now, in the order they are asked.

    Outside a window the list is empty. Once the round is over the seat is -1.
    """
    return polling_order(state)


class Turns:
    """Whose decision it is in ``state``, and whether it may decline (a reaction)."""

    __slots__ = (
        "_declined",
        "_reactors",
        "_windows",
        "no_reaction",
        "reacting",
        "regular",
        "seat",
        "state",
    )
    state: State
    no_reaction: int
    seat: int
    regular: int
    reacting: bool
    _reactors: tuple[int, ...]
    _declined: int
    _windows: bool

    def __init__(self, state: State) -> None:
        self.state = state
        self.no_reaction = state.game.num_actions
        self._windows = has_windows(state.game)
        self._declined = 0
        self._refresh()

    def _refresh(self) -> None:
        to_act = self.state.to_act
        if len(to_act) == 1:  # the usual case: one seat, no window
            self.regular = self.seat = to_act[0]
            self.reacting = False
            self._reactors = ()
            return
        regular, reactors = polling_order(self.state, to_act)
        self.regular, self._reactors = regular, tuple(reactors)
        self._next()

    def _next(self) -> None:
        if self._declined < len(self._reactors):
            self.seat, self.reacting = self._reactors[self._declined], True
        else:
            self.seat, self.reacting = self.regular, False

    def clone(self) -> Turns:
        """An independent copy (the state cloned, the seats already asked kept)."""
        new = Turns(self.state.clone())
        new._declined = self._declined
        new._reactors = self._reactors
        new.regular, new.seat, new.reacting = self.regular, self.seat, self.reacting
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Turns:
        return self.clone()

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (then :attr:`seat` is -1)."""
        return self.seat < 0

    def legal_ids(self) -> list[int]:
        """The deciding seat's legal ids, with :attr:`no_reaction` last when it may decline."""
        if self.seat < 0:
            return []
        ids = self.state.legal_action_ids(self.seat)
        if self.reacting:
            ids.append(self.no_reaction)
        return ids

    def act(self, action: int) -> None:
        """Apply the deciding seat's ``action`` (an action id, or :attr:`no_reaction`).

        Raises :class:`~solocards.IllegalActionError` (the state unchanged) if it is not legal.
        """
        seat = self.seat
        if seat < 0:
            raise IllegalActionError("the round is over")
        if action == self.no_reaction and self._windows:
            if not self.reacting:
                raise IllegalActionError(
                    f"seat {seat} must act: it is its regular turn, not a reaction"
                )
            self._declined += 1
            self._next()
            return
        state = self.state
        state.apply_id(seat, action)
        self._declined = 0
        sole = state.sole_actor()
        if sole >= 0:  # inlined _refresh: the usual case
            self.regular = self.seat = sole
            self.reacting = False
            self._reactors = ()
        else:
            self._refresh()


__all__ = ["Turns", "action_space_size", "has_windows", "window"]
