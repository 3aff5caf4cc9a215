"""Prometheus metrics at ``/metrics``: what an operator watches on a running site.

Off by default (``metrics=True`` turns it on; ``metrics_token`` then asks scrapers for
``Authorization: Bearer <token>``). Each server has a registry of its own, so that two apps in
one process (tests) never mix their counts. Counting costs a few attribute look-ups on the
paths it watches, and nothing when the metrics are off.

The metrics (docs/server.md, "Metrics", says what each means):

- ``solocards_actions_total``: actions stored (every accepted move of a person or a bot);
- ``solocards_tables{state}``: tables held by this process, by state (lobby, playing,
  finished);
- ``solocards_connections``: clients at the tables this process holds (those forwarded by
  another process included);
- ``solocards_bot_move_seconds``: how long a searching bot's move took on the bot threads;
- ``solocards_analysis_jobs``: hints and reviews queued or running in the analysis workers;
- ``solocards_storage_seconds{operation}``: how long each storage call took, queue included;
- ``solocards_rate_limited_total{limit}``: requests refused by a per-address limit;
- ``solocards_failovers_total``: tables this process took over from another (cluster);
- the ``process_*`` metrics of ``prometheus-client`` (resident memory, CPU seconds, ...).

>>> metrics = ServerMetrics()
>>> metrics.storage("append_action", 0.002)
>>> metrics.storage("load", 0.004)
>>> metrics.refused("creates")
>>> text = metrics.exposition().decode()
>>> "solocards_actions_total 1.0" in text
True
>>> 'solocards_rate_limited_total{limit="creates"} 1.0' in text
True
"""

from __future__ import annotations

import hmac
from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import generate_latest
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from ...i18n import _
from ..ratelimit import ClientBuckets

if TYPE_CHECKING:
    from ..live.tables import TableManager

ACTION_WRITES = frozenset({"append_action", "append_timed_action"})
"""The storage calls that store one accepted action each."""

STATES = ("lobby", "playing", "finished")

router = APIRouter(tags=["operations"])


class ServerMetrics:
    """The counters, histograms and live gauges of one server."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.actions = Counter(
            "solocards_actions", "Actions stored (accepted moves)", registry=self.registry
        )
        self.bot_moves = Histogram(
            "solocards_bot_move_seconds",
            "Time of a searching bot's move on the bot threads",
            buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 8.0, 15.0),
            registry=self.registry,
        )
        self.storage_seconds = Histogram(
            "solocards_storage_seconds",
            "Time of a storage call, its wait for the storage thread included",
            ["operation"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0),
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "solocards_rate_limited",
            "Requests refused by a per-address limit",
            ["limit"],
            registry=self.registry,
        )
        self.failovers = Counter(
            "solocards_failovers",
            "Tables this process took over from another process",
            registry=self.registry,
        )
        ProcessCollector(registry=self.registry)
        self._live: LiveGauges | None = None

    def watch(self, manager: TableManager) -> None:
        """Report ``manager``'s tables, connections and analysis jobs at each scrape."""
        if self._live is None:
            self._live = LiveGauges(manager)
            self.registry.register(self._live)

    def storage(self, operation: str, seconds: float) -> None:
        """A storage call ``operation`` (a repository method's name) took ``seconds``."""
        self.storage_seconds.labels(operation).observe(seconds)
        if operation in ACTION_WRITES:
            self.actions.inc()

    def bot_move(self, what: str, seconds: float) -> None:
        """A bot's computation (``what``: "bot") took ``seconds`` on the bot threads."""
        self.bot_moves.observe(seconds)

    def refused(self, limit: str) -> None:
        """A per-address ``limit`` ("creates", "seats", "joins", ...) refused a request."""
        self.rate_limited.labels(limit).inc()

    def failover(self) -> None:
        """This process took a table over from another one."""
        self.failovers.inc()

    def counting(
        self, make: Callable[[str, float, int], ClientBuckets]
    ) -> Callable[[str, float, int], ClientBuckets]:
        """A factory of per-address buckets like ``make``'s that counts their refusals."""

        def counted(name: str, rate: float, burst: int) -> ClientBuckets:
            return CountedBuckets(make(name, rate, burst), lambda: self.refused(name))

        return counted

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format."""
        return generate_latest(self.registry)


class LiveGauges(Collector):
    """Gauges read from the server at each scrape: tables by state, connections, jobs."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The gauges, as the server stands now."""
        tables = GaugeMetricFamily(
            "solocards_tables", "Tables held by this process, by state", labels=["state"]
        )
        cluster = self.manager.cluster
        held = [
            table
            for table in self.manager.tables.values()
            if cluster is None or cluster.holds(table.id)  # not those only read to answer
        ]
        states = Tally(table.status for table in held)
        for state in (*STATES, *sorted(set(states) - set(STATES))):
            tables.add_metric([state], states.get(state, 0))
        yield tables
        yield GaugeMetricFamily(
            "solocards_connections",
            "Clients at the tables this process holds, forwarded ones included",
            value=sum(len(table.subscribers) for table in held),
        )
        yield GaugeMetricFamily(
            "solocards_analysis_jobs",
            "Hints and reviews queued or running in the analysis workers",
            value=self.manager.hints.jobs_in_flight,
        )


class CountedBuckets(ClientBuckets):
    """Per-address buckets that report each refusal (a wrapper of any kind of buckets)."""

    def __init__(self, inner: ClientBuckets, on_refusal: Callable[[], None]) -> None:
        super().__init__(inner.rate, inner.burst, inner.max_clients)
        self.inner = inner
        self.on_refusal = on_refusal

    def take(self, client: str) -> float | None:
        """The inner buckets' answer; a refusal is counted."""
        wait = self.inner.take(client)
        if wait is not None:
            self.on_refusal()
        return wait

    async def spend(self, client: str) -> float | None:
        """The inner buckets' answer (in Redis for a cluster); a refusal is counted."""
        wait = await self.inner.spend(client)
        if wait is not None:
            self.on_refusal()
        return wait

    def __len__(self) -> int:
        return len(self.inner)


def allowed(token: str | None, authorization: str | None) -> bool:
    """Whether a scrape may read the metrics: no token set, or the right bearer token.

    >>> allowed(None, None), allowed("s3", "Bearer s3"), allowed("s3", "Bearer guess")
    (True, True, False)
    """
    if token is None:
        return True
    scheme, _space, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.encode(), token.encode())


@router.get(
    "/metrics",
    summary="Prometheus metrics (when the server turns them on)",
    response_class=Response,
    responses={401: {"description": "a metrics token is set and was not given"}},
)
async def metrics_endpoint(request: Request) -> Response:
    """The metrics in Prometheus' text format; 404 while they are off."""
    metrics: ServerMetrics | None = getattr(request.app.state, "metrics", None)
    if metrics is None:
        return JSONResponse({"detail": _("metrics are off on this server")}, status_code=404)
    settings: Any = request.app.state.settings
    if not allowed(settings.metrics_token, request.headers.get("authorization")):
        return JSONResponse(
            {"detail": _("the metrics need the server's metrics token")},
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
