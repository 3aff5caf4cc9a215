"""Worlds read from what the other seats did since this seat's earlier view (ISMCTS ``belief``).

The world sampler (:mod:`.sampling`) deals the unseen cards from the current view alone: it
reads draws (who drew held nothing that matched) but not plays. A player who played a Red 5
when a Red Skip and a Wild were also in hand tells the table something, if one knows how that
player plays. :func:`replay_worlds` uses a model of the other players (the game's heuristic
bot) to read that:

1. It deals a world at an **earlier view** of the same seat in the same round (the seat saw
   it; a bot keeps the views it was shown), with the cards the other seats played since then
   in their hands and the cards this seat drew since then still in the draw pile.
2. It **replays** the public steps since that view on the world, handing this seat the very
   cards it drew (it saw them) and a seat that drew and at once played the drawn card that
   card. A world in which a step is illegal, or whose end differs from the current view, is
   dropped.
3. Before each step that another seat took on its own turn, it asks the model what that seat
   would have done in the world; each choice the model would not have made multiplies the
   world's weight by ``floor``. The floor keeps every world possible, so a player unlike the
   model only flattens the belief. Where the heuristic's plan decides the turn (a 2-player
   turn with a play) the model is that plan on the world's state
   (:func:`~.playouts.planned_choice`, ``PLANNED``: the heuristic's choice in about 98% of
   its decisions, at a fraction of the cost); elsewhere it is the heuristic through a view.

What it returns are worlds of the current position with their weights; ISMCTS resamples them
in proportion (``ismcts:belief=N``). Where nothing can be read (no earlier view, the 7-0 rule
that moves whole hands, a challenge or a drawn card pending at the earlier view) it returns
no worlds and the search samples as before.

>>> import random, solocards
>>> game = solocards.make("uno", players=2)
>>> state = game.deal(seed=5)
>>> bot = game.heuristic_bot()
>>> me = state.to_act[0]
>>> past = state.view(me)
>>> while True:
...     seat = state.to_act[0]
...     legal = state.legal_actions(seat)
...     state.apply(seat, bot.choose(state.view(seat), legal, random.Random(0)))
...     if state.to_act == [me]:
...         break
>>> worlds = replay_worlds(game, past, state.view(me), random.Random(1), 20)
>>> all(world.view(me) == state.view(me) for world, _ in worlds)
True
>>> all(0.0 < weight <= 1.0 for _, weight in worlds)
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import SoloError
from ...core.game import View
from ...core.recall import earlier_views
from ...core.rng import shuffle
from .actions import DRAW, MULTI, PLAY
from .cards import KIND_INDEX
from .playouts import planned_choice
from .sampling import _Template
from .state import DRAWN, UnoState

if TYPE_CHECKING:
    from .game import UnoGame

__all__ = ["DEFAULT_FLOOR", "replay_worlds", "reshuffle_pile"]

DEFAULT_FLOOR = 0.01
"""The weight a world keeps for each choice of another seat the model would not have made."""

PLANNED = True
"""Ask the heuristic's plan on the world's state (:func:`~.playouts.planned_choice`) where it
decides a turn, the heuristic through a view only where it does not. The plan agrees with the
heuristic on about 98% of its decisions and costs a fraction; ``False`` asks the heuristic
every time (a true world then always keeps weight 1). Not ``Final``: a test switches it."""


class _Replay:
    """What the steps between two views of one seat say, worked out once per pair of views."""

    def __init__(self, game: UnoGame, past: View, view: View) -> None:
        self.me: int = view["seat"]
        acts = game.acts
        steps = view["log"][len(past["log"]) :]
        self.steps: list[tuple[int, str, int]] = [
            (int(str(seat)), str(name), game.action_id(str(name))) for seat, name in steps
        ]
        players = game.players
        # Cards each other seat played from the hand it held at the earlier view (a card played
        # right after drawing it came from the draw pile instead), and what this seat drew.
        self.held: list[Counter[int]] = [Counter() for _ in range(players)]
        self.drawn_next = [-1] * len(self.steps)
        """Per step: the card its seat must have drawn there, as it plays it next (-1: any)."""
        played_by_me: Counter[int] = Counter()
        previous: tuple[int, int] | None = None
        for index, (seat, _name, action) in enumerate(self.steps):
            act = acts[action]
            if act.type in (PLAY, MULTI):
                drew = previous == (seat, DRAW) and len(act.cards) == 1
                if seat == self.me:
                    played_by_me.update(act.cards)
                elif not drew:
                    self.held[seat].update(act.cards)
                if drew:
                    self.drawn_next[index - 1] = act.cards[0]
            previous = (seat, act.type)
        # This seat's cards come only from draws and leave only by its plays (no 7-0 here).
        before = Counter(KIND_INDEX[card] for card in past["hand"])
        now = Counter(KIND_INDEX[card] for card in view["hand"])
        self.drawn_by_me = (now + played_by_me) - before
        """The cards this seat drew since the earlier view (it saw each one)."""
        self.consistent = not (before - (now + played_by_me))
        if view["phase"] == "drawn" and view["current"] == self.me and self.steps:
            seat, _name, action = self.steps[-1]
            if seat == self.me and acts[action].type == DRAW:  # the card it holds drawn now
                self.drawn_next[-1] = KIND_INDEX[view["drawn_card"]]
        self._owed: Counter[int] = Counter()
        """This seat's drawn cards not yet handed to it in the replay under way."""
        self._model_rng = random.Random(0)  # (the heuristic draws nothing; a fixed source)
        self.template = _Template(game, past)
        self.target = _public(view)
        self.model: Any = game.heuristic_bot()

    def world(self, rng: random.Random, floor: float) -> tuple[UnoState, float] | None:
        """One world of the current position and its weight; ``None`` if this try failed."""
        world = self.template.deal(rng)
        if not self._arrange(world, rng):
            return None
        me = self.me
        weight = 1.0
        for index, (seat, name, action) in enumerate(self.steps):
            if seat != me and world.to_act == [seat]:
                if action not in world.legal_action_ids(seat):
                    return None
                planned = planned_choice(world, seat) if PLANNED else -1
                if planned >= 0:
                    if planned != action:
                        weight *= floor
                else:
                    legal = world.legal_actions(seat)
                    if self.model.choose(world.view(seat), legal, self._model_rng) != name:
                        weight *= floor
            sizes = [len(hand) for hand in world.hands]
            try:
                world.apply_id(seat, action)
            except SoloError:
                return None
            if not self._settle_draws(world, sizes, index, rng):
                return None
        if _public(world.view(me, log=False)) != self.target:
            return None
        return world, weight

    def _arrange(self, world: UnoState, rng: random.Random) -> bool:
        """Give the other seats the cards they play from hand, and leave this seat's coming
        draws in the draw pile (swapping with random cards of the pile)."""
        hands, pile = world.hands, world.pile
        for seat, needed in enumerate(self.held):
            if seat == self.me or not needed:
                continue
            hand = hands[seat]
            have = Counter(hand)
            spare = [i for i, card in enumerate(hand) if have[card] > needed[card]]
            for card, count in needed.items():
                for _ in range(count - have[card]):
                    if not spare or card not in pile:
                        return False
                    slot = spare.pop(rng.randrange(len(spare)))
                    at = pile.index(card)
                    pile[at], hand[slot] = hand[slot], card
            world._remask(seat)
        for card, count in self.drawn_by_me.items():
            missing = count - pile.count(card)
            for seat, hand in enumerate(hands):
                while missing > 0 and seat != self.me and card in hand:
                    if not self._swap_out(world, seat, hand.index(card), card, rng):
                        return False
                    missing -= 1
            if missing > 0:
                return False
        world._legal_cache = None
        world._quick_seat = -1
        return True

    def _swap_out(
        self, world: UnoState, seat: int, slot: int, card: int, rng: random.Random
    ) -> bool:
        """Swap ``card`` at ``seat``'s ``slot`` with a card of the draw pile that nobody needs
        (not one this seat draws later)."""
        pile = world.pile
        choices = [i for i, other in enumerate(pile) if other not in self.drawn_by_me]
        if not choices:
            return False
        at = choices[rng.randrange(len(choices))]
        pile[at], world.hands[seat][slot] = card, pile[at]
        world._remask(seat)
        return True

    def _settle_draws(
        self, world: UnoState, sizes: list[int], index: int, rng: random.Random
    ) -> bool:
        """After step ``index``: the cards drawn then become the ones the replay calls for (this
        seat's own draws, a drawn card played next) by swapping them with the draw pile."""
        pile = world.pile
        wanted = self.drawn_next[index]
        for seat, hand in enumerate(world.hands):
            new = range(sizes[seat], len(hand))
            if not new:
                continue
            if seat == self.me:
                owed = self._owed
                for slot in new:
                    card = hand[slot]
                    want = wanted if wanted >= 0 and slot == len(hand) - 1 else -1
                    if want < 0:
                        if owed[card] > 0:
                            owed[card] -= 1
                            continue
                        want = next((k for k, n in owed.items() if n > 0), -1)
                    elif want == card and owed[card] > 0:
                        owed[card] -= 1
                        continue
                    if want < 0 or owed[want] <= 0 or want not in pile:
                        return False
                    at = pile.index(want)
                    pile[at], hand[slot] = card, want
                    owed[want] -= 1
            elif wanted >= 0 and seat == self.steps[index][0] and hand[-1] != wanted:
                if wanted not in pile:
                    return False
                at = pile.index(wanted)
                pile[at], hand[-1] = hand[-1], wanted
            else:
                continue
            world._remask(seat)
            if world.phase == DRAWN and world.current == seat:
                world.drawn = hand[-1]
            world._legal_cache = None
            world._quick_seat = -1  # the legal pattern kept may be stale
        return True

    def worlds(self, rng: random.Random, count: int, floor: float) -> list[tuple[UnoState, float]]:
        """Up to ``count`` weighted worlds (tries that fail are dropped)."""
        found = []
        for _ in range(count):
            self._owed = Counter(self.drawn_by_me)
            made = self.world(rng, floor)
            if made is not None:
                found.append(made)
        return found


