"""The lab's unit of work: one variant, a run of deals, every seating; and playing it.

Deal ``d`` of a lab is the same for every variant whose deck is the same: the deck is
``game.deck()`` shuffled by a seed derived from the lab's seed and ``d``, the dealer is seat
``d % players``, and the round's own randomness (a reshuffle) comes from the same derived seed.
So variants differ by their rules, not by their cards (paired deals, common random numbers).
The bots' random choices get their own seed per variant, deal, seating and seat.

>>> spec = ChunkSpec("uno", 2, {"hand_size": 3}, variant=0, first_deal=0, deals=2,
...                  bots=("random",), seed=1)
>>> rounds = play_chunk(spec)
>>> len(rounds), rounds[0]["deal"], rounds[0]["decisions"] > 0
(4, 0, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.random_bot import RandomBot
from ..core.bot import NO_REACTION, Bot
from ..core.game import Game, State
from ..core.match import Match
from ..core.rng import derive_seed, shuffled
from ..core.windows import polling_order
from ..games.registry import make
from ..sim import runner
from ..sim.runner import choose_actor
from ..sim.tournament import bot_labels, lineups
from .events import LabEvents

RoundOutcome = dict[str, Any]
"""One round, JSON-ready: ``deal``, ``seating``, ``lineup``, ``dealer``, ``decisions``,
``turns``, ``scores``, ``winners``, ``mid_leader``, ``events`` and its ``record``."""


@dataclass(frozen=True)
class ChunkSpec:
    """Deals ``first_deal .. first_deal + deals - 1`` of one variant, in every seating."""

    game_id: str
    players: int
    options: Mapping[str, Any]
    variant: int
    first_deal: int
    deals: int
    bots: tuple[str, ...]
    seed: int

    def game(self) -> Game:
        """The variant's game."""
        return make(self.game_id, players=self.players, **dict(self.options))


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings of a deal: every seat order of the bots (duplicate play), and at least two,
    so that a deal is always played more than once (the luck share needs repeats).

    >>> seatings(1, 3)
    [(0, 0, 0), (0, 0, 0)]
    >>> seatings(2, 2)
    [(0, 1), (1, 0)]
    """
    orders = lineups(bots, players)
    return orders * 2 if len(orders) == 1 else orders


def deal_deck(game: Game, seed: int, deal: int) -> tuple[list[str], int, int]:
    """The deck order, the dealer and the round seed of deal ``deal`` of a lab seeded ``seed``."""
    round_seed = derive_seed(seed, "lab-deal", deal)
    return shuffled(game.deck(), round_seed), deal % game.players, round_seed


def standing(snapshot: Mapping[str, Any]) -> list[float]:
    """How well each seat stands, higher is better: fewer cards in hand in a shedding game,
    more card points (Frog) or tricks (German Solo) in a trick game."""
    if "pending_draw" in snapshot:
        return [-float(len(hand)) for hand in snapshot["hands"]]
    if isinstance(snapshot.get("points"), list):
        return [float(points) for points in snapshot["points"]]
    return [float(tricks) for tricks in snapshot.get("tricks_won") or []]


def leader(snapshot: Mapping[str, Any]) -> int | None:
    """The one seat standing best, or ``None`` when several share the best standing."""
    values = standing(snapshot)
    if not values:
        return None
    best = max(values)
    seats = [seat for seat, value in enumerate(values) if value == best]
    return seats[0] if len(seats) == 1 else None


def count_turns(actions: list[tuple[int, str]]) -> int:
    """Turns: runs of consecutive actions by one seat (a draw and a pass make one turn).

    >>> count_turns([(0, "draw"), (0, "pass"), (1, "R5"), (0, "R7")])
    3
    """
    turns, last = 0, None
    for seat, _ in actions:
        if seat != last:
            turns, last = turns + 1, seat
    return turns


def random_actor(state: State, rngs: list[random.Random]) -> tuple[int, str]:
    """Who acts and what when every seat is the random bot: :func:`~solocards.sim.runner.
    choose_actor`'s order and choices (reacting seats first, from the regular seat on, each
    drawing among its actions and "no reaction"), without building views nobody reads."""
    regular, reactors = polling_order(state)
    for seat in reactors:
        action = rngs[seat].choice([*state.legal_actions(seat), NO_REACTION])
        if action != NO_REACTION:
            return seat, action
    return regular, rngs[regular].choice(state.legal_actions(regular))


def play_seating(
    game: Game,
    bots: list[Bot],
    spec: ChunkSpec,
    deal: int,
    seating: int,
    lineup: tuple[int, ...],
) -> RoundOutcome:
    """Play deal ``deal`` once with the bots seated as ``lineup``."""
    deck, dealer, round_seed = deal_deck(game, spec.seed, deal)
    labels = bot_labels(list(spec.bots))
    seats = [bots[index] for index in lineup]
    rngs = [
        random.Random(derive_seed(spec.seed, "lab-bot", spec.variant, deal, seating, seat))
        for seat in range(game.players)
    ]
    match = Match(
        game,
        seed=round_seed,
        names=[labels[index] for index in lineup],
        first_dealer=dealer,
        decks=[deck],
    )
    all_random = all(type(bot) is RandomBot for bot in seats)
    events: Counter[str] = Counter()
    declared = LabEvents(game.info)
    leaders: list[int | None] = []
    limit = runner.ROUND_ACTION_LIMIT
    while not match.results and len(leaders) < limit:
        state = match.state
        snapshot = state.snapshot()
        leaders.append(leader(snapshot))
        if all_random:
            seat, action = random_actor(state, rngs)
        else:
            seat, action = choose_actor(state, seats, rngs)
        events.update(declared.step(snapshot, seat, action))
        match.apply(seat, action)
    if match.results:
        result = match.results[0]
        events.update(declared.result(result))
        scores, winners = [float(score) for score in result["scores"]], list(result["winners"])
    else:  # abandoned at the action limit: no winner, no score; an event the report shows
        scores, winners = [0.0] * game.players, []
        events["abandoned"] += 1
    record = match.record()
    record["rounds"] = record["rounds"][:1]
    actions = [(int(seat), str(action)) for seat, action in record["rounds"][0]["actions"]]
    return {
        "deal": deal,
        "seating": seating,
        "lineup": list(lineup),
        "dealer": dealer,
        "decisions": len(actions),
        "turns": count_turns(actions),
        "scores": scores,
        "winners": winners,
        "mid_leader": leaders[len(actions) // 2] if leaders else None,
        "events": dict(events),
        "record": record,
    }


def play_chunk(spec: ChunkSpec) -> list[RoundOutcome]:
    """Play every deal of ``spec`` in every seating; the outcomes by deal, then seating."""
    game = spec.game()
    bots = [make_bot(bot, game) for bot in spec.bots]
    orders = seatings(len(spec.bots), game.players)
    return [
        play_seating(game, bots, spec, deal, seating, lineup)
        for deal in range(spec.first_deal, spec.first_deal + spec.deals)
        for seating, lineup in enumerate(orders)
    ]


__all__ = [
    "ChunkSpec",
    "RoundOutcome",
    "count_turns",
    "deal_deck",
    "leader",
    "play_chunk",
    "play_seating",
    "random_actor",
    "seatings",
    "standing",
]
