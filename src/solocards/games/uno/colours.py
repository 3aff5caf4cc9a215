"""How an opponent's hidden hand splits into colours, read from the public log (2 players).

A log-linear model: each unseen card of colour ``c`` (red, yellow, green, blue, or ``WILDS`` for
the wilds) is in the opponent's hand with a weight ``exp(sum(COEFFICIENTS[k] * f[c][k]))``
against the others, where ``f[c]`` are the features of colour ``c`` that :func:`features` reads
from the log: the colour it named with its latest wild, the colour it changed to by a card's
rank and the one it changed from, the colours it drew on (it held none then) and the share of
its hand that is older than that draw, the colours it played lately and in all, and for the
wilds whether its latest turn was a draw and its hand size. Nothing the other players did is a
feature: their choices follow their own policy, which is not the one the model was fitted
with when a search reads it. A world deals
the opponent's hand by these weights (:func:`weighted_hand`): each card in turn is of colour
``c`` with chance ``n[c] * w[c] / sum(n[k] * w[k])`` over the unseen cards ``n`` left.

The coefficients were fitted by maximum likelihood on the heuristic bot's 2-player rounds
under the standard rules (``bench/uno_colours.py``, which prints them); there they cut the
squared error of the expected colour counts by about a fourth against dealing freely. Other
rules and player counts keep the sampler's hand-set readings (``sampling``).

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> state = game.deal(seed=3)
>>> state.apply(0, "draw"); state.apply(0, "pass")
>>> view = state.view(1)
>>> weights = colour_weights(game, view, 0)
>>> colour = "RYGB".index(view["color"])
>>> weights[colour] < min(w for c, w in enumerate(weights[:4]) if c != colour)
True
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from ...core.game import View
from .actions import CATCH, CHALLENGE, COLOR, DRAW, MULTI, PLAY
from .cards import COLOURS, DRAW2, KIND_COLOUR, KIND_RANK, WILD, WILD4

if TYPE_CHECKING:
    from .game import UnoGame
    from .rules import UnoRules

__all__ = [
    "CATEGORIES",
    "COEFFICIENTS",
    "FEATURES",
    "colour_weights",
    "features",
    "fitted_for",
    "weighted_hand",
]

WILDS: Final = 4
"""The category of the wilds (0-3 are the colours)."""
CATEGORIES: Final = 5

FEATURES: Final = (
    "wild",  # the wilds' own weight
    "wild after a draw",  # the wilds, when its latest turn was a draw (not a penalty)
    "wild per card held",  # the wilds, times 1 / its hand size
    "named",  # the colour it named with its latest wild (while it lays that colour)
    "changed to",  # the colour its latest card changed to by rank (while it lays that colour)
    "drew on",  # it drew with this colour in force (1, fading by 0.8 a draw and 0.5 a penalty)
    "recent",  # its plays of the colour, each play halving the earlier ones
    "changed from",  # the colour its latest card changed from by rank
    "followed",  # its latest card followed the colour in force
    "drew on, just now",  # "drew on", when its latest turn was a draw
    "wild on",  # it laid a wild with this colour in force (fading as "drew on")
    "older than the draw",  # the share of its hand held when it drew on this colour
    "share played",  # its plays of the colour / (1 + all its coloured plays)
)
"""The features of a colour, in the order of :data:`COEFFICIENTS`."""

COEFFICIENTS: tuple[float, ...] = (
    0.031,
    -0.409,
    -0.207,
    0.782,
    0.447,
    -1.398,
    -0.221,
    -0.564,
    -0.284,
    -0.593,
    -0.917,
    -1.117,
    -0.678,
)
"""Fitted by ``bench/uno_colours.py`` (2,000 heuristic rounds, seeds 10,000 on)."""

_K: Final = len(FEATURES)


def features(game: UnoGame, view: View, holder: int) -> list[list[float]]:
    """The features (:data:`FEATURES`) of each category for ``holder``'s hand, from ``view``'s
    log: one row per colour, then the wilds' row.

    >>> import solocards
    >>> game = solocards.make("uno", players=2)
    >>> state = game.deal(seed=3)
    >>> rows = features(game, state.view(1), 0)
    >>> len(rows), len(rows[0]), rows[4][:3]
    (5, 13, [1.0, 0.0, 0.14285714285714285])
    """
    acts = game.acts
    log = view["log"]
    ids = [(int(str(seat)), acts[game.action_id(str(action))]) for seat, action in log]
    colour = -1
    if view["color"] is not None and not any(act.type in (PLAY, MULTI, COLOR) for _, act in ids):
        colour = COLOURS.index(view["color"])  # the first card turned up
    named = changed_to = changed_from = followed = -1
    drew_on = [0.0] * 4
    wild_on = [0.0] * 4
    older = [0.0] * 4
    recent = [0.0] * 4
    played = [0] * 4
    drew_last = 0.0
    pending = 0
    held = 7.0  # its hand size as the walk goes (only the shares of "older" use it)
    for seat, act in ids:
        kind = act.type
        if kind in (PLAY, MULTI):
            laid = KIND_COLOUR[act.kind] if act.kind < WILD else -1
            if seat == holder:
                drew_last = 0.0
                for c in range(4):
                    older[c] = max(older[c] - len(act.cards) * older[c] / max(held, 1.0), 0.0)
                held -= len(act.cards)
                if laid < 0:
                    if colour >= 0:
                        wild_on[colour] = 1.0
                    named = act.colour
                    changed_to = changed_from = followed = -1
                else:
                    if laid != named:
                        named = -1
                    if 0 <= colour != laid:
                        changed_to, changed_from, followed = laid, colour, -1
                    else:
                        if laid != changed_to:
                            changed_to = -1
                        changed_from, followed = -1, laid
                    drew_on[laid] = wild_on[laid] = older[laid] = 0.0
                    played[laid] += 1
                    for c in range(4):
                        recent[c] *= 0.5
                    recent[laid] += 1.0
            rank = KIND_RANK[act.kind]
            if act.kind == WILD4 or rank == DRAW2:
                pending += 4 if act.kind == WILD4 else 2
            elif not (pending and act.kind < WILD and rank in (10, 11)):
                pending = 0
            colour = act.colour
        elif kind == COLOR:
            colour = act.colour
            if seat == holder:
                named = colour
        elif kind == DRAW:
            if seat == holder:
                named = changed_to = changed_from = followed = -1
                if pending:
                    held += pending
                    for c in range(4):
                        wild_on[c] *= 0.5
                        drew_on[c] *= 0.5
                    drew_last = 0.0
                else:
                    for c in range(4):
                        drew_on[c] *= 0.8
                    if colour >= 0:
                        drew_on[colour] = 1.0
                        older[colour] = held
                    held += 1
                    for c in range(4):
                        wild_on[c] *= 0.8
                    drew_last = 1.0
            pending = 0
        elif kind == CATCH:
            if act.target == holder:
                held += 2
                for c in range(4):
                    drew_on[c] *= 0.5
        elif kind == CHALLENGE:
            pending = 0
    size = max(int(view["hand_sizes"][holder]), 1)
    share = 1.0 + sum(played)
    rows = []
    for c in range(4):
        rows.append(
            [
                0.0,
                0.0,
                0.0,
                float(named == c),
                float(changed_to == c),
                drew_on[c],
                recent[c],
                float(changed_from == c),
                float(followed == c),
                drew_on[c] * drew_last,
                wild_on[c],
                min(older[c], size) / size,
                played[c] / share,
            ]
        )
    rows.append([1.0, drew_last, 1.0 / size] + [0.0] * (_K - 3))
    return rows


_PLAY_FLAGS: Final = (
    "drop_wd4",
    "challenge_on",
    "stack2",
    "stack4",
    "d4_on_d2",
    "d2_on_d4",
    "deflect",
    "jump_in",
    "seven_zero",
    "until_playable",
    "force_play",
    "force_drawn",
    "multi",
    "rev_skip2",
    "hand_size",
)
"""The rules that shape play within a round (the model was fitted with their defaults)."""


def fitted_for(game: UnoGame) -> bool:
    """Whether the model applies to ``game``: 2 players, and the rules that shape play as the
    model was fitted with (the standard ones; scoring and the match may differ).

    >>> import solocards
    >>> fitted_for(solocards.make("uno", players=2)), fitted_for(solocards.make("uno"))
    (True, False)
    >>> fitted_for(solocards.make("uno", players=2, jump_in=True))
    False
    """
    if game.players != 2:
        return False
    standard = _standard_rules(type(game))
    return all(getattr(game.rules, flag) == getattr(standard, flag) for flag in _PLAY_FLAGS)


@lru_cache(maxsize=4)
def _standard_rules(game_type: type[UnoGame]) -> UnoRules:
    return game_type(players=2).rules


def colour_weights(
    game: UnoGame, view: View, holder: int, coefficients: tuple[float, ...] | None = None
) -> tuple[float, ...]:
    """Each category's weight (red, yellow, green, blue, wilds) for a card of ``holder``'s
    hidden hand, from ``view`` (see the module doc), by ``coefficients`` (default
    :data:`COEFFICIENTS`)."""
    beta = COEFFICIENTS if coefficients is None else coefficients
    return tuple(
        math.exp(sum(b * x for b, x in zip(beta, row, strict=True)))
        for row in features(game, view, holder)
    )


def category(kind: int) -> int:
    """The category of a card kind: its colour, or :data:`WILDS`."""
    return WILDS if kind >= WILD else KIND_COLOUR[kind]


def weighted_hand(
    unseen: list[int],
    need: int,
    weights: tuple[float, ...],
    rng: random.Random,
    lacked: frozenset[int] = frozenset(),
    strict: int = 0,
) -> list[int]:
    """Deal ``need`` cards of the shuffled ``unseen`` by ``weights``: each card in turn is of
    category ``c`` with chance ``n[c] * weights[c] / sum(n[k] * weights[k])`` (``n``: the cards
    of each category left), the first such card in ``unseen``'s order. The first ``strict``
    cards are dealt that way from the cards not ``lacked`` alone (while there are any).
    ``unseen`` is reordered in place with the hand first (the rest keeps its order); returns
    the hand.

    >>> unseen = [0, 52, 1, 53, 2]  # R0, Wild, R1, Wild Draw Four, R2
    >>> weighted_hand(unseen, 2, (1.0, 1.0, 1.0, 1.0, 1e9), random.Random(0))
    [52, 53]
    >>> unseen
    [52, 53, 0, 1, 2]
    >>> weighted_hand(unseen, 2, (1.0, 1.0, 1.0, 1.0, 1e9), random.Random(0), {52, 53}, 2)
    [0, 1]
    """
    count = [0] * CATEGORIES
    allowed = [0] * CATEGORIES
    for kind in unseen:
        c = category(kind)
        count[c] += 1
        if kind not in lacked:
            allowed[c] += 1
    strict_want = [0] * CATEGORIES
    want = [0] * CATEGORIES
    need = min(need, len(unseen))
    for dealt in range(need):
        pool = allowed if dealt < strict else count
        total = sum(n * w for n, w in zip(pool, weights, strict=True))
        if total <= 0.0:
            pool = count
            total = sum(n * w for n, w in zip(pool, weights, strict=True))
        pick = rng.random() * total
        chosen = CATEGORIES - 1
        for c in range(CATEGORIES):
            pick -= pool[c] * weights[c]
            if pick < 0 and pool[c]:
                chosen = c
                break
        while not pool[chosen]:  # (rounding at the top end)
            chosen -= 1
        count[chosen] -= 1
        if pool is allowed:
            allowed[chosen] -= 1
            strict_want[chosen] += 1
        else:
            want[chosen] += 1
    taken = [False] * len(unseen)
    if strict:
        for i, kind in enumerate(unseen):
            c = category(kind)
            if strict_want[c] and kind not in lacked:
                strict_want[c] -= 1
                taken[i] = True
    for i, kind in enumerate(unseen):
        c = category(kind)
        if want[c] and not taken[i]:
            want[c] -= 1
            taken[i] = True
    hand = [kind for i, kind in enumerate(unseen) if taken[i]]
    unseen[:] = hand + [kind for i, kind in enumerate(unseen) if not taken[i]]
    return hand
