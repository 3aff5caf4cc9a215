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
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...core.bot import NO_REACTION
from ...core.errors import OptionError
from ...core.rng import RandomSource
from .cards import build_deck
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
)
from .playouts import keeping_playout, planning_playout
from .plays import COLOURS, Play, again, card_points, matches
from .sampling import draw_lacks

if TYPE_CHECKING:
    from .game import UnoGame
    from .state import UnoState

Lacks = dict[int, tuple[frozenset[str], int]]
"""Per seat: the cards it probably lacks, and how many cards it took since it drew."""


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
        once; nobody else reacts out of turn (:func:`.playouts.keeping_playout`).
        """
        return keeping_playout(state, rng, max_steps=max_steps)

    def plan_playout(self, state: UnoState, rng: RandomSource, max_steps: int = 5000) -> UnoState:
        """Play ``state`` to its end in place, each 2-player turn as the heuristic plans it
        (:func:`.playouts.planning_playout`; ``ismcts:rollout=plan``): slower than :meth:`playout`,
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


__all__ = [
    "Play",
    "UnoHeuristicBot",
    "card_points",
    "likely_voids",
    "play_value",
]
