"""The account routes, under ``/api/account``: sign up, log in, log out, change the password,
delete the account, and who is logged in.

Nothing here ever answers with a password, its hash or a session token: the session travels
in the ``HttpOnly`` cookie only. A refused login says only "wrong name or password", whether
the name exists or not.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from ...i18n import _
from ..http.lobby import PlayerName
from ..http.validation import StrictBody, Text, valid_unicode
from ..live.tables import TableManager
from ..security import hash_token
from . import store
from .limits import spend_account, spend_address
from .names import name_key
from .passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    check_in_thread,
    hash_in_thread,
    needs_rehash,
)
from .seatlinks import claim_seats, forget_account
from .sessions import (
    current_account,
    end_session,
    now,
    open_session,
    repository,
    require_account,
    session_token,
)
from .store import Account

router = APIRouter(prefix="/api/account", tags=["account"])

NewPassword = Annotated[
    str,
    StringConstraints(min_length=MIN_PASSWORD, max_length=MAX_PASSWORD),
    AfterValidator(valid_unicode),
]
GivenPassword = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_PASSWORD), AfterValidator(valid_unicode)
]


class HeldSeat(StrictBody):
    """A seat this browser holds as a guest, with its seat token."""

    table: Text = Field(max_length=32)
    seat: int = Field(ge=0, le=99)
    token: Text = Field(max_length=128)


class SignUp(StrictBody):
    """A new account's name (unique whatever its case and look-alike letters) and password,
    and the seats this browser holds as a guest (they join the account)."""

    name: PlayerName = Field(examples=["ana"])
    password: NewPassword
    seats: list[HeldSeat] = Field(default_factory=list, max_length=100)


class LogIn(StrictBody):
    """An account's name and password, and the seats this browser holds as a guest."""

    name: PlayerName = Field(examples=["ana"])
    password: GivenPassword
    seats: list[HeldSeat] = Field(default_factory=list, max_length=100)


class ChangePassword(StrictBody):
    """The password now, and the new one."""

    password: GivenPassword
    new_password: NewPassword


class ConfirmPassword(StrictBody):
    """The account's password, to confirm that the account is to be deleted."""

    password: GivenPassword


class AccountInfo(BaseModel):
    """The logged-in account as its owner sees it."""

    name: str
    created_at: str


class AccountState(BaseModel):
    """Who is logged in: an account, or nobody (``null``: a guest)."""

    account: AccountInfo | None


class ClaimedSeat(BaseModel):
    """A seat this browser held as a guest that now belongs to the account."""

    table: str
    seat: int


class LoggedIn(BaseModel):
    """The account now logged in, and the guest seats that joined it."""

    account: AccountInfo
    claimed: list[ClaimedSeat]


def _info(account: Account) -> AccountInfo:
    return AccountInfo(name=account.name, created_at=account.created_at.isoformat())


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


async def _key(name: str) -> str:
    """The name key (the first use loads the look-alike table: not on the event loop)."""
    key = await asyncio.to_thread(name_key, name)
    if not any(character.isalnum() for character in key):
        raise HTTPException(400, _("an account name needs a letter or a digit"))
    return key


async def _logged_in(
    request: Request, response: Response, account: Account, seats: list[HeldSeat]
) -> LoggedIn:
    await open_session(request, response, account)
    held = [(seat.table, seat.seat, seat.token) for seat in seats]
    claimed = await claim_seats(_manager(request), account, held)
    return LoggedIn(
        account=_info(account),
        claimed=[ClaimedSeat(table=table, seat=seat) for table, seat in claimed],
    )


def _wrong_password() -> HTTPException:
    return HTTPException(403, _("the password is wrong"))


@router.get("", response_model=AccountState)
async def who_is_logged_in(request: Request) -> AccountState:
    """The account this browser is logged in to, or ``null`` for a guest."""
    account = await current_account(request)
    return AccountState(account=None if account is None else _info(account))


@router.post("", response_model=LoggedIn, status_code=201)
async def sign_up(body: SignUp, request: Request, response: Response) -> LoggedIn:
    """Open an account and log in to it (the session cookie); the guest seats listed join it.

    409 if another account has the same name, whatever its case or look-alike letters.
    """
    await spend_address(request)
    key = await _key(body.name)
    bans = request.app.state.manager.bans
    if bans is not None and bans.name_banned(body.name):
        raise HTTPException(
            403, _("the name {name} may not be used here for now", name=repr(body.name))
        )
    password_hash = await hash_in_thread(body.password)
    repo = repository(request)
    account = await repo.call(store.create_account, repo.sync, body.name, key, password_hash, now())
    if account is None:
        raise HTTPException(409, _("the name {name} is taken; choose another", name=body.name))
    return await _logged_in(request, response, account, body.seats)


@router.post("/login", response_model=LoggedIn)
async def log_in(body: LogIn, request: Request, response: Response) -> LoggedIn:
    """Log in (the session cookie); the guest seats listed join the account.

    Tries are limited per address and per account name (429 with ``Retry-After``).
    """
    await spend_address(request)
    key = await _key(body.name)
    await spend_account(request, key)
    found = await repository(request).read(store.login_of, key)
    right = await check_in_thread(None if found is None else found[1], body.password)
    if found is None or not right:
        raise HTTPException(401, _("wrong name or password"))
    account, stored = found
    if needs_rehash(stored):  # the hasher's parameters were raised since it was made
        repo = repository(request)
        new_hash = await hash_in_thread(body.password)
        await repo.call(store.rehash_password, repo.sync, account.id, stored, new_hash)
    return await _logged_in(request, response, account, body.seats)


@router.post("/logout", status_code=204)
async def log_out(request: Request, response: Response) -> None:
    """End this browser's session (nothing happens for a guest)."""
    await end_session(request, response)


@router.post("/password", status_code=204)
async def change_password(body: ChangePassword, request: Request) -> None:
    """Change the password (the current one confirms it); every other session of the account
    ends, this one goes on."""
    account = await require_account(request)
    await spend_account(request, await _key(account.name))
    repo = repository(request)
    stored = await repo.read(store.password_hash_of, account.id)
    if stored is None or not await check_in_thread(stored, body.password):
        raise _wrong_password()
    new_hash = await hash_in_thread(body.new_password)
    keep = hash_token(session_token(request) or "")
    await repo.call(store.set_password, repo.sync, account.id, new_hash, keep)


@router.post("/delete", status_code=204)
async def delete_account(body: ConfirmPassword, request: Request, response: Response) -> None:
    """Delete the account (the password confirms it): its sessions end, its name and password
    are gone, and its seats keep their games under an anonymous name."""
    account = await require_account(request)
    await spend_account(request, await _key(account.name))
    repo = repository(request)
    stored = await repo.read(store.password_hash_of, account.id)
    if stored is None or not await check_in_thread(stored, body.password):
        raise _wrong_password()
    await forget_account(_manager(request), account, now())
    await end_session(request, response)
