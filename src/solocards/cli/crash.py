"""An unexpected error of a ``solocards`` command: one line on stderr and exit status 1.

The commands turn the errors they expect (a bad option, a record that does not replay) into a
sentence and exit 2. Anything else is a fault of solocards, and a page of traceback helps
nobody at a terminal: :class:`CommandGroup` prints the error's kind and text on one line, with
how to see more, and exits 1. ``solocards --debug COMMAND ...`` or ``SOLOCARDS_DEBUG=1`` lets
the error through with its traceback instead.

>>> one_line(ValueError("empty range\\nfor randrange()"))
'ValueError: empty range for randrange()'
>>> debugging({"SOLOCARDS_DEBUG": "1"}), debugging({"SOLOCARDS_DEBUG": "0"}), debugging({})
(True, False, False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import typer

from ..i18n import _
from .batch import BatchGroup

DEBUG_VARIABLE = "SOLOCARDS_DEBUG"
"""The environment variable that shows the traceback of an unexpected error (any value but
empty or ``0``)."""

DEBUG_KEY = "solocards.debug"
"""Where ``--debug`` is kept in the context's ``meta``."""


def one_line(error: BaseException) -> str:
    """The kind and text of ``error`` on one line (runs of white space made one space)."""
    text = " ".join(str(error).split())
    kind = type(error).__name__
    return f"{kind}: {text}" if text else kind


def debugging(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``SOLOCARDS_DEBUG`` asks for tracebacks."""
    value = (os.environ if environ is None else environ).get(DEBUG_VARIABLE, "")
    return value not in ("", "0")


class CommandGroup(BatchGroup):
    """The command group: an unexpected error is one line on stderr and exit status 1."""

    def invoke(self, ctx: Any) -> Any:  # typer's own click Context, private to typer
        """Run the command; an error that is not the command line's own (a usage error, an
        exit) is printed on one line unless ``--debug`` or ``SOLOCARDS_DEBUG`` is set."""
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except Exception as error:
            if ctx.meta.get(DEBUG_KEY) or debugging():
                raise
            label = _("error:")
            hint = _(
                "an unexpected error; solocards --debug or {variable}=1 shows its traceback",
                variable=DEBUG_VARIABLE,
            )
            typer.echo(f"{label} {one_line(error)} ({hint})", err=True)
            ctx.exit(1)


__all__ = ["DEBUG_KEY", "DEBUG_VARIABLE", "CommandGroup", "debugging", "one_line"]
