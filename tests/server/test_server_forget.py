"""A finished table is dropped from memory once nobody watches it, and only that instance: one
read back from storage since, and joined, stays (the end of the old instance's bots once
dropped it from under its client, and the rematch told to it reached nobody)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from solocards.server.live.tables import TableManager


def finished(subscribers: set[object]) -> Any:
    """A stand-in for a finished table whose record is stored."""
    return SimpleNamespace(id="t1", status="finished", finish_stored=True, subscribers=subscribers)


def test_an_unwatched_finished_table_is_forgotten() -> None:
    registry: Any = SimpleNamespace(tables={})
    old = finished(set())
    registry.tables["t1"] = old
    TableManager.forget_if_idle(registry, old)
    assert registry.tables == {}


def test_a_watched_one_stays() -> None:
    registry: Any = SimpleNamespace(tables={})
    watched = finished({object()})
    registry.tables["t1"] = watched
    TableManager.forget_if_idle(registry, watched)
    assert registry.tables == {"t1": watched}


def test_the_old_instance_does_not_drop_the_one_read_back_since() -> None:
    registry: Any = SimpleNamespace(tables={})
    old, read_back = finished(set()), finished({object()})
    registry.tables["t1"] = read_back  # the old one was forgotten, then read back and joined
    TableManager.forget_if_idle(registry, old)  # the old instance's bots end afterwards
    assert registry.tables == {"t1": read_back}
