"""One round of AMIGO's SOLO: the state machine of shedding.md §1 (turns, penalties, jump-in and
catch windows, swaps, the solo call, the empty draw pile, the end of the round).

Phases: ``PLAY`` (a regular turn; jump-in and catch windows open beside it), ``DRAWN`` (the
current player drew a playable card: play it or ``pass``), ``COLOR`` and ``SWAP`` (the first
player obeys a turned-up wild or swap under ``first_card_mode="apply_to_first_player"``) and
``OVER``.

Inside, cards are kinds (ints, see :mod:`.cards`), hands are lists of kinds, the draw pile is a
list with its top card *last*, the discard pile a list with its top card last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.game import Result, State
from ...core.hands import drop_one, lay_one
from ...core.rng import reshuffle_generator, shuffle
from .actions import CATCH, COLOR, DRAW, PASS, PLAY, SOLO, SWAP_START
from .cards import (
    COLOUR_OF,
    IS_BLACK,
    IS_NUMBER,
    PLUS2,
    RANK_OF,
    REVERSE,
    SKIP,
    SWAP,
    VALUE_OF,
    W4,
    WX,
    W,
)
from .fast import AmigoFastTables
from .rules import AmigoSoloRules
from .scoring import round_result

if TYPE_CHECKING:
    from .game import AmigoSoloGame

P_PLAY: Final = 0
P_DRAWN: Final = 1
P_COLOR: Final = 2
P_SWAP: Final = 3
P_OVER: Final = 4
PHASE_NAMES = ("play", "drawn", "choose_color", "choose_swap", "over")

# holder -> observer -> the cards the observer has seen in the holder's hand, still there
Knowledge = dict[int, dict[int, list[int]]]

NO_PENALTY: Final = 0
PENALTY_PLUS2: Final = 1
PENALTY_PLUS4: Final = 2


def mask_of_hand(hand: list[int]) -> int:
    """The kinds in ``hand`` as a bit mask (bit ``kind``).

    >>> mask_of_hand([0, 2, 2])
    5
    """
    mask = 0
    for kind in hand:
        mask |= 1 << kind
    return mask


class AmigoSoloState(State):
    """A round of AMIGO's SOLO in progress (create it with ``game.deal``)."""

    g: AmigoSoloGame
    rules: AmigoSoloRules
    hands: list[list[int]]
    draw_pile: list[int]  # top card last
    discard: list[int]  # top card last
    color: int  # colour in force, -1: any card matches (after WX)
    direction: int
    pending: int
    pending_kind: int
    current: int
    phase: int
    drawn: int  # the card drawn this turn (phase DRAWN), else -1
    win_kind: int  # the card just played (a jump-in must be identical), -1: window closed
    win_actor: int
    vulnerable: int  # catch mode: the seat that may be caught, else -1
    idle: int  # consecutive turns that drew nothing and played nothing
    reshuffles: int
    known: Knowledge  # holder -> observer -> the cards the observer has seen in that hand
    winner: int
    deadlock: bool
    masks: list[int]  # per seat: the kinds in its hand, bit ``kind`` (see _refresh)
    _quick_seat: int  # the seat whose _quick_pattern legal_action_ids kept, else -1
    _quick: int  # that pattern
    fast: AmigoFastTables

    def __init__(self, game: AmigoSoloGame, deck: list[int] | None, dealer: int, seed: int) -> None:
        self._init_base(game, dealer, seed)
        self.g = game
        self.rules = game.rules
        self.fast = game.fast
        self._quick_seat = -1
        self._quick = -1
        if deck is None:  # a blank for clone() and the samplers to fill in (the compiled
            return  # build makes native objects only through __init__)
        n = game.players
        size = game.rules.hand_size
        self.hands = [[] for _ in range(n)]
        for index in range(n * size):
            self.hands[(dealer + 1 + index) % n].append(deck[index])
        self._refresh()
        self.direction = 1
        self.pending = 0
        self.pending_kind = NO_PENALTY
        self.current = (dealer + 1) % n
        self.phase = P_PLAY
        self.drawn = -1
        self.win_kind = -1
        self.win_actor = -1
        self.vulnerable = -1
        self.idle = 0
        self.reshuffles = 0
        self.known = {}
        self.winner = -1
        self.deadlock = False
        position = n * size
        if game.rules.apply_first_card:
            self.discard = [deck[position]]
            position += 1
        else:  # turn cards until a number shows; the others stay underneath (S-1, §3.1.14)
            self.discard = []
            while position < len(deck):
                card = deck[position]
                self.discard.append(card)
                position += 1
                if IS_NUMBER[card]:
                    break
        self.draw_pile = deck[position:][::-1]
        top = self.discard[-1]
        self.color = COLOUR_OF[top]
        if game.rules.apply_first_card:
            self._obey_first_card(top)

    def _refresh(self) -> None:
        """Recompute what follows from the hands (each seat's mask of kinds); whoever sets
        ``hands`` directly (the samplers) calls this."""
        self.masks = [mask_of_hand(hand) for hand in self.hands]
        self._quick_seat = -1

    def _obey_first_card(self, top: int) -> None:
        """First card obeyed by the first player as if the dealer had played it (S-1 A)."""
        n = self.players
        eldest = (self.dealer + 1) % n
        rank = RANK_OF[top]
        if top == W:
            self.phase = P_COLOR
        elif top == W4:
            self.phase = P_COLOR
            self.pending, self.pending_kind = 4, PENALTY_PLUS4
        elif top == WX:
            self._rotate()
        elif IS_BLACK[top] or IS_NUMBER[top]:
            pass
        elif rank == SKIP:
            self.current = (eldest + 1) % n
        elif rank == REVERSE:
            self.direction = -1
            self.current = self.dealer
        elif rank == PLUS2:
            self.pending, self.pending_kind = 2, PENALTY_PLUS2
        elif rank == SWAP:
            self.phase = P_SWAP

    # -- copying -----------------------------------------------------------------------------

    def clone(self) -> AmigoSoloState:
        """An independent copy (lists copied, the game shared)."""
        other = AmigoSoloState(self.g, None, self.dealer, self.seed)
        other._copy_base(self)
        other.hands = [list(hand) for hand in self.hands]
        other.draw_pile = list(self.draw_pile)
        other.discard = list(self.discard)
        other.color = self.color
        other.direction = self.direction
        other.pending = self.pending
        other.pending_kind = self.pending_kind
        other.current = self.current
        other.phase = self.phase
        other.drawn = self.drawn
        other.win_kind = self.win_kind
        other.win_actor = self.win_actor
        other.vulnerable = self.vulnerable
        other.idle = self.idle
        other.reshuffles = self.reshuffles
        other.known = {
            holder: {observer: list(cards) for observer, cards in seen.items()}
            for holder, seen in self.known.items()
        }
        other.winner = self.winner
        other.deadlock = self.deadlock
        other.masks = list(self.masks)
        other._quick_seat = self._quick_seat  # the same round: the pattern kept holds for it too
        other._quick = self._quick
        return other

    # -- who acts ----------------------------------------------------------------------------

    def regular_seat(self) -> int:
        """The seat whose regular turn it is (``current``, also in a reaction window)."""
        return -1 if self.is_over else self.current

    @property
    def to_act(self) -> list[int]:
        """The current player, plus every seat that may jump in or catch now (sorted)."""
        phase = self.phase
        if phase != P_PLAY:
            return [] if phase == P_OVER else [self.current]
        if self.vulnerable >= 0:
            return list(range(self.players))
        kind = self.win_kind
        rules = self.rules
        if (
            kind < 0
            or not rules.jump_mask >> kind & 1
            or (self.pending and not rules.jump_in_during_penalty)
        ):
            return [self.current]
        return self._with_jumpers(kind)

    def _with_jumpers(self, kind: int) -> list[int]:
        """The current player and every seat holding ``kind`` that may jump in with it."""
        current = self.current
        actor = -1 if self.rules.jump_in_self else self.win_actor
        seats = []
        for seat, mask in enumerate(self.masks):
            if seat == current or (seat != actor and mask >> kind & 1):
                seats.append(seat)
        return seats

    def could_react(self, seat: int) -> bool:
        """Whether ``seat`` could act out of turn now (public facts only): everyone during a
        catch window, and during a jump-in window every seat the rules let jump in on the
        card just played, whether or not it holds the identical card (:meth:`may_jump_in`).

        >>> import solocards
        >>> state = solocards.make("amigo-solo", players=3).deal(seed=3)
        >>> [state.could_react(seat) for seat in range(3)]
        [False, False, False]
        """
        if self.phase != P_PLAY or seat == self.current:
            return False
        if self.vulnerable >= 0:
            return True
        kind, rules = self.win_kind, self.rules
        return (
            kind >= 0
            and rules.jump_ok[kind]
            and (seat != self.win_actor or rules.jump_in_self)
            and (self.pending == 0 or rules.jump_in_during_penalty)
        )

    def may_jump_in(self, seat: int) -> bool:
        """Whether ``seat`` may jump in now (it holds the identical card and the rules allow)."""
        return (
            self.phase == P_PLAY
            and self.win_kind >= 0
            and self.rules.jump_ok[self.win_kind]
            and seat != self.current
            and (seat != self.win_actor or self.rules.jump_in_self)
            and (self.pending == 0 or self.rules.jump_in_during_penalty)
            and self.masks[seat] >> self.win_kind & 1 == 1
        )

    # -- legal actions -----------------------------------------------------------------------

    def playable(self, kind: int) -> bool:
        """Whether ``kind`` matches the top card with no penalty pending (§1.4)."""
        return (
            self.rules.match_masks[(self.color + 1) * 16 + RANK_OF[self.discard[-1]]] >> kind & 1
            == 1
        )

    def may_stack(self, kind: int) -> bool:
        """Whether ``kind`` may answer the pending draw penalty (§1.6, S-5)."""
        return self.rules.stack_masks[self.pending_kind * 5 + self.color + 1] >> kind & 1 == 1

    def size_after(self, seat: int, kind: int, target: int) -> int:
        """The size of ``seat``'s hand once its play of ``kind`` has fully resolved (§1.8)."""
        left = len(self.hands[seat]) - 1
        if left == 0:
            return 0
        if kind == WX:
            return len(self.hands[self._giver(seat)])
        if kind < W and kind % 13 == SWAP:
            return len(self.hands[target])
        return left

    def _giver(self, seat: int) -> int:
        """The seat whose hand ``seat`` receives in a Swap all round (S-4)."""
        step = self.direction if self.rules.rotate_with_play else -self.direction
        return (seat - step) % self.players

    def legal_action_ids(self, seat: object) -> list[int]:
        """The sorted ids of the actions ``seat`` may take now (a new list each call)."""
        if type(seat) is int:
            me: int = seat  # (a native int in the compiled build)
            pattern = self._quick_pattern(me)
            if pattern >= 0:  # the hot path: straight from the tables
                self._quick_seat = me  # apply_id reads the pattern back (until _apply)
                self._quick = pattern
                ids = self.fast.plays(me, pattern)
                tail = self._quick_tail(pattern)
                if tail >= 0:
                    ids.append(tail)
                return ids
        return self._cached_legal_ids(seat)[:]

    def _legal_ids(self, seat: int) -> list[int]:
        pattern = self._quick_pattern(seat)
        if pattern < 0:
            return self._rule_ids(seat)
        ids = self.fast.plays(seat, pattern)
        tail = self._quick_tail(pattern)
        if tail >= 0:
            ids.append(tail)
        return ids

    def _quick_pattern(self, seat: int) -> int:
        """On a turn of ``seat`` in which nobody could call solo (the hot path of random play),
        the kinds ``seat`` may play now as a bit mask (see :mod:`.fast`); else -1 (the legal ids
        are then worked out by :meth:`_rule_ids`)."""
        phase = self.phase
        if seat != self.current or phase > P_DRAWN or self.vulnerable >= 0:
            return -1
        hands = self.hands
        if len(hands[seat]) < 3:
            return -1
        for hand in hands:
            if len(hand) < 2:
                return -1
        rules = self.rules
        if phase == P_DRAWN:
            if rules.drawn_card_only:
                return 1 << self.drawn
            top = (self.color + 1) * 16 + RANK_OF[self.discard[-1]]
            return self.masks[seat] & rules.match_masks[top]
        if self.pending:
            return self.masks[seat] & rules.stack_masks[self.pending_kind * 5 + self.color + 1]
        if rules.triple_plus:
            return -1
        top = (self.color + 1) * 16 + RANK_OF[self.discard[-1]]
        return self.masks[seat] & rules.match_masks[top]

    def _quick_tail(self, pattern: int) -> int:
        """The id that follows the plays of :meth:`_quick_pattern`'s ``pattern``: ``pass``
        after a draw, ``draw`` facing a penalty or on a turn (where the rules allow it); -1 if
        none."""
        table = self.g.table
        if self.phase == P_DRAWN:
            return table.pass_
        if self.pending or not pattern or self.rules.voluntary_draw:
            return table.draw
        return -1

    def _rule_ids(self, seat: int) -> list[int]:
        """The legal ids of ``seat``, worked out from the rules card by card (a new list)."""
        phase = self.phase
        if phase == P_OVER:
            return []
        table = self.g.table
        ids: list[int] = []
        if seat == self.current:
            hand = self.hands[seat]
            if phase == P_PLAY:
                if self.pending:
                    ids.append(table.draw)
                    for kind in set(hand):
                        if self.may_stack(kind):
                            self._add_plays(ids, seat, kind)
                else:
                    rules = self.rules
                    for kind in set(hand):
                        if self.playable(kind):
                            self._add_plays(ids, seat, kind)
                    if rules.voluntary_draw or not ids:
                        ids.append(table.draw)
                    if rules.triple_plus and len(hand) >= 3:
                        self._add_multi(ids, hand)
            elif phase == P_DRAWN:
                ids.append(table.pass_)
                if self.rules.drawn_card_only:
                    self._add_plays(ids, seat, self.drawn)
                else:
                    for kind in set(hand):
                        if self.playable(kind):
                            self._add_plays(ids, seat, kind)
            elif phase == P_COLOR:
                ids.extend(table.color)
            else:
                ids.extend(
                    table.swap_start[target] for target in range(self.players) if target != seat
                )
        elif self.may_jump_in(seat):
            self._add_plays(ids, seat, self.win_kind)
        vulnerable = self.vulnerable
        if vulnerable >= 0:
            ids.append(table.solo if seat == vulnerable else table.catch[vulnerable])
        if len(ids) > 1:
            ids.sort()
        return ids

    def _add_plays(self, ids: list[int], seat: int, kind: int) -> None:
        """The play ids of ``kind`` for ``seat``, with the solo call where it means something."""
        table = self.g.table
        hands = self.hands
        left = len(hands[seat]) - 1
        if kind >= W:
            if kind == WX:
                plain, called = table.simple[WX]
                ids.append(plain)
                if left and len(hands[self._giver(seat)]) == 1:
                    ids.append(called)
            else:
                for plain, called in table.wild[kind]:
                    ids.append(plain)
                    if left == 1:
                        ids.append(called)
        elif kind % 13 == SWAP:
            for target, (plain, called) in enumerate(table.swap[kind]):
                if target != seat:
                    ids.append(plain)
                    if left and len(hands[target]) == 1:
                        ids.append(called)
        else:
            plain, called = table.simple[kind]
            ids.append(plain)
            if left == 1:
                ids.append(called)

    def _add_multi(self, ids: list[int], hand: list[int]) -> None:
        """Triple + plays: 3+ number cards of one value, the first matching the top card."""
        per_value = [0] * 10
        for kind in hand:
            per_value[VALUE_OF[kind]] += 1
        color = self.color
        top_rank = RANK_OF[self.discard[-1]]
        size = len(hand)
        for value in range(1, 10):
            if per_value[value] < 3:
                continue
            rank = value - 1
            have = [hand.count(colour * 13 + rank) for colour in range(4)]
            any_first = color < 0 or top_rank == rank
            for counts, first, _last, count, plain, called in self.g.table.multi_by_value[rank]:
                if (
                    counts[0] <= have[0]
                    and counts[1] <= have[1]
                    and counts[2] <= have[2]
                    and counts[3] <= have[3]
                    and (any_first or first == color)
                ):
                    ids.append(plain)
                    if size - count == 1:
                        ids.append(called)

    # -- applying ----------------------------------------------------------------------------

    def apply_id(self, seat: object, action_id: object) -> None:
        """Apply the action with this id (the same checks and effect as the base class)."""
        if type(seat) is int and type(action_id) is int:
            me: int = seat  # (native ints in the compiled build)
            act: int = action_id
            pattern = self._quick if me == self._quick_seat else self._quick_pattern(me)
            if pattern >= 0 and 0 <= act < len(self.fast.plain_kind[me]):
                # The hot path: legal exactly when it is one of the ids legal_action_ids lists
                # (see :mod:`.fast`), checked without building them.
                kind = self.fast.plain_kind[me][act]
                if (kind >= 0 and pattern >> kind & 1) or act == self._quick_tail(pattern):
                    self._legal_cache = None
                    self._apply(me, act)
                    # The shared pair itself: through untyped names, the compiled build appends
                    # the object rather than unboxing it and boxing a new tuple.
                    history: list[Any] = self._history
                    pairs: list[Any] = self.fast.pairs[me]
                    history.append(pairs[act])
                    return
        State.apply_id(self, seat, action_id)  # computes, checks, raises or applies

    def _apply(self, seat: int, action_id: int) -> None:
        self._quick_seat = -1  # the state changes: the pattern kept for apply_id is stale
        table = self.g.table
        kind_ = table.type[action_id]
        if kind_ == PLAY:
            self._play(seat, table.kind[action_id], table.arg[action_id], table.call[action_id])
        elif kind_ == DRAW:
            self._take_draw(seat)
        elif kind_ == PASS:
            self.drawn = -1
            self._end_turn()
        elif kind_ == SOLO:
            self.vulnerable = -1
        elif kind_ == CATCH:
            self.vulnerable = -1
            self._draw(table.arg[action_id], self.rules.solo_penalty)
        elif kind_ == COLOR:
            self.color = table.arg[action_id]
            self.phase = P_PLAY
        elif kind_ == SWAP_START:
            self._swap(seat, table.arg[action_id])
            self.phase = P_PLAY
        else:  # MULTI
            self._play(
                seat, table.kind[action_id], -1, table.call[action_id], table.multi[action_id]
            )

    def _play(
        self, actor: int, kind: int, arg: int, call: bool, cards: tuple[int, ...] = ()
    ) -> None:
        """Lay ``kind`` (or the Triple + ``cards``) and resolve it (§1.5.1, §1.6, §1.8, §1.10)."""
        rules = self.rules
        hand = self.hands[actor]
        masks = self.masks
        if cards:
            for card in cards:
                hand.remove(card)
            self.discard.extend(cards)
            masks[actor] = mask_of_hand(hand)
        else:
            self.discard.append(kind)
            if not lay_one(hand, kind):
                masks[actor] = masks[actor] ^ 1 << kind
        if self.known:
            if cards:
                self._forget(actor, cards)
            else:
                self._forget_card(actor, kind)
        self.vulnerable = -1
        self.idle = 0
        self.drawn = -1
        self.phase = P_PLAY
        if kind >= W:
            self.color = -1 if kind == WX else arg
        else:
            self.color = kind // 13
        n = self.players
        direction = self.direction
        rank = RANK_OF[kind]
        if not hand:  # the round ends at once; a last swap exchanges nothing (§1.10)
            if rules.resolve_last_draws and (rank == PLUS2 or kind == W4):
                self.pending += 4 if kind == W4 else 2
                self._draw((actor + direction) % n, self.pending)
                self.pending = 0
                self.pending_kind = NO_PENALTY
            self._finish(actor)
            return
        following = (actor + direction) % n
        if rank == SKIP:
            following = (following + direction) % n
        elif rank == REVERSE:
            direction = -direction
            self.direction = direction
            following = actor if n == 2 else (actor + direction) % n
        elif rank == PLUS2:
            self.pending += 2
            self.pending_kind = PENALTY_PLUS2
        elif kind == W4:
            self.pending += 4
            self.pending_kind = PENALTY_PLUS4
        elif kind == WX:
            self._rotate()
        elif rank == SWAP:
            self._swap(actor, arg)
        if len(self.hands[actor]) == 1 and not call:
            if rules.catch_mode:
                self.vulnerable = actor
            else:
                self._draw(actor, rules.solo_penalty)
        self.current = following
        self.win_kind = kind
        self.win_actor = actor

    def _take_draw(self, seat: int) -> None:
        """``draw``: take the pending penalty (§1.6), or draw one card (§1.5)."""
        self.win_kind = -1
        self.vulnerable = -1
        if self.pending:
            got = self._draw(seat, self.pending)
            self.pending = 0
            self.pending_kind = NO_PENALTY
            if self.rules.penalty_ends_turn:
                if got == 0:
                    self.idle += 1
                self._end_turn()
            return
        got = self._draw(seat, 1)
        if got == 0:  # both piles are empty: the turn ends (S-12)
            self.idle += 1
            self._end_turn()
            return
        card = self.hands[seat][-1]
        if self.rules.drawn_card_only:
            playable = self.playable(card)
        else:
            top = (self.color + 1) * 16 + RANK_OF[self.discard[-1]]
            playable = self.masks[seat] & self.rules.match_masks[top] != 0
        if playable:
            self.phase = P_DRAWN
            self.drawn = card
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """The turn passes on; a full cycle of empty turns ends the round (dead-lock, S-12)."""
        self.phase = P_PLAY
        if self.idle >= self.players:
            self.deadlock = True
            self._finish(-1)
            return
        self.current = (self.current + self.direction) % self.players

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = P_OVER
        self.win_kind = -1
        self.vulnerable = -1
        self.drawn = -1

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards, reshuffling the discard pile but its top card (§1.9)."""
        got = 0
        hand = self.hands[seat]
        mask = self.masks[seat]
        pile = self.draw_pile
        while got < count:
            if not pile:
                if len(self.discard) <= 1:
                    break
                self._reshuffle()
                pile = self.draw_pile
            card = pile.pop()
            hand.append(card)
            mask |= 1 << card
            got += 1
        if got:
            self.idle = 0
            self.masks[seat] = mask
        return got

    def _reshuffle(self) -> None:
        top = self.discard[-1]
        pile = self.discard[:-1]
        self.reshuffles += 1
        shuffle(reshuffle_generator(self.seed, self.reshuffles), pile)
        self.draw_pile = pile
        self.discard = [top]

    # -- swaps and what they reveal ----------------------------------------------------------

    def _swap(self, actor: int, target: int) -> None:
        """Swap with a player: both know what the other now holds (§1.5.1, §3.1.17)."""
        hands = self.hands
        hands[actor], hands[target] = hands[target], hands[actor]
        masks = self.masks
        masks[actor], masks[target] = masks[target], masks[actor]
        moved: Knowledge = {}
        for holder, seen in self.known.items():
            if holder == actor:
                holder = target
            elif holder == target:
                holder = actor
            seen.pop(holder, None)
            if seen:
                moved[holder] = seen
        if hands[target]:
            moved.setdefault(target, {})[actor] = list(hands[target])
        if hands[actor]:
            moved.setdefault(actor, {})[target] = list(hands[actor])
        self.known = moved

    def _rotate(self) -> None:
        """Swap all round: every hand moves one seat (S-4); each giver knows what it gave."""
        n = self.players
        step = self.direction if self.rules.rotate_with_play else -self.direction
        hands = self.hands
        self.hands = hands = [hands[(seat - step) % n] for seat in range(n)]
        masks = self.masks
        self.masks = [masks[(seat - step) % n] for seat in range(n)]
        moved: Knowledge = {}
        for holder, seen in self.known.items():
            holder = (holder + step) % n
            seen.pop(holder, None)
            if seen:
                moved[holder] = seen
        for seat in range(n):
            receiver = (seat + step) % n
            if hands[receiver]:
                moved.setdefault(receiver, {})[seat] = list(hands[receiver])
        self.known = moved

    def _forget_card(self, holder: int, card: int) -> None:
        """One card ``holder`` laid leaves what others knew of that hand (``_forget`` of one
        card, the hot path: no tuple, no loop over the cards)."""
        seen = self.known.get(holder)
        if seen is None:
            return
        emptied = False
        for known in seen.values():
            drop_one(known, card)
            if not known:
                emptied = True
        if emptied:
            self._drop_emptied(holder, seen)

    def _drop_emptied(self, holder: int, seen: dict[int, list[int]]) -> None:
        """Drop what nobody knows any more of ``holder``'s hand, the order of the rest kept."""
        for observer in [observer for observer, known in seen.items() if not known]:
            del seen[observer]
        if not seen:
            del self.known[holder]

    def _forget(self, holder: int, cards: tuple[int, ...]) -> None:
        """Cards ``holder`` laid leave what others knew of that hand."""
        seen = self.known.get(holder)
        if seen is None:
            return
        emptied = False
        for known in seen.values():
            for card in cards:
                if card in known:
                    known.remove(card)
            if not known:
                emptied = True
        if emptied:
            self._drop_emptied(holder, seen)

    # -- the end -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (a hand is empty, or the dead-lock guard)."""
        return self.phase == P_OVER

    @property
    def result(self) -> Result | None:
        """``{"scores", "winners", "points", "end"}`` once over (see :mod:`.scoring`)."""
        if self.phase != P_OVER:
            return None
        return round_result(self)

    # -- edges -------------------------------------------------------------------------------
