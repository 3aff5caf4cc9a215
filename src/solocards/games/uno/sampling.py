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

A Wild Draw Four under challenge was probably legal: in most worlds (``HONEST``) its player is
dealt no card of the colour that was in force when it was played.

Draws are read as players read them at the table: a player who drew instead of playing
probably held no coloured card that matched (none of the colour in force, none of the top card's
rank), but may have kept a wild for later. In most worlds (``TRUST``) such an opponent is dealt
at most as many matching coloured cards as it has drawn since (none, when it passed on the card
it drew at its first draw), and in a share of those (``NO_WILD``) no wild either. A Wild Draw
Four says the same of the colour in force when it was laid (its player held none), unless
``WD4_READ`` is off. A player whose latest card was a wild holds a card of the colour it named
in most worlds (``NAMED``): players name the colour they hold most. A player who changed the
colour with a card of the same rank leans to the new colour too, less (``SWITCH_LEAN``). A
penalty, a catch or a challenge (many new cards) or a 7-0 exchange ends the inference. It is a
likelihood, not knowledge (the rules allow drawing with a playable card, and bluffing), so the
other worlds deal freely, and every world stays consistent with the view.

In 2-player rounds under the standard rules, an opponent's hand can be dealt by the
colour-split model of :mod:`.colours` instead (``MODEL``): its colours by weights fitted on the
heuristic bot's rounds, with the draws' reading kept for the ranks (``MODEL_DRAWS``).

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
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from ...core.game import View
from ...core.rng import choice, shuffle
from .actions import CATCH, CHALLENGE, COLOR, DRAW, MULTI, PASS, PLAY, UNO
from .cards import (
    COLOURS,
    DRAW2,
    KIND_COLOUR,
    KIND_INDEX,
    KIND_NAMES,
    KIND_RANK,
    NO_COLOUR,
    NUM_KINDS,
    WILD,
    WILD4,
)
from .colours import colour_weights, fitted_for, weighted_hand
from .state import DRAWN, PENALTY, PHASE_NAMES, UnoState

if TYPE_CHECKING:
    from .game import UnoGame

__all__ = ["draw_lacks", "sample_world"]

TRUST = 0.95
"""The share of worlds in which a player who drew is dealt (almost) no coloured card that
matched (the heuristic bot never draws holding one; people seldom do)."""
NO_WILD = 0.4
"""The share of those worlds in which it is dealt no wild either: a player who draws instead of
playing a wild often keeps it (the heuristic bot held one at 28% of its draws in 2-player
rounds, where a hand dealt freely holds one about half the time)."""
NAMED = 0.75
"""The share of worlds in which a player whose latest card was a wild holds a card of the colour
it named (players name the colour they hold most: the heuristic bot held one at 81% of its
wilds in 2-player rounds, half its coloured cards of that colour, where a freely dealt hand of
three coloured cards holds one 58% of the time)."""
NAMED_LEAN = 1 / 3
"""In those worlds, the chance that each of its other coloured cards is swapped for one of the
named colour: a freely dealt hand holds a fourth of its coloured cards in each colour, the
heuristic bot half in the colour it named, and 1/4 + 3/4 * 1/3 = 1/2. The reading lasts while
it lays cards of that colour; a card of another colour, or a draw, ends it."""
SWITCH_LEAN = 0.17
"""The same lean, in every world, for a player whose latest card changed the colour by its rank
(a Red 5 on a Blue 5): the heuristic bot then holds 38% of its coloured cards in the new colour
(1,571 such plays in 300 2-player rounds), and 1/4 + 3/4 * 0.17 = 0.38. It lasts as the named
colour's reading does."""
HONEST = 0.9
"""The share of worlds in which a Wild Draw Four under challenge was legal: its player is dealt
no card of the colour that was in force (most players do not bluff)."""


WILDS: Final = frozenset((WILD, WILD4))


WD4_READ = True
"""Whether a Wild Draw Four is read as its player holding none of the colour in force then."""

