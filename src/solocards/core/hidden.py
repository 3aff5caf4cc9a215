"""The cards a seat has not seen, dealt to the hidden places they could be in: :class:`HiddenDeal`.

A world sampler (``GameInfo.world_sampler``) deals every unseen card to a place it could be
(another seat's hand, an unseen talon) and replays the round on that deal. A game that also
declares ``GameInfo.deal_sampler`` hands out the deal itself, before it becomes a world, so that
a caller can move cards between the places and rebuild the world: a Markov chain over the deals
consistent with a view (``solocards.analysis.belief``) swaps two unseen cards at a time.

Each unseen card that may move has a mask of the places it may be in (bit ``p``: place ``p``);
:meth:`HiddenDeal.swap` exchanges two cards only where each may go to the other's place, so
every place keeps its size and every constraint the masks carry (a suit a seat showed it lacks).
What the masks cannot say (a rule only the replay checks) makes :meth:`HiddenDeal.world` return
``None``.

>>> def build(places, observe):
...     return tuple(tuple(sorted(cards)) for cards in places)
>>> deal = HiddenDeal([[1, 2], [3]], {1: 0b11, 2: 0b01, 3: 0b11}, build)
>>> deal.can_swap(1, 3), deal.can_swap(2, 3), deal.can_swap(1, 2)
(True, False, False)
>>> deal.swap(1, 3)
>>> deal.world(None)
((2, 3), (1,))
>>> deal.cards
[1, 2, 3]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from .game import State, StepObserver

    Build = Callable[[list[list[int]], StepObserver | None], State | None]
    """``build(places, observe)``: the world a deal makes, or ``None``."""


class HiddenDeal:
    """Unseen cards in hidden places, each card with the mask of the places it may be in.

    ``places``: the cards of each hidden place; ``allowed``: card -> mask of places (every card
    of ``places`` must have one); ``build(places, observe)``: the world these places deal, or
    ``None`` where the round cannot be replayed on it (``observe`` as for the world sampler:
    it is called before each replayed step, and an exception it raises stops the replay)."""

    __slots__ = ("_build", "_where", "allowed", "cards", "places")

    def __init__(
        self,
        places: list[list[int]],
        allowed: dict[int, int],
        build: Build,
    ) -> None:
        self.places = places
        self.allowed = allowed
        self._build = build
        self._where: dict[int, tuple[int, int]] = {}
        for place, cards in enumerate(places):
            for index, card in enumerate(cards):
                if card not in allowed or not allowed[card] >> place & 1:
                    raise ValueError(f"card {card} may not be in place {place}")
                self._where[card] = (place, index)
        self.cards: list[int] = sorted(self._where)
        """Every card that may move, in a fixed order (pick proposals from it)."""

    def place_of(self, card: int) -> int:
        """The place ``card`` is in now."""
        return self._where[card][0]

    def can_swap(self, first: int, second: int) -> bool:
        """Whether the two cards are in different places and each may be in the other's."""
        first_place = self._where[first][0]
        second_place = self._where[second][0]
        return (
            first_place != second_place
            and bool(self.allowed[first] >> second_place & 1)
            and bool(self.allowed[second] >> first_place & 1)
        )

    def swap(self, first: int, second: int) -> None:
        """Exchange two cards between their places (:class:`ValueError` unless
        :meth:`can_swap`); swapping them again undoes it."""
        if not self.can_swap(first, second):
            raise ValueError(f"cards {first} and {second} cannot change places")
        first_place, first_index = self._where[first]
        second_place, second_index = self._where[second]
        self.places[first_place][first_index] = second
        self.places[second_place][second_index] = first
        self._where[first] = (second_place, second_index)
        self._where[second] = (first_place, first_index)

    def world(self, observe: StepObserver | None) -> State | None:
        """The world this deal makes (``None`` if the round cannot be replayed on it)."""
        return self._build(self.places, observe)


__all__ = ["HiddenDeal"]
