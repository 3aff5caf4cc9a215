"""Who may moderate: the bearer of the server's ``admin_token``, or a logged-in account named
in its ``admins`` setting (a comma-separated list of account names, compared as names are:
case and look-alike letters folded).

>>> is_admin_name("Ana", "ana, Bo")
True
>>> is_admin_name("Cy", "ana, Bo")
False
"""

from __future__ import annotations

import hmac

from fastapi import HTTPException, Request

from ...i18n import _
from ..accounts import current_account
from ..accounts.names import name_key
from ..config import Settings


def is_admin_name(name: str, admins: str) -> bool:
    """Whether the account ``name`` is among ``admins`` (comma-separated names)."""
    wanted = {name_key(part) for part in admins.split(",") if part.strip()}
    return name_key(name) in wanted


async def moderator(request: Request) -> str:
    """The moderator making the request, as the log names them ("token", or "account:NAME"),
    or 403 for anybody else (401 for a guest with no token)."""
    settings: Settings = request.app.state.settings
    scheme, _space, given = request.headers.get("authorization", "").partition(" ")
    if settings.admin_token and scheme.lower() == "bearer" and given:
        if hmac.compare_digest(given.encode(), settings.admin_token.encode()):
            return "token"
        raise HTTPException(403, _("this is not the server's admin token"))
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, _("moderating needs the admin token or an admin's login"))
    if not is_admin_name(account.name, settings.admins):
        raise HTTPException(403, _("your account may not moderate"))
    return f"account:{account.name}"
