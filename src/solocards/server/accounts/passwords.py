"""Passwords: hashed with Argon2id (``argon2-cffi``, RFC 9106's low-memory profile), checked in
constant time, never stored or logged in the clear.

Hashing costs some 64 MiB and a few tens of milliseconds of one core, so it runs in worker
threads, at most :data:`HASHES_AT_ONCE` at a time, never on the event loop.

>>> stored = hash_password("correct horse")
>>> stored.startswith("$argon2id$")
True
>>> password_matches(stored, "correct horse"), password_matches(stored, "Correct horse")
(True, False)
>>> password_matches(None, "anything")
False
"""

from __future__ import annotations

import asyncio
import weakref
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_PASSWORD = 8
"""The fewest characters a new password may have."""

MAX_PASSWORD = 256
"""The most characters a password may have (a longer one only costs the server time)."""

HASHES_AT_ONCE = 2
"""Passwords hashed or checked at the same time by one process (each takes 64 MiB)."""

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password``, with a fresh salt, in PHC string format."""
    return _HASHER.hash(password)


@cache
def _stand_in() -> str:
    """A hash to check a password against when there is no account, so that a name that is
    not taken costs the same time as a wrong password."""
    return _HASHER.hash("there is no such account")


def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one behind ``stored`` (``None``: no account; the check
    still takes the usual time)."""
    try:
        return _HASHER.verify(stored or _stand_in(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with weaker parameters than the hasher's current ones.

    >>> needs_rehash(hash_password("x" * 8))
    False
    """
    return _HASHER.check_needs_rehash(stored)


_SLOTS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _slots() -> asyncio.Semaphore:
    """The running loop's hashing slots (a semaphore belongs to one loop)."""
    loop = asyncio.get_running_loop()
    slots = _SLOTS.get(loop)
    if slots is None:
        slots = _SLOTS[loop] = asyncio.Semaphore(HASHES_AT_ONCE)
    return slots


async def hash_in_thread(password: str) -> str:
    """:func:`hash_password` in a worker thread."""
    async with _slots():
        return await asyncio.to_thread(hash_password, password)


async def check_in_thread(stored: str | None, password: str) -> bool:
    """:func:`password_matches` in a worker thread."""
    async with _slots():
        return await asyncio.to_thread(password_matches, stored, password)
