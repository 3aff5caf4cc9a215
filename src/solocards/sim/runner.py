"""Play rounds and matches between bots, with reaction windows handled as API.md says.

When several seats may act (a reaction window), the seats that may react are asked first, in
seat order from the seat whose regular turn it is; each may answer ``NO_REACTION``. If nobody
reacts, the regular seat acts.

>>> import solocards
>>> from solocards.bots import make_bot
>>> game = solocards.make("uno", players=3)
>>> match = play_match(game, [make_bot("random", game)] * 3, seed=4)
>>> match.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.bot import NO_REACTION, Bot, view_for
from ..core.game import Game, State
from ..core.match import Match
from ..core.windows import polling_order

ROUND_ACTION_LIMIT = 10_000
"""The actions after which ``tournament`` and ``simulate`` abandon a round.

No round between bots that try to go out comes near it (the longest measured: a few hundred
actions), but the rules end a shedding round only when a hand is empty or nothing is left to
draw, so two bots that draw at will (two learned AMIGO's SOLO models passing Draw Twos back
and forth, say) can play one for ever. An abandoned round has no winner and scores nothing,
and the run counts it, so a batch job always ends.
"""


def choose_actor(
    state: State, bots: Sequence[Bot], rngs: Sequence[random.Random]
) -> tuple[int, str]:
    """Ask the bots who acts now and what, following the reaction-window order of API.md."""
    regular, reactors = polling_order(state)
    for seat in reactors:
        legal = [*state.legal_actions(seat), NO_REACTION]
        action = bots[seat].choose(view_for(state, seat, bots[seat]), legal, rngs[seat])
        if action != NO_REACTION:
            return seat, action
    legal = state.legal_actions(regular)
    return regular, bots[regular].choose(
        view_for(state, regular, bots[regular]), legal, rngs[regular]
    )


def play_round(state: State, bots: Sequence[Bot], seed: int = 0, max_steps: int = 100_000) -> State:
    """Play ``state`` to its end with ``bots`` (one per seat); returns the same state."""
    if not play_steps(state, bots, seed, max_steps):
        raise RuntimeError(f"round not over after {max_steps} steps")
    return state


def play_steps(state: State, bots: Sequence[Bot], seed: int = 0, max_steps: int = 100_000) -> bool:
    """Play ``state`` with ``bots`` until its end or for ``max_steps`` actions; whether it ended.

    >>> import solocards
    >>> from solocards.bots import make_bot
    >>> game = solocards.make("uno", players=2)
    >>> state = game.deal(seed=1)
    >>> play_steps(state, [make_bot("random", game)] * 2, seed=1, max_steps=3)
    False
    >>> play_steps(state, [make_bot("heuristic", game)] * 2, seed=1)
    True
    """
    rngs = [random.Random(seed * 1009 + seat) for seat in range(state.players)]
    for _ in range(max_steps):
        if state.is_over:
            return True
        seat, action = choose_actor(state, bots, rngs)
        state.apply(seat, action)
    return state.is_over


def play_match(
    game: Game,
    bots: Sequence[Bot],
    seed: int = 0,
    names: Sequence[str] | None = None,
    max_steps: int = 1_000_000,
) -> Match:
    """Play a whole match of ``game`` between ``bots`` (one per seat)."""
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for {game.players} seats")
    match = game.match(seed=seed, names=names)
    rngs = [random.Random(seed * 1009 + seat) for seat in range(game.players)]
    for _ in range(max_steps):
        if match.is_over:
            return match
        seat, action = choose_actor(match.state, bots, rngs)
        match.apply(seat, action)
    raise RuntimeError(f"match not over after {max_steps} steps")


__all__ = ["ROUND_ACTION_LIMIT", "choose_actor", "play_match", "play_round", "play_steps"]
