"""The UNO heuristic's playouts for search: whole rounds played on the state's ints, fast.

- :func:`fast_playout`: the seat to move plays what the cheap policy picks (a scored choice
  per kind of turn, :func:`turn_choices`), nobody reacts out of turn;
- :func:`keeping_playout` (:meth:`.heuristic.UnoHeuristicBot.playout`, ISMCTS' default
  rollout): the same, keeping wilds as the heuristic does and catching a missed UNO at once;
- :func:`planning_playout` (``ismcts:rollout=plan``): each 2-player turn as the heuristic
  plans it (:func:`planned_choice`, on kinds with :class:`~.plan.TurnPlan`), slower and closer
  to the heuristic's own choices.

Each draws only ``rng.random()``, so that a search may hand it a restartable stream.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ...core.rng import RandomSource
from .cards import KIND_COLOUR, KIND_INDEX, NUM_KINDS, WILD, WILD4
from .plan import (
    CARD,
    DRAW_FOR_WILD,
    TurnPlan,
    colour_totals,
)
from .plays import COLOURS, Play, again
from .state import DRAWN, PENALTY, PLAY_PHASE

if TYPE_CHECKING:
    from .state import UnoState


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
    "fast_playout",
    "keeping_playout",
    "planned_choice",
    "planning_playout",
    "turn_choices",
]
