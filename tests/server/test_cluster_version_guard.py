"""Two writers of one table (a process that lost its lease and does not know it yet): the
database refuses the second action with the same number, and its writer catches up.

The cluster serialises a table's actions by a lease (:mod:`solocards.server.cluster.leases`); this
is what keeps a table whole when the lease alone does not: an action's (table, number) is the
primary key of ``table_actions``.
"""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import TINY

from solocards.server.config import Settings
from solocards.server.live.protocol import ProtocolError
from solocards.server.live.table import Table
from solocards.server.storage import AsyncRepository, Repository, StoredSeat, StoredTable


def test_two_writers_of_one_version_the_database_takes_one(db_url: str) -> None:
    settings = Settings(db_url=db_url, allow_seed=True)
    first, second = Repository(db_url), Repository(db_url)
    first.create_schema()
    first.create(
        StoredTable(
            id="guarded",
            game=TINY,
            players=2,
            options={"rounds": 1, "jump_in": False},
            seed=3,
            public=True,
            status="playing",
            owner_hash="x",
            seats=[
                StoredSeat(0, "human", "ana", None, "h0"),
                StoredSeat(1, "human", "bo", None, "h1"),
            ],
        )
    )

    async def scenario() -> tuple[Table, Table]:
        loaded = first.load("guarded")
        assert loaded is not None
        here = Table(loaded, AsyncRepository(first, threaded=False), settings)
        there = Table(
            second.load("guarded") or loaded, AsyncRepository(second, threaded=False), settings
        )
        assert here.match is not None and there.match is not None
        seat = here.match.to_act[0]
        legal = here.match.state.legal_actions(seat)
        await here.commit(seat, legal[0])
        with pytest.raises(ProtocolError) as refused:
            await there.commit(seat, legal[-1])
        assert refused.value.code == "storage"
        return here, there

    here, there = asyncio.run(scenario())
    stored = second.load("guarded")
    assert stored is not None
    assert stored.actions == here.actions  # one action 0, the first writer's
    assert len(stored.actions) == 1
    # the second writer rebuilt the table from storage: it is at the stored version now
    assert there.version == here.version == 1
    assert there.actions == here.actions
    assert there.match is not None and here.match is not None
    assert there.match.state.view(None) == here.match.state.view(None)
    first.dispose()
    second.dispose()
