"""World sampling for search bots: a full round consistent with what one seat's view shows.

Exactly as in the view: the seat's own hand, every hand size, the cards the seat knows in other
hands, the discard pile's cards and its top card, the draw pile's size, the colour, direction,
pending penalty, phase, whose turn it is, the open jump-in window and catch, and the log. The
unseen cards (the deck less the own hand, the known cards and the discard pile) are dealt at
random to the other hands and the draw pile. Under the view's phase ``drawn`` of another seat, a
playable unseen card is that seat's drawn card.

Not in a view, so chosen here: the order of the discard pile under its top card, the seed of
later reshuffles, what the other seats know, and the dead-lock count (the trailing draws of the
log when both piles are empty: approximate, since a draw may have taken the last card).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalActionError
from ...core.rng import choice, shuffle
from .actions import CATCH, DRAW, MULTI, PLAY, SOLO
from .cards import COLOURS, KIND, W4, deck_kinds
from .state import (
    NO_PENALTY,
    P_DRAWN,
    PENALTY_PLUS2,
    PENALTY_PLUS4,
    PHASE_NAMES,
    AmigoSoloState,
)

if TYPE_CHECKING:
    from .game import AmigoSoloGame


def sample_world(game: AmigoSoloGame, view: dict[str, Any], rng: random.Random) -> AmigoSoloState:
    """A round consistent with ``view`` (a seat's or a spectator's)."""
    if view.get("is_over"):
        raise IllegalActionError("the round is over: there is no world to sample")
    n = game.players
    me = view["seat"]
    sizes: list[int] = list(view["hand_sizes"])
    hands: list[list[int]] = [[] for _ in range(n)]
    if me is not None:
        hands[me] = [KIND[card] for card in view["hand"]]
    for holder, cards in view["known_hands"].items():
        hands[int(holder)] = [KIND[card] for card in cards]
    top = KIND[view["top_card"]]
    under = Counter({KIND[card]: count for card, count in view["discard_counts"].items()})
    under[top] -= 1
    discard = list(under.elements())
    shuffle(rng, discard)
    discard.append(top)
    unseen = Counter(deck_kinds()) - Counter(discard)
    for hand in hands:
        unseen -= Counter(hand)
    pool = list(unseen.elements())
    shuffle(rng, pool)
    phase = PHASE_NAMES.index(view["phase"])
    current = int(view["current"])
    state = AmigoSoloState(game, None, int(view["dealer"]), rng.getrandbits(63))
    state.color = COLOURS.index(view["color"]) if view["color"] else -1
    state.discard = discard
    drawn = -1
    if phase == P_DRAWN:
        if view.get("drawn_card"):
            drawn = KIND[view["drawn_card"]]
        else:  # another seat drew a card it may play: take a playable unseen one
            playable = [i for i, card in enumerate(pool) if state.playable(card)]
            if playable:
                drawn = pool.pop(choice(rng, playable))
                hands[current].append(drawn)
            elif hands[current] or pool:
                drawn = hands[current][-1] if hands[current] else pool[-1]
    for seat in range(n):
        missing = sizes[seat] - len(hands[seat])
        hands[seat].extend(pool[:missing])
        del pool[:missing]
    if drawn >= 0 and drawn in hands[current]:  # the drawn card is the last one drawn
        hands[current].remove(drawn)
        hands[current].append(drawn)
    state.hands = hands
    state.draw_pile = pool
    state.direction = int(view["direction"])
    state.pending = int(view["pending_draw"])
    state.pending_kind = NO_PENALTY
    if state.pending:
        state.pending_kind = PENALTY_PLUS4 if top == W4 else PENALTY_PLUS2
    state.current = current
    state.phase = phase
    state.drawn = drawn
    state.vulnerable = -1 if view["open_to_catch"] is None else int(view["open_to_catch"])
    state.reshuffles = 0
    state.known = {}
    if me is not None:
        state.known = {
            int(h): {me: [KIND[c] for c in cards]} for h, cards in view["known_hands"].items()
        }
    state.winner = -1
    state.deadlock = False
    table = game.table
    ids = [(seat, game.action_id(action)) for seat, action in view["log"]]
    state._history = ids
    state.win_kind, state.win_actor = _window(table, ids)
    state.idle = _idle(table, ids) if not pool and len(discard) == 1 else 0
    state._refresh()
    return state


def _window(table: Any, ids: list[tuple[int, int]]) -> tuple[int, int]:
    """The card of the open jump-in window and who played it, from the log."""
    for seat, action in reversed(ids):
        kind = table.type[action]
        if kind in (SOLO, CATCH):
            continue
        if kind in (PLAY, MULTI):
            return table.kind[action], seat
        return -1, -1
    return -1, -1


def _idle(table: Any, ids: list[tuple[int, int]]) -> int:
    """Trailing turns that drew nothing (both piles are empty)."""
    count = 0
    for _seat, action in reversed(ids):
        kind = table.type[action]
        if kind in (SOLO, CATCH):
            continue
        if kind != DRAW:
            break
        count += 1
    return count
