"""Structured logs: one JSON object a line, with the table's id on every line about a table.

``solocards serve`` logs plain text by default; ``log_format = "json"`` (``SOLOCARDS_LOG_FORMAT``)
gives each line as JSON for a log collector::

    {"time": "2026-12-05T09:12:03.512Z", "level": "WARNING",
     "logger": "solocards.server.live.table",
     "message": "table Xy3: storing action 4 failed: ...", "table": "Xy3"}

The table is the ``table`` given with ``extra={"table": ...}``, else the argument that fills
``table %s`` in the message's template (how the server's messages about a table are written),
so no call site needs to change. An exception adds ``"error"`` (its traceback).

>>> import logging
>>> record = logging.LogRecord("solocards.server", logging.INFO, __file__, 1,
...                            "table %s: seat %d left", ("Xy3", 2), None)
>>> line = json.loads(JsonFormatter().format(record))
>>> line["table"], line["message"], line["level"]
('Xy3', 'table Xy3: seat 2 left', 'INFO')
"""

from __future__ import annotations

import json
import logging
import re
from datetime import UTC, datetime
from typing import Any

LOG_FORMATS = ("text", "json")

_TABLE_SLOT = re.compile(r"\btable[ =]%s")
_SLOT = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[sdrifgx%]")


def table_of(record: logging.LogRecord) -> str | None:
    """The table a log record is about: ``extra={"table": ...}``, or the argument of the
    template's ``table %s``.

    >>> table_of(logging.LogRecord("x", 20, "", 1, "the chat of table %s: %s", ("T1", "e"), None))
    'T1'
    >>> table_of(logging.LogRecord("x", 20, "", 1, "restored %d tables", (3,), None)) is None
    True
    """
    given = record.__dict__.get("table")
    if given is not None:
        return str(given)
    template, args = record.msg, record.args
    if not isinstance(template, str) or not isinstance(args, tuple):
        return None
    found = _TABLE_SLOT.search(template)
    if found is None:
        return None
    index = sum(1 for slot in _SLOT.findall(template[: found.end() - 2]) if slot != "%%")
    return str(args[index]) if index < len(args) else None


class JsonFormatter(logging.Formatter):
    """Each record as one line of JSON: time (UTC), level, logger, message, table, error."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a JSON object on one line."""
        moment = datetime.fromtimestamp(record.created, UTC)
        line: dict[str, Any] = {
            "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        table = table_of(record)
        if table is not None:
            line["table"] = table
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def uvicorn_log_config(log_format: str, level: str = "info") -> dict[str, Any] | None:
    """uvicorn's ``log_config`` for ``log_format``: ``None`` keeps its own text format; for
    ``"json"`` every logger (uvicorn's access and error logs, solocards') writes JSON lines
    to stderr.

    >>> uvicorn_log_config("text") is None
    True
    >>> uvicorn_log_config("json")["formatters"]["json"]["()"].endswith("JsonFormatter")
    True
    """
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log_format is one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    if log_format == "text":
        return None
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"json": handler},
        "root": {"handlers": ["json"], "level": level.upper()},
        "loggers": {
            "uvicorn": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.error": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.access": {"handlers": [], "level": level.upper(), "propagate": True},
        },
    }
