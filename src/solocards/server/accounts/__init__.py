"""Optional player accounts: sign up, log in and out, change the password, delete the account.

Guests play as before, with no account. A person who signs up (or logs in) gets a session
cookie; their seats are then linked to the account (``table_seats.account_id``), and the seats
this browser held as a guest join it. One concern a module:

- :mod:`.names`: the name key that makes names unique (case and look-alike letters folded);
- :mod:`.passwords`: Argon2id hashes;
- :mod:`.cookies`: the session and CSRF cookies, and the middleware that refuses forgeries;
- :mod:`.sessions`: the account of a request (:func:`current_account`), sessions;
- :mod:`.limits`: how many logins an address and an account may try;
- :mod:`.store`: the database;
- :mod:`.routes`: ``/api/account...``.

:func:`install` wires it into an application.
"""

from __future__ import annotations

from fastapi import FastAPI

from .cookies import CsrfGuard
from .sessions import current_account, require_account
from .store import Account


def install(app: FastAPI) -> None:
    """Add the CSRF middleware and the ``/api/account`` routes to ``app``."""
    from .routes import router

    app.add_middleware(CsrfGuard)
    app.include_router(router)


__all__ = ["Account", "current_account", "install", "require_account"]
