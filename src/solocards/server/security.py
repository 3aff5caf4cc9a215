"""Seat and owner tokens: unguessable, given out once, stored only as hashes.

>>> token = new_token()
>>> len(token) >= 32 and token_matches(hash_token(token), token)
True
>>> token_matches(hash_token(token), "guess")
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh token with 192 bits of randomness, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A fresh table id: unguessable, so that a private table's link is its invitation."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest that is stored in place of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(stored_hash: str | None, token: str | None) -> bool:
    """Whether ``token`` is the one behind ``stored_hash`` (compared in constant time)."""
    if stored_hash is None or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(stored_hash, hash_token(token))
