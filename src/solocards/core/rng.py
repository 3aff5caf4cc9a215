"""Seeded randomness: every random choice in a round comes from its own ``random.Random``."""

from __future__ import annotations

import hashlib
import random
from _random import Random as Generator  # random.Random's C base (see shuffled)
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *parts: object) -> int:
    """Return a 63-bit seed derived from ``seed`` and ``parts``, stable across runs and platforms.

    >>> derive_seed(7, "round", 0) == derive_seed(7, "round", 0)
    True
    >>> derive_seed(7, "round", 0) != derive_seed(7, "round", 1)
    True
    """
    text = "/".join([str(seed), *map(str, parts)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def fresh_seed() -> int:
    """A random seed for callers that gave none (the seed is then stored in the record)."""
    return random.SystemRandom().getrandbits(63)


def shuffled(cards: Sequence[T], seed: int) -> list[T]:
    """The cards shuffled by a generator seeded with ``seed`` (a new list): the same
    permutation for any cards of the same length, so a deck of strings and the same deck as
    ints come out in the same order.

    >>> shuffled(["a", "b", "c"], 1) == shuffled(["a", "b", "c"], 1)
    True
    >>> [" abc"[i] for i in shuffled((1, 2, 3), 7)] == shuffled(["a", "b", "c"], 7)
    True
    """
    deck = list(cards)
    # derive_seed(seed, "shuffle"), spelled out: it runs once per deal; and the generator is
    # random.Random's C base, the same Mersenne Twister seeded the same way, without the
    # Python-level __init__ of random.Random (shuffle only draws getrandbits)
    text = f"{seed}/shuffle".encode()
    key = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
    shuffle(Generator(key), deck)
    return deck


def shuffle(rng: Generator, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does.

    The same draws from ``rng`` in the same order (Fisher-Yates from the end, each index drawn
    by rejection from ``getrandbits``), so seeds give the same cards as before; written out so
    that the compiled build (``solocards.core.compiled``) runs it as native code.

    >>> a, b = list(range(20)), list(range(20))
    >>> shuffle(random.Random(5), a); random.Random(5).shuffle(b)
    >>> a == b
    True
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def reshuffle_generator(seed: int, count: int) -> Generator:
    """The generator of a round's ``count``-th reshuffle, for games that seed each reshuffle on
    its own: ``round_rng(derive_seed(seed, "reshuffle", count))``'s Mersenne Twister, seeded
    the same way, as random.Random's C base (without its Python-level ``__init__``; ``shuffle``
    only draws ``getrandbits``), and with both hashes spelled out.

    >>> a, b = list(range(30)), list(range(30))
    >>> shuffle(reshuffle_generator(9, 2), a)
    >>> shuffle(round_rng(derive_seed(9, "reshuffle", 2)), b)
    >>> a == b
    True
    """
    text = f"{seed}/reshuffle/{count}".encode()
    first = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
    text = f"{first}/play".encode()
    return Generator(int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1)


def round_rng(seed: int) -> random.Random:
    """The generator a round uses for everything after the deal (reshuffles, for example)."""
    return random.Random(derive_seed(seed, "play"))
