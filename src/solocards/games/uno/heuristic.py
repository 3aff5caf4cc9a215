"""The UNO heuristic bot: how a good club player plays, from the view alone.

- Always call UNO (the ``!`` form of a play, or a late ``uno``); catch whoever forgot.
- Shed cards and points, keep control of the colour: prefer leaving in force a colour it holds
  (it can follow next turn) and one the next player probably lacks (it drew on that colour and
  has not played it since).
- Keep wilds for when they matter: a Wild only when nothing coloured goes, to go out, or to stop
  a player about to go out; a Wild Draw Four only when it is legal (no card of the colour in
  force), never as a bluff.
- Attack the leader: when the next player is close to going out, hit them with Draw Two, Skip,
  Reverse or Wild Draw Four; answer a penalty with a stack or a deflection when the rules allow;
  under 7-0 swap hands with whoever holds the fewest cards.
- Two players: Skip, Reverse, Draw Two and Wild Draw Four give another turn, so it plans the
  whole run of plays (:func:`play_value`) and picks the first card of the best one. It holds a
  Wild Draw Four to go out with (or until the opponent holds one card), and would rather draw
  than spend a Wild when nothing else goes and the draw is likely to go. It counts the unseen
  cards and reads the opponent's draws as the search's worlds do (who drew held nothing that
  matched: :func:`~solocards.games.uno.sampling.draw_lacks`), and leaves in force the top card
  and colour the opponent is least likely to match (:func:`blocked`), above all when it is
  about to go out (and otherwise only where its own hand can follow). It keeps a number it
  holds in two colours (a way to change colour), and aims to keep a last card that goes on
  what is left. The weights were tuned in duplicate matches against RLCard's rule agent
  (``bots.rlcard_adapter``) and checked on other deals.
- Name the colour it holds most; play a drawn card unless it is a wild worth keeping; jump in
  whenever it may; challenge a Wild Draw Four only when its player held ``challenge_at`` cards
  or more (default 8), so that holding no card of the colour was unlikely.

>>> import random, solocards
>>> game = solocards.make("uno", players=2)
>>> state = game.deal(seed=4)
>>> seat = state.to_act[0]
>>> bot = game.heuristic_bot()
>>> bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)) in (
...     state.legal_actions(seat))
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from ...core.bot import NO_REACTION
from ...core.errors import OptionError
from ...core.rng import RandomSource
from .cards import KIND_COLOUR, KIND_INDEX, NUM_KINDS, WILD, WILD4, build_deck
from .plan import (
    BLOCK,
    BLOCK_MORE,
    CARD,
    DRAW,
    DRAW_FOR_WILD,
    FOLLOW,
    GIVE,
    GO_OUT,
    KEEP_WILD,
    KEEP_WILD4,
    PAIR,
    POINTS,
    VOID,
    WIN,
    TurnPlan,
    colour_totals,
)
from .sampling import draw_lacks
from .state import DRAWN, PENALTY, PLAY_PHASE

if TYPE_CHECKING:
    from .game import UnoGame
    from .state import UnoState

Lacks = dict[int, tuple[frozenset[str], int]]
"""Per seat: the cards it probably lacks, and how many cards it took since it drew."""

COLOURS = "RYGB"


def card_points(card: str) -> int:
    """Standard points of a card string: numbers face value, actions 20, wilds 50.

    >>> card_points("R7"), card_points("G+2"), card_points("W+4")
    (7, 20, 50)
    """
    if card.startswith("W"):
        return 50
    rank = card[1:]
    return int(rank) if rank.isdigit() else 20


@dataclass(frozen=True)
class Play:
    """A play action taken apart: its cards (the last ends on top), colour named, seat, call."""

    action: str
    cards: tuple[str, ...]
    colour: str | None
    target: int | None
    call: bool

    @property
    def top(self) -> str:
        """The card that ends on top."""
        return self.cards[-1]

    @property
    def colour_after(self) -> str:
        """The colour in force after the play."""
        return self.colour or self.top[0]

    @staticmethod
    def parse(action: str) -> Play | None:
        """The play of ``action``, or ``None`` for ``draw``, ``catch>1`` and the like.

        >>> Play.parse("W+4:G!")
        Play(action='W+4:G!', cards=('W+4',), colour='G', target=None, call=True)
        >>> Play.parse("R7+G7>2").cards, Play.parse("R+2").cards, Play.parse("draw")
        (('R7', 'G7'), ('R+2',), None)
        """
        text = action.removesuffix("!")
        call = text != action
        target = None
        if ">" in text:
            text, _, seat = text.partition(">")
            if not seat.isdigit():
                return None
            target = int(seat)
        colour = None
        if text.startswith("W") and ":" in text:
            text, _, colour = text.partition(":")
        if not text or text[0] not in "RYGBW" or ":" in text:
            return None
        cards = tuple(text.split("+")) if "+" in text[2:] else (text,)
        return Play(action, cards, colour, target, call)


def again(card: str) -> bool:
    """Whether playing ``card`` in a 2-player game gives the player another turn."""
    return card == "W+4" or (not card.startswith("W") and card.endswith(("S", "R", "+2")))


def matches(card: str, top: str, colour: str) -> bool:
    """Whether ``card`` may go on ``top`` with ``colour`` in force."""
    if card.startswith("W"):
        return True
    return card[0] == colour or (not top.startswith("W") and card[1:] == top[1:])


def likely_voids(view: dict[str, Any]) -> dict[int, set[str]]:
    """Colours each seat probably lacks: it drew (not a penalty) while that colour was in force,
    and has not played that colour nor taken more cards since."""
    voids: dict[int, set[str]] = {}
    colour: str | None = None
    penalty = False
    for seat, action in view["log"]:
        play = Play.parse(action)
        if play is not None:
            colour = play.colour_after
            voids.get(seat, set()).discard(colour)
            penalty = play.top.endswith("+2") or play.top == "W+4"
        elif action.startswith("color:"):
            colour = action[-1]
        elif action == "draw":
            if penalty:
                voids.pop(seat, None)
            elif colour is not None:
                voids.setdefault(seat, set()).add(colour)
            penalty = False
        elif action.startswith("catch>"):
            voids.pop(int(action[6:]), None)
        elif action == "challenge":
            penalty = False
    return voids


# -- two players: planning the run of turns (the weights are in .plan) ------------------------


@dataclass(frozen=True)
class Odds:
    """What the seat can count: the unseen cards (neither in its hand nor on the discard pile),
    how many cards the opponent holds, and what its draws tell: the cards it probably lacks
    (``lacked``) but for the ``fresh`` cards it took since."""

    unseen: tuple[tuple[str, int], ...]
    held: int
    lacked: frozenset[str] = frozenset()
    fresh: int = 0

    @staticmethod
    def of(view: dict[str, Any], lacks: Lacks | None = None) -> Odds:
        """Count the unseen cards from the view: the deck less the hand and the discard pile
        (the latest cards played, as many as the pile holds); ``lacks``: what the draws tell
        (:func:`~solocards.games.uno.sampling.draw_lacks`)."""
        count = Counter(build_deck())
        count.subtract(view["hand"])
        played = [card for _, action in view["log"] for card in _cards_of(action)]
        size = int(view.get("discard_pile_size") or 0)
        pile = played[max(0, len(played) - size) :] if size else []
        if not played and view.get("top_card"):
            pile = [view["top_card"]]
        count.subtract(pile)
        unseen = tuple(sorted((card, n) for card, n in count.items() if n > 0))
        seat = view["seat"]
        others = [(n, other) for other, n in enumerate(view["hand_sizes"]) if other != seat]
        if not others:
            return Odds(unseen, 0)
        held, closest = min(others)
        lacked, fresh = (lacks or {}).get(closest, (frozenset(), 0))
        return Odds(unseen, held, lacked, min(fresh, held))


def _cards_of(action: str) -> tuple[str, ...]:
    play = Play.parse(action)
    return () if play is None else play.cards


@lru_cache(maxsize=65536)
def blocked(odds: Odds, top: str, colour: str, void: bool = False) -> float:
    """The chance that the opponent holds no card that goes on ``top``/``colour``: its hand
    drawn at random from the unseen cards, less the ones it probably lacks (``odds.lacked``,
    all but its ``odds.fresh`` newest cards), and none of ``colour`` when ``void``.

    >>> odds = Odds((("R1", 2), ("G5", 2)), 1)
    >>> blocked(odds, "R7", "R", False), blocked(odds, "R7", "R", True)
    (0.5, 1.0)
    >>> blocked(Odds((("R1", 2), ("G5", 2)), 1, frozenset({"R1"}), 0), "R7", "R")
    1.0
    """
    old = odds.held - odds.fresh if odds.lacked else odds.held
    chance = 1.0
    for count, pool in ((old, odds.lacked), (odds.held - old, frozenset[str]())):
        total = match = 0
        for card, n in odds.unseen:
            if (void and card[0] == colour) or card in pool:
                continue
            total += n
            if matches(card, top, colour):
                match += n
        for i in range(count):
            if total - i <= 0:
                break
            chance *= max(0, total - match - i) / (total - i)
    return chance


def end_value(
    rest: tuple[str, ...], top: str, colour: str, voids: frozenset[str], odds: Odds | None = None
) -> float:
    """The value of holding ``rest`` with ``top``/``colour`` in force as the turn passes.

    Wilds are kept (worth :data:`KEEP_WILD`, :data:`KEEP_WILD4`) until the opponent holds one
    card; then what counts is leaving it nothing that goes (:data:`BLOCK`). A last card that
    follows is nearly a win (:data:`GO_OUT`); blocking a bigger hand counts only if this hand
    can follow (:data:`BLOCK_MORE`).
    """
    value = -CARD * len(rest)
    keep = odds is None or odds.held > 1
    follows = False
    for card in rest:
        if card.startswith("W"):
            value += (KEEP_WILD4 if card == "W+4" else KEEP_WILD) if keep else 0.0
            follows = True
        elif matches(card, top, colour):
            value += FOLLOW
            follows = True
        value -= POINTS * card_points(card)
    if len(rest) == 1 and follows:
        value += GO_OUT
    ranks = Counter(card[1:] for card in rest if not card.startswith("W"))
    value += PAIR * sum(1 for copies in ranks.values() if copies > 1)
    if odds is not None and odds.held:
        worth = BLOCK.get(odds.held, BLOCK_MORE if follows else 0.0)
        if worth:
            value += worth * blocked(odds, top, colour, colour in voids)
    return value + (VOID if colour in voids else 0.0)


@lru_cache(maxsize=65536)
def turn_value(
    rest: tuple[str, ...], top: str, colour: str, voids: frozenset[str], odds: Odds | None = None
) -> float:
    """The value of another turn (two players) on ``top``/``colour`` holding ``rest``."""
    best = end_value(rest, top, colour, voids, odds) - DRAW
    has_colour = any(card[0] == colour for card in rest if not card.startswith("W"))
    for card in set(rest):
        if not matches(card, top, colour) or (card == "W+4" and has_colour):
            continue
        left = list(rest)
        left.remove(card)
        for named in COLOURS if card.startswith("W") else card[0]:
            best = max(best, play_value(tuple(left), card, named, voids, odds))
    return best


def play_value(
    rest: tuple[str, ...], card: str, colour: str, voids: frozenset[str], odds: Odds | None = None
) -> float:
    """The value of playing ``card`` (``colour`` in force after it) and keeping ``rest``.

    >>> voids = frozenset()
    >>> play_value((), "R5", "R", voids) > play_value(("G2",), "RS", "R", voids)
    True
    >>> play_value(("R2",), "RS", "R", voids) > play_value(("RS",), "R2", "R", voids)
    True
    """
    if not rest:
        return WIN
    value = GIVE * (2 if card.endswith("+2") else 4 if card == "W+4" else 0)
    if again(card):
        return value + turn_value(rest, card, colour, voids, odds)
    return value + end_value(rest, card, colour, voids, odds)


class UnoHeuristicBot:
    """A rule-based UNO player (see the module doc).

    Parameters: ``challenge_at`` (challenge a Wild Draw Four whose player held at least this
    many cards; default 8), ``bluff_at`` (play an illegal Wild Draw Four when the next player
    holds at most this many cards; default 0, never).
    """

    name = "heuristic"

    def __init__(
        self, challenge_at: int = 8, bluff_at: int = 0, *, game: UnoGame | None = None
    ) -> None:
        for key, value in (("challenge_at", challenge_at), ("bluff_at", bluff_at)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"the uno heuristic's {key} is a whole number, not {value!r}")
        self.challenge_at = challenge_at
        self.bluff_at = bluff_at
        self.game = game
        """The game whose views it reads (to read the log's draws; without it, draws are not
        read)."""

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """The heuristic's choice among ``legal_actions`` (only the view is used)."""
        for action in legal_actions:
            if action.startswith("catch>"):
                return action
        legal = set(legal_actions)
        if "uno" in legal:
            return "uno"
        plays = [p for p in map(Play.parse, legal_actions) if p is not None]
        if NO_REACTION in legal:  # a jump-in: always take it, calling UNO if it may
            return max(plays, key=lambda p: p.call).action if plays else NO_REACTION
        if any(action.startswith("color:") for action in legal_actions):
            return "color:" + self.best_colour(view["hand"], ())
        if view["phase"] == "penalty":
            return self.answer_penalty(view, plays, legal)
        best = self.best_play(view, plays)
        if view["phase"] == "drawn":
            if best is None or (best.top.startswith("W") and self.keep_wild(view)):
                return "pass" if "pass" in legal else legal_actions[0]
            return best.action
        if best is None:
            return "draw" if "draw" in legal else legal_actions[0]
        return best.action

    # -- the parts ----------------------------------------------------------------------------

    def best_colour(self, hand: list[str], without: tuple[str, ...]) -> str:
        """The colour the hand holds most (by count, then points), leaving out ``without``."""
        rest = Counter(hand)
        rest.subtract(without)
        count: Counter[str] = Counter()
        points: Counter[str] = Counter()
        for card, copies in rest.items():
            if copies > 0 and not card.startswith("W"):
                count[card[0]] += copies
                points[card[0]] += copies * card_points(card)
        return max(COLOURS, key=lambda c: (count[c], points[c], -COLOURS.index(c)))

    def next_seat(self, view: dict[str, Any]) -> int:
        """The seat that plays after this one."""
        seat: int = view["seat"]
        return (seat + int(view["direction"])) % int(view["players"])

    def threatened(self, view: dict[str, Any]) -> bool:
        """Whether the next player is close to going out (two cards or fewer, or the fewest)."""
        sizes: list[int] = view["hand_sizes"]
        after = self.next_seat(view)
        fewest = min(size for other, size in enumerate(sizes) if other != view["seat"])
        return sizes[after] <= 2 or (sizes[after] == fewest and fewest <= 3)

    def keep_wild(self, view: dict[str, Any]) -> bool:
        """Whether a wild is worth keeping rather than playing now."""
        return len(view["hand"]) > 3 and not self.threatened(view)

    def allowed(self, view: dict[str, Any], play: Play) -> bool:
        """No bluffing: a Wild Draw Four only when no card of the colour in force is held."""
        if play.top != "W+4":
            return True
        if view["hand_sizes"][self.next_seat(view)] <= self.bluff_at:
            return True
        rest = list(view["hand"])
        rest.remove("W+4")
        colour = view["color"]
        return not any(card[0] == colour for card in rest if not card.startswith("W"))

    def best_play(self, view: dict[str, Any], plays: list[Play]) -> Play | None:
        """The best play, ``None`` if none is worth it (only bluffs are left)."""
        plays = [play for play in plays if self.allowed(view, play)]
        if not plays:
            return None
        if view["players"] == 2:
            return self.best_play_two(view, plays)
        return max(plays, key=lambda play: self.score(view, play))

    def best_play_two(self, view: dict[str, Any], plays: list[Play]) -> Play | None:
        """Two players: the first play of the best run of turns (see :func:`play_value`);
        ``None`` (draw) when only wilds go and keeping them is worth more than the draw costs."""
        hand = view["hand"]
        voids = frozenset(likely_voids(view).get(1 - view["seat"], ()))
        odds = Odds.of(view, draw_lacks(self.game, view) if self.game is not None else None)

        def value(play: Play) -> float:
            rest = list(hand)
            for card in play.cards:
                rest.remove(card)
            kept = tuple(sorted(rest))
            return play_value(kept, play.top, play.colour_after, voids, odds) + 0.01 * play.call

        best = max(plays, key=value)
        if view["phase"] != "play" or not DRAW_FOR_WILD or not best.top.startswith("W"):
            return best
        top, colour = view["top_card"], view["color"]
        if top is None or colour is None:
            return best
        unseen = sum(n for _, n in odds.unseen)
        goes = sum(n for card, n in odds.unseen if matches(card, top, colour))
        chance = goes / unseen if unseen else 0.0
        stay = end_value(tuple(sorted(hand)), top, colour, voids, odds)
        drawing = stay - DRAW_FOR_WILD * CARD * (1.0 - chance)
        return None if drawing > value(best) else best

    def score(self, view: dict[str, Any], play: Play) -> float:
        """Three players or more: one number per play, the highest is played."""
        hand = view["hand"]
        sizes = view["hand_sizes"]
        top = play.top
        wild = top.startswith("W")
        colour = play.colour_after
        rest = Counter(hand)
        rest.subtract(play.cards)
        held = sum(n for card, n in rest.items() if n > 0 and card[0] == colour and not wild)
        held += sum(n for card, n in rest.items() if n > 0 and wild and card[0] == colour)
        voids = likely_voids(view).get(self.next_seat(view), set())
        score = float(sum(card_points(card) for card in play.cards))
        score += 30.0 * (len(play.cards) - 1) + 3.0 * held
        score += 15.0 if colour in voids else 0.0
        score += 1000.0 if play.call else 0.0
        attack = top == "W+4" or (not wild and top.endswith(("S", "R", "+2")))
        if self.threatened(view) and attack:
            score += 200.0 + (100.0 if top == "W+4" else 0.0)
        if wild and not (top == "W+4" and self.threatened(view)):
            score -= 150.0 if len(hand) > 2 else 0.0
        if play.target is not None:
            others = [s for s in range(view["players"]) if s != view["seat"]]
            leader = min(others, key=lambda other: sizes[other])
            gain = len(hand) - len(play.cards) - sizes[play.target]
            score += 10.0 * gain + (5.0 if play.target == leader else 0.0)
        return score

    def answer_penalty(self, view: dict[str, Any], plays: list[Play], legal: set[str]) -> str:
        """Stack or deflect the penalty if possible, else challenge or draw."""
        if plays:
            best = max(plays, key=lambda p: (p.call, p.top != "W+4", card_points(p.top)))
            if best.top.startswith("W"):
                colour = self.best_colour(view["hand"], best.cards)
                for play in plays:
                    if (play.top, play.colour, play.call) == (best.top, colour, best.call):
                        return play.action
            return best.action
        if "challenge" in legal:
            offender = next(
                (seat for seat, action in reversed(view["log"]) if action.startswith("W+4")),
                None,
            )
            if offender is not None and view["hand_sizes"][offender] + 1 >= self.challenge_at:
                return "challenge"
        return "draw"

    # -- fast playouts for search -------------------------------------------------------------

    playout_stream = True
    """Its :meth:`playout` draws only ``rng.random()``: a search may give it a
    :class:`~solocards.core.rng.Stream`, which restarts for almost nothing."""

    def playout(self, state: UnoState, rng: RandomSource, max_steps: int = 5000) -> UnoState:
        """Play ``state`` to its end with a cheap policy, in place (ISMCTS playouts).

        The seat whose turn it is plays a coloured card if it can, calling UNO when it may;
        with two players a Skip, Reverse or Draw Two first (another turn); mostly one that
        leaves in force the colour it holds most (a random one a tenth of the time). When only
        wilds go it keeps them as the heuristic does (:meth:`keep_wild`: it draws instead, and
        passes on a drawn wild), and spends a Wild before a Wild Draw Four. Else it calls a
        late UNO, else draws, else passes; it names the colour it holds most and challenges a
        Wild Draw Four as the heuristic does. A player who forgot to call UNO is caught at
        once; nobody else reacts out of turn (:func:`keeping_playout`).
        """
        return keeping_playout(state, rng, max_steps=max_steps)

    def plan_playout(self, state: UnoState, rng: RandomSource, max_steps: int = 5000) -> UnoState:
        """Play ``state`` to its end in place, each 2-player turn as the heuristic plans it
        (:func:`planning_playout`; ``ismcts:rollout=plan``): slower than :meth:`playout`,
        and closer to the heuristic's own choices."""
        return planning_playout(state, rng, max_steps=max_steps)

    def evaluate(self, state: UnoState) -> list[float]:
        """Each seat's chance to win a round still going on, guessed from the hand sizes: in
        proportion to ``exp(-0.5 * cards)`` (for ISMCTS playouts cut short).

        >>> import solocards
        >>> state = solocards.make("uno", players=2).deal(seed=1)
        >>> state.hands[0].append(state.pile.pop())
        >>> [round(p, 2) for p in UnoHeuristicBot().evaluate(state)]
        [0.38, 0.62]
        """
        weights = [math.exp(-0.5 * len(hand)) for hand in state.hands]
        total = sum(weights)
        return [weight / total for weight in weights]


