"""Bots in seats: one task per table that moves for every seat a bot plays.

The order is the one of :func:`solocards.sim.runner.choose_actor` (API.md): in a reaction
window the reacting seats played by bots are asked first, in seat order from the seat whose
regular turn it is, and each may answer ``NO_REACTION``; then, if that seat is played by a
bot, it moves. Seats of people are never asked: they act when they want. A bot waits
``bot_delay`` seconds before it moves, so that people can follow (and jump in first); anything
that changes the table meanwhile makes it look again.

Searching bots think on the server's :class:`~.botpool.BotPool` (bounded, one computation per
table, a hard deadline); past the deadline the table's fallback bot (the game's heuristic
bot, else ``random``) moves instead. Other bots choose at once.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from ...bots import make_bot
from ...core.bot import NO_REACTION, Bot, view_for
from ...core.errors import SoloError
from ...core.game import Game
from ...core.windows import polling_order
from .botpool import BotPool, searches
from .clock import default_move
from .protocol import ProtocolError
from .table import Table

log = logging.getLogger(__name__)

RETRY_LIMIT = 30.0
"""The longest wait between two tries of a bot whose moves the database refuses."""


@dataclass
class Question:
    """One bot to ask: its seat, what it sees, what it may do."""

    seat: int
    bot: Bot
    view: dict[str, Any]
    legal: list[str]
    rng: random.Random
    reaction: bool


def questions(table: Table) -> list[Question]:
    """The bots to ask now, in order (empty when no bot may move)."""
    match = table.match
    if match is None or table.status != "playing" or table.paused:
        return []
    to_act = match.to_act
    if not to_act or not any(table.seats[seat].played_by_bot for seat in to_act):
        return []
    state = match.state
    regular, reactors = polling_order(state)
    asked: list[Question] = []
    for seat in reactors:
        if table.seats[seat].played_by_bot:
            bot = table.bots.bot_for(seat)
            legal = [*state.legal_actions(seat), NO_REACTION]
            view = view_for(state, seat, bot)
            asked.append(Question(seat, bot, view, legal, table.bots.rng_for(seat), True))
    if table.seats[regular].played_by_bot:
        bot = table.bots.bot_for(regular)
        view = view_for(state, regular, bot)
        legal = state.legal_actions(regular)
        asked.append(Question(regular, bot, view, legal, table.bots.rng_for(regular), False))
    return asked


def decide(asked: list[Question]) -> tuple[int, str] | None:
    """Ask the bots in order; the first that does not decline moves. ``None``: nobody moves."""
    for question in asked:
        try:
            action = question.bot.choose(question.view, question.legal, question.rng)
        except Exception:
            log.exception("bot for seat %d failed; it plays the default move", question.seat)
            action = NO_REACTION if question.reaction else default_move(question.legal)
        if action == NO_REACTION and question.reaction:
            continue
        if action not in question.legal or action == NO_REACTION:
            log.warning("bot for seat %d chose %r, not a legal action", question.seat, action)
            if question.reaction:
                continue
            action = default_move(question.legal)
        return question.seat, action
    return None


def fallback_bot(game: Game) -> Bot:
    """The bot that moves when a table's own bot runs out of time: the game's heuristic bot,
    else ``random`` (both answer at once).

    >>> import solocards
    >>> fallback_bot(solocards.make("uno")).name
    'heuristic'
    """
    return make_bot("heuristic" if game.info.has_heuristic else "random", game)


async def think(
    table: Table, asked: list[Question], pool: BotPool | None
) -> tuple[int, str] | None:
    """The decision of the bots asked: on the pool for searching bots (with the deadline and
    the fallback), else at once."""
    if pool is None or not any(searches(question.bot) for question in asked):
        return decide(asked)
    fallback = fallback_bot(table.game)
    searching = sorted({question.seat for question in asked if searches(question.bot)})
    what = "bot of seat " + ", ".join(map(str, searching))
    return await pool.run(
        table.id,
        lambda: decide(asked),
        lambda: decide([replace(question, bot=fallback) for question in asked]),
        what,
    )


async def run(table: Table, delay: float, pool: BotPool | None = None) -> None:
    """Move for the table's bots until the game is over (a task per table).

    Searching bots think on ``pool``'s threads (without one, on the loop); they get copies of
    what they see, never the table.
    """
    try:
        await _run(table, delay, pool)
    finally:
        if pool is not None:
            pool.forget(table.id)


async def _run(table: Table, delay: float, pool: BotPool | None) -> None:
    failures = 0  # moves in a row the database did not take
    while table.status == "playing":
        await table.changed.wait()
        table.changed.clear()
        if table.status != "playing":
            break
        epoch = table.epoch
        if not questions(table):
            continue
        wait = bot_wait(table, delay)
        if wait > 0:
            await asyncio.sleep(wait)
            if table.epoch != epoch:
                table.changed.set()
                continue
        asked = questions(table)
        decision = await think(table, asked, pool)
        if decision is None:
            continue
        seat, action = decision
        refused = False
        async with table.lock:
            if table.epoch != epoch or table.status != "playing":
                table.changed.set()
                continue
            try:
                await table.commit(seat, action)
            except ProtocolError as problem:  # storage: logged once, then retried less often
                failures += 1
                if failures == 1:
                    log.warning(
                        "table %s: the bots' moves cannot be stored (%s); retrying with back-off",
                        table.id,
                        problem,
                    )
                refused = True
            except SoloError as problem:
                log.warning(
                    "table %s: the bot's move %r was refused: %s", table.id, action, problem
                )
                refused = True
            else:
                if failures:
                    log.info("table %s: storage is back after %d failures", table.id, failures)
                failures = 0
        if refused:  # look again a little later
            await asyncio.sleep(retry_delay(delay, failures))
            table.changed.set()
        await asyncio.sleep(0)


def bot_wait(table: Table, delay: float) -> float:
    """Seconds a bot waits before it moves: ``delay``, or until the end of the table's
    reaction window (:attr:`Table.window_until`) when people get one to jump in.

    Bot-only tables never wait longer than ``delay``.
    """
    if table.window_until is None:
        return delay
    return max(delay, table.window_until - time.time())


def retry_delay(delay: float, failures: int) -> float:
    """Seconds before the bots try again after ``failures`` refused moves in a row.

    >>> [retry_delay(0.0, n) for n in (0, 1, 2, 3, 8)]
    [0.5, 0.5, 1.0, 2.0, 30.0]
    """
    backoff: float = 0.5 * 2.0 ** max(0, failures - 1)
    return max(delay, min(RETRY_LIMIT, backoff))
