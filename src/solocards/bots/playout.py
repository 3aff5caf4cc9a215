"""Who decides next in a simulated round, random playouts, and rewards from a round's result.

Search bots play rounds forward inside sampled worlds. Where several seats may act at once (a
reaction window), they ask the seats in the order API.md gives a simulator
(:func:`solocards.core.windows.polling_order`): every seat that may react, in seat order from
the seat whose regular turn it is, may decline (``NO_REACTION_ID``); if all decline, the
regular seat acts. A :class:`Window` remembers who declined until the next action changes the
state.

>>> import random, solocards
>>> state = solocards.make("uno", players=2).deal(seed=3)
>>> finished = random_playout(state.clone(), random.Random(1))
>>> finished.is_over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.game import State
from ..core.rng import choice, randbelow
from ..core.windows import polling_order

NO_REACTION_ID = -1
"""The action id a search uses for declining a reaction (the bots' ``NO_REACTION``)."""


@dataclass
class Window:
    """The seats that declined to react since the last action (they are not asked again)."""

    declined: set[int] = field(default_factory=set)

    def decider(self, state: State) -> tuple[int, bool]:
        """The seat to ask now, and whether it is asked to react (it may then decline)."""
        to_act = state.to_act
        if len(to_act) == 1:
            return to_act[0], False
        regular, reactors = polling_order(state, to_act)
        for seat in reactors:
            if seat not in self.declined:
                return seat, True
        return regular, False

    def apply(self, state: State, seat: int, action_id: int) -> None:
        """Apply an action id (or a declined reaction) for ``seat``."""
        if action_id == NO_REACTION_ID:
            self.declined.add(seat)
        else:
            state.apply_id(seat, action_id)
            self.declined.clear()


def random_playout(state: State, rng: random.Random, max_steps: int = 20_000) -> State:
    """Play ``state`` to its end with uniformly random actions, in place; returns ``state``.

    In a reaction window each seat that may react chooses uniformly among its reactions and
    declining, as the random bot does. Stops after ``max_steps`` actions (the round may then
    still be going on; :func:`rewards` treats that as a draw).
    """
    for _ in range(max_steps):
        to_act = state.to_act
        if not to_act:
            break
        if len(to_act) == 1:
            seat = to_act[0]
        else:
            seat = _random_reactor(state, to_act, rng)
            if seat < 0:
                continue
        state.apply_id(seat, choice(rng, state.legal_action_ids(seat)))
    return state


def _random_reactor(state: State, to_act: list[int], rng: random.Random) -> int:
    """Resolve a window randomly: apply a reaction and return -1, or return the regular seat."""
    regular, reactors = polling_order(state, to_act)
    for seat in reactors:
        legal = state.legal_action_ids(seat)
        pick = randbelow(rng, len(legal) + 1)
        if pick < len(legal):
            state.apply_id(seat, legal[pick])
            return -1
    return regular


@dataclass(frozen=True)
class Outcome:
    """A finished round from the search's point of view: who won (1 or 0) and each seat's score."""

    wins: tuple[float, ...]
    scores: tuple[float, ...]

    @staticmethod
    def of(state: State) -> Outcome:
        """The outcome of ``state``; a round cut short counts as a draw with no score.

        >>> import random, solocards
        >>> state = random_playout(solocards.make("uno", players=2).deal(seed=3), random.Random(2))
        >>> sorted(Outcome.of(state).wins)
        [0.0, 1.0]
        """
        result = state.result
        players = state.players
        if result is None:
            return Outcome((1.0 / players,) * players, (0.0,) * players)
        winners = result.get("winners") or []
        wins = tuple(1.0 if seat in winners else 0.0 for seat in range(players))
        scores = tuple(float(score) for score in result["scores"])
        return Outcome(wins, scores)

    @staticmethod
    def for_seat(state: State, seat: int) -> tuple[float, float]:
        """``(wins[seat], scores[seat])`` of :meth:`of`, without the other seats' figures.

        >>> import random, solocards
        >>> state = random_playout(solocards.make("uno", players=2).deal(seed=3), random.Random(2))
        >>> outcome = Outcome.of(state)
        >>> Outcome.for_seat(state, 1) == (outcome.wins[1], outcome.scores[1])
        True
        """
        result = state.result
        if result is None:
            return 1.0 / state.players, 0.0
        winners = result.get("winners") or ()
        return (1.0 if seat in winners else 0.0), float(result["scores"][seat])


__all__ = [
    "NO_REACTION_ID",
    "Outcome",
    "Window",
    "random_playout",
]