class _Kinds:
    """Where the kinds of action lie among the ids of a game, for the fast playout."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.call = [name.endswith("!") for name in names]
        self.wilds = names.index("W:R")  # ids below: coloured single plays
        self.draw = names.index("draw")  # ids below: single plays
        self.multi = next((i for i, name in enumerate(names) if "+" in name[2:]), len(names))
        self.pass_ = names.index("pass")
        self.uno = names.index("uno")
        self.wild4 = names.index("W+4:R")  # ids from wilds to here: plain Wilds
        self.challenge = names.index("challenge")
        self.name_colour = names.index("color:R")  # then Y, G, B
        self.catch = {int(name[6:]): i for i, name in enumerate(names) if name.startswith("catch>")}
        """The id of ``catch>seat``, by seat."""
        self.colour = [-1] * len(names)
        """The colour in force after each play (0..3), and how many cards of it the play lays."""
        self.laid = [0] * len(names)
        self.again = [False] * len(names)
        """Coloured plays that give another turn in a 2-player game (Skip, Reverse, Draw Two)."""
        for index, name in enumerate(names):
            play = Play.parse(name)
            if play is not None:
                self.colour[index] = COLOURS.index(play.colour_after)
                self.laid[index] = sum(1 for card in play.cards if card[0] == play.colour_after)
                self.again[index] = not play.top.startswith("W") and again(play.top)
        self.cards: list[tuple[int, ...]] = [()] * len(names)
        """For the planning playout: the kinds each play lays, the kind it leaves on top (-1:
        not a play), whether that is a penalty card, and the seat each ``catch>`` catches."""
        self.top = [-1] * len(names)
        self.penalty = [False] * len(names)
        self.caught = [-1] * len(names)
        for index, name in enumerate(names):
            play = Play.parse(name)
            if play is not None:
                self.cards[index] = tuple(KIND_INDEX[card] for card in play.cards)
                self.top[index] = KIND_INDEX[play.top]
                self.penalty[index] = play.top.endswith("+2") or play.top == "W+4"
        for seat, index in self.catch.items():
            self.caught[index] = seat
        self.choices: tuple[dict[tuple[int, ...], tuple[int, tuple[int, ...]]], ...] = ({}, {})
        """The memo of :func:`turn_choices`, by legal ids (index: a 2-player game or not)."""


_KINDS: Final[dict[tuple[str, ...], _Kinds]] = {}

_COLOUR_OF_CARD: Final = tuple(card // 13 if card < 52 else 4 for card in range(54))
"""The colour index (4: a wild) of each card kind, for counting a hand's colours."""

