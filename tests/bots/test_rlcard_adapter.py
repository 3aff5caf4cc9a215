"""RLCard's UNO rule agent through the adapter: legal moves, replayable, our notation."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import NO_REACTION, make_bot
from solocards.bots.rlcard_adapter import RLCardUnoBot
from solocards.core.errors import OptionError
from solocards.sim.runner import play_round

pytest.importorskip("rlcard")


def test_card_strings_translate_both_ways() -> None:
    to = RLCardUnoBot.to_rlcard
    assert [to("R7"), to("YS"), to("GR"), to("B+2")] == ["r-7", "y-skip", "g-reverse", "b-draw_2"]
    assert to("W", "B") == "b-wild" and to("W+4", "Y") == "y-wild_draw_4"


def test_rounds_against_random_are_legal_and_replay() -> None:
    game = solocards.make("uno", players=2)
    bots = [make_bot("rlcard", game), make_bot("random", game)]
    for seed in range(3):
        first = play_round(game.deal(seed=seed), bots, seed=seed)
        again = play_round(game.deal(seed=seed), bots, seed=seed)
        assert first.is_over and first.history == again.history
        # It always calls UNO, so it is never caught.
        assert all(action != "catch>0" for _, action in first.history)


def test_it_draws_only_when_no_card_goes_and_never_reacts() -> None:
    game = solocards.make("uno", players=2)
    bot = RLCardUnoBot(game)
    view = {
        "phase": "play",
        "hand": ["R7", "G2"],
        "top_card": "R3",
        "color": "R",
        "players": 2,
        "seat": 0,
    }
    rng = random.Random(0)
    assert bot.choose(view, ["R7", "draw"], rng) == "R7"
    assert bot.choose(view, ["draw"], rng) == "draw"
    assert bot.choose(view, ["catch>1", NO_REACTION], rng) == NO_REACTION
    wild = {**view, "hand": ["W+4", "G2", "G5"], "top_card": "R3"}
    legal = ["W+4:R", "W+4:Y", "W+4:G", "W+4:B", "draw"]
    assert bot.choose(wild, legal, rng) == "W+4:G"  # the colour it holds most


def test_other_games_are_refused() -> None:
    with pytest.raises(OptionError, match="uno only"):
        make_bot("rlcard", solocards.make("frog"))
    with pytest.raises(OptionError, match="no parameter"):
        make_bot("rlcard:depth=2", solocards.make("uno", players=2))
