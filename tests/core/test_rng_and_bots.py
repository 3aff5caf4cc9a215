"""Seeds and the bot registry."""

from __future__ import annotations

import random

import pytest

from solocards.bots.registry import parse_bot_spec
from solocards.core.errors import OptionError
from solocards.core.rng import (
    Stream,
    choice,
    derive_seed,
    randbelow,
    reshuffle_generator,
    round_rng,
    shuffle,
    shuffled,
)


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(1, "a") == derive_seed(1, "a")
    assert len({derive_seed(1, "round", i) for i in range(100)}) == 100
    assert 0 <= derive_seed(2**80, "x") < 2**63


def test_shuffle_is_a_permutation_fixed_by_the_seed() -> None:
    cards = [str(i) for i in range(50)]
    assert sorted(shuffled(cards, 3)) == sorted(cards)
    assert shuffled(cards, 3) == shuffled(cards, 3) != shuffled(cards, 4)
    assert cards == [str(i) for i in range(50)]


def test_bot_specs_parse_parameters() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec("ismcts:iterations=10,seconds=0.5,greedy=true,kind=x") == (
        "ismcts",
        {"iterations": 10, "seconds": 0.5, "greedy": True, "kind": "x"},
    )
    with pytest.raises(OptionError, match="not key=value"):
        parse_bot_spec("ismcts:iterations")


def test_shuffle_draws_exactly_as_random_shuffle() -> None:
    """Seeds keep giving the same cards: our shuffle is random.Random.shuffle, draw for draw."""
    import random

    from solocards.core.rng import shuffle

    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 54, 108, 300):
            ours, theirs = list(range(size)), list(range(size))
            rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
            shuffle(rng_ours, ours)
            rng_theirs.shuffle(theirs)
            assert ours == theirs
            assert rng_ours.getstate() == rng_theirs.getstate()


def test_shuffled_is_random_shuffle_seeded_by_the_derived_seed() -> None:
    """A deal's order is ``random.Random(derive_seed(seed, "shuffle")).shuffle``: records and
    golden matches depend on it, whatever the generator ``shuffled`` builds inside."""
    import random

    for seed in (0, 1, 7, 2**31 + 5, 2**63 - 1, 2**80 + 3):
        for size in (0, 1, 2, 24, 32, 36, 40, 108):
            expected = [f"c{i}" for i in range(size)]
            random.Random(derive_seed(seed, "shuffle")).shuffle(expected)
            assert shuffled([f"c{i}" for i in range(size)], seed) == expected
            # the same permutation for the same deck as ints (a tuple is accepted too)
            assert [f"c{i}" for i in shuffled(tuple(range(size)), seed)] == expected


def test_a_reshuffle_generator_draws_as_the_round_generator_of_its_seed() -> None:
    """AMIGO's SOLO seeds each reshuffle with ``round_rng(derive_seed(seed, "reshuffle", n))``;
    the leaner generator must give the same order of every pile."""
    for seed in (0, 3, 2**31 + 5, 2**63 - 1):
        for count in (1, 2, 17):
            for size in (0, 1, 2, 50, 107):
                expected = list(range(size))
                shuffle(round_rng(derive_seed(seed, "reshuffle", count)), expected)
                got = list(range(size))
                shuffle(reshuffle_generator(seed, count), got)
                assert got == expected


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("german-solo", 3), ("german-solo", 4), ("german-solo", 5), ("frog", 3), ("frog", 5)],
)
def test_a_seeded_deal_is_the_deal_of_the_shuffled_deck(game_id: str, players: int) -> None:
    """``deal(seed=...)`` deals exactly ``deal(deck=shuffled(deck(), seed))``: the games that
    shuffle their deck as ints deal the same cards as the deck of strings gives."""
    import solocards

    game = solocards.make(game_id, players=players)
    for seed in range(30):
        for dealer in range(players):
            by_seed = game.deal(seed=seed, dealer=dealer)
            by_deck = game.deal(seed=seed, deck=shuffled(game.deck(), seed), dealer=dealer)
            assert by_seed.snapshot() == by_deck.snapshot()


def test_hands_take_the_loop_of_their_build() -> None:
    """core.hands loops over native ints only when compiled (in plain Python list.remove is the
    faster way); both ways change a hand alike."""
    from solocards.core import hands
    from solocards.core.compiled import is_compiled

    assert hands.NATIVE is is_compiled()
    for hand, card in (([5, 1, 5, 2], 5), ([1, 2, 3], 3), ([4], 4)):
        expected = list(hand)
        expected.remove(card)
        assert hands.lay_one(hand, card) is (card in expected)
        assert hand == expected
        assert hands.drop_one(hand, 9) is False
        assert hand == expected
    with pytest.raises(ValueError, match="card 7 is not in the hand"):
        hands.lay_one([1, 2], 7)


def test_randbelow_and_choice_draw_exactly_as_random() -> None:
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 54, 108, 1000, 2**40 + 3):
            assert randbelow(ours, n) == theirs.randrange(n)
            items = list(range(n % 60 + 1))
            assert choice(ours, items) == theirs.choice(items)
        assert ours.getstate() == theirs.getstate()


def test_randbelow_and_choice_refuse_nothing_to_draw_from() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError, match="n >= 1"):
        randbelow(rng, 0)
    with pytest.raises(IndexError, match="empty"):
        choice(rng, [])
    assert rng.getstate() == random.Random(1).getstate()


def test_a_stream_restarts_from_its_seed_and_spreads_over_the_unit_interval() -> None:
    stream = Stream(2**64 - 1)
    first = [stream.random() for _ in range(20_000)]
    stream.seed(2**64 - 1)
    assert [stream.random() for _ in range(20_000)] == first
    assert all(0.0 < x < 1.0 for x in first)
    tenths = [0] * 10
    for x in first:
        tenths[int(x * 10)] += 1
    assert min(tenths) > 1_800 and max(tenths) < 2_200
    other = Stream(2**64 - 2)  # another seed, another stream
    assert [other.random() for _ in range(5)] != first[:5]
    assert Stream(0).random() != Stream(1).random()  # 0 is a seed like any other
