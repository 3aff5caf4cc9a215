"""A finished table is dropped from memory once nobody watches it, and only that instance: one
read back from storage since, and joined, stays (the end of the old instance's bots once
dropped it from under its client, and the rematch told to it reached nobody); a client whose
join waited while its instance was forgotten keeps it in memory, or moves to the one read back."""

from __future__ import annotations

import asyncio
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


def test_an_instance_forgotten_while_a_client_joined_it_is_kept_again() -> None:
    registry: Any = SimpleNamespace(tables={})
    joined = finished({object()})  # its bots ended while the join waited for its lock
    assert TableManager.keep_joined(registry, joined) is joined
    assert registry.tables == {"t1": joined}


def test_a_client_that_joined_a_forgotten_instance_is_sent_to_the_one_read_back() -> None:
    registry: Any = SimpleNamespace(tables={})
    joined, read_back = finished({object()}), finished({object()})
    registry.tables["t1"] = read_back
    assert TableManager.keep_joined(registry, joined) is read_back
    assert registry.tables == {"t1": read_back}


def test_a_table_in_play_is_never_put_back() -> None:
    registry: Any = SimpleNamespace(tables={})
    playing = SimpleNamespace(id="t1", status="playing", subscribers={object()})
    assert TableManager.keep_joined(registry, playing) is playing
    assert registry.tables == {}  # another process may hold it now


class Conn:
    """A stand-in connection (hashable, as a real one is)."""

    def __init__(self) -> None:
        self.table: Any = None
        self.lang: str | None = None
        self.watcher_name: str | None = None


class JoinableTable:
    """A stand-in table that records who joins and leaves it."""

    def __init__(self) -> None:
        self.id, self.status, self.finish_stored = "t1", "finished", True
        self.subscribers: set[object] = set()
        self.seats = [SimpleNamespace(name="ana")]

    def seat_of(self, token: str) -> int | None:
        return 0 if token == "ana-token" else None

    async def join(self, conn: Any, token: str | None, since: int | None) -> None:
        self.subscribers.add(conn)
        conn.table = self

    async def leave(self, conn: Any, abandon: bool = False) -> None:
        self.subscribers.discard(conn)
        conn.table = None


def test_the_join_message_moves_the_client_to_the_instance_read_back() -> None:
    from solocards.server.live.play import handle
    from solocards.server.live.protocol import Join

    forgotten, read_back = JoinableTable(), JoinableTable()

    async def get(table_id: str) -> JoinableTable:
        return forgotten  # the instance in memory when the join began

    manager: Any = SimpleNamespace(
        get=get, bans=None, keep_joined=lambda table: read_back, tables={"t1": read_back}
    )
    conn = Conn()
    asyncio.run(handle(conn, manager, Join(table="t1", token="ana-token")))
    assert conn.table is read_back
    assert read_back.subscribers == {conn} and forgotten.subscribers == set()
