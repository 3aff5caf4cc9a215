"""``solocards serve``'s settings: the file, the environment and the flags, and their check.

The flags win over the environment and the file (:mod:`solocards.server.configsources`).

>>> resolved = resolve(None, port=9001, environ={"SOLOCARDS_PORT": "9000"})
>>> resolved.port
9001
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..server.configsources import ServeConfig, load_config


def resolve(
    config_file: Path | None,
    *,
    host: str | None = None,
    port: int | None = None,
    db: str | None = None,
    broker: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> ServeConfig:
    """The configuration in force: ``config_file`` and the environment, then the flags given."""
    config = load_config(config_file, environ)
    sources = dict(config.sources)
    changes: dict[str, Any] = {}
    if db is not None:
        changes["db_url"] = db
        sources["db_url"] = "--db"
    if broker is not None:
        changes["broker_url"] = broker
        sources["broker_url"] = "--broker"
    if host is not None:
        sources["host"] = "--host"
    if port is not None:
        sources["port"] = "--port"
    # a serving process collects garbage less often unless told otherwise
    if "tune_gc" not in sources:
        changes["tune_gc"] = True
    return ServeConfig(
        host=host if host is not None else config.host,
        port=port if port is not None else config.port,
        settings=dataclasses.replace(config.settings, **changes),
        sources=sources,
    )


def check(config: ServeConfig) -> list[str]:
    """What keeps this configuration from serving: the database, its migrations, the broker.

    >>> check(resolve(None, db="sqlite://", environ={}))  # migrated when the server starts
    []
    >>> check(resolve(None, db="sqlite://", broker="redis://127.0.0.1:1/0", environ={}))
    ['the broker does not answer (ConnectionError)']
    """
    from ..server.http.health import broker_problem, check_database

    problems = check_database(config.settings.db_url, before_start=True)
    if config.settings.broker_url is not None:
        problem = asyncio.run(broker_problem(config.settings.broker_url))
        if problem is not None:
            problems.append(problem)
    return problems
