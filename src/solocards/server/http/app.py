"""The FastAPI application: lobby under ``/api/``, play at ``/ws``, the web front end at ``/``.

>>> app = create_app("sqlite://", bot_delay=0)
>>> for path in app.openapi()["paths"]:
...     if path.startswith("/api/tables/{table_id}/s"):
...         print(path)
/api/tables/{table_id}/seats/{seat}
/api/tables/{table_id}/seats/{seat}/bot
/api/tables/{table_id}/start
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from ... import __version__
from ...i18n import _
from ...i18n.languages import negotiate
from .. import accounts, moderation
from ..config import Settings, default_db_url
from ..failures import STORAGE_ERRORS, one_line, storage_unavailable
from ..limits import ClientLimits
from ..live import play
from ..live.tables import TableManager
from ..logformat import uvicorn_log_config
from ..ratelimit import ClientBuckets
from ..ratings import api as ratings_api
from ..storage import AsyncRepository, Repository, upgrade
from . import health, lab, lobby, metrics, mygames, replay, review, webcatalog
from .apidocs import install_docs
from .gamemodules import router as game_modules_router
from .howto import router as howto_router
from .language import RequestLanguage
from .metrics import ServerMetrics
from .middleware import BodyLimit, SecurityHeaders
from .readlimits import TableReadLimits
from .validation import validation_error

log = logging.getLogger(__name__)

WEB = Path(__file__).resolve().parents[2] / "web"


def create_app(
    db_url: str | None = None,
    bot_delay: float | None = None,
    *,
    settings: Settings | None = None,
    **overrides: Any,
) -> FastAPI:
    """The server application.

    ``db_url``: an SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``); by
    default an SQLite file in the data folder. ``bot_delay``: seconds bots wait before moving
    (0 in tests). Any other :class:`~solocards.server.config.Settings` field may be given by
    name. The migrations run, and every unfinished table is rebuilt, when the app starts.

    Every HTTP response carries the security headers of :mod:`.middleware`; request bodies
    over ``max_body_bytes`` are answered 413; validation errors echo little of the input.
    """
    base = settings or Settings(db_url=db_url or default_db_url())
    changes: dict[str, Any] = dict(overrides)
    if db_url is not None:
        changes["db_url"] = db_url
    if bot_delay is not None:
        changes["bot_delay"] = bot_delay
    final = replace(base, **changes)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        repository = Repository(final.db_url)
        upgrade(repository.engine)
        repo = AsyncRepository(repository, final.storage_thread)
        manager = TableManager(repo, final)
        app.state.settings = final
        app.state.limits = ClientLimits(final)
        app.state.manager = manager
        app.state.cluster = None
        app.state.metrics = watch(manager) if final.metrics else None
        buckets: Callable[[str, float, int], ClientBuckets] = local_buckets
        if final.broker_url is not None:
            from ..cluster.cluster import Cluster

            manager.cluster = app.state.cluster = Cluster(app, manager, final)
            buckets = manager.cluster.shared_buckets
            await manager.cluster.start()
        if app.state.metrics is not None:
            buckets = app.state.metrics.counting(buckets)
        app.state.limits = ClientLimits(final, buckets)
        await moderation.start(app, repo)
        restored = await manager.restore()
        manager.start_expiry()
        if final.tune_gc:
            tune_gc()
        log.info("solocards server ready (%d tables restored)", restored)
        try:
            yield
        finally:
            await moderation.stop(app)
            await manager.close()
            if manager.cluster is not None:
                await manager.cluster.close()
            repo.close()

    app = FastAPI(
        title="solocards",
        version=__version__,
        description="Play the card games called Solo with friends and bots: the lobby under "
        "`/api/`, the game itself over one WebSocket per client at `/ws`.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )

    async def storage_failed(request: Request, error: Exception) -> Response:
        """A read or write of the database failed: 503, and one line in the log."""
        log.warning("%s %s: %s", request.method, request.url.path, one_line(error))
        return JSONResponse({"detail": storage_unavailable()}, status_code=503)

    for failure in STORAGE_ERRORS:
        app.add_exception_handler(failure, storage_failed)
    app.add_exception_handler(RequestValidationError, validation_error)
    accounts.install(app)  # the CSRF guard inside the language, headers and forwarding
    if final.broker_url is not None:
        from ..cluster.forwarding import ForwardTableRequests

        app.add_middleware(ForwardTableRequests)  # inside the body limit
    app.add_middleware(TableReadLimits)  # outside the forwarding: counted where they arrive
    moderation.install(app)  # banned addresses are refused where they arrive
    app.add_middleware(BodyLimit, max_bytes=final.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RequestLanguage)
    install_docs(app)
    app.include_router(lobby.router)
    app.include_router(play.router)
    app.include_router(replay.router)
    app.include_router(review.router)
    app.include_router(lab.router)
    app.include_router(howto_router)
    app.include_router(game_modules_router)  # before the static files: /js/games/<id>.js
    app.include_router(mygames.router)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(ratings_api.router)
    app.include_router(ratings_api.pages)

    @app.get("/play/{table_id}", include_in_schema=False, response_model=None)
    async def invite(table_id: str) -> Response:
        """An invitation link: the web front end, or the table's JSON without one."""
        index = WEB / "index.html"
        if index.is_file():
            return FileResponse(index)
        return RedirectResponse(f"/api/tables/{table_id}")

    @app.get("/i18n/languages.json", include_in_schema=False)
    async def web_languages(request: Request) -> JSONResponse:
        """The languages of the switcher, and the one the browser's Accept-Language asks for."""
        asked = negotiate(request.headers.get("accept-language"))
        return JSONResponse(webcatalog.languages_json(asked), headers={"Vary": "Accept-Language"})

    @app.get("/i18n/{lang}.json", include_in_schema=False, response_model=None)
    async def web_catalog(lang: str, request: Request) -> Response:
        """The web page's catalog of ``lang`` (404 for a language solocards does not speak)."""
        try:
            catalog = webcatalog.catalog_response(lang)
        except webcatalog.UnknownLanguage:
            detail = _("There is no language {lang}.", lang=repr(lang[:16]))
            return JSONResponse({"detail": detail}, status_code=404)
        headers = {"ETag": catalog.etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == catalog.etag:
            return Response(status_code=304, headers=headers)
        return Response(catalog.body, media_type="application/json", headers=headers)

    if WEB.is_dir():
        app.mount("/", StaticFiles(directory=WEB, html=True, check_dir=False), name="web")
    return app


def local_buckets(_name: str, rate: float, burst: int) -> ClientBuckets:
    """Per-address buckets counted in this process (one server process alone)."""
    return ClientBuckets(rate, burst)


def watch(manager: TableManager) -> ServerMetrics:
    """Metrics of ``manager``'s server: its tables, storage calls, bots and take-overs."""
    server_metrics = ServerMetrics()
    server_metrics.watch(manager)
    manager.metrics = server_metrics
    manager.repo.observe = server_metrics.storage
    manager.bot_pool.observe = server_metrics.bot_move
    return server_metrics


def tune_gc() -> None:
    """Shorter garbage-collector pauses for a server process.

    Everything alive after start-up (modules, classes, functions: most of the heap) is moved
    out of the collector's sight with ``gc.freeze()``, and young collections run less often.
    Without it, full collections of the start-up heap stall every table for a moment.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "info",
    *,
    settings: Settings | None = None,
    **overrides: Any,
) -> None:
    """Run the server until interrupted (``solocards serve``).

    ``settings``: everything at once (``solocards serve`` reads them from its file, the
    environment and its flags: :mod:`..configsources`); ``overrides`` are
    :class:`~solocards.server.config.Settings` fields, as for :func:`create_app` (a benchmark
    raises the per-client limits, for instance).
    """
    import uvicorn

    if settings is None:
        overrides.setdefault("tune_gc", True)
    app = create_app(db_url, bot_delay, settings=settings, **overrides)
    log_format = overrides.get("log_format", settings.log_format if settings else "text")
    extra: dict[str, Any] = {}
    log_config = uvicorn_log_config(log_format, log_level)
    if log_config is not None:  # else uvicorn's own text format
        extra["log_config"] = log_config
    print(f"solocards: serving on http://{host}:{port}/ (API docs at /docs)", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        **extra,
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
