"""How many logins may be tried: per client address, and per account name from every address.

Each is a token bucket (:mod:`..ratelimit`); a server of several processes counts them in Redis
(:mod:`..sharedlimits`), so a guesser gains nothing by reaching another process. Every try
counts, right or wrong, and is counted before the password is checked. A sign-up counts
against its address's budget too (hashing a password costs the server). A name that no
account has is counted like any other, so the limits tell nothing about which names exist.

>>> limits = LoginLimits(Settings(db_url="sqlite://", account_login_burst=1))
>>> limits.accounts.take("ana") is None, limits.accounts.take("ana") is None
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import HTTPException, Request

from ...i18n import _
from ..config import Settings
from ..http.lobby import client_address
from ..limits import retry_seconds
from ..ratelimit import ClientBuckets
from ..security import hash_token

Buckets = Callable[[str, float, int], ClientBuckets]


class LoginLimits:
    """The login budgets of one server: ``addresses`` and ``accounts`` (by name key)."""

    def __init__(
        self,
        settings: Settings,
        buckets: Buckets = lambda _name, rate, burst: ClientBuckets(rate, burst),
    ) -> None:
        self.addresses = buckets("logins", settings.login_per_minute / 60.0, settings.login_burst)
        self.accounts = buckets(
            "account-logins",
            settings.account_login_per_hour / 3600.0,
            settings.account_login_burst,
        )


def login_limits(request: Request) -> LoginLimits:
    """The server's login limits (made at the first login; a cluster's count in Redis)."""
    state = request.app.state
    limits: LoginLimits | None = getattr(state, "login_limits", None)
    if limits is None:
        cluster = getattr(state, "cluster", None)
        settings: Settings = state.settings
        limits = (
            LoginLimits(settings)
            if cluster is None
            else LoginLimits(settings, cluster.shared_buckets)
        )
        state.login_limits = limits
    return limits


async def spend_address(request: Request) -> None:
    """Count a login or sign-up from the request's address, or answer 429."""
    wait = await login_limits(request).addresses.spend(client_address(request))
    if wait is not None:
        seconds = retry_seconds(wait)
        raise HTTPException(
            429,
            _("too many logins from your address; try again in {seconds} s", seconds=seconds),
            headers={"Retry-After": str(seconds)},
        )


async def spend_account(request: Request, key: str) -> None:
    """Count a login to the account named ``key`` (a name key; Redis sees only its hash), or
    answer 429."""
    wait = await login_limits(request).accounts.spend(hash_token(key))
    if wait is not None:
        seconds = retry_seconds(wait)
        raise HTTPException(
            429,
            _("too many logins to this account; try again in {seconds} s", seconds=seconds),
            headers={"Retry-After": str(seconds)},
        )
