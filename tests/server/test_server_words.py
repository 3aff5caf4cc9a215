"""The server sends the words of every action string in the views it sends (``words``), as the
game's ``describe_action`` says them, so the browser needs no copy of any game's text."""

from __future__ import annotations

import json
import random

import solocards
from solocards.server.replay import replay_step
from solocards.server.updates import build_updates
from solocards.server.words import ActionWords


def strings_of(view: dict) -> set[str]:
    return set(view.get("legal_actions", ())) | {action for _, action in view["log"]}


def test_every_update_carries_the_words_of_its_views_masked_entries_included() -> None:
    game = solocards.make("frog")
    match = game.match(seed=11)
    words = ActionWords(game)
    rng = random.Random(4)
    masked = 0
    while not match.is_over:
        before, round_index = match.state.clone(), match.round_index
        seat = match.to_act[0]
        legal = match.state.legal_actions(seat)
        bid = next((call for call in ("frage", "pass") if call in legal), rng.choice(legal))
        match.apply(seat, bid)  # a Frage, and so discards hidden from the opponents
        common = {"version": len(before.history) + 1}
        texts, _ = build_updates(match, common, seat, before, round_index, words)
        for text in texts:
            message = json.loads(text)
            views = [
                {**message["view"], "log": message["log_added"]},
                (message.get("round_over") or {}).get("view"),
            ]
            expected = set().union(*(strings_of(view) for view in views if view))
            assert set(message["words"]) == expected
            for action, said in message["words"].items():
                assert said == game.describe_action(action)
            masked += "discard:??" in message["words"]
    assert masked, "no update showed a masked discard"


def test_a_string_the_game_cannot_describe_keeps_its_spelling() -> None:
    words = ActionWords(solocards.make("uno", players=2))
    assert words.of("W") == "W" and words.of("R7") == "plays red 7"


def test_a_replay_step_carries_its_words_and_the_title() -> None:
    game = solocards.make("uno", players=2)
    match = game.match(seed=2)
    for _ in range(30):
        seat = match.to_act[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    step = replay_step(match.record(), 30, 0)
    assert step["title"] == "UNO"
    assert set(step["words"]) == strings_of(step["view"]) and step["words"]
    assert all(said == game.describe_action(a) for a, said in step["words"].items())