MODEL = True
"""Whether 2-player rounds under the rules :mod:`.colours` was fitted on deal the opponent's
hand by its colour-split model (instead of the readings above, but for a Wild Draw Four under
challenge)."""
MODEL_DRAWS = True
"""With the model: a player who drew is still dealt no coloured card that matched then (all but
the cards taken since) in a share ``TRUST`` of the worlds, the colours dealt by the model (the
model reads colours; this reading keeps the ranks too)."""


@lru_cache(maxsize=8)
def _of_colour(colour: int) -> frozenset[int]:
    """The kinds of ``colour``."""
    return frozenset(kind for kind in range(WILD) if KIND_COLOUR[kind] == colour)


@lru_cache(maxsize=1024)
def _matching(colour: int, top: int) -> frozenset[int]:
    """The kinds that could be played with ``colour`` in force on ``top`` (wilds included)."""
    rank = KIND_RANK[top] if 0 <= top < WILD else -1
    return frozenset(
        kind
        for kind in range(NUM_KINDS)
        if kind >= WILD or KIND_COLOUR[kind] == colour or KIND_RANK[kind] == rank
    )


def _kinds(names: list[str]) -> list[int]:
    return [KIND_INDEX[name] for name in names]


class _Log:
    """What the public log tells: the cards laid, who laid last, the colours in force."""

    @staticmethod
    def of(game: UnoGame, view: View) -> _Log:
        """The reading of ``view``'s log (before anything was laid, the colour in force and the
        top card are the first card's, which the view still shows)."""
        log = view["log"]
        colour = view["color"]
        untouched = not any(
            game.acts[game.action_id(str(action))].type in (PLAY, MULTI, COLOR) for _, action in log
        )
        if untouched and colour is not None:
            return _Log(game, log, COLOURS.index(colour), KIND_INDEX[view["top_card"]])
        return _Log(game, log)

    def __init__(
        self, game: UnoGame, log: list[list[object]], colour: int = -1, top: int = -1
    ) -> None:
        """``colour`` and ``top``: the colour in force and the top card before the log's first
        action (the first card turned up), where known (-1: unknown)."""
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
        self.lacks: dict[int, tuple[frozenset[int], int]] = {}
        """Seat -> the kinds it probably lacked when it drew, and the cards drawn since."""
        self.reads: dict[int, tuple[frozenset[int], int]] = {}
        """The worlds' reading of the draws: seat -> the coloured cards it probably lacked when
        it drew (wilds are often kept), and the cards drawn since that may be of them (a drawn
        card passed on the first draw was none of them)."""
        self.named: dict[int, int] = {}
        """Seat -> the colour it named with its latest card, a wild (it probably holds some)."""
        self.switched: dict[int, int] = {}
        """Seat -> the colour its latest card changed to by its rank (it may hold more of it)."""
        first_draw = -1  # the seat whose draw, just now, began its reading
        infer = not game.rules.until_playable
        first_top = top
        pending = 0
        for index, (seat, action) in enumerate(self.ids):
            act = acts[action]
            kind = act.type
            if kind in (PLAY, MULTI):
                if act.kind >= WILD:
                    self._name(seat, act.colour)
                    self.switched.pop(seat, None)
                else:
                    laid = KIND_COLOUR[act.kind]
                    if laid != self.named.get(seat, -1):
                        self.named.pop(seat, None)
                    if 0 <= colour != laid:  # it changed the colour by the card's rank
                        self.switched[seat] = laid
                    elif laid != self.switched.get(seat, -1):
                        self.switched.pop(seat, None)
                if act.kind == WILD4:
                    self.colour_before_wd4 = colour
                    if colour >= 0 and WD4_READ:  # it held none of the colour in force
                        before, fresh = self.reads.get(seat, (frozenset(), 0))
                        self.reads[seat] = (before | _of_colour(colour), fresh)
                self.laid.extend(act.cards)
                self.last = seat
                colour = act.colour
                rank = KIND_RANK[act.kind]
                if act.kind == WILD4 or rank == DRAW2:
                    self.last_draw_card = act.kind
                    pending += 4 if act.kind == WILD4 else 2
                elif not (pending and act.kind < WILD and rank in (10, 11)):  # not a deflection
                    pending = 0
                self.window_play = True
                for reading in (self.lacks, self.reads):
                    if seat in reading:
                        lacked, fresh = reading[seat]
                        fresh -= sum(1 for card in act.cards if card in lacked)
                        reading[seat] = (lacked, max(fresh, 0))
                if game.rules.seven_zero and rank in (0, 7):
                    self.lacks.clear()  # the hands moved
                    self.reads.clear()
                    self.named.clear()
                    self.switched.clear()
            elif kind == COLOR:
                colour = act.colour
                self._name(seat, colour)
                self.first_named = self.first_named or index == 0
                self.window_play = False
            else:
                if kind not in (CATCH, UNO):
                    self.window_play = False
                if kind == DRAW:
                    self.named.pop(seat, None)
                    self.switched.pop(seat, None)
                if kind == DRAW and pending:
                    pending = 0
                    self.lacks.pop(seat, None)
                    self.reads.pop(seat, None)
                elif kind == DRAW and infer and colour >= 0:
                    lacked = _matching(colour, self.laid[-1] if self.laid else first_top)
                    new_reading = seat not in self.reads
                    for reading, kinds in ((self.lacks, lacked), (self.reads, lacked - WILDS)):
                        before, fresh = reading.get(seat, (frozenset(), 0))
                        reading[seat] = (before | kinds, fresh + 1)
                    if new_reading:
                        first_draw = seat
                        continue  # the next action may be its pass
                elif kind == PASS and seat == first_draw and seat in self.reads:
                    self.reads[seat] = (self.reads[seat][0], 0)  # it kept a card that did not go
                elif kind == CATCH:
                    self.lacks.pop(act.target, None)
                    self.reads.pop(act.target, None)
                elif kind == CHALLENGE:
                    pending = 0
                    for reading in (self.lacks, self.reads):
                        reading.pop(seat, None)
                        reading.pop(self.last, None)
            first_draw = -1

    def _name(self, seat: int, colour: int) -> None:
        """``seat`` named ``colour``: it probably holds some, whatever its draws said."""
        self.named[seat] = colour
        if seat in self.reads:
            lacked, fresh = self.reads[seat]
            self.reads[seat] = (lacked - _of_colour(colour), fresh)


