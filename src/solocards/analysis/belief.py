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

Late in a round the deals in which every choice agrees are a tiny share of the uniform ones,
so resampling from a few candidates stays far from them. Where the game hands out the deal
behind a world (``GameInfo.deal_sampler``), :meth:`PolicyBelief.worlds` walks Markov chains
over the deals instead (Metropolis-Hastings, swapping two unseen cards at a time) whose target
is exactly these weights; :meth:`PolicyBelief.draw` and :func:`~.estimate.analyse` use them.

>>> import random, solocards
>>> game = solocards.make("german-solo")
>>> state = game.deal(seed=3)
>>> seat = state.to_act[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
>>> belief = PolicyBelief(game, floor=0.25)
>>> world, weight = belief.sample(state.view(state.to_act[0]), random.Random(1))
>>> weight in (0.25, 1.0)
True
>>> from itertools import islice
>>> frog = solocards.make("frog")
>>> round_ = frog.deal(seed=4)
>>> view = round_.view(round_.to_act[0])
>>> worlds = PolicyBelief(frog, burn=20).worlds(view, random.Random(2))
>>> all(world.view(view["seat"]) == view for world in islice(worlds, 3))
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from ..core.errors import OptionError, SoloError
from ..core.game import Game, State
from ..core.hidden import HiddenDeal
from ..core.messages import msg
from ..core.types import View

DEFAULT_FLOOR = 0.01
"""The weight a world keeps for each earlier choice the model would not have made there."""

DEFAULT_CANDIDATES = 8
"""How many weighted worlds :meth:`PolicyBelief.draw` chooses each world from."""

DEFAULT_STEPS = 10
"""How many swaps of two unseen cards the belief's chain proposes between two worlds, in the
games that hand out their deals (``GameInfo.deal_sampler``)."""

DEFAULT_BURN = 200
"""How many swaps each of the belief's chains proposes before its first world."""

ANNEALING = 4
"""How many stages the burn-in of a chain is annealed in (see :meth:`PolicyBelief.worlds`)."""

DEFAULT_CHAINS = 4
"""How many chains the belief walks for one view (they take turns giving worlds)."""


class _TooManyMismatches(Exception):
    """Stops a replay once the world has more mismatches than a proposal may have."""


class PolicyBelief:
    """Samples worlds for one seat's view with the weight the model of the players gives them."""

    def __init__(
        self,
        game: Game,
        *,
        floor: float = DEFAULT_FLOOR,
        candidates: int = DEFAULT_CANDIDATES,
        steps: int = DEFAULT_STEPS,
        burn: int = DEFAULT_BURN,
        chains: int = DEFAULT_CHAINS,
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
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise OptionError(
                msg("steps must be a whole number >= 0, not {steps}", steps=repr(steps))
            )
        if isinstance(burn, bool) or not isinstance(burn, int) or burn < 0:
            raise OptionError(msg("burn must be a whole number >= 0, not {burn}", burn=repr(burn)))
        if isinstance(chains, bool) or not isinstance(chains, int) or chains < 1:
            raise OptionError(
                msg("chains must be a whole number >= 1, not {chains}", chains=repr(chains))
            )
        self.game = game
        self.floor = floor
        self.candidates = candidates
        self.steps = steps if game.info.samples_deals else 0
        self.burn = burn
        self.chains = chains
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

    def mismatches(
        self, deal: HiddenDeal, seat: int | None, limit: float = math.inf
    ) -> tuple[State, int] | None:
        """The world ``deal`` makes and how many earlier choices of the seats other than
        ``seat`` the model would not have made there; ``None`` once there are more than
        ``limit`` (the replay stops there) or where the round cannot be replayed on it."""
        count = 0
        model = self.model

        def observe(state: State, actor: int, action: str) -> None:
            nonlocal count
            if actor == seat:
                return
            legal = state.legal_actions(actor)
            if len(legal) < 2:
                return
            if model.choose(state.view(actor), legal, random.Random(0)) != action:
                count += 1
                if count > limit:
                    raise _TooManyMismatches

        try:
            world = deal.world(observe)
        except (_TooManyMismatches, SoloError):
            return None
        return None if world is None else (world, count)

    @property
    def chained(self) -> bool:
        """Whether this belief walks a chain over deals (the game hands out its deals and
        ``steps`` is not 0); else each world is resampled from the candidates alone."""
        return self.steps > 0

    def draw(self, view: View, rng: random.Random) -> State:
        """One world from the belief: ``candidates`` weighted worlds, one kept by its weight;
        where the belief is :attr:`chained`, the first world of :meth:`worlds` instead.

        A sampler that finds no deal for a candidate (German Solo's gives up after many draws
        on a tightly constrained view) only loses that candidate; with none left, its error is
        raised."""
        if not self.chained:
            return self._resample(view, rng)
        return next(self.worlds(view, rng))

    def worlds(self, view: View, rng: random.Random) -> Iterator[State]:
        """Worlds from Markov chains over the deals consistent with ``view`` whose target is
        the belief's weights (Metropolis-Hastings; needs :attr:`chained`).

        Each of ``chains`` chains starts from ``candidates`` sampled deals, one kept by its
        weight, and proposes swaps of two unseen cards between two hidden places (every
        constraint of the sampler kept): a swap that adds ``k`` mismatches is kept with chance
        ``floor ** k``, one that adds none always. A chain yields its world after ``burn``
        proposals, then again every ``steps`` proposals; the chains take turns (each begins
        when its first world is asked for), without end.

        The burn-in is annealed: its proposals are kept with chance ``floor ** (k * t)``, ``t``
        rising in :data:`ANNEALING` even stages from ``1 / ANNEALING`` to 1, so that a chain
        started far from the deals the choices imply can still climb over a deal with one
        more mismatch on its way there; only then does it walk the belief's own target."""
        if not self.chained:
            raise OptionError(
                msg("{game}'s belief does not walk a chain over deals", game=self.game.id)
            )
        seat = view.get("seat")
        walking: list[tuple[HiddenDeal, State, int]] = []
        while True:
            for index in range(self.chains):
                if index == len(walking):
                    walking.append(self._burn_in(view, seat, rng))
                else:
                    deal, world, count = walking[index]
                    walked = self._walk(deal, world, count, seat, rng, self.steps, self.floor)
                    walking[index] = (deal, *walked)
                yield walking[index][1]

    def _burn_in(
        self, view: View, seat: int | None, rng: random.Random
    ) -> tuple[HiddenDeal, State, int]:
        """A chain's start and its annealed burn-in (see :meth:`worlds`)."""
        deal, world, count = self._start(view, seat, rng)
        for stage in range(1, ANNEALING + 1):
            steps = self.burn * stage // ANNEALING - self.burn * (stage - 1) // ANNEALING
            floor = self.floor ** (stage / ANNEALING)
            world, count = self._walk(deal, world, count, seat, rng, steps, floor)
        return deal, world, count

    def _start(
        self, view: View, seat: int | None, rng: random.Random
    ) -> tuple[HiddenDeal, State, int]:
        """A chain's first deal: ``candidates`` sampled deals, one kept by its weight."""
        chains: list[tuple[HiddenDeal, State, int]] = []
        failure: SoloError | None = None
        for _ in range(self.candidates):
            try:
                deal = self.game.sample_deal(view, random.Random(rng.getrandbits(63)))
            except SoloError as error:
                failure = error
                continue
            scored = self.mismatches(deal, seat)
            if scored is not None:
                chains.append((deal, *scored))
        if not chains:
            raise failure or SoloError("no deal consistent with this view was found")
        fewest = min(count for _deal, _world, count in chains)
        weights = [self.floor ** (count - fewest) for _deal, _world, count in chains]
        return rng.choices(chains, weights)[0]

    def _walk(
        self,
        deal: HiddenDeal,
        world: State,
        count: int,
        seat: int | None,
        rng: random.Random,
        steps: int,
        floor: float,
    ) -> tuple[State, int]:
        """``steps`` Metropolis-Hastings proposals from ``deal`` (its world and mismatches
        given) toward ``floor ** mismatches``: the world and mismatches where they leave it.

        Both cards are drawn from all movable cards whatever the deal, so the proposal is
        symmetric; a pair that cannot change places is a rejected proposal. The chance to keep
        a swap is drawn first, so the count of the new world's mismatches stops as soon as it
        passes what that chance allows. With fewer than two unseen cards (late in a round the
        seat may have seen every card still in play) there is nothing to swap: the world stays.
        """
        cards = deal.cards
        if len(cards) < 2:
            return world, count
        log_floor = math.log(floor)
        for _ in range(steps):
            first = cards[rng.randrange(len(cards))]
            second = cards[rng.randrange(len(cards))]
            if not deal.can_swap(first, second):
                continue
            chance = 1.0 - rng.random()  # in (0, 1]
            extra = math.floor(math.log(chance) / log_floor) if log_floor else math.inf
            deal.swap(first, second)
            scored = self.mismatches(deal, seat, count + extra)
            if scored is None:
                deal.swap(first, second)
                continue
            world, count = scored
        return world, count

    def _resample(self, view: View, rng: random.Random) -> State:
        """``candidates`` weighted worlds from the world sampler, one kept by its weight."""
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


__all__ = [
    "DEFAULT_BURN",
    "DEFAULT_CANDIDATES",
    "DEFAULT_CHAINS",
    "DEFAULT_FLOOR",
    "DEFAULT_STEPS",
    "PolicyBelief",
]
