"""One deal of German Solo as a state machine: bidding, declaring, playing, over.

Cards are ints (see ``cards.py``), hands sorted lists of ints, actions the ids of
``actions.py``. The hot path (``_legal_ids``/``_apply`` while playing) does no string work.
Views and snapshots are built in ``view.py``, refusals explained in ``explain.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...core.game import Result, State
from . import auction
from .actions import (
    ALONE,
    CALL_BASE,
    CALL_CARDS,
    CALL_ID,
    CLAIM,
    HOLD,
    LEVEL_BASE,
    NUM_ACTIONS,
    PASS,
    TRUMP_BASE,
    is_couleur_level,
    level_kind,
)
from .cards import (
    ACE,
    BASTA,
    EFF,
    NAMES,
    NATURAL_EFF,
    SPADILLA,
    SUITS,
    TRUMP,
    card_of,
    suit_of,
    trick_winner,
)
from .contract import FORCED_SIMPLE, FORCEE, SIMPLE, TOUT, contract_name
from .play import legal_cards
from .rules import GermanSoloRules
from .scoring import no_game, settle_values

if TYPE_CHECKING:
    from .game import GermanSoloGame

BIDDING: Final = 0
DECLARING: Final = 1
PLAYING: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("bidding", "declaring", "playing", "over")

# declaration steps
NAME_TRUMP: Final = 1  # the declarer names trump
CALL: Final = 2  # the declarer calls a card (tout: or plays alone)
FP_CHOICE: Final = 3  # forcée partout: the declarer calls a card or plays alone
FORCED_CALL: Final = 4  # forcée simple: the Spadilla holder calls (or, with forced_upgrade, bids)
PARTNER_TRUMP: Final = 5  # the holder of the called card names trump


def _deal_positions(players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat counted from eldest (0), the deck positions of its cards: packets of 3, 2, 3,
    clockwise from eldest."""
    positions: list[list[int]] = [[] for _ in range(players)]
    position = 0
    for packet in (3, 2, 3):
        for offset in range(players):
            positions[offset].extend(range(position, position + packet))
            position += packet
    return tuple(tuple(seat) for seat in positions)


DEAL_POSITIONS: Final = {players: _deal_positions(players) for players in (3, 4, 5)}
"""Players -> per seat counted from eldest, the deck positions of its 8 cards."""


def deal_hands(deck: list[int], dealer: int, players: int = 4) -> list[list[int]]:
    """The hands dealt from ``deck``: packets of 3, 2, 3, clockwise from eldest (8 cards each),
    each sorted.

    >>> deal_hands(list(range(32)), 3)[0]
    [0, 1, 2, 12, 13, 20, 21, 22]
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    for offset, places in enumerate(DEAL_POSITIONS[players]):
        hand = [deck[position] for position in places]
        hand.sort()
        hands[(dealer + 1 + offset) % players] = hand
    return hands


_FIELDS = (
    "_actor",
    "_alone",
    "_auction_len",
    "_bid_i",
    "_bid_level",
    "_called",
    "_called_fallen",
    "_called_holder",
    "_claimed",
    "_couleur",
    "_deal_index",
    "_dealt",
    "_dealt_masks",
    "_declarer",
    "_dq",
    "_eff",
    "_eldest",
    "_five",
    "_hands",
    "_holder",
    "_incidental",
    "_kind",
    "_lead_called",
    "_leader",
    "_leaders",
    "_level",
    "_live_holder",
    "_n",
    "_partner_public",
    "_pending",
    "_phase",
    "_played",
    "_pool",
    "_pool_start",
    "_redeal",
    "_reservation",
    "_result",
    "_rules",
    "_side_mask",
    "_side_tricks",
    "_spadilla_holder",
    "_step",
    "_trick",
    "_tricks_won",
    "_trump",
    "_void_call",
    "_winners",
)
"""Every attribute of a state beyond the base's: what ``clone`` copies (a test checks)."""