class _Template:
    """Everything a view fixes, worked out once per view (a search samples many worlds from
    one view): the public round as a state with the unseen cards left out, and those cards."""

    def __init__(self, game: UnoGame, view: View) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator's view has no seat to sample a world for")
        self.view = view
        self.seat: int = seat
        self.log = log = _Log.of(game, view)
        top = KIND_INDEX[view["top_card"]]
        hand = _kinds(view["hand"])
        self.known = known = [
            _kinds(cards) if holder != seat else []
            for holder, cards in enumerate(view["known_hands"])
        ]
        # The discard pile: the last cards laid (after a reshuffle only the top card stayed).
        first = WILD if log.first_named else (top if not log.laid else -1)
        laid = [first, *log.laid]
        discard = laid[-view["discard_pile_size"] :]
        if discard:
            discard[-1] = top  # a multi-play's top card is the one the table shows
        self.first = first
        self.first_slot = discard.index(-1) if -1 in discard else -1
        pool = Counter(KIND_INDEX[name] for name in game.deck())
        pool.subtract(hand)
        pool.subtract(card for card in discard if card >= 0)
        for cards in known:
            pool.subtract(cards)
        self.unseen = sorted(pool.elements())
        self.needs = [
            0 if holder == seat else size - len(known[holder])
            for holder, size in enumerate(view["hand_sizes"])
        ]
        if sum(self.needs) + view["draw_pile_size"] + (self.first_slot >= 0) != len(self.unseen):
            raise ValueError("the view's card counts do not add up to the deck")

        # A round from the real constructor (so every table the engine keeps is set up), whose
        # every changing field is then replaced by the public position.
        world = UnoState(game, list(game._deck), view["dealer"], 0)
        world._history = log.ids
        world._legal_cache = None
        world.hands = [list(hand) if holder == seat else [] for holder in range(game.players)]
        for holder in range(game.players):
            world._remask(holder)
        world.pile = []
        world.discard = discard
        colour = view["color"]
        world.key = -1 if colour is None else COLOURS.index(colour) * 14 + KIND_RANK[top]
        world.direction = view["direction"]
        world.current = view["current"]
        world.phase = phase = PHASE_NAMES.index(view["phase"])
        world.pending = pending = view["pending_draw"]
        world.chain = WILD4 if log.last_draw_card == WILD4 else DRAW2
        world.wd4_by = -1
        world.wd4_bad = False
        # A Wild Draw Four under challenge: whether it was legal depends on hidden cards.
        self.challenge = (
            phase == PENALTY and top == WILD4 and pending == 4 and game.rules.challenge_on
        )
        if self.challenge:
            world.wd4_by = log.last
        vulnerable = view["vulnerable"]
        world.vuln = -1 if vulnerable is None else vulnerable
        world.jump = bool(
            game.rules.jump_in
            and log.window_play
            and top < WILD
            and (not pending or game.rules.jump_pending)
        )
        world.last = log.last
        world.drawn = -1
        # An opponent in the drawn phase drew one of its (hidden) cards.
        self.opponent_drew = phase == DRAWN and seat != view["current"]
        self.weights = (
            {
                holder: colour_weights(game, view, holder)
                for holder, need in enumerate(self.needs)
                if need
            }
            if MODEL and fitted_for(game)
            else {}
        )
        if phase == DRAWN and not self.opponent_drew:
            world.drawn = KIND_INDEX[view["drawn_card"]]
        world.idle = 0
        world.winner = -1
        world._known = {h: {seat: list(cards)} for h, cards in enumerate(known) if cards}
        world._revealed = [
            (seat, item["seat"], item["step"], tuple(_kinds(item["cards"])))
            for item in view["revealed"]
        ]
        world._rng = None
        world._rng_shared = False
        self.base = world

    def deal(self, rng: random.Random) -> UnoState:
        """A copy of the public round with the unseen cards dealt at random."""
        unseen = self.unseen[:]
        shuffle(rng, unseen)
        world = self.base.clone()
        first = self.first
        if self.first_slot >= 0:
            # The first card turned up, never seen since: anything but a Wild Draw Four.
            index = next(i for i, card in enumerate(unseen) if card != WILD4)
            first = unseen.pop(index)
            world.discard[self.first_slot] = first
        hands = world.hands
        known = self.known
        lacks = self.log.reads
        honest = -1
        if self.challenge and self.log.colour_before_wd4 >= 0 and rng.random() < HONEST:
            # This world's Wild Draw Four was legal: its player held none of that colour.
            honest = self.log.last
            lacks = {**lacks, honest: (_of_colour(self.log.colour_before_wd4), 0)}
        for holder, need in enumerate(self.needs):
            if holder == self.seat:
                continue
            weights = self.weights.get(holder)
            if weights is not None and holder != honest:
                lack = lacks.get(holder) if MODEL_DRAWS else None
                read: frozenset[int] = frozenset()
                strict = 0
                if lack is not None and need and rng.random() < TRUST:
                    read, fresh = lack
                    strict = need - min(fresh, need)
                dealt = weighted_hand(unseen, need, weights, rng, read, strict)
                hands[holder] = known[holder] + dealt
                del unseen[:need]
                world._remask(holder)
                continue
            dealt = unseen[:need]
            lack = lacks.get(holder)
            lacked: frozenset[int] = frozenset()
            if lack is not None and need and (holder == honest or rng.random() < TRUST):
                lacked, fresh = lack
                if holder != honest and rng.random() < NO_WILD:
                    lacked = lacked | WILDS
                strict = need - min(fresh, need)
                dealt = [card for card in unseen if card not in lacked][:strict]
                taken = [0] * NUM_KINDS
                for card in dealt:
                    taken[card] += 1
                rest = []
                for card in unseen:
                    if taken[card]:
                        taken[card] -= 1
                    else:
                        rest.append(card)
                fill = need - len(dealt)
                dealt += rest[:fill]
                unseen = dealt + rest[fill:]
            named = self.log.named.get(holder, -1)
            if named >= 0 and need and rng.random() < NAMED:
                dealt = _with_colour(unseen, need, named, known[holder], lacked, rng)
                if NAMED_LEAN:
                    dealt = _lean(unseen, need, named, lacked, NAMED_LEAN, rng)
            switched = self.log.switched.get(holder, -1)
            if switched >= 0 and need and SWITCH_LEAN:
                dealt = _lean(unseen, need, switched, lacked, SWITCH_LEAN, rng)
            hands[holder] = known[holder] + dealt
            del unseen[:need]
            world._remask(holder)
        world.pile = unseen
        log = self.log
        if self.challenge:
            before = log.colour_before_wd4
            if before == -1:
                before = KIND_COLOUR[first] if first >= 0 else NO_COLOUR
            world.wd4_bad = any(KIND_COLOUR[card] == before for card in hands[log.last])
        if self.opponent_drew:
            world.drawn = choice(rng, hands[world.current])
        world.seed = rng.getrandbits(63)
        world._rng = None
        world._rng_shared = False
        return world


