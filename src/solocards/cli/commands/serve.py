"""The ``serve`` command: the web server (its settings from flags, a file, SOLOCARDS_*)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ...i18n import _
from ..common import (
    console,
    err,
    fail,
)
from ..lang import help_text


def serve(
    host: Annotated[str | None, typer.Option(help=help_text("Address to listen on."))] = None,
    port: Annotated[int | None, typer.Option(help=help_text("Port to listen on."))] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help=help_text("Database URL (default: SQLite under ./data; postgresql+psycopg://...)")
        ),
    ] = None,
    broker: Annotated[
        str | None,
        typer.Option(
            help=help_text(
                "Redis URL (redis://HOST:6379/0): run as one of several processes on one "
                "PostgreSQL database (--db)."
            )
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(
            help=help_text(
                "A TOML file of server settings (default: $SOLOCARDS_CONFIG); SOLOCARDS_* "
                "variables and the flags win over it."
            )
        ),
    ] = None,
    check_config: Annotated[
        bool,
        typer.Option(
            "--check-config",
            help=help_text(
                "Print the settings in force, check the database and the broker, and exit."
            ),
        ),
    ] = False,
) -> None:
    """Run the web server: lobby, tables, bots, the browser front end."""
    try:
        from ...server.configsources import ConfigError, describe
        from ...server.http.app import serve as run_server
        from ..serving import check, resolve
    except ImportError as error:
        raise fail(
            _(
                "the server needs its extra: pip install solocards[server] ({error})",
                error=str(error),
            )
        ) from None
    try:
        resolved = resolve(config, host=host, port=port, db=db, broker=broker)
    except ConfigError as error:
        raise fail(str(error)) from None
    settings = resolved.settings
    if settings.broker_url is not None and settings.db_url.startswith("sqlite"):
        raise fail(_("--broker needs a shared database: --db postgresql+psycopg://..."))
    if check_config:
        for line in describe(resolved):
            console.print(escape(line))
        problems = check(resolved)
        for problem in problems:
            err.print(f"[bold red]{escape(_('error:'))}[/] {escape(problem)}")
        raise typer.Exit(1 if problems else 0)
    run_server(host=resolved.host, port=resolved.port, settings=settings)


def register(app: typer.Typer) -> None:
    """Add the command to the ``solocards`` app."""
    app.command(help=help_text("Run the web server: lobby, tables, bots, the browser front end."))(
        serve
    )
