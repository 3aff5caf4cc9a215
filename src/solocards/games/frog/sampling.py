"""World sampling for search bots (ISMCTS): a full Frog deal consistent with one seat's view.

Everything the view shows is kept exactly: the seat's own hand, the auction, the contract, every
card played, and what the seat saw of the talon and the discards. Every card the seat has not
seen is dealt at random to a place it could be: another seat's hand (never a suit that seat
showed it lacks, by failing to follow or to trump), the unseen talon, or the hidden Frage
discards. The deal is then rebuilt and the public history replayed on it, so the world is a
real :class:`~.state.FrogState` reached by legal actions, and ``world.view(seat) == view``.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...core.hidden import HiddenDeal
from ...core.rng import shuffle
from .actions import DISCARD_BASE, HIDDEN_DISCARD
from .cards import CARD_INDEX, NUM_CARDS, SUIT, SUITS
from .state import FrogState, active_seats

if TYPE_CHECKING:
    from ...core.game import StepObserver
    from .game import FrogGame


def _voids(view: dict[str, Any]) -> dict[int, set[int]]:
    """Seat -> suits it has shown it lacks (a failure to follow, or to trump when void)."""
    trump = SUITS.index(view["trump"]) if view["trump"] else -1
    voids: dict[int, set[int]] = {}
    tricks = [trick["cards"] for trick in view["tricks"]]
    if view["trick"]:
        tricks.append(view["trick"])
    for cards in tricks:
        led = SUIT[CARD_INDEX[cards[0][1]]]
        for seat, name in cards[1:]:
            suit = SUIT[CARD_INDEX[name]]
            if suit != led:
                voids.setdefault(seat, set()).add(led)
                if trump >= 0 and suit != trump:
                    voids[seat].add(trump)
    return voids


def _feasible(counts: list[int], masks: list[int], capacity: list[int]) -> bool:
    """Hall's condition: every set of card kinds fits in the places any of them may go."""
    kinds = [kind for kind, count in enumerate(counts) if count]
    for size in range(1, len(kinds) + 1):
        for group in combinations(kinds, size):
            union = 0
            need = 0
            for kind in group:
                union |= masks[kind]
                need += counts[kind]
            room = sum(capacity[place] for place in range(len(capacity)) if union >> place & 1)
            if need > room:
                return False
    return True


def allocate(
    cards: list[tuple[int, int]],
    masks: list[int],
    capacity: list[int],
    rng: random.Random,
) -> list[list[int]]:
    """Deal ``cards`` (card, kind) to places of the given ``capacity``; a card of kind ``k``
    may go to place ``p`` when bit ``p`` of ``masks[k]`` is set. Random, and never stuck: each
    card goes only where the rest still fits (checked with Hall's condition)."""
    capacity = list(capacity)
    constrained = any(mask != (1 << len(capacity)) - 1 for mask in masks)
    counts = [0] * len(masks)
    for _card, kind in cards:
        counts[kind] += 1
    if not _feasible(counts, masks, capacity):
        raise ValueError("the view is inconsistent: its unseen cards fit nowhere")
    order = list(cards)
    shuffle(rng, order)
    places: list[list[int]] = [[] for _ in capacity]
    for card, kind in order:
        counts[kind] -= 1
        options = [p for p in range(len(capacity)) if masks[kind] >> p & 1 and capacity[p]]
        shuffle(rng, options)
        options.sort(key=lambda p: -capacity[p] * rng.random())
        for place in options:
            capacity[place] -= 1
            if not constrained or _feasible(counts, masks, capacity):
                places[place].append(card)
                break
            capacity[place] += 1
        else:  # pragma: no cover - Hall's condition guarantees a place
            raise ValueError("no place for a card")
    return places


