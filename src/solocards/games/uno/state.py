"""One round of UNO as an explicit state machine (shared/rules/shedding.md §2, §3.2).

Phases of the seat whose regular turn it is (``current``):

- ``PLAY``: play a matching card (a wild or Wild Draw Four names its colour in the same action),
  or ``draw`` one card.
- ``DRAWN``: after a voluntary draw: play the drawn card, or ``pass`` to keep it (reneging: no
  other card may be played). Entered whenever a card was drawn, playable or not, so that nobody
  learns from the table whether the drawn card could have been played.
- ``PENALTY``: a Draw Two / Wild Draw Four is pending against ``current``: ``draw`` takes the
  whole penalty and ends the turn; ``challenge`` (a Wild Draw Four that started the penalty), or
  answer with a card where the stacking / deflecting options allow.
- ``NAME_COLOR``: the first card turned up is a Wild: eldest names the colour (``color:C``),
  then plays. This is the only moment without a colour in force, and it is never after a play.
- ``OVER``.

Reaction windows run *alongside* the phase, as flags:

- ``vuln``: the seat that played down to one card without calling UNO (``uno_enforcement=catch``).
  Every other seat may ``catch>vuln``; ``vuln`` may call ``uno`` late.
- ``jump``: a coloured card was just played and ``jump_in`` is on: every seat (other than
  ``current`` and the seat that laid it) holding the identical card may play it.

Whoever acts first wins. A *turn action* of ``current`` (a play, ``draw``, ``pass``,
``challenge``, ``color:C``) closes both windows; so does any play (a jump-in moves play on). A
catch or a late call only resolves the vulnerability.

Cards are kinds (ints, see :mod:`.cards`), hands are lists of kinds, and the draw pile is kept
with its top card at the *end* of the list so that drawing is ``pop()``. The hot paths of random
playouts (``to_act``, ``legal_action_ids``, ``apply_id``, plays and draws) are written for speed
and marked as such; everything else is plain.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from ...core.game import Result, State
from ...core.hands import lay_one
from ...core.rng import round_rng, shuffle
from .actions import CATCH, CHALLENGE, DRAW, MULTI, PASS, PLAY, UNO
from .cards import (
    DRAW2,
    KIND_COLOUR,
    KIND_INDEX,
    KIND_RANK,
    NO_COLOUR,
    NO_RANK,
    REVERSE,
    SKIP,
    WILD,
    WILD4,
)
from .multiplay import laying_order, multi_matches, sub_groups
from .rules import UnoRules
from .scoring import round_result

if TYPE_CHECKING:
    from .game import UnoGame

PLAY_PHASE: Final = 0
DRAWN: Final = 1
PENALTY: Final = 2
NAME_COLOR: Final = 3
OVER: Final = 4
BIT: Final[tuple[int, ...]] = tuple(1 << kind for kind in range(54))
"""The bit of each kind in a hand's mask."""
PHASE_NAMES = ("play", "drawn", "penalty", "name_color", "over")


