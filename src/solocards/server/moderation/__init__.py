"""Moderation: moderators close tables, remove players, hide chat lines and ban names or
addresses for a time; players report chat lines. Every moderator's action is logged.

A moderator is whoever brings the server's ``admin_token`` (``Authorization: Bearer ...``) or
a logged-in account named in the ``admins`` setting. One concern a module:

- :mod:`.store`: bans, reports and the log in the database;
- :mod:`.bans`: the bans in force, read again every few seconds (the cluster shares them);
- :mod:`.guard`: the middleware that keeps banned addresses from changing anything;
- :mod:`.auth`: who may moderate;
- :mod:`.routes`: the HTTP routes.

:func:`install` wires it into an application; :func:`start` and :func:`stop` run with it.
"""

from __future__ import annotations

from fastapi import FastAPI

from ..ratelimit import ClientBuckets
from ..storage import AsyncRepository
from .bans import BanList
from .guard import BanGuard

REPORTS_PER_MINUTE = 10
"""Chat lines one address may report a minute (a burst of as many)."""


def install(app: FastAPI) -> None:
    """Add the ban guard and the routes to ``app``."""
    from .routes import page, router

    app.add_middleware(BanGuard)
    app.include_router(router)
    app.include_router(page)


async def start(app: FastAPI, repo: AsyncRepository) -> None:
    """Read the bans in force, and keep reading them; set up the report budgets."""
    bans = BanList()
    await bans.refresh(repo)
    bans.start(repo)
    app.state.bans = app.state.manager.bans = bans
    cluster = getattr(app.state, "cluster", None)
    rate, burst = REPORTS_PER_MINUTE / 60.0, REPORTS_PER_MINUTE
    app.state.report_limits = (
        ClientBuckets(rate, burst)
        if cluster is None
        else cluster.shared_buckets("reports", rate, burst)  # counted in Redis by every process
    )


async def stop(app: FastAPI) -> None:
    """Stop reading the bans."""
    bans: BanList | None = getattr(app.state, "bans", None)
    if bans is not None:
        await bans.stop()


__all__ = ["BanList", "install", "start", "stop"]