def sample_deal(game: FrogGame, view: dict[str, Any], rng: random.Random) -> HiddenDeal:
    """The unseen cards of ``view`` dealt at random to the places they could be in (the hands
    of the other seats, the hidden discards, the unseen talon; see the module doc), each card
    with the mask of the places it may be in (``GameInfo.deal_sampler``)."""
    me = view["seat"]
    players = view["players"]
    dealer = view["dealer"]
    declarer = view["declarer"]
    frage = view["contract"] == "frage"
    sizes = view["hand_sizes"]
    actives = list(active_seats(players, dealer))

    played_by: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for seat, action in view["log"]:
        if action in CARD_INDEX:
            played_by[seat].append(CARD_INDEX[action])
    seen: set[int] = {card for cards in played_by.values() for card in cards}
    hands: dict[int, list[int]] = {}
    if me is not None:
        hands[me] = [CARD_INDEX[name] for name in view["hand"]]
        seen.update(hands[me])
    talon_known = [CARD_INDEX[name] for name in view["talon"]] if view["talon"] else None
    my_discards = [CARD_INDEX[name] for name in view["discarded"] or ()]
    seen.update(my_discards)

    # the places to fill: the hands we do not know, the hidden discards, the unseen talon
    voids = _voids(view)
    place_of_hand = {seat: index for index, seat in enumerate(s for s in actives if s != me)}
    capacity = [sizes[seat] for seat in place_of_hand]
    discard_place = talon_place = -1
    if frage and declarer != me and view["discard_count"]:
        discard_place = len(capacity)
        capacity.append(view["discard_count"])
    if not frage and talon_known is None:  # the talon nobody has seen yet
        talon_place = len(capacity)
        capacity.append(3)
    restricted: set[int] = set()
    if frage and talon_known is not None and declarer != me:
        restricted = {card for card in talon_known if card not in seen}

    # kinds: suit (0-3) for a free card; 4 + suit for a shown talon card still with the declarer
    masks = [0] * 8
    everywhere = (1 << len(capacity)) - 1
    for suit in range(4):
        mask = everywhere
        for seat, place in place_of_hand.items():
            if suit in voids.get(seat, ()):
                mask &= ~(1 << place)
        masks[suit] = mask
        if restricted:
            own = 0
            if declarer in place_of_hand and suit not in voids.get(declarer, ()):
                own |= 1 << place_of_hand[declarer]
            if discard_place >= 0:
                own |= 1 << discard_place
            masks[4 + suit] = own
    unseen = [
        (card, SUIT[card] + (4 if card in restricted else 0))
        for card in range(NUM_CARDS)
        if card not in seen
    ]
    places = allocate(unseen, masks, capacity, rng)
    allowed = {card: masks[kind] for card, kind in unseen}

    def build(places: list[list[int]], observe: StepObserver | None) -> FrogState:
        return _world(game, view, places, place_of_hand, discard_place, talon_place, observe)

    return HiddenDeal(places, allowed, build)


def _world(
    game: FrogGame,
    view: dict[str, Any],
    places: list[list[int]],
    place_of_hand: dict[int, int],
    discard_place: int,
    talon_place: int,
    observe: StepObserver | None,
) -> FrogState:
    """The world the hidden ``places`` deal, with the round of ``view`` replayed on it."""
    me = view["seat"]
    players = view["players"]
    dealer = view["dealer"]
    declarer = view["declarer"]
    frage = view["contract"] == "frage"
    actives = list(active_seats(players, dealer))
    played_by: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for seat, action in view["log"]:
        if action in CARD_INDEX:
            played_by[seat].append(CARD_INDEX[action])
    hands: dict[int, list[int]] = {}
    if me is not None:
        hands[me] = [CARD_INDEX[name] for name in view["hand"]]
    talon_known = [CARD_INDEX[name] for name in view["talon"]] if view["talon"] else None
    my_discards = [CARD_INDEX[name] for name in view["discarded"] or ()]
    for seat, place in place_of_hand.items():
        hands[seat] = places[place]
    if declarer == me:
        discards = my_discards
    else:
        discards = places[discard_place] if discard_place >= 0 else []

    # the dealt talon, and each seat's dealt hand
    if talon_place >= 0:
        talon = places[talon_place]
    elif talon_known is not None:
        talon = talon_known
    else:  # a Frage talon this seat never saw: any three of the declarer's cards will do
        pool = discards + [c for c in hands[declarer] if c not in discards]
        pool += played_by[declarer]
        talon = pool[:3]
    dealt: dict[int, list[int]] = {}
    for seat in actives:
        cards = hands[seat] + played_by[seat]
        if frage and seat == declarer:
            cards = [card for card in cards + discards if card not in talon]
        dealt[seat] = cards
    deck = [-1] * NUM_CARDS
    seats = active_seats(players, dealer)
    for role, positions in enumerate(game.rules.hand_positions):
        for position, card in zip(positions, dealt[seats[role]], strict=True):
            deck[position] = card
    for position, card in zip(game.rules.talon_positions, talon, strict=True):
        deck[position] = card

    world = FrogState(game, deck, dealer, 0)
    pending = list(discards)
    for seat, action in view["log"]:
        if action == HIDDEN_DISCARD:
            action = game.action_name(DISCARD_BASE + pending.pop(0))
        if observe is not None:
            observe(world, seat, action)
        world.apply(seat, action)
    return world


def sample_world(
    game: FrogGame,
    view: dict[str, Any],
    rng: random.Random,
    observe: StepObserver | None = None,
) -> FrogState:
    """A deal consistent with ``view`` (see the module doc); ``observe`` sees each replayed
    step (``GameInfo.belief_sampling``)."""
    world = sample_deal(game, view, rng).world(observe)
    assert isinstance(world, FrogState)
    return world
