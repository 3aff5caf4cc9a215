"""The ``solocards`` command line: play, simulate, replay, rules (Typer + Rich)."""

from .app import app, main

__all__ = ["app", "main"]
