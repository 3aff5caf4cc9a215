"""A bot that says it never reads the log (``reads_log = False``) chooses exactly as it would
with the log: at every step of seeded rounds of every game, given the same random numbers, its
choice from the log-less view is its choice from the full view. ``view_for`` gives such a bot the
log-less view, and every other bot the full one."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import bot_names, make_bot
from solocards.core.bot import NO_REACTION, view_for
from solocards.core.windows import polling_order
from solocards.sim.tournament import TimedBot


def _log_free_bots(game: solocards.Game) -> list[str]:
    kinds = [kind for kind in bot_names(game) if kind in ("random", "heuristic")]
    return [kind for kind in kinds if not getattr(make_bot(kind, game), "reads_log", True)]


@pytest.mark.parametrize("game_id", solocards.games())
def test_a_bot_that_reads_no_log_chooses_the_same_without_it(game_id: str) -> None:
    game = solocards.make(game_id)
    kinds = _log_free_bots(game)
    assert "random" in kinds
    assert game_id == "uno" or "heuristic" in kinds  # UNO's heuristic counts the played cards
    for kind in kinds:
        bot = make_bot(kind, game)
        for seed in range(3):
            state = game.deal(seed=seed)
            steps = 0
            while not state.is_over and steps < 400:
                regular, reactors = polling_order(state)
                seat = reactors[0] if reactors else regular
                legal = state.legal_actions(seat) + ([NO_REACTION] if reactors else [])
                short = view_for(state, seat, bot)
                assert "log" not in short and short["log_size"] == state.log_size
                with_log = bot.choose(state.view(seat), legal, random.Random(steps))
                assert bot.choose(short, legal, random.Random(steps)) == with_log, (kind, steps)
                if with_log == NO_REACTION:
                    with_log = state.legal_actions(regular)[0]
                    seat = regular
                state.apply(seat, with_log)
                steps += 1


def test_a_bot_that_reads_the_log_gets_it() -> None:
    game = solocards.make("uno", players=2)
    state = game.deal(seed=3)
    view = view_for(state, 0, make_bot("heuristic", game))
    assert view == state.view(0)
    assert "log" in view


def test_a_timed_bot_reads_the_log_as_the_bot_it_times() -> None:
    game = solocards.make("frog")
    state = game.deal(seed=2)
    assert "log" not in view_for(state, 0, TimedBot(make_bot("random", game)))
    uno = solocards.make("uno", players=2)
    assert "log" in view_for(uno.deal(seed=2), 0, TimedBot(make_bot("heuristic", uno)))