_CHOICES_LIMIT = 1 << 14
"""Entries in a game's memo of turn choices before it is cleared (bounds the memory). Not
``Final``: a test lowers it, and it is read only when a memo grows."""

SCORED: Final = 0
"""How the fast playout picks among a turn's candidates (see :func:`turn_choices`): by the
colours they leave,"""
FIXED: Final = 1
"""the one candidate,"""
UNIFORM: Final = 2
"""or any of them."""


def turn_choices(kinds: _Kinds, legal: list[int], two_players: bool) -> tuple[int, tuple[int, ...]]:
    """What the fast playout may do with these legal ids: ``(how, candidates)``.

    ``SCORED``: one of the candidate plays (calls first, then, with two players, plays that give
    another turn), mostly the one that leaves in force the colour held most; ``FIXED``: the one
    candidate (calling a late UNO, else drawing, else passing); ``UNIFORM``: any legal id. A pure
    function of the legal ids, so :func:`fast_playout` keeps it in a memo.
    """
    wilds, draw, multi, call = kinds.wilds, kinds.draw, kinds.multi, kinds.call
    if legal[0] < draw or legal[-1] >= multi:
        plays = [i for i in legal if i < wilds or i >= multi]
        if not plays:
            plays = [i for i in legal if i < draw]
        calls = [i for i in plays if call[i]]
        if calls:
            plays = calls
        if two_players and len(plays) > 1:
            runs = [i for i in plays if kinds.again[i]]
            if runs:
                plays = runs
        return SCORED, tuple(plays)
    for only in (kinds.uno, draw, kinds.pass_):
        if only in legal:
            return FIXED, (only,)
    return UNIFORM, tuple(legal)


