"""Who is logged in: the account of a request's session cookie, and opening and ending sessions.

Sessions live in the database (``account_sessions``, keyed by the SHA-256 of the token), so
every process of a cluster knows every session, and a restart logs nobody out.

:func:`current_account` is what other parts of the server use to know the player behind a
request; as a FastAPI dependency::

    from solocards.server.accounts import Account, current_account

    @router.get("/api/me/games")
    async def my_games(account: Annotated[Account | None, Depends(current_account)]) -> ...:
        ...  # account is None for a guest

A state-changing request that reaches a route with the session cookie has shown its CSRF
token already (:class:`~.cookies.CsrfGuard` refuses it otherwise), so a route may act for the
account without checking again.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi import HTTPException, Request, Response

from ...i18n import _
from ..config import Settings
from ..security import hash_token, new_token
from ..storage import AsyncRepository
from . import store
from .cookies import SESSION_COOKIE, clear_session_cookies, set_session_cookies
from .store import Account

_UNKNOWN = object()


def repository(request: Request) -> AsyncRepository:
    """The server's storage."""
    repo: AsyncRepository = request.app.state.manager.repo
    return repo


def settings_of(request: Request) -> Settings:
    """The server's settings."""
    settings: Settings = request.app.state.settings
    return settings


def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def session_token(request: Request) -> str | None:
    """The session token of the request's cookie, if it has one."""
    return request.cookies.get(SESSION_COOKIE) or None


async def current_account(request: Request) -> Account | None:
    """The account logged in with the request's session cookie, else ``None`` (a guest, or a
    session that expired or was ended). Looked up once per request."""
    known = getattr(request.state, "account", _UNKNOWN)
    if known is not _UNKNOWN:
        return known  # type: ignore[return-value]
    token = session_token(request)
    account = None
    if token is not None:
        account = await repository(request).read(store.session_account, hash_token(token), now())
    request.state.account = account
    return account


async def require_account(request: Request) -> Account:
    """The logged-in account, or 401 for a guest."""
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, _("you are not logged in"))
    return account


async def open_session(request: Request, response: Response, account: Account) -> None:
    """Log the browser in as ``account``: a new session (the request's old one ends) and its
    cookies on ``response``."""
    settings = settings_of(request)
    repo = repository(request)
    old = session_token(request)
    if old is not None:
        await repo.call(store.end_session, repo.sync, hash_token(old))
    token = new_token()
    moment = now()
    lasts = timedelta(days=settings.session_days)
    await repo.call(
        store.create_session, repo.sync, account.id, hash_token(token), moment, moment + lasts
    )
    set_session_cookies(response, token, int(lasts.total_seconds()), settings.secure_cookies)
    request.state.account = account


async def end_session(request: Request, response: Response) -> None:
    """Log the browser out: its session ends and its cookies go."""
    token = session_token(request)
    if token is not None:
        repo = repository(request)
        await repo.call(store.end_session, repo.sync, hash_token(token))
    clear_session_cookies(response, settings_of(request).secure_cookies)
    request.state.account = None
