"""Server settings, with the defaults a small public server wants.

>>> Settings(db_url="sqlite://").bot_delay
0.6
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def data_dir() -> Path:
    """The project's data folder: ``$SOLOCARDS_DATA_DIR``, else ``./data`` (created if missing)."""
    folder = Path(os.environ.get("SOLOCARDS_DATA_DIR", "data")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_db_url() -> str:
    """The default database: an SQLite file ``solocards.sqlite`` in the data folder."""
    return f"sqlite:///{data_dir() / 'solocards.sqlite'}"


@dataclass(frozen=True)
class Settings:
    """Everything a server instance can be tuned by.

    - ``bot_delay``: seconds a bot waits before it moves (human-like; tests use 0).
    - ``leave_grace``: seconds a seated player may be disconnected before a bot takes over.
    - ``takeover_bot``: the bot that plays for an absent or timed-out player (``None``: the
      game's heuristic bot where it has one, else ``random``).
    - ``bot_move_seconds``: the time budget of a searching bot's move (ISMCTS stops by then).
    - ``bot_deadline_seconds``: a bot move not ready by then is played by the fallback bot.
    - ``bot_threads``: worker threads for searching bots, shared by every table (one
      computation per table at a time).
    - ``max_message_bytes``: larger client messages are refused with an error.
    - ``max_body_bytes``: larger HTTP request bodies are answered 413, unread.
    - ``rate_per_second`` / ``rate_burst``: the per-connection message budget.
    - ``send_queue``: messages waiting for a slow client before it is disconnected.
    - ``allow_seed``: let table creators choose the seed (it fixes every deck: tests only).
    - ``min_clock_seconds``: the shortest move clock a table may ask for (a clock of a
      millisecond would hand every human seat to a bot at once).
    - ``max_tables``: tables in the lobby or in play at once, to bound memory (a table in the
      lobby costs a few KiB, one in play some 50-70 KiB besides its game object, which tables
      with the same rules share).
    - ``create_per_minute`` / ``create_burst``: tables one client address may open.
    - ``seat_per_minute`` / ``seat_burst``: seats one client address may take in the lobby.
    - ``joins_per_second`` / ``join_burst``: ``join`` messages per connection.
    - ``address_joins_per_second`` / ``address_join_burst``: ``join`` messages per client
      address, all its connections together.
    - ``replay_per_second`` / ``replay_burst``: replay steps one client address may ask for;
      ``unknown_table_per_second`` / ``unknown_table_burst``: its requests about table ids
      that do not exist (:mod:`.http.readlimits`).
    - ``info_interval``: at most one ``table`` announcement per table in this many seconds
      (the latest state wins).
    - ``lobby_expiry``: seconds a lobby table may stay without a connected client or a change
      of seats before it expires.
    - ``idle_expiry``: seconds a table in play may go without an action while no seated
      player is connected before it expires.
    - ``expiry_interval``: seconds between two looks for expired tables.
    - ``event_buffer``: the last events kept per table for clients that reconnect; one that
      missed more gets a full resync.
    - ``tune_gc``: freeze the start-up heap and collect less often (``serve`` turns it on:
      it changes the whole process).
    - ``lab_dir``: the folder of finished lab reports (``solocards lab --report DIR`` folders
      with a ``report.json``) that ``/api/lab`` and the lab page list, read-only.
    - ``round_pause``: the longest the summary between two rounds waits for the seated people
      to say they are ready (``ready``): meanwhile the clock stops and bots wait. ``0`` turns
      the pause off; a table with nobody but bots never pauses.
    - ``reaction_window``: seconds a bot waits before it moves while a person may jump in
      (UNO's jump-in, a reaction window), at least ``bot_delay``; bot-only tables keep
      ``bot_delay``.
    - ``hints_per_round``: hints each seat may ask for per round (one at a time).
    - ``hint_seconds`` / ``hint_worlds``: the budget of one hint (it stops at whichever comes
      first); ``hint_deadline_seconds``: a hint not ready by then (queued behind others) is
      given up with an error.
    - ``analysis_workers``: worker processes for hints and reviews, shared by every table.
    - ``hint_per_second`` / ``hint_burst``: hints one client address may ask for, all its
      tables together.
    - ``chat_address_per_second`` / ``chat_address_burst``: chat lines one client address
      may send, all its connections together; ``table_chat_per_second`` /
      ``table_chat_burst``: chat lines one table takes from everyone together;
      ``watchers_per_address``: connections of one address that may watch one table without
      a seat (:mod:`.live.chatlimits`).
    - ``review_worlds`` / ``review_seconds``: the budget of each decision of a review;
      ``review_deadline_seconds``: a review not ready by then is answered 503 (it goes on
      and is cached); ``reviews_at_once``: reviews computed at the same time (more: 503;
      fewer than ``analysis_workers`` leaves a worker free for hints).
    - ``broker_url``: a Redis URL (``redis://host:6379/0``) to run as one of several processes
      on one PostgreSQL database (:mod:`solocards.server.cluster.cluster`); ``None``: one process.
    - ``broker_namespace``: the prefix of this cluster's Redis keys and channels.
    - ``lease_seconds``: how long a table's lease outlives its holder (renewed three times
      in that time); ``sweep_seconds``: how often a process looks for tables nobody holds;
      ``forward_patience``: how long a lobby request about a table waits for its holder (one
      that died is replaced meanwhile) before it is answered 503 with ``Retry-After``.
    - ``rematch_wait``: seconds after a rematch was asked for until its owner may start it
      without the people who have not said they are ready (it starts by itself once all are).
    - ``metrics``: serve Prometheus metrics at ``/metrics`` (:mod:`.http.metrics`; off by
      default); ``metrics_token``: then only to scrapers that send it as a bearer token.
    - ``admin_token``: whoever sends it as a bearer token may moderate
      (:mod:`.moderation`); ``admins``: the account names (comma-separated) that may moderate
      once logged in.
    - ``log_format``: ``"text"`` (uvicorn's own lines) or ``"json"``: one JSON object a line,
      with the table's id on every line about a table (:mod:`.logformat`).
    - ``storage_thread``: use the database from a worker thread, so that a slow or locked
      database never stalls the event loop (``None`` or ``True``; ``False`` runs it inline).
    - ``session_days``: how long a login lasts (the session cookie and its row both expire).
    - ``secure_cookies``: mark the session cookies ``Secure`` (sent over HTTPS only). Turn it
      off only to serve over plain HTTP on a private network; browsers treat ``localhost``
      as secure, so local play works with it on.
    - ``login_per_minute`` / ``login_burst``: logins and sign-ups one client address may try;
      ``account_login_per_hour`` / ``account_login_burst``: logins tried on one account name,
      from every address together.
    """

    db_url: str
    bot_delay: float = 0.6
    leave_grace: float = 20.0
    takeover_bot: str | None = None
    bot_move_seconds: float = 5.0
    bot_deadline_seconds: float = 8.0
    bot_threads: int = 2
    max_message_bytes: int = 4096
    max_body_bytes: int = 64 * 1024
    rate_per_second: float = 20.0
    rate_burst: int = 40
    send_queue: int = 512
    allow_seed: bool = False
    max_tables: int = 500
    min_clock_seconds: float = 1.0
    create_per_minute: float = 6.0
    create_burst: int = 10
    seat_per_minute: float = 30.0
    seat_burst: int = 20
    joins_per_second: float = 1.0
    join_burst: int = 5
    address_joins_per_second: float = 10.0
    address_join_burst: int = 60
    replay_per_second: float = 5.0
    replay_burst: int = 30
    unknown_table_per_second: float = 1.0
    unknown_table_burst: int = 30
    info_interval: float = 0.2
    lobby_expiry: float = 30 * 60.0
    idle_expiry: float = 6 * 3600.0
    expiry_interval: float = 60.0
    event_buffer: int = 256
    storage_thread: bool | None = None
    metrics: bool = False
    metrics_token: str | None = None
    admin_token: str | None = None
    admins: str = ""
    log_format: str = "text"
    lab_dir: str = "data/lab"
    tune_gc: bool = False
    round_pause: float = 60.0
    reaction_window: float = 2.5
    hints_per_round: int = 3
    hint_seconds: float = 1.5
    hint_worlds: int = 400
    hint_deadline_seconds: float = 20.0
    analysis_workers: int = 2
    hint_per_second: float = 0.2
    hint_burst: int = 10
    chat_address_per_second: float = 1.0
    chat_address_burst: int = 8
    table_chat_per_second: float = 2.0
    table_chat_burst: int = 20
    watchers_per_address: int = 8
    review_worlds: int = 60
    review_seconds: float = 0.25
    review_deadline_seconds: float = 60.0
    reviews_at_once: int = 1
    broker_url: str | None = None
    broker_namespace: str = "solocards"
    lease_seconds: float = 3.0
    sweep_seconds: float = 0.5
    forward_patience: float = 10.0
    rematch_wait: float = 30.0
    session_days: float = 30.0
    secure_cookies: bool = True
    login_per_minute: float = 10.0
    login_burst: int = 10
    account_login_per_hour: float = 20.0
    account_login_burst: int = 10
