"""Seeded randomness: every random choice in a round comes from its own ``random.Random``."""

from __future__ import annotations

import hashlib
import random
from _random import Random as Generator  # random.Random's C base (see shuffled)
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class RandomSource(Protocol):
    """What a playout that only calls ``random()`` needs: ``random.Random`` or a :class:`Stream`."""

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        ...


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


def randbelow(rng: Generator, n: int) -> int:
    """A random whole number in ``[0, n)`` exactly as ``rng.randrange(n)`` draws it (``n >= 1``).

    The same rejection from ``getrandbits`` as :mod:`random`, so seeds give the same numbers;
    written out, like :func:`shuffle`, so that the compiled build runs it as native code.

    >>> rng_a, rng_b = random.Random(3), random.Random(3)
    >>> [randbelow(rng_a, 7) for _ in range(5)] == [rng_b.randrange(7) for _ in range(5)]
    True
    """
    if n < 1:
        raise ValueError(f"randbelow needs n >= 1, not {n}")
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


def choice(rng: Generator, items: Sequence[T]) -> T:
    """A random item of ``items`` (not empty), exactly as ``rng.choice(items)`` draws it.

    >>> rng_a, rng_b = random.Random(4), random.Random(4)
    >>> [choice(rng_a, "abcde") for _ in range(6)] == [rng_b.choice("abcde") for _ in range(6)]
    True
    """
    if not items:
        raise IndexError("cannot choose from an empty sequence")
    return items[randbelow(rng, len(items))]


class Stream:
    """A small, fast generator of floats in ``[0, 1)`` for playouts that only call ``random()``.

    A search that compares moves on common random numbers restarts the same stream before every
    playout of a world; a Mersenne Twister costs three microseconds to seed, this costs almost
    nothing. It is Marsaglia's xorshift32 (period ``2**32 - 1``): plenty for a playout policy's
    ties and exploration, not for dealing cards. Compiled as native code in the compiled build;
    both builds give the same numbers.

    >>> stream = Stream(12345)
    >>> first = [stream.random() for _ in range(3)]
    >>> stream.seed(12345)
    >>> [stream.random() for _ in range(3)] == first and all(0 < x < 1 for x in first)
    True
    """

    def __init__(self, seed: int = 1) -> None:
        self._x = 1
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """Restart the stream from ``seed`` (a whole number; its low and high 32 bits are
        folded together)."""
        self._x = ((seed ^ (seed >> 32)) & 0xFFFFFFFF) or 0x9E3779B9

    def random(self) -> float:
        """The next float, in ``(0, 1)``."""
        x = self._x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._x = x
        return x * 2.3283064365386963e-10  # 2 ** -32