class GermanSoloState(State):
    """A deal of German Solo (see the module doc and ``shared/rules/trick-taking.md`` part A)."""

    g: GermanSoloGame
    """The game with its German Solo type (``game`` is the base's :class:`Game`)."""

    def __init__(
        self, game: GermanSoloGame, deck: list[int] | None, dealer: int, seed: int
    ) -> None:
        self._init_base(game, dealer, seed)
        self.g = game
        if deck is None:  # a blank for clone() and the samplers to fill in (the compiled
            return  # build makes native objects only through __init__)
        rules = game.rules
        self._rules: GermanSoloRules = rules
        n = self._n = game.players
        hands = deal_hands(deck, dealer, n)
        self._hands: list[list[int]] = hands
        self._dealt: tuple[tuple[int, ...], ...] = tuple([tuple(hand) for hand in hands])
        masks: list[int] = []
        for hand in hands:
            mask = 0
            for card in hand:
                mask |= 1 << card
            masks.append(mask)
        self._dealt_masks: tuple[int, ...] = tuple(masks)
        self._eldest = (dealer + 1) % n
        self._dq = -1  # the seat holding both Spadilla and Basta, if one does
        self._spadilla_holder = -1
        for seat, hand in enumerate(hands):
            if SPADILLA in hand:
                self._spadilla_holder = seat
                if BASTA in hand:
                    self._dq = seat
        # match context (Game.prepare_round may change these before the first action)
        self._couleur = -1 if rules.couleur_first_won else 0  # 0 = clubs
        self._pool_start = 0
        self._pool = rules.stake
        self._deal_index = 0
        # auction
        self._phase = BIDDING
        self._actor = self._eldest
        self._bid_i = 0  # index of the player speaking in the opening / challenging order
        self._holder = -1
        self._level = 0
        self._pending = 0
        self._auction_len = -1  # the number of auction actions, once the auction is over
        # contract
        self._declarer = -1
        self._kind = 0
        self._bid_level = 0  # the level the auction ended at (0: forcée simple)
        self._step = 0
        self._trump = -1
        self._called = -1
        self._called_holder = -1
        self._alone = False
        self._void_call = False
        self._partner_public = False
        # play
        self._trick: list[int] = []
        self._leader = -1
        self._tricks_won = [0] * n
        self._played: list[int] = []
        self._leaders: list[int] = []
        self._winners: list[int] = []
        self._side_mask = 0
        self._side_tricks = 0
        self._called_fallen = False
        self._live_holder = -1  # the holder of the called card until it is played
        self._eff: tuple[int, ...] = EFF[0]  # the effective suits under the trump, once named
        self._reservation = rules.reservation
        self._lead_called = rules.called_card_lead
        self._five = False
        self._incidental = False
        self._claimed = False
        self._redeal = False  # rule 7's forfeit: the same dealer deals again
        self._result: Result | None = None

    # -- match context -----------------------------------------------------------------------

    def _split_pool(self) -> int:
        """Share the pool out equally at the end of the match (``pool_leftover=split``, U12):
        each player's share goes into this finished deal's scores, the remainder stays in the
        pool. Returns the share."""
        result = self._result
        assert result is not None, "the pool is split only after the match's last deal"
        players = len(result["scores"])
        share = self._pool // players
        self._pool -= share * players
        result["scores"] = [score + share for score in result["scores"]]
        result["pool"] = self._pool
        result["pool_change"] -= share * players
        result["pool_split"] = share
        return share

    def _inherit(self, pool: int, couleur: int, deal_index: int) -> None:
        """Set what the deal inherits from its match: the pool before the stake, the couleur."""
        self._pool_start = pool
        self._pool = pool + self._rules.stake
        self._couleur = couleur
        self._deal_index = deal_index
        self._legal_cache = None

    # -- the State hooks ---------------------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        """The one seat that acts now; ``[]`` once the deal is over."""
        return [self._actor] if self._actor >= 0 else []

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase == OVER

    @property
    def result(self) -> Result | None:
        """``None`` until over; then scores, winners, pool and the settlement's figures."""
        return self._result

    def _legal_ids(self, seat: int) -> list[int]:
        if seat != self._actor:
            return []
        phase = self._phase
        if phase == PLAYING:
            hand = self._hands[seat]
            trick = self._trick
            if seat != self._live_holder:  # the common cases of legal_cards, inlined
                if not trick:
                    if not self._five:
                        return hand[:]
                else:
                    eff = self._eff
                    suit = eff[trick[0]]
                    follow = [card for card in hand if eff[card] == suit]
                    if not follow:
                        return hand[:]
                    if suit != TRUMP or not self._reservation:
                        return follow
            ids = legal_cards(
                hand,
                trick,
                self._trump,
                self._reservation,
                self._called if seat == self._live_holder else -1,
                self._lead_called,
            )
            if self._five:
                ids.append(CLAIM)
            return ids
        if phase == BIDDING:
            if self._holder < 0:
                stage = auction.OPEN
            elif self._pending:
                stage = auction.ANSWER
            else:
                stage = auction.CHALLENGE
            return auction.legal_ids(
                stage,
                self._level,
                self._pending,
                seat == self._dq,
                self._couleur >= 0,
                self._n == 3,
                self._rules.forfeit_pass,
            )[:]
        return self._declaring_ids()

    def _declaring_ids(self) -> list[int]:
        step = self._step
        if step in (NAME_TRUMP, PARTNER_TRUMP):
            return [TRUMP_BASE + suit for suit in self.trump_choices()]
        ids = [CALL_ID[card] for card in self.call_choices()]
        ids.sort()
        if step == FORCED_CALL and self._rules.forced_upgrade:
            couleur_defined = self._couleur >= 0
            levels = [
                LEVEL_BASE + level - 1
                for level in range(1, 9)
                if level_kind(level) != FORCEE and (couleur_defined or not is_couleur_level(level))
            ]
            ids = levels + ids
        if (step == CALL and self._kind == TOUT) or (step == FP_CHOICE and self._rules.fp_alone):
            ids.append(ALONE)
        return ids

    def trump_choices(self) -> list[int]:
        """The suits the player naming trump may name now (empty outside that step)."""
        if self._step not in (NAME_TRUMP, PARTNER_TRUMP) or self._phase != DECLARING:
            return []
        couleur = self._couleur
        suits = list(range(4))
        if self._called >= 0:  # never the suit of the called card (seed; CASP)
            suits.remove(suit_of(self._called))
        if couleur >= 0 and self._kind != FORCED_SIMPLE:
            if is_couleur_level(self._bid_level):
                suits = [s for s in suits if s == couleur]
            elif not self._rules.couleur_upgrade:
                suits = [s for s in suits if s != couleur]
        return suits

    def call_choices(self) -> list[int]:
        """The cards the declarer may call now (empty outside a calling step)."""
        if self._phase != DECLARING or self._step not in (CALL, FP_CHOICE, FORCED_CALL):
            return []
        hand = self._hands[self._declarer]
        four_aces = True
        for suit in range(4):
            if card_of(suit, ACE) not in hand:
                four_aces = False
                break
        cards = [c for c in CALL_CARDS if four_aces or (c & 7) == ACE]
        trump = self._trump
        if trump >= 0 and not self._rules.call_trump_ace:
            cards = [c for c in cards if suit_of(c) != trump]
        if self._kind == FORCEE and is_couleur_level(self._bid_level):
            cards = [c for c in cards if suit_of(c) != self._couleur]
        return cards

    def _apply(self, seat: int, action_id: int) -> None:
        if action_id < PASS or action_id >= NUM_ACTIONS:  # a card: only legal while playing
            self._hands[seat].remove(action_id)
            trick = self._trick
            trick.append(action_id)
            if action_id == self._called or self._five:
                self._special_play(action_id)
            n = self._n
            if len(trick) < n:
                self._actor = seat + 1 if seat + 1 < n else 0
            else:
                self._close_trick(trick)
        elif action_id == CLAIM:
            self._claimed = True
            self._five = False
            self._finish()
        elif self._phase == BIDDING:
            self._bid(seat, action_id)
        else:
            self._declare(seat, action_id)

    # -- auction -----------------------------------------------------------------------------

    def _order(self, index: int) -> int:
        return (self._eldest + index) % self._n

    def _bid(self, seat: int, action_id: int) -> None:
        if action_id == PASS and seat == self._dq and self._rules.forfeit_pass:
            highest = self._pending if self._pending else self._level
            if auction.pass_forbidden(self._n > 3, highest):
                self._end_without_play(seat)  # rule 7: a béte, and a new deal
                return
        if self._holder < 0:  # opening
            self._bid_i += 1
            if action_id != PASS:
                self._holder = seat
                self._level = action_id - LEVEL_BASE + 1
                self._next_challenger()
            elif self._bid_i == self._n:
                if self._n == 3:  # Spitzeln: no solo, so the cards are thrown in
                    self._end_without_play(-1)
                else:
                    self._start_forced_simple()
            else:
                self._actor = self._order(self._bid_i)
        elif self._pending == 0:  # a challenger speaks
            if action_id == PASS:
                self._bid_i += 1
                self._next_challenger()
            else:
                self._pending = action_id - LEVEL_BASE + 1
                self._actor = self._holder
        else:  # the holder answers
            challenger = self._order(self._bid_i)
            if action_id == PASS:
                self._holder = challenger
                self._level = self._pending
                self._pending = 0
                self._bid_i += 1
                self._next_challenger()
                return
            self._level = self._pending if action_id == HOLD else action_id - LEVEL_BASE + 1
            self._pending = 0
            self._actor = challenger

    def _next_challenger(self) -> None:
        if self._bid_i >= self._n:
            self._end_auction()
        else:
            self._actor = self._order(self._bid_i)

    def _end_auction(self) -> None:
        self._auction_len = len(self._history) + 1
        self._phase = DECLARING
        self._declarer = self._holder
        self._bid_level = self._level
        self._kind = level_kind(self._level)
        self._step = FP_CHOICE if self._kind == FORCEE else NAME_TRUMP
        self._actor = self._declarer

    def _start_forced_simple(self) -> None:
        self._auction_len = len(self._history) + 1
        self._phase = DECLARING
        self._declarer = self._spadilla_holder
        self._kind = FORCED_SIMPLE
        self._step = FORCED_CALL
        self._actor = self._declarer

    # -- declarations ------------------------------------------------------------------------

    def _declare(self, seat: int, action_id: int) -> None:
        step = self._step
        if TRUMP_BASE <= action_id < CALL_BASE:
            self._trump = action_id - TRUMP_BASE
            if step == PARTNER_TRUMP:
                self._partner_public = True
                self._start_play()
            elif self._kind == SIMPLE or (self._kind == TOUT and self._n > 3):
                self._step = CALL
            else:
                self._alone = self._alone or self._kind == TOUT
                self._start_play()
        elif CALL_BASE <= action_id < ALONE:
            self._call(CALL_CARDS[action_id - CALL_BASE])
        elif action_id == ALONE:
            self._alone = True
            if step == FP_CHOICE:
                self._step = NAME_TRUMP
            else:
                self._start_play()
        else:  # forced_upgrade: the forced player bids a game instead
            level = action_id - LEVEL_BASE + 1
            self._bid_level = level
            self._kind = level_kind(level)
            self._step = NAME_TRUMP

    def _call(self, card: int) -> None:
        self._called = card
        declarer = self._declarer
        self._called_holder = next(s for s in range(self._n) if card in self._dealt[s])
        eff = EFF[self._trump] if self._trump >= 0 else NATURAL_EFF
        suit = eff[card]
        self._void_call = not any(eff[c] == suit for c in self._hands[declarer])
        self._live_holder = self._called_holder
        if self._step in (FP_CHOICE, FORCED_CALL):
            self._step = PARTNER_TRUMP
            self._actor = self._called_holder
        else:
            self._start_play()

    def _start_play(self) -> None:
        self._phase = PLAYING
        self._eff = EFF[self._trump]
        self._step = 0
        self._leader = self._actor = self._eldest
        mask = 1 << self._declarer
        if self._called >= 0:
            mask |= 1 << self._called_holder
        self._side_mask = mask

    # -- play --------------------------------------------------------------------------------

    def _special_play(self, card: int) -> None:
        """The called card falls, or a lead after the first five tricks commits to tout."""
        if card == self._called:
            self._called_fallen = True
            self._partner_public = True
            self._live_holder = -1
        if self._five:  # leading on after the first five tricks: an incidental tout
            self._five = False
            self._incidental = True

    def _close_trick(self, trick: list[int]) -> None:
        leader = self._leader
        winner = (leader + trick_winner(trick, self._trump)) % self._n
        self._tricks_won[winner] += 1
        if self._side_mask >> winner & 1:
            self._side_tricks += 1
        self._played.extend(trick)
        self._trick = []
        self._leaders.append(leader)
        self._winners.append(winner)
        self._leader = self._actor = winner
        done = len(self._winners)
        if done == 8:
            self._finish()
        elif done == 5 and self._side_tricks == 5 and self._kind != TOUT and not self._incidental:
            if winner == self._declarer or (
                self._rules.tout_side and self._side_mask >> winner & 1
            ):
                self._five = True
            else:
                self._finish()

    # -- the end -----------------------------------------------------------------------------

    @property
    def partner(self) -> int:
        """The declarer's partner (the holder of the called card), or -1 if he plays alone."""
        holder = self._called_holder
        return holder if holder >= 0 and holder != self._declarer else -1

    @property
    def couleur_game(self) -> bool:
        """Whether the trump is the couleur suit (the game is valued in couleur)."""
        return self._couleur >= 0 and self._trump == self._couleur

    def _end_without_play(self, bete_seat: int) -> None:
        """The deal ends in the auction: a three-handed throw-in (``bete_seat`` -1), or a rule-7
        forfeit by ``bete_seat``, after which the same dealer deals again."""
        self._auction_len = len(self._history) + 1
        self._phase = OVER
        self._actor = -1
        self._redeal = bete_seat >= 0
        result = no_game(self._n, self.dealer, bete_seat, self._pool_start, self._rules)
        self._pool = result["pool"]
        result.update(result_details(self))
        self._result = result

    def _finish(self) -> None:
        self._phase = OVER
        self._actor = -1
        result = settle_values(  # the fields of a scoring.Deal
            self.dealer,
            self._declarer,
            self.partner,
            self._kind,
            self.couleur_game,
            self._incidental,
            self._side_tricks,
            self._dealt_masks,
            self._trump,
            self._pool_start,
            self._incidental or self._kind == TOUT,
            self._rules,
        )
        self._pool = result["pool"]
        result.update(result_details(self))
        self._result = result

    # -- the read-only surface for observers (RL encoders): the fields, never to be changed --

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand, card ids sorted (read, never change)."""
        return self._hands

    @property
    def phase(self) -> int:
        """The phase: an index into :data:`PHASE_NAMES`."""
        return self._phase

    @property
    def actor(self) -> int:
        """The seat to act, -1 once over."""
        return self._actor

    @property
    def eldest(self) -> int:
        """The seat to the dealer's left."""
        return self._eldest

    @property
    def declarer(self) -> int:
        """The declarer, -1 during the auction."""
        return self._declarer

    @property
    def called_holder(self) -> int:
        """The holder of the called card, -1 if none."""
        return self._called_holder

    @property
    def partner_public(self) -> bool:
        """Whether everyone knows the partner now."""
        return self._partner_public

    @property
    def holder(self) -> int:
        """The seat holding the auction, -1 if none."""
        return self._holder

    @property
    def level(self) -> int:
        """The level held in the auction (0: none)."""
        return self._level

    @property
    def pending(self) -> int:
        """The level proposed and not yet answered (0: none)."""
        return self._pending

    @property
    def trump(self) -> int:
        """The trump suit, -1 until named."""
        return self._trump

    @property
    def couleur(self) -> int:
        """The couleur suit of this deal, -1 before any (``couleur=first_won``)."""
        return self._couleur

    @property
    def called(self) -> int:
        """The called card, -1 if none."""
        return self._called

    @property
    def kind(self) -> int:
        """The contract kind (:mod:`.contract`), 0 during the auction."""
        return self._kind

    @property
    def void_call(self) -> bool:
        """The declarer called a card of a suit he is void in."""
        return self._void_call

    @property
    def alone(self) -> bool:
        """The declarer plays alone."""
        return self._alone

    @property
    def incidental(self) -> bool:
        """The declaring side won the first five tricks and led on (tout)."""
        return self._incidental

    @property
    def claimed(self) -> bool:
        """The declaring side claimed after five tricks."""
        return self._claimed

    @property
    def five(self) -> bool:
        """The declaring side has won the first five tricks (``claim`` is open)."""
        return self._five

    @property
    def trick(self) -> list[int]:
        """The cards of the trick on the table, in order of play."""
        return self._trick

    @property
    def leader(self) -> int:
        """The seat that led the trick on the table."""
        return self._leader

    @property
    def played(self) -> list[int]:
        """The cards of the finished tricks, ``players`` a trick."""
        return self._played

    @property
    def leaders(self) -> list[int]:
        """The leader of each finished trick."""
        return self._leaders

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won per seat."""
        return self._tricks_won

    @property
    def pool(self) -> int:
        """The chips in the pool."""
        return self._pool

    @property
    def rules(self) -> GermanSoloRules:
        """The game's rules object."""
        return self._rules

    def auction_ids(self) -> list[tuple[int, int]]:
        """The auction so far as ``(seat, action id)`` pairs (the whole history while it runs)."""
        history = self._history
        return history[: self._auction_len] if self._auction_len >= 0 else list(history)

    # -- copies, views, explanations ---------------------------------------------------------

    def clone(self) -> GermanSoloState:
        """An independent copy (lists copied, immutable parts shared)."""
        new = GermanSoloState(self.g, None, self.dealer, self.seed)
        new._copy_base(self)
        for name in _FIELDS:  # (no __dict__ to copy when the core is compiled)
            setattr(new, name, getattr(self, name))
        new._hands = [list(hand) for hand in self._hands]
        new._trick = list(self._trick)
        new._tricks_won = list(self._tricks_won)
        new._played = list(self._played)
        new._leaders = list(self._leaders)
        new._winners = list(self._winners)
        return new


