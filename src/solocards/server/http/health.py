"""Liveness and readiness: ``/healthz`` and ``/readyz``, and the checks behind them.

``/healthz`` answers 200 while the process serves requests at all (a load balancer or an
orchestrator restarts a process that stops answering it). ``/readyz`` answers 200 only while
this process can do its work: the database answers, its schema is at the newest migration, and
(in a cluster) the broker answers; otherwise 503 with each failing part named, so that a
reverse proxy sends players elsewhere until it recovers. Neither shows an address, a password
or an error's full text: a part is ``"ok"`` or a short reason.

The same checks run once from the command line: ``solocards serve --check-config``.

>>> check_database("sqlite://")[0].startswith("the database is at no migration")
True
>>> check_database("sqlite://", before_start=True)  # the server migrates it when it starts
[]
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

from ..failures import STORAGE_ERRORS
from ..storage.migrate import MIGRATIONS, current_revision, head_revision
from ..storage.repository import make_engine

router = APIRouter(include_in_schema=True, tags=["operations"])

_REVISION = re.compile(r"^revision\s*=\s*[\"'](\w+)[\"']", re.MULTILINE)

READY_TIMEOUT = 3.0
"""Seconds each readiness check may take before it counts as failed."""


def known_revisions() -> set[str]:
    """Every migration this version of solocards has (``0001`` up to the newest)."""
    found: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        revision = _REVISION.search(path.read_text(encoding="utf-8"))
        if revision:
            found.add(revision.group(1))
    return found


def schema_problem(engine: Engine, *, before_start: bool = False) -> str | None:
    """Why the database cannot serve, or ``None``.

    A running server needs its database to answer and to be at the newest migration. Before
    the server starts (``before_start``), an empty database or one at an older migration is
    fine, since the server migrates it at start-up; one at a migration this version does not
    know (written by a newer solocards) is not.
    """
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        revision = current_revision(engine)
    except STORAGE_ERRORS as error:
        return f"the database does not answer ({type(error).__name__})"
    want = head_revision()
    if revision == want:
        return None
    if revision is not None and revision not in known_revisions():
        return f"the database is at migration {revision}, which this solocards does not know"
    if before_start:
        return None
    if revision is None:
        return f"the database is at no migration (want {want}); start the server once to migrate it"
    return f"the database is at migration {revision}, not {want}"


def check_database(url: str, *, before_start: bool = False) -> list[str]:
    """The problems of the database at ``url``: [] when it can serve (:func:`schema_problem`)."""
    engine = make_engine(url)
    try:
        problem = schema_problem(engine, before_start=before_start)
    finally:
        engine.dispose()
    return [] if problem is None else [problem]


async def broker_problem(url: str) -> str | None:
    """Why the Redis broker at ``url`` cannot be used, or ``None`` when it answers ``PING``."""
    from redis.asyncio import Redis
    from redis.exceptions import RedisError

    client: Any = Redis.from_url(url, socket_connect_timeout=READY_TIMEOUT)
    try:
        await asyncio.wait_for(client.ping(), READY_TIMEOUT)
    except (RedisError, OSError, TimeoutError) as error:
        return f"the broker does not answer ({type(error).__name__})"
    finally:
        await client.aclose()
    return None


async def readiness(request: Request) -> dict[str, str]:
    """Each part this process needs, ``"ok"`` or why not."""
    app = request.app
    parts: dict[str, str] = {}
    manager = getattr(app.state, "manager", None)
    if manager is None:
        return {"server": "starting"}
    try:
        problem = await asyncio.wait_for(
            manager.repo.read(lambda repository: schema_problem(repository.engine)),
            READY_TIMEOUT,
        )
    except TimeoutError:
        problem = "the database did not answer in time"
    parts["database"] = problem or "ok"
    cluster = getattr(app.state, "cluster", None)
    if cluster is not None:
        try:
            await asyncio.wait_for(cluster.broker.redis.ping(), READY_TIMEOUT)
            parts["broker"] = "ok"
        except Exception as error:  # any failure of the link means: not ready
            parts["broker"] = f"the broker does not answer ({type(error).__name__})"
    return parts


@router.get("/healthz", summary="The process lives")
async def healthz() -> dict[str, str]:
    """200 ``{"status": "ok"}`` whenever the process answers."""
    return {"status": "ok"}


@router.get(
    "/readyz",
    summary="The process can serve: storage, migrations and broker",
    responses={503: {"description": "a part is not ready; each part says why"}},
)
async def readyz(request: Request) -> JSONResponse:
    """200 when every part is ``"ok"``, else 503; the body names each part."""
    parts = await readiness(request)
    ready = all(value == "ok" for value in parts.values())
    body = {"status": "ready" if ready else "not ready", "parts": parts}
    return JSONResponse(body, status_code=200 if ready else 503)