def _with_colour(
    unseen: list[int],
    need: int,
    colour: int,
    known: list[int],
    lacked: frozenset[int],
    rng: random.Random,
) -> list[int]:
    """The hand ``unseen[:need]`` (with ``known``) holding a card of ``colour``: if it holds
    none, one of its cards is swapped, in ``unseen``, with the first card of ``colour`` after
    it that is not ``lacked`` (where there is one)."""
    if any(KIND_COLOUR[card] == colour for card in known) or any(
        KIND_COLOUR[unseen[i]] == colour for i in range(need)
    ):
        return unseen[:need]
    for j in range(need, len(unseen)):
        card = unseen[j]
        if KIND_COLOUR[card] == colour and card not in lacked:
            i = int(rng.random() * need)
            unseen[i], unseen[j] = card, unseen[i]
            break
    return unseen[:need]


def _lean(
    unseen: list[int],
    need: int,
    colour: int,
    lacked: frozenset[int],
    chance: float,
    rng: random.Random,
) -> list[int]:
    """The hand ``unseen[:need]`` leaning to ``colour``: each of its cards of another colour is
    swapped, with ``chance``, in ``unseen``, with the next card of ``colour`` after the hand
    that is not ``lacked`` (while there is one); wilds stay."""
    j = need
    size = len(unseen)
    for i in range(need):
        card = unseen[i]
        if card >= WILD or KIND_COLOUR[card] == colour or rng.random() >= chance:
            continue
        while j < size and (KIND_COLOUR[unseen[j]] != colour or unseen[j] in lacked):
            j += 1
        if j == size:
            break
        unseen[i], unseen[j] = unseen[j], card
        j += 1
    return unseen[:need]