def _public(view: View) -> dict[str, Any]:
    """A view without its log, with the hand as a sorted list (the replay may order it
    differently)."""
    found = {
        key: value for key, value in view.items() if key not in ("log", "revealed", "log_size")
    }
    found["hand"] = sorted(found["hand"])
    return found


def replay_worlds(
    game: UnoGame,
    past: View,
    view: View,
    rng: random.Random,
    count: int,
    floor: float = DEFAULT_FLOOR,
) -> list[tuple[UnoState, float]]:
    """Worlds of ``view``'s position dealt at ``past`` (an earlier view of the same seat in the
    same round) and replayed since, each with its weight: ``floor`` to the power of the other
    seats' choices the heuristic bot would not have made in it (see the module doc). ``count``
    tries; the ones that fail are dropped, and where nothing can be read the list is empty."""
    if game.rules.seven_zero or not earlier_views([past], view):
        return []
    replay = _Replay(game, past, view)
    if not replay.consistent or replay.template.challenge or replay.template.opponent_drew:
        return []
    return replay.worlds(rng, count, floor)


def reshuffle_pile(world: UnoState, rng: random.Random) -> None:
    """Shuffle ``world``'s draw pile in place: what a replayed world leaves to chance from its
    position on. The replay fixes the hands (that is what it reads); the order of the draw pile
    is unknown to every seat, so a world the search draws again from its belief plays out a
    fresh future instead of the same draws every time.

    >>> import solocards
    >>> game = solocards.make("uno", players=2)
    >>> world = game.deal(seed=3)
    >>> before = world.view(0), sorted(world.pile), list(world.pile)
    >>> reshuffle_pile(world, random.Random(1))
    >>> (world.view(0), sorted(world.pile)) == before[:2] and world.pile != before[2]
    True
    """
    shuffle(rng, world.pile)
