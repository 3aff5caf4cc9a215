"""Worlds for ISMCTS: full UNO rounds consistent with everything one seat knows.

:func:`sample_world` rebuilds a round from a seat's view. Exactly as in the view: the seat's
own hand, the public state (top card, colour, direction, phase, pending draw, windows, pile
sizes, the log) and every card the seat knows to be in another hand (a hand shown in a
challenge, hands exchanged under 7-0). The discard pile is the last cards laid, as the log
tells (after a reshuffle only the top card stayed). Every other card is dealt at random to the
places it could be: the rest of the other hands (their sizes from the view) and the draw pile
(and the first card turned up, when it is still in the discard pile and nothing showed it).

The hidden facts that follow from hidden cards are set from the sampled cards: whether a Wild
Draw Four under challenge was legal (does the sampled hand of its player hold the colour that
was in force), and which card an opponent in the ``drawn`` phase drew.

>>> import random, solocards
>>> game = solocards.make("uno", players=3)
>>> state = game.deal(seed=2)
>>> seat = state.to_act[0]
>>> world = game.sample_world(state.view(seat), random.Random(0))
>>> world.view(seat) == state.view(seat)
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ...core.game import View
from .actions import CATCH, COLOR, MULTI, PLAY, UNO
from .cards import COLOURS, DRAW2, KIND_COLOUR, KIND_INDEX, KIND_RANK, NO_COLOUR, WILD, WILD4

if TYPE_CHECKING:
    from .game import UnoGame
    from .state import UnoState


def _kinds(names: list[str]) -> list[int]:
    return [KIND_INDEX[name] for name in names]


class _Log:
    """What the public log tells: the cards laid, who laid last, the colours in force."""

    def __init__(self, game: UnoGame, log: list[list[object]]) -> None:
        acts = game.acts
        self.ids: list[tuple[int, int]] = [
            (int(str(seat)), game.action_id(str(action))) for seat, action in log
        ]
        self.laid: list[int] = []
        self.last = -1
        self.last_draw_card = -1
        self.window_play = False  # whether the latest action that closes windows was a play
        self.first_named = False  # the first card was a Wild (its colour was named)
        self.colour_before_wd4 = -2  # -2: no Wild Draw Four; -1: the first card's colour
        colour = -1
        for index, (seat, action) in enumerate(self.ids):
            act = acts[action]
            if act.type in (PLAY, MULTI):
                if act.kind == WILD4:
                    self.colour_before_wd4 = colour
                self.laid.extend(act.cards)
                self.last = seat
                colour = act.colour
                if act.kind == WILD4 or (act.kind < WILD and act.kind % 13 == DRAW2):
                    self.last_draw_card = act.kind
                self.window_play = True
            elif act.type == COLOR:
                colour = act.colour
                self.first_named = self.first_named or index == 0
                self.window_play = False
            elif act.type not in (CATCH, UNO):
                self.window_play = False


def sample_world(game: UnoGame, view: View, rng: random.Random) -> UnoState:
    """A full round consistent with ``view`` (see the module doc); ``rng`` deals the unseen."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to sample a world for")
    players = game.players
    log = _Log(game, view["log"])
    top = KIND_INDEX[view["top_card"]]
    hand = _kinds(view["hand"])
    known = [
        _kinds(cards) if holder != seat else [] for holder, cards in enumerate(view["known_hands"])
    ]

    # The discard pile: the last cards laid (after a reshuffle only the top card stayed).
    first = WILD if log.first_named else (top if not log.laid else -1)
    laid = [first, *log.laid]
    discard = laid[-view["discard_pile_size"] :]
    if discard:
        discard[-1] = top  # a multi-play's top card is the one the table shows

    pool = Counter(KIND_INDEX[name] for name in game.deck())
    pool.subtract(hand)
    pool.subtract(card for card in discard if card >= 0)
    for cards in known:
        pool.subtract(cards)
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)

    if -1 in discard:  # the first card turned up, never seen since: anything but a Wild Draw Four
        index = next(i for i, card in enumerate(unseen) if card != WILD4)
        discard[discard.index(-1)] = first = unseen.pop(index)

    hands: list[list[int]] = []
    for holder, size in enumerate(view["hand_sizes"]):
        if holder == seat:
            hands.append(list(hand))
            continue
        need = size - len(known[holder])
        hands.append(known[holder] + unseen[:need])
        del unseen[:need]
    pile = unseen[: view["draw_pile_size"]]
    if len(unseen) != view["draw_pile_size"]:
        raise ValueError("the view's card counts do not add up to the deck")

    from .state import DRAWN, PENALTY, PHASE_NAMES, UnoState

    # A round from the real constructor (so every table the engine keeps is set up), whose
    # every changing field is then replaced by the sampled position.
    world = UnoState(game, list(game._deck), view["dealer"], rng.getrandbits(63))
    world._history = log.ids
    world._legal_cache = None
    world.hands = hands
    for holder in range(players):
        world._remask(holder)
    world.pile = pile
    world.discard = discard
    colour = view["color"]
    world.key = -1 if colour is None else COLOURS.index(colour) * 14 + KIND_RANK[top]
    world.direction = view["direction"]
    world.current = current = view["current"]
    world.phase = phase = PHASE_NAMES.index(view["phase"])
    world.pending = pending = view["pending_draw"]
    world.chain = WILD4 if log.last_draw_card == WILD4 else DRAW2
    world.wd4_by = -1
    world.wd4_bad = False
    if phase == PENALTY and top == WILD4 and pending == 4 and game.challenge_on:
        world.wd4_by = log.last
        before = log.colour_before_wd4
        if before == -1:
            before = KIND_COLOUR[first] if first >= 0 else NO_COLOUR
        world.wd4_bad = any(KIND_COLOUR[card] == before for card in hands[log.last])
    vulnerable = view["vulnerable"]
    world.vuln = -1 if vulnerable is None else vulnerable
    world.jump = bool(
        game.jump_in and log.window_play and top < WILD and (not pending or game.jump_pending)
    )
    world.last = log.last
    world.drawn = -1
    if phase == DRAWN:
        drawn = view["drawn_card"] if seat == current else None
        world.drawn = KIND_INDEX[drawn] if drawn is not None else rng.choice(hands[current])
    world.idle = 0
    world.winner = -1
    world._known = {holder: {seat: list(cards)} for holder, cards in enumerate(known) if cards}
    world._revealed = [
        (seat, item["seat"], item["step"], tuple(_kinds(item["cards"])))
        for item in view["revealed"]
    ]
    world._rng = None
    world._rng_shared = False
    return world
