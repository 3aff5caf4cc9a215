"""The bot registry checks every parameter of a spec: known, of its type, finite, in range."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import make_bot
from solocards.bots.registry import bot_names, cannot_play, rlcard_installed
from solocards.core.errors import OptionError

UNO = solocards.make("uno", players=2)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:seconds=nan", "seconds must be a finite number from 0.001 to 60.0"),
        ("ismcts:seconds=inf", "seconds must be a finite number"),
        ("ismcts:seconds=-1", "seconds must be a finite number"),
        ("ismcts:c=abc", "c must be a finite number from 0.0 to 10.0, not 'abc'"),
        ("ismcts:c=nan", "c must be a finite number"),
        ("ismcts:score_weight=abc", "score_weight must be a finite number from 0.0 to 1.0"),
        ("ismcts:trust=inf", "trust must be a finite number"),
        ("ismcts:iterations=0", "iterations must be a whole number from 1 to 100000"),
        ("ismcts:iterations=2.5", "iterations must be a whole number"),
        ("ismcts:depth=-3", "depth must be a whole number from 0 to 1000"),
        ("ismcts:rollout=fastest", "rollout must be one of auto, fast, random, heuristic"),
        ("ismcts:iterations=5,iterations=6", "iterations is given twice"),
        ("ismcts:nope=1", "no parameter 'nope'; parameters: iterations, seconds"),
        ("heuristic:foo=1", "no parameter 'foo'; parameters: challenge_at, bluff_at"),
        ("heuristic:challenge_at=abc", "challenge_at must be a whole number from 0 to 108"),
        ("heuristic:bluff_at=nan", "bluff_at must be a whole number"),
        ("random:speed=2", "no parameter 'speed'; it takes no parameters"),
        ("ismcts:seconds", "is not key=value"),
    ],
)
def test_bad_parameters_are_option_errors_naming_the_parameter(spec: str, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_bot(spec, UNO)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    ("game_id", "spec", "words"),
    [
        ("frog", "heuristic:solo=nan", "solo must be a finite number from 0.0 to 50.0"),
        ("frog", "heuristic:greed=1", "no parameter 'greed'; parameters: solo, frage"),
        ("german-solo", "heuristic:boldness=inf", "boldness must be a finite number"),
        ("amigo-solo", "heuristic:x=1", "it takes no parameters"),
    ],
)
def test_every_game_declares_its_heuristic_parameters(game_id: str, spec: str, words: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_bot(spec, solocards.make(game_id))
    assert words in str(caught.value)


def test_good_parameters_build_the_bot_they_describe() -> None:
    bot = make_bot("ismcts:iterations=30,c=0.5,score_weight=1,rollout=random", UNO)
    assert (bot.iterations, bot.exploration, bot.score_weight) == (30, 0.5, 1.0)  # type: ignore[attr-defined]
    heuristic = make_bot("heuristic:challenge_at=3,bluff_at=1", UNO)
    assert (heuristic.challenge_at, heuristic.bluff_at) == (3, 1)  # type: ignore[attr-defined]
    assert make_bot("heuristic:boldness=0.5", solocards.make("german-solo")).boldness == 0.5  # type: ignore[attr-defined]


def test_a_time_budget_caps_the_search() -> None:
    bot = make_bot("ismcts:iterations=100000", UNO, time_budget=0.05)
    assert bot.seconds == 0.05  # type: ignore[attr-defined]
    shorter = make_bot("ismcts:seconds=0.01", UNO, time_budget=0.05)
    assert shorter.seconds == 0.01  # type: ignore[attr-defined]
    state = UNO.deal(seed=3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert bot.choose(state.view(seat), legal, random.Random(1)) in legal
    assert bot.last_stats["iterations"] < 100_000  # type: ignore[attr-defined]


@pytest.mark.skipif(rlcard_installed(), reason="checks an installation without RLCard")
def test_rlcard_is_neither_listed_nor_accepted_without_rlcard() -> None:
    assert "rlcard" not in bot_names()
    assert "rlcard" not in bot_names(UNO)
    assert cannot_play("rlcard", UNO) is not None
    with pytest.raises(OptionError, match="needs RLCard"):
        make_bot("rlcard", UNO)


def test_rlcard_plays_uno_only() -> None:
    assert "rlcard" not in bot_names(solocards.make("frog"))
    with pytest.raises(OptionError):
        make_bot("rlcard", solocards.make("frog"))


def test_kinds_are_listed_for_the_games_they_can_play() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(bot_names(UNO))
    assert "heuristic" in bot_names(type(UNO))