class UnoState(State):
    """A round of UNO. Create it with ``solocards.make("uno").deal(...)``.

    >>> import solocards
    >>> game = solocards.make("uno", players=3)
    >>> deck = game.deck()  # in kind order: R0, R1, R1, R2, ...; 21 cards dealt, then RR
    >>> state = game.deal(deck=deck, dealer=0)
    >>> state.snapshot()["discard_pile"], state.to_act, state.snapshot()["direction"]
    (['RR'], [0], -1)
    >>> state.legal_actions(0)
    ['R1', 'R3', 'R4', 'R6', 'R7', 'R9', 'RS', 'draw']
    """

    g: UnoGame
    rules: UnoRules
    hands: list[list[int]]
    masks: list[int]
    pile: list[int]
    discard: list[int]
    key: int
    direction: int
    current: int
    phase: int
    pending: int
    chain: int
    wd4_by: int
    wd4_bad: bool
    vuln: int
    jump: bool
    last: int
    drawn: int
    idle: int
    winner: int
    _known: dict[int, dict[int, list[int]]]
    _revealed: list[tuple[int, int, int, tuple[int, ...]]]
    _rng: random.Random | None
    _rng_shared: bool

    def __init__(self, game: UnoGame, deck: list[str] | None, dealer: int, seed: int) -> None:
        """Deal a round from ``deck`` (API.md's deck order); ``deck=None``: a blank state for
        :meth:`clone` to fill in."""
        self._init_base(game, dealer, seed)
        self.g = game
        rules = self.rules = game.rules
        # Shared, read-only tables for the hot paths (legal_action_ids and apply_id).
        self._acts = game.acts
        self._fast = (
            rules.fast_turn and not rules.force_play and not rules.force_drawn and not rules.multi
        )
        """Single plays and plays of a drawn card come straight from the rows (fast paths)."""
        self._answers = rules.answers_penalty
        """Whether a pending penalty may be answered with a card."""
        self._plain = rules.plain_numbers
        """Whether a number card does nothing but pass the turn on."""
        fast = game.fast
        self._tables = fast
        self._key_masks = fast.key_masks
        self._single_kind = fast.single_kind
        self._simple = fast.simple
        self._quick_draw = not rules.until_playable
        self._draw_id = game.table.draw_id
        self._pass_id = game.table.pass_id
        self._challenge_id = game.table.challenge_id
        self._pairs = fast.pairs
        self._quick_seat = -1
        """The seat whose ``_quick_pattern`` legal_action_ids kept (-1: none), and that pattern."""
        self._quick = -1
        if deck is not None:
            self._deal(deck, dealer)

    def _deal(self, deck: list[str], dealer: int) -> None:
        """Deal the hands, turn up the first card."""
        game = self.g
        n = game.players
        size = game.rules.hand_size
        cards = [KIND_INDEX[name] for name in deck]
        self.hands = [[] for _ in range(n)]
        for index in range(n * size):
            self.hands[(dealer + 1 + index) % n].append(cards[index])
        self.masks = [0] * n
        for seat in range(n):
            self._remask(seat)
        rest = cards[n * size :]
        rest.reverse()  # top card at the end
        self.pile = rest
        self.discard = []
        self.direction = 1
        self.pending = 0
        self.chain = 0
        self.wd4_by = -1
        self.wd4_bad = False
        self.vuln = -1
        self.jump = False
        self.last = -1
        self.drawn = -1
        self.idle = 0
        self.winner = -1
        self._known = {}
        self._revealed = []
        self._rng = None
        self._rng_shared = False
        self._turn_up(dealer)

    def _turn_up(self, dealer: int) -> None:
        """Turn up the first card and obey the first-card table (§2.2)."""
        g, n, pile = self.g, self.players, self.pile
        first = pile.pop()
        while first == WILD4:  # put it back, shuffle, turn up another
            pile.append(first)
            shuffle(self._random(), pile)
            first = pile.pop()
        self.discard.append(first)
        self.key = KIND_COLOUR[first] * 14 + KIND_RANK[first]
        eldest = (dealer + 1) % n
        self.current = eldest
        self.phase = PLAY_PHASE
        rank = KIND_RANK[first]
        if first == WILD:
            self.key = -1  # no colour in force until eldest names one
            self.phase = NAME_COLOR
        elif rank == SKIP or (rank == REVERSE and g.rules.rev_skip2):
            self.current = (eldest + 1) % n
        elif rank == REVERSE:
            self.direction = -1
            right = (dealer - 1) % n
            self.current = dealer if g.rules.first_card_reverse_dealer else right
        elif rank == DRAW2:
            self._take(eldest, 2)
            if g.rules.first_card_draw_two_skip:
                self.current = (eldest + 1) % n

    @property
    def top(self) -> int:
        """The kind of the top card of the discard pile."""
        return self.discard[-1]

    @property
    def color(self) -> int:
        """The colour in force (``NO_COLOUR`` only while eldest names a first Wild's colour)."""
        key = self.key
        return key // 14 if key >= 0 else NO_COLOUR

    # -- randomness ----------------------------------------------------------------------------

    def _random(self) -> random.Random:
        """The round's generator (core.rng.round_rng), copied first if a clone shares it."""
        rng = self._rng
        if rng is None:
            rng = self._rng = round_rng(self.seed)
        elif self._rng_shared:
            copy = random.Random()
            copy.setstate(rng.getstate())
            rng = self._rng = copy
        self._rng_shared = False
        return rng

    # -- drawing -------------------------------------------------------------------------------

    def _reshuffle(self) -> bool:
        """Shuffle all but the top card of the discard pile into a new draw pile (§2.7)."""
        discard = self.discard
        if len(discard) < 2:
            return False
        cards = discard[:-1]
        del discard[:-1]
        shuffle(self._random(), cards)
        self.pile = cards
        return True

    def _take(self, seat: int, count: int) -> int:
        """``seat`` draws ``count`` cards, reshuffling when the pile runs out and drawing fewer
        when both piles are exhausted (§2.7); returns how many it got."""
        hand = self.hands[seat]
        got = 0
        while got < count:
            if not self.pile and not self._reshuffle():
                break
            pile = self.pile
            room = min(count - got, len(pile))
            chunk = pile[-room:]
            del pile[-room:]
            chunk.reverse()
            hand += chunk
            got += room
            mask = self.masks[seat]
            for card in chunk:
                mask |= BIT[card]
            self.masks[seat] = mask
        if got:
            self.idle = 0
        return got

    def _draw_one(self, seat: int) -> int:
        """``seat`` draws one card; returns its kind, or -1 if both piles are exhausted."""
        if not self.pile and not self._reshuffle():
            return -1
        card = self.pile.pop()
        self.hands[seat].append(card)
        masks = self.masks
        masks[seat] = masks[seat] | BIT[card]
        self.idle = 0
        return card

    def _remask(self, seat: int) -> None:
        """Recompute the mask of kinds in ``seat``'s hand."""
        mask = 0
        for card in self.hands[seat]:
            mask |= BIT[card]
        self.masks[seat] = mask

    # -- the public surface --------------------------------------------------------------------

    def regular_seat(self) -> int:
        """The seat whose regular turn it is (``current``, also in a reaction window)."""
        return -1 if self.is_over else self.current

    def could_react(self, seat: int) -> bool:
        """Whether ``seat`` could act out of turn now (public facts only): everyone during a
        catch window (a catch, or the late call of the seat that missed it), and during a
        jump-in window every seat but the one to play and the one that laid the card.

        >>> import solocards
        >>> state = solocards.make("uno", players=3).deal(seed=3)
        >>> [state.could_react(seat) for seat in range(3)]
        [False, False, False]
        """
        if self.phase == OVER or seat == self.current:
            return False
        return self.vuln >= 0 or (self.jump and seat != self.last)

    @property
    def to_act(self) -> list[int]:
        # Hot path: no reaction window open.
        if self.vuln < 0 and not self.jump:
            return [] if self.phase == OVER else [self.current]
        return self._reactors()

    def sole_actor(self) -> int:
        # Hot path: no reaction window open.
        if self.vuln < 0 and not self.jump:
            return -1 if self.phase == OVER else self.current
        to_act = self._reactors()
        return to_act[0] if len(to_act) == 1 else -1

    def _reactors(self) -> list[int]:
        """``current`` and every seat that may react in an open window."""
        n = self.players
        if self.vuln >= 0:
            return list(range(n))  # everyone may catch; the vulnerable seat may call
        top, current, last = self.top, self.current, self.last
        return [
            seat
            for seat in range(n)
            if seat == current or (seat != last and top in self.hands[seat])
        ]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return round_result(self.hands, self.winner, alternative=self.rules.alternative_scoring)

    # -- legal actions -------------------------------------------------------------------------

    def legal_action_ids(self, seat: object) -> list[int]:
        """The sorted ids of the actions ``seat`` may take now (the hot path of playouts)."""
        if type(seat) is int:
            me: int = seat  # (a native int in the compiled build)
            pattern = self._quick_pattern(me)
            if pattern >= 0:
                self._quick_seat = me  # apply_id reads the pattern back (until a change)
                self._quick = pattern
                # Hot paths: the seat whose turn it is, no window open, no option that changes
                # single plays; the ids come straight from the game's tables (fast.py).
                phase = self.phase
                if phase == PENALTY:
                    if self.wd4_by >= 0:
                        return [self._draw_id, self._challenge_id]
                    return [self._draw_id]
                ids = self._tables.plays(pattern, len(self.hands[me]) == 2)
                ids.append(self._draw_id if phase == PLAY_PHASE else self._pass_id)
                return ids
        return list(self._cached_legal_ids(seat))

    def choice_signature(self, seat: int) -> int:
        """A whole number >= 0 that, with the game, fixes ``legal_action_ids(seat)`` on its hot
        paths (``seat``'s turn, no window open, see :meth:`_quick_pattern`); -1 elsewhere.

        Playouts key their memo of what to do with a turn's legal ids on it
        (``FastTables.memo``), so a turn on a hot path needs neither the list of ids nor a
        tuple of them to find its choice.

        >>> import solocards
        >>> state = solocards.make("uno", players=2).deal(seed=4)
        >>> seat = state.current
        >>> state.choice_signature(seat) >= 0, state.choice_signature(1 - seat)
        (True, -1)
        """
        pattern = self._quick_pattern(seat)
        if pattern < 0:
            return -1
        self._quick_seat = seat  # apply_id reads the pattern back, as after legal_action_ids
        self._quick = pattern
        phase = self.phase
        # The flag: under a penalty, whether a Wild Draw Four may be challenged (the ids are
        # draw, and challenge); else whether a play leaves one card (the UNO forms are legal).
        flag = self.wd4_by >= 0 if phase == PENALTY else len(self.hands[seat]) == 2
        return (pattern << 3) | (phase << 1) | (1 if flag else 0)

    def _quick_pattern(self, seat: int) -> int:
        """On a hot path (``seat``'s turn, no window open, no option that changes single
        plays; phase ``PLAY``, ``DRAWN``, or ``PENALTY`` that no card may answer): the kinds
        ``seat`` may play now as a bit mask (see :mod:`.fast`); else -1."""
        if seat != self.current or self.vuln >= 0 or not self._fast:
            return -1
        phase = self.phase
        if phase == PLAY_PHASE:
            return self.masks[seat] & self._key_masks[self.key]
        if phase == DRAWN:
            return BIT[self.drawn] & self._key_masks[self.key]
        if phase == PENALTY and not self._answers:
            return 0
        return -1

    def apply_id(self, seat: object, action_id: object) -> None:
        """Apply the action with this id (the same checks and effect as the base class)."""
        if type(seat) is int and type(action_id) is int:
            me: int = seat  # (native ints in the compiled build)
            act: int = action_id
            pattern = self._quick if me == self._quick_seat else self._quick_pattern(me)
            if pattern >= 0 and 0 <= act < len(self._simple):
                # Hot paths: legal exactly when legal_action_ids lists it (see fast.py),
                # checked without building the list.
                phase = self.phase
                if phase == PENALTY:
                    legal = act == self._draw_id or (act == self._challenge_id and self.wd4_by >= 0)
                else:
                    kind = self._single_kind[len(self.hands[me]) == 2][act]
                    legal = (kind >= 0 and pattern >> kind & 1 == 1) or act == (
                        self._draw_id if phase == PLAY_PHASE else self._pass_id
                    )
                if legal:
                    self._legal_cache = None
                    self._quick_seat = -1
                    self._apply_legal(me, act)
                    return
        self._quick_seat = -1  # whatever happens next, the pattern kept is stale
        State.apply_id(self, seat, action_id)  # computes, checks, raises or applies

    def _apply_legal(self, seat: int, action_id: int) -> None:
        """Apply an action just listed as legal for ``seat`` (the hot paths, then ``_apply``)."""
        simple = self._simple[action_id]
        if simple is not None:
            # A number or a Wild played on one's turn (no 7-0, no jump-in) only passes the turn
            # on. It never answers a penalty, so no challenge is pending.
            key, card, call = simple
            hand = self.hands[seat]
            if not lay_one(hand, card):
                masks = self.masks
                masks[seat] = masks[seat] ^ BIT[card]
            self.discard.append(card)
            known = self._known
            if known and seat in known:
                self._forget_card(seat, card)
            self.key = key
            self.idle = 0
            if self.vuln >= 0:
                self.vuln = -1  # any play closes the catch window
            if hand:
                self.current = (seat + self.direction) % self.players
                self.phase = PLAY_PHASE
                if len(hand) == 1 and not call:
                    self._missed_call(seat)
            else:
                self._finish(seat)
        elif (
            action_id == self._draw_id
            and self.phase == PLAY_PHASE
            and self.pile
            and (self._quick_draw)
        ):
            # A voluntary draw of one card; this turn action closes the windows.
            card = self.pile.pop()
            self.hands[seat].append(card)
            masks = self.masks
            masks[seat] = masks[seat] | BIT[card]
            self.idle = 0
            self.jump = False
            self.vuln = -1
            self.phase = DRAWN
            self.drawn = card
        elif action_id == self._pass_id:
            # Keep the drawn card: the draw closed every window, and a card was drawn.
            self.phase = PLAY_PHASE
            self.current = (seat + self.direction) % self.players
        else:
            self._apply(seat, action_id)
        # The shared pair itself: through untyped names, the compiled build appends the object
        # rather than unboxing it and boxing a new tuple.
        history: list[Any] = self._history
        pairs: list[Any] = self._pairs[seat]
        history.append(pairs[action_id])

    def _legal_ids(self, seat: int) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        g = self.g
        rules = self.rules
        table = g.table
        if seat == self.current:
            if phase == PLAY_PHASE:
                ids = self._turn_ids(seat)
            elif phase == PENALTY:
                ids = self._penalty_ids(seat)
            elif phase == DRAWN:
                ids = self._drawn_ids(seat)
            else:
                return list(table.color_id)
            if self.vuln >= 0:
                ids.append(table.uno_id if seat == self.vuln else table.catch_id[self.vuln])
                if rules.multi:
                    ids.sort()
            return ids
        ids = []
        if self.jump and seat != self.last and self.top in self.hands[seat]:
            ids = self._kind_ids(seat, self.top, False)
        if self.vuln >= 0:
            ids.append(table.uno_id if seat == self.vuln else table.catch_id[self.vuln])
        return ids

    def _turn_ids(self, seat: int) -> list[int]:
        """A regular turn: every single play, ``draw``, then the multi-plays."""
        g = self.g
        rules = self.rules
        hand = self.hands[seat]
        playable = g.playable[self.key]
        ids = []
        for card in sorted(set(hand)):
            if playable[card]:
                ids += self._kind_ids(seat, card, False)
        multi = self._multi_ids(seat) if rules.multi else []
        if not (ids and rules.force_play):
            ids.append(g.table.draw_id)
        return ids + multi

    def _kind_ids(self, seat: int, kind: int, stacking: bool) -> list[int]:
        """The ids of playing one ``kind`` from ``seat``'s hand, every form (colours named,
        ``>N`` seats, ``!``), assuming the card may go on the top card. ``stacking``: answering a
        penalty, where a Wild Draw Four is never illegal."""
        g = self.g
        rules = self.rules
        hand = self.hands[seat]
        left = len(hand) - 1
        n = self.players
        rank = KIND_RANK[kind]
        table = g.table
        if kind == WILD4 and rules.enforce_wd4 and not stacking and self._holds_colour(hand):
            return []
        if rules.seven_zero and left and (rank == 7 or rank == 0):
            if rank == 0:
                # All hands move on: the actor receives the previous seat's hand.
                left = len(self.hands[(seat - self.direction) % n])
            elif not rules.sz_choose:
                left = len(self.hands[(seat + self.direction) % n])
            else:
                ids = []
                for target in range(n):
                    if target != seat:
                        base = table.seven_id[kind // 13][target]
                        ids.append(base)
                        if rules.call_ok and len(self.hands[target]) == 1:
                            ids.append(base + 1)
                return ids
        return list(table.single_ids(kind, call=rules.call_ok and left == 1))

    def _holds_colour(self, hand: list[int]) -> bool:
        """Whether ``hand`` holds a card of the colour in force (the Wild Draw Four rule)."""
        color = self.color
        return any(KIND_COLOUR[card] == color for card in hand)

    def _multi_ids(self, seat: int) -> list[int]:
        """Every legal multi-play of ``seat`` (option ``multi_play_same_number``)."""
        g = self.g
        rules = self.rules
        hand = self.hands[seat]
        have = [[0, 0, 0, 0] for _ in range(10)]
        for card in hand:
            if card < WILD and card % 13 < 10:
                have[card % 13][card // 13] += 1
        ids = []
        color, top_rank = self.color, KIND_RANK[self.top]
        n, d = self.players, self.direction
        for rank in range(10):
            if sum(have[rank]) < 2:
                continue
            for counts, last, size in sub_groups(have[rank]):
                if not multi_matches(counts, last, rank, color, top_rank):
                    continue
                left = len(hand) - size
                targets = [-1]
                if rules.seven_zero and left and rank == 0:
                    left = len(self.hands[(seat - d) % n])
                elif rules.seven_zero and left and rank == 7:
                    if rules.sz_choose:
                        targets = [t for t in range(n) if t != seat]
                    else:
                        left = len(self.hands[(seat + d) % n])
                for target in targets:
                    after = len(self.hands[target]) if target >= 0 else left
                    ids.append(g.table.multi_id[(rank, counts, last, target, False)])
                    if rules.call_ok and left and after == 1:
                        ids.append(g.table.multi_id[(rank, counts, last, target, True)])
        ids.sort()
        return ids

    def _answer_kinds(self, seat: int) -> list[int]:
        """The kinds ``seat`` holds that may answer the pending penalty under the options."""
        rules = self.rules
        hand = self.hands[seat]
        color = self.color
        kinds = set()
        if self.chain == WILD4:
            if rules.stack4 and WILD4 in hand:
                kinds.add(WILD4)
            if rules.d2_on_d4 and color * 13 + DRAW2 in hand:
                kinds.add(color * 13 + DRAW2)
        else:
            if rules.stack2:
                kinds.update(card for card in hand if card < WILD and card % 13 == DRAW2)
            if rules.d4_on_d2 and WILD4 in hand:
                kinds.add(WILD4)
        if rules.deflect:
            for rank in (SKIP, REVERSE):
                if color * 13 + rank in hand:
                    kinds.add(color * 13 + rank)
        return sorted(kinds)

    def _penalty_ids(self, seat: int) -> list[int]:
        """Facing a penalty: the answers the options allow, ``draw``, ``challenge``."""
        ids = []
        for kind in self._answer_kinds(seat):
            ids += self._kind_ids(seat, kind, True)
        table = self.g.table
        ids.append(table.draw_id)
        if self.wd4_by >= 0:
            ids.append(table.challenge_id)
        return ids

    def _drawn_ids(self, seat: int) -> list[int]:
        """After a voluntary draw: the drawn card's plays, then ``pass``.

        ``force_play_drawn`` takes ``pass`` away only when the drawn card may be played
        lawfully: a Wild Draw Four drawn while holding the colour in force may still be played
        as a bluff (when challenges are on), but it is not a playable card to be forced (§2.5).
        """
        g = self.g
        rules = self.rules
        drawn = self.drawn
        ids = self._kind_ids(seat, drawn, False) if g.playable[self.key][drawn] else []
        if not (ids and rules.force_drawn and self._lawful(seat, drawn)):
            ids.append(g.table.pass_id)
        return ids

    def _lawful(self, seat: int, kind: int) -> bool:
        """Whether playing ``kind`` (a card that may go on the top card) breaks no rule: only a
        Wild Draw Four held with a card of the colour in force does (unless the game drops that
        rule with ``drop_wd4_legality``)."""
        return kind != WILD4 or self.rules.drop_wd4 or not self._holds_colour(self.hands[seat])

    def _has_play(self, seat: int) -> bool:
        """Whether ``seat`` could play a card now (``draw_until_playable``)."""
        playable = self.g.playable[self.key]
        return any(
            playable[card] and self._kind_ids(seat, card, False) for card in set(self.hands[seat])
        )

    # -- applying ------------------------------------------------------------------------------

    def _apply(self, seat: int, action_id: int) -> None:
        kind, card, colour, target, call, cards = self._acts[action_id]
        if kind == PLAY:
            self._play(seat, card, colour, target, call)
        elif kind == DRAW:
            self._draw(seat)
        elif kind == PASS:
            # The draw closed every window, and a card was drawn this turn.
            self.phase = PLAY_PHASE
            self.current = (seat + self.direction) % self.players
        elif kind == MULTI:
            self._multi(seat, card, colour, target, call, cards)
        elif kind == CATCH:
            self.vuln = -1
            self._take(target, self.rules.penalty)
        elif kind == UNO:
            self.vuln = -1
        elif kind == CHALLENGE:
            self._challenge(seat)
        else:  # COLOR: eldest names the colour of a first Wild
            self.key = colour * 14 + NO_RANK
            self.phase = PLAY_PHASE

    def _end_turn(self, seat: int, active: bool = True) -> None:
        """The turn of ``seat`` ends without a play; ``active``: a card moved during it.
        A full cycle of turns in which no card moved is a dead-lock (U-5)."""
        self.jump = False
        self.vuln = -1
        self.phase = PLAY_PHASE
        self.current = (seat + self.direction) % self.players
        if active:
            self.idle = 0
        else:
            self.idle += 1
            if self.idle >= self.players:
                self._finish(-1)

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
        self.jump = False
        self.vuln = -1

    def _draw(self, seat: int) -> None:
        """``draw``: take a pending penalty, or draw (until playable, with that option)."""
        self.jump = False
        self.vuln = -1
        if self.phase == PENALTY:
            count = self.pending
            self.pending = 0
            self.wd4_by = -1
            self._end_turn(seat, self._take(seat, count) > 0)
            return
        g = self.g
        rules = self.rules
        keep_going = rules.until_playable and not self._has_play(seat)
        card = self._draw_one(seat)
        drew = card >= 0
        while (
            keep_going
            and card >= 0
            and not (g.playable[self.key][card] and self._kind_ids(seat, card, False))
        ):
            card = self._draw_one(seat)
        if card < 0:
            # Nothing to draw (or drew until both piles ran out): the turn ends.
            self._end_turn(seat, drew)
            return
        self.phase = DRAWN
        self.drawn = card

    def _challenge(self, seat: int) -> None:
        """Challenge the Wild Draw Four of ``wd4_by`` (§2.5): its hand is shown to ``seat``."""
        self.jump = False
        self.vuln = -1
        offender = self.wd4_by
        shown = list(self.hands[offender])
        self._revealed.append((seat, offender, len(self._history), tuple(shown)))
        self._learn(seat, offender, shown)
        count = self.pending
        self.pending = 0
        self.wd4_by = -1
        if self.wd4_bad:  # guilty: the offender draws the 4; the colour named stays
            self._take(offender, count)
            self.phase = PLAY_PHASE
            if not self.rules.success_play:
                self._end_turn(seat)
        else:  # innocent: the challenger draws 4 + 2 and loses the turn
            self._end_turn(seat, self._take(seat, count + 2) > 0)

    def _multi(
        self, seat: int, kind: int, colour: int, target: int, call: bool, cards: tuple[int, ...]
    ) -> None:
        """A multi-play: lay the cards (a matching one first), then play the last one."""
        laid = laying_order(cards, self.color, KIND_RANK[self.top])[:-1]
        hand = self.hands[seat]
        for card in laid:
            hand.remove(card)
        self._remask(seat)
        self.discard += laid
        if self._known:
            self._forget(seat, laid)
        self._play(seat, kind, colour, target, call)

    def _play(self, seat: int, kind: int, colour: int, target: int, call: bool) -> None:
        """``seat`` plays one card of ``kind`` naming ``colour`` (a hot path): its turn, an
        answer to a penalty, or a jump-in. It was checked legal: the card is held and matches."""
        hand = self.hands[seat]
        if not lay_one(hand, kind):
            masks = self.masks
            masks[seat] = masks[seat] ^ BIT[kind]
        self.discard.append(kind)
        if self._known and seat in self._known:
            self._forget(seat, (kind,))
        rank = KIND_RANK[kind]
        before = self.key
        self.key = colour * 14 + rank
        self.idle = 0
        if self.wd4_by >= 0:
            self.wd4_by = -1  # any play ends the chance to challenge
        if self.vuln >= 0:
            self.vuln = -1  # any play closes the catch window
        if (rank < 10 or kind == WILD) and self._plain:
            # Hot path: a number or a Wild passes the turn on (never played on a penalty).
            if not hand:
                self._finish(seat)
                return
            self.current = (seat + self.direction) % self.players
            self.phase = PLAY_PHASE
            if len(hand) == 1 and not call:
                self._missed_call(seat)
            return
        rules = self.rules
        pending = self.pending
        n = self.players
        d = self.direction
        if rank < 10 or kind == WILD:
            after = (seat + d) % n
        elif rank == SKIP or (rank == REVERSE and rules.rev_skip2):
            # A Skip (and a two-player Reverse) skips the next seat, unless it deflects a
            # penalty: then it passes the penalty on to the next seat.
            after = (seat + d) % n if pending else (seat + 2 * d) % n
        elif rank == REVERSE:
            d = self.direction = -d
            after = (seat + d) % n
        elif rank == DRAW2:
            pending += 2
            self.chain = DRAW2
            after = (seat + d) % n
        else:  # Wild Draw Four: illegal if the hand holds the colour in force before it
            if not pending and rules.challenge_on:
                self.wd4_by = seat
                self.wd4_bad = any(KIND_COLOUR[card] == before // 14 for card in hand)
            pending += 4
            self.chain = WILD4
            after = (seat + d) % n
        if not hand:
            # Out: a last Draw Two / Wild Draw Four is still drawn, and scored (§2.7).
            if pending:
                self._take(after, pending)
            self.pending = 0
            self._finish(seat)
            return
        self.pending = pending
        if rules.seven_zero and (rank == 7 or rank == 0):
            if rank == 0:
                self._rotate()
            else:
                self._swap(seat, target if rules.sz_choose else (seat + d) % n)
        self.current = after
        self.phase = PENALTY if pending else PLAY_PHASE
        if rules.jump_in:
            self.last = seat
            self.jump = kind < WILD and (not pending or rules.jump_pending)
        if len(self.hands[seat]) == 1 and not call:
            self._missed_call(seat)

    def _missed_call(self, seat: int) -> None:
        """``seat`` played down to one card without calling UNO (§2.6)."""
        if self.rules.auto_uno:
            self._take(seat, self.rules.penalty)
        else:
            self.vuln = seat

    # -- 7-0 and what seats know ---------------------------------------------------------------

    def _swap(self, seat: int, target: int) -> None:
        """A 7 under ``seven_zero``: ``seat`` and ``target`` exchange hands."""
        hands = self.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        masks = self.masks
        masks[seat], masks[target] = masks[target], masks[seat]
        known = self._known
        mine, theirs = known.pop(seat, None), known.pop(target, None)
        if mine:
            known[target] = mine
        if theirs:
            known[seat] = theirs
        self._drop_self_knowledge()
        self._learn(seat, target, hands[target])
        self._learn(target, seat, hands[seat])

    def _rotate(self) -> None:
        """A 0 under ``seven_zero``: every hand moves one seat in the direction of play."""
        n, d = self.players, self.direction
        old = self.hands
        self.hands = [old[(seat - d) % n] for seat in range(n)]
        self.masks = [self.masks[(seat - d) % n] for seat in range(n)]
        self._known = {(holder + d) % n: seen for holder, seen in self._known.items()}
        self._drop_self_knowledge()
        for viewer in range(n):
            self._learn(viewer, (viewer + d) % n, old[viewer])

    def _drop_self_knowledge(self) -> None:
        for holder in list(self._known):
            seen = self._known[holder]
            seen.pop(holder, None)
            if not seen:
                del self._known[holder]

    def _learn(self, viewer: int, holder: int, cards: list[int]) -> None:
        """``viewer`` now knows that ``holder`` holds ``cards`` (and maybe more)."""
        if viewer != holder and cards:
            self._known.setdefault(holder, {})[viewer] = list(cards)

    def _forget(self, seat: int, cards: tuple[int, ...] | list[int]) -> None:
        """``seat`` played ``cards`` in public: no viewer may count them in its hand any more."""
        seen = self._known.get(seat)
        if not seen:
            return
        for viewer in list(seen):
            held = seen[viewer]
            for card in cards:
                if card in held:
                    held.remove(card)
            if not held:
                del seen[viewer]
        if not seen:
            del self._known[seat]

    @property
    def seen(self) -> dict[int, dict[int, list[int]]]:
        """What seats have seen of others' hands: holder -> viewer -> the cards (kinds)
        ``viewer`` knows ``holder`` holds. Usually empty (7-0 swaps and challenges fill it).

        The state's own mapping, for readers that must not allocate (the observation
        encoder): read it, never change it. :meth:`known_hands` gives one viewer's copy.

        >>> import solocards
        >>> solocards.make("uno", players=2).deal(seed=1).seen
        {}
        """
        return self._known

    def _forget_card(self, seat: int, card: int) -> None:
        """:meth:`_forget` of one card, building no list (the hot path of a play)."""
        seen = self._known.get(seat)
        if not seen:
            return
        emptied = False
        for held in seen.values():
            if card in held:
                held.remove(card)
                emptied = emptied or not held
        if emptied:
            for viewer in [viewer for viewer, held in seen.items() if not held]:
                del seen[viewer]
            if not seen:
                del self._known[seat]

    def known_hands(self, viewer: int) -> dict[int, list[int]]:
        """Seat -> the cards ``viewer`` knows to be in that seat's hand (kinds)."""
        known = self._known
        found: dict[int, list[int]] = {}
        if not known:  # the usual case: nobody has seen another's cards
            return found
        for holder, seen in known.items():
            cards = seen.get(viewer)
            if cards is not None:
                found[holder] = list(cards)
        return found

    # -- copies, views, explanations -----------------------------------------------------------

    def clone(self) -> UnoState:
        new = UnoState(self.g, None, self.dealer, self.seed)  # the shared tables
        new._copy_base(self)
        # The round's scalars.
        new.key = self.key
        new.direction = self.direction
        new.current = self.current
        new.phase = self.phase
        new.pending = self.pending
        new.chain = self.chain
        new.wd4_by = self.wd4_by
        new.wd4_bad = self.wd4_bad
        new.vuln = self.vuln
        new.jump = self.jump
        new.last = self.last
        new.drawn = self.drawn
        new.idle = self.idle
        new.winner = self.winner
        new._rng = self._rng
        # The round's containers, copied.
        new.hands = [hand[:] for hand in self.hands]
        new.masks = self.masks[:]
        new._quick_seat = self._quick_seat  # the same round: the pattern kept holds for it too
        new._quick = self._quick
        new.pile = self.pile[:]
        new.discard = self.discard[:]
        new._revealed = self._revealed[:]
        new._known = {
            holder: {viewer: cards[:] for viewer, cards in seen.items()}
            for holder, seen in self._known.items()
        }
        self._rng_shared = new._rng_shared = self._rng is not None
        return new
