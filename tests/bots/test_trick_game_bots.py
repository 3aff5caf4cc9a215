"""The trick games' bots: legal, replayable rounds; the German Solo heuristic's bidding."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import make_bot
from solocards.games.german_solo.cards import card_id
from solocards.games.german_solo.heuristic import expected_tricks
from solocards.sim.runner import play_round


@pytest.mark.parametrize("game_id", ["german-solo", "frog"])
def test_ismcts_heuristic_and_random_play_legal_replayable_rounds(game_id: str) -> None:
    game = solocards.make(game_id)
    specs = ["ismcts:iterations=8", "heuristic", "random", "heuristic"][: game.players]
    bots = [make_bot(spec, game) for spec in specs]
    for seed in range(2):
        first = play_round(game.deal(seed=seed), bots, seed=seed)
        again = play_round(game.deal(seed=seed), bots, seed=seed)
        assert first.is_over and first.history == again.history


def test_german_solo_heuristic_beats_random() -> None:
    game = solocards.make("german-solo")
    heuristic, random_bot = make_bot("heuristic", game), make_bot("random", game)
    total = 0
    for index in range(24):
        seat = index % 4
        bots = [random_bot] * 4
        bots[seat] = heuristic
        result = play_round(game.deal(seed=index), bots, seed=index).result
        assert result is not None
        total += result["scores"][seat]
    assert total > 0


def hand(*cards: str) -> list[int]:
    return [card_id(card) for card in cards]


def test_german_solo_bids_follow_hand_strength() -> None:
    game = solocards.make("german-solo")
    bot = game.heuristic_bot()
    strong = ["QC", "7H", "QS", "AH", "KH", "JH", "AD", "AC"]
    weak = ["8C", "9D", "TD", "7S", "8S", "JH", "9C", "KD"]
    assert expected_tricks(hand(*strong), 2) >= 5.0 > 2.0 > expected_tricks(hand(*weak), 2)
    view = {
        "phase": "bidding",
        "couleur": "C",
        "auction": {"bids": [], "holder": None, "level": None, "proposal": None},
    }
    legal = ["pass", "simple", "simple-couleur", "solo", "solo-couleur", "tout", "tout-couleur"]
    rng = random.Random(0)
    assert bot.choose({**view, "hand": strong}, legal, rng) == "solo"
    assert bot.choose({**view, "hand": weak}, legal, rng) == "pass"
