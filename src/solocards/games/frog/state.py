"""One Frog deal as a state machine: bidding -> (declaring | discarding) -> playing -> over.

Cards are ints (see :mod:`.cards`), hands are sorted lists of ints, and a card's play id is the
card itself, so the hot paths (:meth:`FrogState._legal_ids`, :meth:`FrogState._apply`) do no
string work. Views and snapshots are built in :mod:`.view`; settlement is in :mod:`.scoring`.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, Final

from ...core.game import Result, State
from .actions import (
    CONTRACT_NAMES,
    DISCARD_BASE,
    HEART_SOLO,
    HIDDEN_DISCARD,
    PASS,
    RAMSCH,
    TRUMP_BASE,
)
from .cards import HEARTS, NO_TRUMP, NUM_CARDS, POINTS, STRENGTH, SUIT
from .scoring import settle_contract, settle_ramsch, settle_thrown_in

if TYPE_CHECKING:
    from .game import FrogGame

BIDDING: Final = 0
DECLARING: Final = 1
DISCARDING: Final = 2
PLAYING: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("bidding", "declaring", "discarding", "playing", "over")

LEVEL_FRAGE: Final = 1
LEVEL_SOLO: Final = 2
LEVEL_HEART_SOLO: Final = 3

_BIDS_ABOVE: Final[tuple[tuple[int, ...], ...]] = tuple(
    (PASS, *range(PASS + high + 1, HEART_SOLO + 1)) for high in range(4)
)
"""Standing bid level -> the legal auction ids (pass, and every strictly higher bid)."""

TRICK_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            10 + STRENGTH[card]
            if SUIT[card] == trump
            else STRENGTH[card]
            if SUIT[card] == led
            else -1
            for card in range(NUM_CARDS)
        )
        for led in range(4)
    )
    for trump in range(-1, 4)
)
"""``TRICK_KEYS[trump + 1][led suit][card]``: the highest key in a trick wins it (a trump over
the led suit over anything else, which never wins; ``trump`` -1 is no trump)."""

_SOLO_TRUMPS: Final = (TRUMP_BASE + 0, TRUMP_BASE + 1, TRUMP_BASE + 3)
"""``trump:C``, ``trump:D``, ``trump:S``: a plain Solo never names hearts (§B4)."""


def active_seats(players: int, dealer: int) -> tuple[int, int, int]:
    """Eldest, middle and the third active seat: the dealer with three players; with four or
    five, the player on the dealer's right (§B7; Foster: "If five play, he gives cards to the
    two on his left and one on his right").

    >>> active_seats(3, 0), active_seats(4, 0), active_seats(5, 0)
    ((1, 2, 0), (1, 2, 3), (1, 2, 4))
    """
    third = dealer if players == 3 else (dealer - 1) % players
    return ((dealer + 1) % players, (dealer + 2) % players, third)


def seats_out(players: int, dealer: int) -> tuple[int, ...]:
    """The seats that take no cards in a deal, sorted: none with three players, the dealer with
    four, the dealer and the third player to his left (the second to his right) with five.

    >>> seats_out(3, 0), seats_out(4, 2), seats_out(5, 3)
    ((), (2,), (1, 3))
    """
    active = active_seats(players, dealer)
    return tuple(seat for seat in range(players) if seat not in active)


class FrogState(State):
    """One deal of Frog. Build it with ``solocards.make("frog").deal(...)``; with four or five
    players only three are dealt cards (:func:`active_seats`), the others sit out.

    >>> import solocards
    >>> state = solocards.make("frog").deal(seed=1, dealer=2)
    >>> state.to_act, state.legal_actions(0)
    ([0], ['pass', 'frage', 'solo', 'heart-solo'])
    """

    g: FrogGame
    """The game with its Frog type (``game`` is the base's :class:`Game`)."""
    seats: tuple[int, int, int]
    """The three active seats in deal order: eldest, middle, and the third (the dealer, or the
    player to his right when four or five play)."""
    out: tuple[int, ...]
    """The seats that sit out this deal (see :func:`seats_out`)."""
    next_seat: tuple[int, ...]
    """Seat -> the next active seat clockwise."""
    hands: list[list[int]]
    talon: list[int]
    dealt_talon: tuple[int, ...]
    discarded: list[int]
    played: list[int]
    played_by: list[int]
    trick_winners: list[int]
    trick_cards: list[int]
    trick_seats: list[int]
    tricks_won: list[int]
    won_points: list[int]
    passed: list[bool]
    phase: int
    turn: int
    high: int
    holder: int
    declarer: int
    contract: int
    trump: int
    _result: Result | None

    def __init__(self, game: FrogGame, deck: list[int] | None, dealer: int, seed: int) -> None:
        self._init_base(game, dealer, seed)
        self.g = game
        if deck is None:  # a blank for clone() and the samplers to fill in (the compiled
            return  # build makes native objects only through __init__)
        players = game.players
        seats = active_seats(players, dealer)
        self.seats = seats
        self.out = seats_out(players, dealer)
        following = [seat for seat in range(players)]
        for index, seat in enumerate(seats):
            following[seat] = seats[(index + 1) % 3]
        self.next_seat = tuple(following)
        hands: list[list[int]] = [[] for _ in range(players)]
        for role, take in enumerate(game.rules.take_hands):
            hands[seats[role]] = sorted(take(deck))
        talon = list(game.rules.take_talon(deck))
        self.hands = hands
        self.talon = talon
        self.dealt_talon = tuple(talon)
        self.discarded = []
        self.played = []
        self.played_by = []
        self.trick_winners = []
        self.trick_cards = []
        self.trick_seats = []
        self.tricks_won = [0] * players
        self.won_points = [0] * players
        self.passed = [seat not in seats for seat in range(players)]
        self.phase = BIDDING
        self.turn = seats[0]
        self.high = 0
        self.holder = -1
        self.declarer = -1
        self.contract = 0
        self.trump = NO_TRUMP
        self._result = None

    # -- reading -----------------------------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        """The one seat to act (``[]`` once the deal is over)."""
        turn = self.turn
        return [turn] if turn >= 0 else []

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (played out, or thrown in after all passed)."""
        return self.phase == OVER

    @property
    def result(self) -> Result | None:
        """``None`` until the deal is over; then scores, winners and the figures behind them."""
        return self._result

    @property
    def eldest(self) -> int:
        """The player to the dealer's left: he bids first and leads to the first trick."""
        return self.seats[0]

    @property
    def phase_name(self) -> str:
        """The phase as API.md names it."""
        return PHASE_NAMES[self.phase]

    def auction_ids(self) -> list[tuple[int, int]]:
        """The calls of the auction so far, ``(seat, action id)`` each (ids ``PASS`` to
        ``HEART_SOLO``), in order: what every view's ``auction`` lists."""
        history = self._history
        calls = 0  # the auction comes first, and no call comes after it: a prefix of the history
        for _, action in history:
            if not PASS <= action <= HEART_SOLO:
                break
            calls += 1
        return history[:calls]

    @property
    def contract_name(self) -> str | None:
        """``frage``, ``solo``, ``heart-solo``, ``ramsch``, or ``None`` before the auction ends."""
        if self.contract == RAMSCH:
            return "ramsch"
        return CONTRACT_NAMES[self.contract] or None

    # -- the hot paths -----------------------------------------------------------------------

    def _legal_ids(self, seat: int) -> list[int]:
        if seat != self.turn:
            return []
        phase = self.phase
        hand = self.hands[seat]
        if phase == PLAYING:
            trick = self.trick_cards
            if not trick:
                return hand[:]
            lead = SUIT[trick[0]]  # a suit's cards are 9 consecutive ints
            follow = [card for card in hand if SUIT[card] == lead]
            if follow:
                return follow
            trump = self.trump
            if trump >= 0:
                trumps = [card for card in hand if SUIT[card] == trump]
                if trumps:
                    return trumps
            return hand[:]
        if phase == BIDDING:
            return list(_BIDS_ABOVE[self.high])
        if phase == DISCARDING:
            return [DISCARD_BASE + card for card in hand]
        if phase == DECLARING:
            return list(_SOLO_TRUMPS)
        return []

    def _apply(self, seat: int, action_id: int) -> None:
        if action_id >= NUM_CARDS:
            if action_id <= HEART_SOLO:
                self._bid(seat, action_id - PASS)
            elif action_id >= DISCARD_BASE:
                self._discard(seat, action_id - DISCARD_BASE)
            else:
                self.trump = action_id - TRUMP_BASE
                self._start_play()
            return
        # a card play (the hot path, inlined): the action id is the card
        self.hands[seat].remove(action_id)
        cards = self.trick_cards
        cards.append(action_id)
        seats = self.trick_seats
        seats.append(seat)
        if len(cards) < 3:
            self.turn = self.next_seat[seat]
        else:
            self._close_trick(cards, seats)

    def _close_trick(self, cards: list[int], seats: list[int]) -> None:
        """Give the full trick to its winner, who leads next (or end the deal)."""
        first, second, third = cards
        key = TRICK_KEYS[self.trump + 1][SUIT[first]]
        k1, k2, k3 = key[first], key[second], key[third]
        if k1 > k2:
            winner = seats[0] if k1 > k3 else seats[2]
        else:
            winner = seats[1] if k2 > k3 else seats[2]
        self.won_points[winner] += POINTS[first] + POINTS[second] + POINTS[third]
        self.tricks_won[winner] += 1
        self.played += cards
        self.played_by += seats
        self.trick_winners.append(winner)
        self.trick_cards = []
        self.trick_seats = []
        if self.hands[winner]:
            self.turn = winner
        else:
            self._finish()

    # -- the auction and the talon -----------------------------------------------------------

    def _bid(self, seat: int, level: int) -> None:
        if level == 0:
            self.passed[seat] = True
        else:
            self.high = level
            self.holder = seat
            if level == LEVEL_HEART_SOLO:
                self._end_auction()
                return
        passed = self.passed
        remaining = [other for other in self.seats if not passed[other]]
        if not remaining:
            self._all_passed()
        elif remaining == [self.holder]:
            self._end_auction()
        else:
            following = self.next_seat[seat]
            while passed[following]:
                following = self.next_seat[following]
            self.turn = following

    def _end_auction(self) -> None:
        declarer = self.holder
        self.declarer = declarer
        self.contract = self.high
        if self.high == LEVEL_FRAGE:
            self.trump = HEARTS
            hand = self.hands[declarer]
            for card in self.talon:
                insort(hand, card)
            self.talon = []
            self.phase = DISCARDING
            self.turn = declarer
        elif self.high == LEVEL_SOLO:
            self.phase = DECLARING
            self.turn = declarer
        else:
            self.trump = HEARTS
            self._start_play()

    def _all_passed(self) -> None:
        if self.g.rules.all_pass_ramsch:
            self.contract = RAMSCH
            self._start_play()
        else:
            self.phase = OVER
            self.turn = -1
            self._result = settle_thrown_in(self.players)

    def _discard(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.discarded.append(card)
        if len(self.discarded) == 3:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.turn = self.seats[0]

    def _finish(self) -> None:
        self.phase = OVER
        self.turn = -1
        players = self.players
        if self.contract == RAMSCH:
            points = list(self.won_points)
            points[self.trick_winners[-1]] += sum(POINTS[card] for card in self.talon)
            self._result = settle_ramsch(players, self.seats, points)
            return
        declarer = self.declarer
        extra = self.discarded if self.contract == LEVEL_FRAGE else self.talon
        points = list(self.won_points)
        points[declarer] += sum(POINTS[card] for card in extra)
        opponents = tuple(seat for seat in self.seats if seat != declarer)
        collecting = self.out
        if self.g.rules.second_out_neutral:  # only the dealer collects (U17 with five)
            collecting = tuple(seat for seat in self.out if seat == self.dealer)
        self._result = settle_contract(
            players,
            collecting,
            declarer,
            opponents,
            self.contract,
            self.trump,
            points,
            self.g.rules.multipliers,
        )

    # -- copies, errors, views ---------------------------------------------------------------

    def clone(self) -> FrogState:
        """An independent copy of this deal."""
        other = FrogState(self.g, None, self.dealer, self.seed)
        other._copy_base(self)
        other.seats = self.seats
        other.out = self.out
        other.next_seat = self.next_seat
        other.hands = [hand[:] for hand in self.hands]
        other.talon = self.talon[:]
        other.dealt_talon = self.dealt_talon
        other.discarded = self.discarded[:]
        other.played = self.played[:]
        other.played_by = self.played_by[:]
        other.trick_winners = self.trick_winners[:]
        other.trick_cards = self.trick_cards[:]
        other.trick_seats = self.trick_seats[:]
        other.tricks_won = self.tricks_won[:]
        other.won_points = self.won_points[:]
        other.passed = self.passed[:]
        other.phase = self.phase
        other.turn = self.turn
        other.high = self.high
        other.holder = self.holder
        other.declarer = self.declarer
        other.contract = self.contract
        other.trump = self.trump
        other._result = self._result
        return other

    def _log_entries(self, seat: int | None, start: int) -> list[list[Any]]:
        """The log from ``start`` on; the Frage discards show as ``discard:??`` to everyone but
        the declarer (edge case 22)."""
        names = self.game._action_names
        mine = seat is not None and seat == self.declarer
        return [
            [actor, names[action] if action < DISCARD_BASE or mine else HIDDEN_DISCARD]
            for actor, action in self._history[start:]
        ]


__all__ = ["PHASE_NAMES", "FrogState"]
