"""Worlds weighted by what the other seats did: a belief over the hands the seat cannot see.

A world sampler deals the unseen cards uniformly among the places they could be, so it ignores
what the table's choices say about the hands: a Frog declarer who bid a Solo holds strong cards,
a German Solo player who passed holds weak ones. Where the game's sampler reports the steps of
the round it replays (``GameInfo.belief_sampling``), each world is weighted by how well a model
of the players (the game's heuristic bot) explains every earlier choice of the other seats in
that world: a choice the model would have made keeps the weight, any other choice multiplies it
by ``floor``. The floor keeps every world possible, so a person who plays unlike the model only
flattens the belief instead of breaking it.

Weighted worlds are few in effect (most weight sits on a handful), so :meth:`PolicyBelief.draw`
samples ``candidates`` worlds and keeps one with chance proportional to its weight (sampling
importance resampling): every world played out then counts alike, and a world costs a few
samples and model calls, far less than its playouts.

>>> import random, solocards
>>> game = solocards.make("german-solo")
>>> state = game.deal(seed=3)
>>> seat = state.to_act[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
>>> belief = PolicyBelief(game, floor=0.25)
>>> world, weight = belief.sample(state.view(state.to_act[0]), random.Random(1))
>>> weight in (0.25, 1.0)
True
"""

from __future__ import annotations

import random

from ..core.errors import OptionError, SoloError
from ..core.game import Game, State
from ..core.messages import msg
from ..core.types import View

DEFAULT_FLOOR = 0.01
"""The weight a world keeps for each earlier choice the model would not have made there."""

DEFAULT_CANDIDATES = 8
"""How many weighted worlds :meth:`PolicyBelief.draw` chooses each world from."""


class PolicyBelief:
    """Samples worlds for one seat's view with the weight the model of the players gives them."""

    def __init__(
        self, game: Game, *, floor: float = DEFAULT_FLOOR, candidates: int = DEFAULT_CANDIDATES
    ) -> None:
        if not game.info.belief_sampling or not game.info.has_heuristic:
            raise OptionError(
                msg("{game} cannot weight its worlds by the players' choices", game=game.id)
            )
        if not 0.0 < floor <= 1.0:
            raise OptionError(
                msg("the belief floor must be in (0, 1], not {floor}", floor=repr(floor))
            )
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise OptionError(
                msg(
                    "candidates must be a whole number >= 1, not {candidates}",
                    candidates=repr(candidates),
                )
            )
        self.game = game
        self.floor = floor
        self.candidates = candidates
        self.model = game.heuristic_bot()

    def sample(self, view: View, rng: random.Random) -> tuple[State, float]:
        """A world consistent with ``view`` and its weight in (0, 1]."""
        me = view.get("seat")
        weight = 1.0
        floor = self.floor
        model = self.model

        def observe(state: State, seat: int, action: str) -> None:
            nonlocal weight
            if seat == me:
                return
            legal = state.legal_actions(seat)
            if len(legal) < 2:
                return
            if model.choose(state.view(seat), legal, random.Random(0)) != action:
                weight *= floor

        world = self.game.sample_world(view, rng, observe=observe)
        return world, weight

    def draw(self, view: View, rng: random.Random) -> State:
        """One world from the belief: ``candidates`` weighted worlds, one kept by its weight.

        A sampler that finds no deal for a candidate (German Solo's gives up after many draws
        on a tightly constrained view) only loses that candidate; with none left, its error is
        raised."""
        worlds: list[State] = []
        weights: list[float] = []
        failure: SoloError | None = None
        for _ in range(self.candidates):
            try:
                world, weight = self.sample(view, random.Random(rng.getrandbits(63)))
            except SoloError as error:
                failure = error
                continue
            worlds.append(world)
            weights.append(weight)
        if not worlds:
            assert failure is not None
            raise failure
        return rng.choices(worlds, weights)[0]


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_FLOOR", "PolicyBelief"]
