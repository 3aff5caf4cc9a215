"""What seats have seen of others' hands: ``seen``, ``known_hands`` and forgetting played cards.

``UnoState.seen`` is the state's own mapping (holder -> viewer -> cards), read in place by the
observation encoder; ``known_hands(viewer)`` gives one viewer's copy. A card played in public
leaves every viewer's knowledge of its holder: the hot path of a play forgets one card
(``_forget_card``) the way the general path forgets a list of them (``_forget``).
"""

from __future__ import annotations

import random

import solocards


def random_knowledge(rng: random.Random, players: int) -> dict[int, dict[int, list[int]]]:
    """Holder -> viewer -> a few card kinds (with repeats), never a seat seeing itself."""
    known: dict[int, dict[int, list[int]]] = {}
    for holder in range(players):
        viewers = {
            viewer: [rng.randrange(6) for _ in range(rng.randint(1, 3))]
            for viewer in range(players)
            if viewer != holder and rng.random() < 0.6
        }
        if viewers:
            known[holder] = viewers
    return known


def test_forgetting_one_card_is_forgetting_it_in_a_list() -> None:
    game = solocards.make("uno", players=3)
    rng = random.Random(5)
    emptied = 0
    for trial in range(300):
        knowledge = random_knowledge(rng, 3)
        one, listed = game.deal(seed=trial), game.deal(seed=trial)
        one._known = {h: {v: list(c) for v, c in seen.items()} for h, seen in knowledge.items()}
        listed._known = {h: {v: list(c) for v, c in seen.items()} for h, seen in knowledge.items()}
        holder, card = rng.randrange(3), rng.randrange(6)
        one._forget_card(holder, card)
        listed._forget(holder, (card,))
        assert one.seen == listed.seen, (knowledge, holder, card)
        emptied += holder in knowledge and holder not in one.seen
    assert emptied > 0  # some trials forgot a holder's last known card


def test_seen_is_what_known_hands_copies() -> None:
    game = solocards.make("uno", players=2)
    rng = random.Random(3)
    met = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        while not state.is_over and len(state.history) < 300:
            for viewer in range(2):
                from_seen = {
                    holder: cards
                    for holder, viewers in state.seen.items()
                    if (cards := viewers.get(viewer))
                }
                assert state.known_hands(viewer) == from_seen
                met += bool(from_seen)
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    assert met > 0  # challenges showed hands in these rounds
