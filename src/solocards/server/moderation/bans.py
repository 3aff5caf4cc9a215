"""The bans in force, as every request checks them: read from the database every few seconds.

Every process of a cluster reads the same ``bans`` rows, so a ban set on one process holds on
every other within :data:`REFRESH_SECONDS`; the process that set it knows at once.

>>> from datetime import UTC, datetime, timedelta
>>> from .store import Ban
>>> now = datetime.now(UTC)
>>> bans = BanList()
>>> bans.replace([Ban(1, "name", name_key("Troll"), "Troll", "", "", now, now + timedelta(1))])
>>> bans.name_banned("TROLL"), bans.name_banned("Ana"), bans.address_banned("10.0.0.1")
(True, False, False)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from datetime import UTC, datetime

from ..accounts.names import name_key
from ..failures import STORAGE_ERRORS, one_line
from ..storage import AsyncRepository
from . import store
from .store import Ban

log = logging.getLogger(__name__)

REFRESH_SECONDS = 5.0
"""How often a process reads the bans again (a ban set elsewhere holds here after at most this)."""


class BanList:
    """The names and addresses kept out now."""

    def __init__(self) -> None:
        self._names: dict[str, datetime] = {}
        self._addresses: dict[str, datetime] = {}
        self._task: asyncio.Task[None] | None = None

    def replace(self, bans: Iterable[Ban]) -> None:
        """Take ``bans`` (those in force) in place of what was known."""
        names: dict[str, datetime] = {}
        addresses: dict[str, datetime] = {}
        for ban in bans:
            (names if ban.kind == "name" else addresses)[ban.value_key] = ban.until
        self._names, self._addresses = names, addresses

    def add(self, ban: Ban) -> None:
        """A ban just set here: in force at once."""
        (self._names if ban.kind == "name" else self._addresses)[ban.value_key] = ban.until

    def lift(self, kind: str, value_key: str) -> None:
        """A ban just lifted here."""
        (self._names if kind == "name" else self._addresses).pop(value_key, None)

    def name_banned(self, name: str | None) -> bool:
        """Whether ``name`` (compared as account names are: case and look-alikes folded) is
        kept out."""
        if not name:
            return False
        until = self._names.get(name_key(name))
        return until is not None and until > datetime.now(UTC)

    def address_banned(self, address: str | None) -> bool:
        """Whether requests from ``address`` are kept out."""
        if not address:
            return False
        until = self._addresses.get(address)
        return until is not None and until > datetime.now(UTC)

    async def refresh(self, repo: AsyncRepository) -> None:
        """Read the bans in force from the database."""
        self.replace(await repo.read(store.active_bans, datetime.now(UTC)))

    def start(self, repo: AsyncRepository, every: float = REFRESH_SECONDS) -> None:
        """Read the bans again every ``every`` seconds until :meth:`stop`."""

        async def loop() -> None:
            while True:
                try:
                    await self.refresh(repo)
                except STORAGE_ERRORS as error:  # keep what was known; try again later
                    log.warning("reading the bans failed: %s", one_line(error))
                await asyncio.sleep(every)

        self._task = asyncio.get_running_loop().create_task(loop())

    async def stop(self) -> None:
        """Stop reading the bans."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
