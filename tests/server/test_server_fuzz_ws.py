"""The play endpoint fuzzed: random frames never change a table nor break the connection.

Hypothesis sends a seated client's connection random text, binary frames, bad JSON, JSON of any
shape, message-shaped objects with wrong types (strings, lists, NaN, Infinity, huge numbers,
lone surrogates) and frames over the size limit. Afterwards the table is unchanged (same
version, same view) and the connection still answers a ping and a sync.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import TINY, Client, LiveServer, open_table, sqlite_url
from test_server_errors import quiet_seed

import solocards
from solocards.server.live.protocol import ERROR_CODES

SURROGATES = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**30, max_value=10**300)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
    | SURROGATES
    | SURROGATES.map(lambda s: "R" + s)
)
ANY_JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELD = st.one_of(
    st.tuples(st.text(max_size=6), SURROGATES).map("".join),
    st.text(max_size=40),
    ANY_JSON,
)
SHAPED = st.fixed_dictionaries(
    {"type": st.sampled_from(["join", "action", "sync", "ping", "dance", 7, None])},
    optional={"table": FIELD, "token": FIELD, "version": FIELD, "action": FIELD},
)
ACTIONS = st.fixed_dictionaries({"action": FIELD, "version": FIELD})
JOINS = st.fixed_dictionaries({"type": st.just("join"), "table": FIELD}, optional={"token": FIELD})


def as_text(value: Any) -> str:
    """JSON text as Python writes it: NaN and Infinity as such, surrogates escaped."""
    return json.dumps(value)


FRAMES = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200),
    ANY_JSON.map(as_text),
    SHAPED.map(as_text),
    JOINS.map(as_text),
    ACTIONS.map(as_text),
    st.sampled_from(["{", "[]", "null", "NaN", "-Infinity", '{"type": "join", "table": 1e999}']),
    st.integers(4097, 9000).map(lambda size: "x" * size),
    st.integers(1, 60).map(lambda depth: "[" * depth * 60 + "]" * depth * 60),
)


@pytest.fixture
def fuzzed(tmp_path: Path) -> Iterator[tuple[LiveServer, str, str]]:
    """A live server with a table that only its first seat may act at; the table and the token
    of a seat that may not act now."""
    seed = quiet_seed()
    with (
        LiveServer(sqlite_url(tmp_path), allow_seed=True, leave_grace=600.0) as live,
        httpx.Client(base_url=live.http) as http,
    ):
        table, _, tokens = open_table(http, TINY, {s: f"p{s}" for s in range(3)}, {}, seed=seed)
        mover = solocards.make(TINY).match(seed=seed).to_act[0]  # nobody else may act
        idle = (mover + 1) % 3
        yield live, table, tokens[idle]


async def exchange(live: LiveServer, table: str, token: str, frames: list[str | bytes]) -> None:
    async with Client(live.ws) as client:
        before = await client.join(table, token)
        assert before["type"] == "sync"
        for frame in frames:
            await client.send(frame)
        await client.send({"type": "ping"})
        while (answer := await client.recv(10.0))["type"] != "pong":
            if answer["type"] == "error":
                assert answer["code"] in ERROR_CODES, answer
                assert isinstance(answer["message"], str) and len(answer["message"]) < 1000
        await client.send({"type": "sync"})
        after = await client.recv_until(lambda m: m["type"] == "sync", 10.0)
        assert (after["version"], after["status"]) == (before["version"], before["status"])
        assert after["view"] == before["view"]
        assert after["seat"] == before["seat"]
        assert [seat["kind"] for seat in after["info"]["seats"]] == ["human"] * 3
        assert not any(seat["away"] for seat in after["info"]["seats"])


def test_random_frames_change_nothing(fuzzed: tuple[LiveServer, str, str]) -> None:
    live, table, token = fuzzed

    @given(frames=st.lists(FRAMES, min_size=1, max_size=12))
    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    def fuzz(frames: list[str | bytes]) -> None:
        asyncio.run(exchange(live, table, token, frames))

    fuzz()
    with httpx.Client(base_url=live.http) as http:
        info = http.get(f"/api/tables/{table}").json()
    assert info["version"] == 0 and info["status"] == "playing"