def draw_lacks(game: UnoGame, view: View) -> dict[int, tuple[frozenset[str], int]]:
    """What the draws in ``view``'s log tell, as the worlds read them (see the module doc): per
    seat, the cards it probably lacked when it drew (by name), and how many cards it has taken
    since (a lacked card it plays later uses one of them up).

    >>> import solocards
    >>> game = solocards.make("uno", players=2)
    >>> state = game.deal(seed=3)
    >>> state.apply(0, "draw"); state.apply(0, "pass")
    >>> lacked, fresh = draw_lacks(game, state.view(1))[0]
    >>> colour = state.view(1)["color"]
    >>> colour + "1" in lacked, "W+4" in lacked, fresh
    (True, True, 1)
    """
    return {
        seat: (frozenset(KIND_NAMES[kind] for kind in lacked), fresh)
        for seat, (lacked, fresh) in _Log.of(game, view).lacks.items()
    }


_LAST: list[_Template] = []
"""The template of the latest view sampled from (a search asks for many worlds of one view)."""


def sample_world(game: UnoGame, view: View, rng: random.Random) -> UnoState:
    """A full round consistent with ``view`` (see the module doc); ``rng`` deals the unseen."""
    if not _LAST or _LAST[0].view is not view or _LAST[0].base.game is not game:
        _LAST[:] = [_Template(game, view)]
    return _LAST[0].deal(rng)
