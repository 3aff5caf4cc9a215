"""World sampling for search bots (ISMCTS): a full German Solo deal consistent with one view.

Kept exactly: the seat's own hand, the auction, the declarations and every card played. Every
card the seat has not seen goes at random to a seat that could hold it:

- never a suit a seat showed it lacks (it did not follow), and after a trump lead it did not
  follow, no trump that lead would have obliged it to play (the matador privilege);
- the called card never to a seat that played another card of its suit while it was out (it
  must be the first of its suit), nor, with ``called_card_lead``, to one that led another card;
- both black queens to a forcée-partout bidder, Spadilla to the forced player of a forcée
  simple, the four Aces to a King caller, the called card to whoever named trump for it.

The deal is rebuilt and the public history replayed on it, so the world is a real state reached
by legal actions; a sample that breaks a rule the lists above do not cover (a double-queen
holder who passed, the void announcement, the claim offered to the seat) is drawn again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.errors import SoloError
from ...core.hidden import HiddenDeal
from .actions import action_names
from .cards import BASTA, CARD_IDS, EFF, MRANK, NAMES, SPADILLA, SUITS, TRUMP, card_of, pack
from .state import GermanSoloState

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...core.game import StepObserver
    from .game import GermanSoloGame

ACTION_IDS = {
    players: {name: index for index, name in enumerate(action_names(players))}
    for players in (3, 4, 5)
}
"""Per number of players, action string -> id."""
ATTEMPTS = 400


def _constraints(
    game: GermanSoloGame, view: dict[str, Any]
) -> tuple[list[int], dict[int, int], list[list[int]]]:
    """Per seat the cards it cannot hold (bitmask), the cards fixed to a seat, the cards played
    by each seat."""
    n = game.players
    forbidden = [0] * n
    fixed: dict[int, int] = {}
    played: list[list[int]] = [[] for _ in range(n)]
    log = view["log"]
    trump = SUITS.index(view["trump"]) if view["trump"] else -1
    called = CARD_IDS[view["called"]] if view["called"] else -1
    declarer = view["declarer"]
    for seat, action in log:
        if action in ("forcee", "forcee-couleur"):
            fixed[SPADILLA] = fixed[BASTA] = seat
    bids = view["auction"]["bids"]
    if len(bids) == n and all(action == "pass" for _, action in bids) and declarer is not None:
        fixed[SPADILLA] = declarer
    if called >= 0 and called & 7 != 7:  # a King call: the caller holds all four Aces
        for suit in range(4):
            fixed[card_of(suit, 7)] = declarer
    if called >= 0 and view["called_holder"] is not None:
        fixed[called] = view["called_holder"]
    if trump < 0:
        return forbidden, fixed, played
    eff = EFF[trump]
    mrank = MRANK[trump]
    deck = pack(n)
    reservation = game.rules.reservation
    lead_called = game.rules.called_card_lead
    tricks = [trick["cards"] for trick in view["tricks"]]
    if view["trick"]:
        tricks.append(view["trick"])
    fallen = False
    for cards in tricks:
        led = CARD_IDS[cards[0][1]]
        led_suit = eff[led]
        for position, (seat, name) in enumerate(cards):
            card = CARD_IDS[name]
            played[seat].append(card)
            live = called >= 0 and not fallen and card != called
            if live and (eff[card] == eff[called] or (position == 0 and lead_called)):
                forbidden[seat] |= 1 << called
            if card == called:
                fallen = True
            if position == 0 or eff[card] == led_suit:
                continue
            for other in deck:
                if eff[other] != led_suit:
                    continue
                if led_suit == TRUMP and reservation:
                    rank = mrank[other]
                    if rank and mrank[led] <= rank:
                        continue  # a matador he may have reserved
                forbidden[seat] |= 1 << other
    return forbidden, fixed, played


def _allocate(
    cards: list[int],
    need: list[int],
    forbidden: list[int],
    rng: random.Random,
) -> list[list[int]] | None:
    """Cards dealt to seats with room that may hold them (most constrained first)."""
    n = len(need)
    hands: list[list[int]] = [[] for _ in range(n)]
    room = list(need)

    def choices(card: int) -> tuple[int, float]:
        allowed = sum(1 for s in range(n) if need[s] and not forbidden[s] >> card & 1)
        return (allowed, rng.random())

    order = sorted(cards, key=choices)
    for card in order:
        seats = [s for s in range(n) if room[s] and not forbidden[s] >> card & 1]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[room[s] for s in seats])[0]
        hands[seat].append(card)
        room[seat] -= 1
    return hands


def deck_order(hands: list[list[int]], dealer: int) -> list[str]:
    """The deck (card strings, top first) that deals these 8-card hands 3-2-3 from eldest."""
    deck: list[str] = []
    n = len(hands)
    taken = [0] * n
    for packet in (3, 2, 3):
        for offset in range(1, n + 1):
            seat = (dealer + offset) % n
            deck += [NAMES[c] for c in hands[seat][taken[seat] : taken[seat] + packet]]
            taken[seat] += packet
    return deck


def _setting(
    game: GermanSoloGame, view: dict[str, Any]
) -> tuple[
    list[int],
    list[int],
    list[int],
    Callable[[list[list[int]], StepObserver | None], GermanSoloState | None],
]:
    """The unseen cards free to move, each seat's room for them, the cards each seat may not
    hold (bitmask), and ``build(hidden, observe)``: the world the hidden hands deal (``None``
    where the round cannot be replayed on them or its view would differ)."""
    me = view["seat"]
    forbidden, fixed, played = _constraints(game, view)
    own = [CARD_IDS[c] for c in view["hand"]] if me is not None else []
    seen = set(own)
    for cards in played:
        seen.update(cards)
    n = game.players
    unseen = [c for c in pack(n) if c not in seen]
    need = [0 if seat == me else view["hand_sizes"][seat] for seat in range(n)]
    pinned: list[list[int]] = [[] for _ in range(n)]
    for card, seat in fixed.items():
        if card in unseen and seat != me:
            pinned[seat].append(card)
            need[seat] -= 1
    free = [c for c in unseen if c not in fixed or fixed[c] == me]
    if any(n < 0 for n in need):
        raise SoloError("this view cannot be completed to a deal")
    couleur = SUITS.index(view["couleur"]) if view["couleur"] else -1
    pool_start = view["pool"] - view["stake"]
    action_ids = ACTION_IDS[n]
    actions = [(seat, action_ids[action]) for seat, action in view["log"]]

    def build(hidden: list[list[int]], observe: StepObserver | None) -> GermanSoloState | None:
        dealt = []
        for seat in range(n):
            current = own if seat == me else hidden[seat] + pinned[seat]
            dealt.append(sorted(current + played[seat]))
        state = game.deal(deck=deck_order(dealt, view["dealer"]), dealer=view["dealer"])
        assert isinstance(state, GermanSoloState)
        state._inherit(pool_start, couleur, view["deal"])
        start = state.clone() if observe is not None else None
        try:
            for seat, action in actions:
                state.apply_id(seat, action)
        except SoloError:
            return None
        if state._void_call != view["caller_void"]:
            return None
        if me is not None and state.legal_actions(me) != view["legal_actions"]:
            return None
        if start is not None and observe is not None:
            for seat, action in actions:
                observe(start, seat, game.action_name(action))
                start.apply_id(seat, action)
        return state

    return free, need, forbidden, build


def sample_deal(game: GermanSoloGame, view: dict[str, Any], rng: random.Random) -> HiddenDeal:
    """The unseen cards of ``view`` that no rule fixes to a seat, dealt at random to the seats
    that could hold them, each card with the mask of those seats (``GameInfo.deal_sampler``);
    its world is consistent with the view. :class:`SoloError` if no such deal is found in
    ``ATTEMPTS`` draws."""
    free, need, forbidden, build = _setting(game, view)
    for _ in range(ATTEMPTS):
        hidden = _allocate(free, need, forbidden, rng)
        if hidden is None or build(hidden, None) is None:
            continue
        allowed = {
            card: sum(
                1 << seat
                for seat in range(len(need))
                if need[seat] and not forbidden[seat] >> card & 1
            )
            for card in free
        }
        return HiddenDeal(hidden, allowed, build)
    raise SoloError(f"no deal consistent with this view found in {ATTEMPTS} draws")


def sample_world(
    game: GermanSoloGame,
    view: dict[str, Any],
    rng: random.Random,
    observe: StepObserver | None = None,
) -> GermanSoloState:
    """A full deal consistent with everything ``view``'s seat knows (see the module doc);
    ``observe`` sees each replayed step of the world returned (``GameInfo.belief_sampling``)."""
    free, need, forbidden, build = _setting(game, view)
    for _ in range(ATTEMPTS):
        hidden = _allocate(free, need, forbidden, rng)
        if hidden is None:
            continue
        state = build(hidden, observe)
        if state is not None:
            assert isinstance(state, GermanSoloState)
            return state
    raise SoloError(f"no deal consistent with this view found in {ATTEMPTS} draws")


__all__ = ["deck_order", "sample_deal", "sample_world"]