def suit_letter(suit: int) -> str | None:
    """A suit's letter (``"S"``), ``None`` for none (-1)."""
    return SUITS[suit] if suit >= 0 else None


def contract_of(state: GermanSoloState) -> str | None:
    """The public contract: a level name, or ``forcee-simple``; ``None`` during the auction."""
    if state._kind == 0:
        return None
    return contract_name(state._kind, contract_in_couleur(state))


def contract_in_couleur(state: GermanSoloState) -> bool:
    """Whether the public contract (:func:`contract_of`, once the auction is over) is named in
    couleur: ``contract_name(state.kind, contract_in_couleur(state))`` is that contract."""
    if state._trump >= 0 or state._kind == FORCED_SIMPLE:
        return state.couleur_game
    return state._bid_level % 2 == 0


def result_details(state: GermanSoloState) -> dict[str, Any]:
    """The facts of a finished deal that its result reports next to the scores."""
    partner = state.partner
    return {
        "declarer": state._declarer,
        "partner": partner if partner >= 0 else None,
        "contract": contract_of(state),
        "trump": suit_letter(state._trump),
        "couleur": suit_letter(state._couleur),
        "called": NAMES[state._called] if state._called >= 0 else None,
        "side_tricks": state._side_tricks,
        "tricks_won": list(state._tricks_won),
        "tout": state._incidental,
        "claimed": state._claimed,
        "deal": state._deal_index,
        "redeal": state._redeal,
    }


__all__ = [
    "BIDDING",
    "DECLARING",
    "OVER",
    "PHASE_NAMES",
    "PLAYING",
    "GermanSoloState",
    "contract_of",
    "result_details",
    "suit_letter",
]