def _kinds_of(state: UnoState) -> _Kinds:
    """The playouts' tables of ``state``'s game (made once per action space)."""
    names = state.game._action_names
    kinds = _KINDS.get(names)
    if kinds is None:
        kinds = _KINDS[names] = _Kinds(names)
    return kinds


def _remembered_choices(
    memo: dict[tuple[int, ...], tuple[int, tuple[int, ...]]],
    known: tuple[int, ...],
    kinds: _Kinds,
    legal: list[int],
    two_players: bool,
) -> tuple[int, tuple[int, ...]]:
    """:func:`turn_choices` of these legal ids (``known`` is them as a tuple), through the
    game's memo (cleared when it grows past ``_CHOICES_LIMIT``)."""
    found = memo.get(known)
    if found is None:
        if len(memo) >= _CHOICES_LIMIT:
            memo.clear()
        found = memo[known] = turn_choices(kinds, legal, two_players)
    return found


def _turn(
    state: UnoState,
    seat: int,
    kinds: _Kinds,
    two_players: bool,
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """``(how, candidates, legal ids)`` of ``seat``'s turn: :func:`turn_choices` of its legal
    ids, remembered by the state's :meth:`~UnoState.choice_signature` on the hot paths (no list
    of ids is built there), else through :func:`_remembered_choices`."""
    signature = state.choice_signature(seat)
    if signature >= 0:
        memo = state._tables.memo[two_players]
        found = memo.get(signature)
        if found is None:
            legal = state.legal_action_ids(seat)
            how, plays = turn_choices(kinds, legal, two_players)
            if len(memo) >= _CHOICES_LIMIT:
                memo.clear()
            found = memo[signature] = (how, plays, tuple(legal))
        return found
    legal = state.legal_action_ids(seat)
    known = tuple(legal)
    how, plays = _remembered_choices(kinds.choices[two_players], known, kinds, legal, two_players)
    return how, plays, known


def _pick(
    how: int,
    plays: tuple[int, ...],
    hand: list[int],
    kinds: _Kinds,
    chance: Callable[[], float],
    explore: float,
) -> int:
    """The playouts' choice among a turn's candidates (see :func:`turn_choices`): the one a
    ``FIXED`` turn has; for ``SCORED`` ones, unless ``explore`` says otherwise, a play that
    leaves in force the colour ``hand`` holds most after it; else any candidate."""
    if how == FIXED:
        return plays[0]
    if how == SCORED and len(plays) > 1 and chance() >= explore:
        held = [0, 0, 0, 0, 0]
        colour_of = _COLOUR_OF_CARD
        for card in hand:
            held[colour_of[card]] += 1
        colour, laid = kinds.colour, kinds.laid
        best = -1 << 30
        top: list[int] = []
        for i in plays:
            score = held[colour[i]] - laid[i]
            if score > best:
                best, top = score, [i]
            elif score == best:
                top.append(i)
        return top[0] if len(top) == 1 else top[int(chance() * len(top))]
    return plays[0] if len(plays) == 1 else plays[int(chance() * len(plays))]


def fast_playout(
    state: UnoState, rng: RandomSource, explore: float = 0.1, max_steps: int = 5000
) -> UnoState:
    """See :meth:`UnoHeuristicBot.playout`.

    The choice of each turn depends on the legal ids (kept in a memo per game, see
    :func:`turn_choices`) and on the colours in the hand; the random numbers are drawn exactly
    as a direct implementation of the policy draws them, so a seed gives the same round.
    """
    return _playout(state, rng, explore, max_steps, False)


def keeping_playout(
    state: UnoState, rng: RandomSource, explore: float = 0.1, max_steps: int = 5000
) -> UnoState:
    """A playout closer to the heuristic's own choices, still on integer ids (ISMCTS playouts).

    The policy of :func:`fast_playout` (calls first, coloured cards before wilds, with two
    players a Skip, Reverse or Draw Two first, mostly the play that leaves in force the colour
    held most), and where it differs it follows :class:`UnoHeuristicBot`:

    - when only wilds go, a hand of more than three cards keeps them while the next player is
      not close to going out (:meth:`UnoHeuristicBot.keep_wild`): it draws instead, and passes
      on a drawn wild; a Wild is spent before a Wild Draw Four unless the next player holds
      one card;
    - a colour to name is the colour held most;
    - a Wild Draw Four is challenged when its player held ``8`` cards or more (the heuristic's
      ``challenge_at``).

    >>> import random, solocards
    >>> state = solocards.make("uno", players=2).deal(seed=3)
    >>> keeping_playout(state, random.Random(1)).is_over
    True
    """
    return _playout(state, rng, explore, max_steps, True)


def planning_playout(
    state: UnoState, rng: RandomSource, explore: float = 0.1, max_steps: int = 5000
) -> UnoState:
    """The playout that plays a 2-player round as the heuristic does (ISMCTS playouts).

    Each turn with a play is the heuristic's own plan of the turn
    (:meth:`UnoHeuristicBot.best_play_two`, computed on kinds by :class:`~.plan.TurnPlan`): the
    first play of the best run, valued by the hand kept and by the chance that the opponent holds
    nothing that goes on what it leaves (its hand dealt from the cards the seat cannot see, less
    the colours its draws say it lacks, read as :func:`likely_voids` reads them); a Wild Draw Four
    only when no card of the colour in force is held; a draw instead of a Wild when the hand kept
    is worth more; a drawn wild passed while :meth:`~UnoHeuristicBot.keep_wild` says keep it. The
    rest is :func:`keeping_playout`'s (naming, challenging, catching). Such turns draw no random
    numbers: only ``UNIFORM`` turns and the draws do. With more than two players it is
    :func:`keeping_playout`.

    >>> import random, solocards
    >>> state = solocards.make("uno", players=2).deal(seed=3)
    >>> planning_playout(state, random.Random(1)).is_over
    True
    """
    return _playout(state, rng, explore, max_steps, True, state.players == 2)


def planned_choice(state: UnoState, seat: int) -> int:
    """The action id :func:`planning_playout` takes for ``seat``'s turn where the heuristic's
    plan decides it (a 2-player turn with a play, no penalty pending, nobody to catch); -1 where
    it does not (naming a colour, a challenge, a penalty, a forced draw or pass), for which the
    heuristic itself has to be asked. Deterministic: the plan draws no random numbers.

    The plan is the heuristic's own valuation on card kinds; the two agree on about 98% of the
    decisions of heuristic rounds (docs/bots.md). ISMCTS ``belief`` asks it instead of the
    heuristic through a view, which made its replays about four times cheaper (0.105 to 0.024
    CPU s a searched move, compiled).

    >>> import random, solocards
    >>> game = solocards.make("uno", players=2)
    >>> state = game.deal(seed=3)
    >>> seat = state.current
    >>> action = planned_choice(state, seat)
    >>> action == -1 or game.action_name(action) in state.legal_actions(seat)
    True
    """
    if state.players != 2 or state.vuln >= 0 or state.phase == PENALTY or state.current != seat:
        return -1
    kinds = _kinds_of(state)
    how, _plays, known = _turn(state, seat, kinds, True)
    if how != SCORED:
        return -1
    if kinds.uno in known:
        return kinds.uno
    voids = _Voids(2)
    for actor, done in state._history:
        voids.read(kinds, actor, done)
    return _planned_or_draw(state, seat, known, kinds, voids.masks[1 - seat], _Deck(state))


def _planned_or_draw(
    state: UnoState, seat: int, known: tuple[int, ...], kinds: _Kinds, voids: int, deck: _Deck
) -> int:
    """The planning playout's action for a 2-player turn with a play (``known``: its legal
    ids): the plan's play (:func:`_planned_turn`), or where the plan draws, or keeps a drawn
    wild, the heuristic's "draw" (in a drawn phase "pass"), if legal."""
    action = _planned_turn(state, seat, known, kinds, voids, deck)
    hands = state.hands
    if (
        action >= 0
        and state.phase == DRAWN
        and kinds.top[action] >= WILD
        and len(hands[seat]) > 3
        and not _threatened(state, seat, len(hands[1 - seat]))
    ):
        action = -1  # a drawn wild worth keeping
    if action < 0:
        action = kinds.draw if state.phase == PLAY_PHASE else kinds.pass_
        if action not in known:
            action = known[0]
    return action


class _Voids:
    """:func:`likely_voids` read one action id at a time (the planning playout): per seat, the
    colours (a bit each) it probably lacks."""

    def __init__(self, players: int) -> None:
        self.masks = [0] * players
        self.colour = -1
        """The colour last played or named (-1: none yet)."""
        self.penalty = False
        """Whether the last play was a penalty card not yet answered."""

    def read(self, kinds: _Kinds, seat: int, action: int) -> None:
        """Take in ``seat``'s action ``action``."""
        masks = self.masks
        if kinds.top[action] >= 0:
            colour = kinds.colour[action]
            self.colour = colour
            masks[seat] &= ~(1 << colour)
            self.penalty = kinds.penalty[action]
        elif action == kinds.draw:
            if self.penalty:
                masks[seat] = 0
            elif self.colour >= 0:
                masks[seat] |= 1 << self.colour
            self.penalty = False
        elif kinds.name_colour <= action < kinds.name_colour + 4:
            self.colour = action - kinds.name_colour
        elif action == kinds.challenge:
            self.penalty = False
        elif kinds.caught[action] >= 0:
            masks[kinds.caught[action]] = 0


class _Deck:
    """The kinds of every card in a round (a count per kind, and per colour), counted once a
    playout: the cards a seat cannot see are these less its hand and the discard pile, which
    is shorter than the draw pile and the other hand together."""

    def __init__(self, state: UnoState) -> None:
        counts = [0] * NUM_KINDS
        for hand in state.hands:
            for card in hand:
                counts[card] += 1
        for card in state.pile:
            counts[card] += 1
        for card in state.discard:
            counts[card] += 1
        self.counts = counts
        self.total, self.by_colour = colour_totals(counts)

    def plan(self, state: UnoState, seat: int, voids: int) -> TurnPlan:
        """``seat``'s :class:`TurnPlan` of the turn (``voids``: the colours its opponent
        probably lacks)."""
        unseen = self.counts[:]
        by_colour = self.by_colour[:]
        hand = state.hands[seat]
        discard = state.discard
        for card in hand:
            unseen[card] -= 1
            by_colour[KIND_COLOUR[card]] -= 1
        for card in discard:
            unseen[card] -= 1
            by_colour[KIND_COLOUR[card]] -= 1
        total = self.total - len(hand) - len(discard)
        return TurnPlan(len(state.hands[1 - seat]), unseen, voids, total, by_colour)


def _planned_turn(
    state: UnoState, seat: int, known: tuple[int, ...], kinds: _Kinds, voids: int, deck: _Deck
) -> int:
    """The heuristic's choice among ``known`` (legal ids with a play) in a 2-player turn, on
    kinds (:meth:`UnoHeuristicBot.best_play_two`); -1: draw instead (or pass)."""
    tops = kinds.top
    only = -1
    for action in known:
        if tops[action] >= 0:
            if only >= 0:
                only = -2
                break
            only = action
    if only >= 0 and tops[only] < WILD:
        return only  # one play and no wild: the plan would choose it (a fourth of the turns)
    hand = state.hands[seat]
    colour = state.color
    holds_colour = False
    for card in hand:
        if KIND_COLOUR[card] == colour:
            holds_colour = True
            break
    plan = deck.plan(state, seat, voids)
    ordered = sorted(hand)
    laid, after, calls = kinds.cards, kinds.colour, kinds.call
    best = -1
    best_value = -math.inf
    rests: dict[int, tuple[int, ...]] = {}  # a single card's rest (a wild's four colours)
    for action in known:
        top = tops[action]
        if top < 0 or (top == WILD4 and holds_colour):
            continue
        cards = laid[action]
        if len(cards) == 1:
            found = rests.get(top)
            if found is None:
                index = ordered.index(top)
                found = rests[top] = tuple(ordered[:index] + ordered[index + 1 :])
            rest = found
        else:
            left = list(ordered)
            for card in cards:
                left.remove(card)
            rest = tuple(left)
        value = plan.play_value(rest, top, after[action])
        if calls[action]:
            value += 0.01
        if value > best_value:
            best, best_value = action, value
    if best < 0 or state.phase != PLAY_PHASE or tops[best] < WILD or colour >= 4:
        return best
    total, goes = plan.goes(state.top, colour, False)
    chance = goes / total if total else 0.0
    stay = plan.end_value(tuple(ordered), state.top, colour)
    drawing = stay - DRAW_FOR_WILD * CARD * (1.0 - chance)
    return -1 if drawing > best_value else best


def _playout(
    state: UnoState,
    rng: RandomSource,
    explore: float,
    max_steps: int,
    keeping: bool,
    planning: bool = False,
) -> UnoState:
    """The loop of the playouts: :func:`planning_playout` with ``planning`` (two players),
    :func:`keeping_playout` with ``keeping``, else :func:`fast_playout` (the same turns without
    the heuristic's three exceptions)."""
    kinds = _kinds_of(state)
    two_players = state.players == 2
    colour_of = _COLOUR_OF_CARD
    chance = rng.random
    apply_id = state.apply_id
    catch = kinds.catch
    players = state.players
    wilds, draw_id, pass_id = kinds.wilds, kinds.draw, kinds.pass_
    wild4 = kinds.wild4
    challenge_id = kinds.challenge
    voids = _Voids(players)
    deck: _Deck | None = None
    if planning:
        deck = _Deck(state)
        for actor, done in state._history:
            voids.read(kinds, actor, done)
    for _ in range(max_steps):
        if state.is_over:
            break
        vuln = state.vuln
        if vuln >= 0:  # someone forgot UNO (only ever the search's own move): caught at once
            seat, action = (vuln + 1) % players, catch[vuln]
        else:
            seat = state.current
            how, plays, known = _turn(state, seat, kinds, two_players)
            hands = state.hands  # (under 7-0 a 0 passes the hands round as new lists)
            action = -1
            if deck is not None and how == SCORED and state.phase != PENALTY:
                if kinds.uno in known:
                    action = kinds.uno
                else:
                    action = _planned_or_draw(
                        state, seat, known, kinds, voids.masks[1 - seat], deck
                    )
            elif keeping:  # the heuristic's three exceptions (see keeping_playout)
                if (
                    how == SCORED
                    and plays[0] >= wilds
                    and plays[-1] < draw_id
                    and state.phase != PENALTY
                ):
                    # Only wilds go: keep them while the hand is big and nobody threatens.
                    following = hands[(seat + state.direction) % players]
                    if len(hands[seat]) > 3 and not _threatened(state, seat, len(following)):
                        other = draw_id if draw_id in known else pass_id
                        if other in known:
                            action = other
                    if action < 0 and len(plays) > 1 and len(following) > 1:
                        plain = tuple(i for i in plays if i < wild4)
                        if plain:
                            plays = plain
                elif how == FIXED and plays[0] == draw_id and challenge_id in known:
                    # A Wild Draw Four under challenge: challenged when its player held 8 cards
                    # or more.
                    if state.wd4_by >= 0 and len(hands[state.wd4_by]) >= 7:
                        action = challenge_id
                elif how == UNIFORM and known[0] >= kinds.name_colour:
                    held = [0, 0, 0, 0, 0]
                    for card in hands[seat]:
                        held[colour_of[card]] += 1
                    named = max(range(4), key=lambda c: held[c])
                    action = kinds.name_colour + named
            if action < 0:
                action = _pick(how, plays, hands[seat], kinds, chance, explore)
        apply_id(seat, action)
        if planning:
            voids.read(kinds, seat, action)
    return state


def _threatened(state: UnoState, seat: int, following: int) -> bool:
    """:meth:`UnoHeuristicBot.threatened` on the state: the next player (who holds
    ``following`` cards) holds two or fewer, or the fewest and three or fewer."""
    if following <= 2:
        return True
    if following > 3:
        return False
    hands = state.hands
    return following == min(len(hand) for other, hand in enumerate(hands) if other != seat)


__all__ = [
    "Play",
    "UnoHeuristicBot",
    "card_points",
    "fast_playout",
    "keeping_playout",
    "likely_voids",
    "planned_choice",
    "planning_playout",
    "play_value",
]
