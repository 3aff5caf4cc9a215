"""The server sends the words of every action string in the views it sends (``words``), as the
game's ``describe_action`` says them, so the browser needs no copy of any game's text."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import solocards
from helpers import use_test_catalogs
from solocards.server.http.replay import replay_step
from solocards.server.live.updates import Updates, build_updates
from solocards.server.live.words import ActionWords


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


def test_each_language_gets_its_own_words_and_round_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    thrown_in = "All passed: the deal is thrown in, no payment."
    use_test_catalogs(
        monkeypatch, tmp_path, {("uk", "engine"): {"passes": "пас", thrown_in: "Усі спасували."}}
    )
    game = solocards.make("frog")
    match = game.match(seed=11)
    while match.round_index == 0:  # passing where possible: the deal is thrown in
        before = match.state  # the round the action goes to (the table passes the same)
        seat = match.to_act[0]
        legal = before.legal_actions(seat)
        match.apply(seat, "pass" if "pass" in legal else legal[0])
    updates = Updates(match, {"version": len(before.history)}, seat, before, 0)
    english = json.loads(updates.text(0, "en", ActionWords(game, "en")))
    ukrainian = json.loads(updates.text(0, "uk", ActionWords(game, "uk")))
    assert english["view"] == ukrainian["view"] and english["event"] == ukrainian["event"]
    assert english["words"]["pass"] == "passes" and ukrainian["words"]["pass"] == "пас"
    result = english["round_over"]["result"]
    assert result["thrown_in"]
    assert english["round_over"]["summary"] == [thrown_in]
    assert ukrainian["round_over"]["summary"] == ["Усі спасували."]
    # each audience and language is serialised once
    assert updates.text(0, "uk", ActionWords(game, "uk")) is updates.text(0, "uk", None)


def test_the_last_round_of_a_match_and_its_replay_carry_the_summary_seats_as_tokens() -> None:
    game = solocards.make("uno", players=2, target_score=1)
    match = game.match(seed=3)
    rng = random.Random(3)
    while not match.is_over:
        before, round_index = match.state, match.round_index  # as the table passes them
        seat = match.to_act[0]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    steps = len(match.record()["rounds"][0]["actions"])
    texts, events = build_updates(match, {"version": steps}, seat, before, round_index)
    message = json.loads(texts[0])
    assert "round_over" not in message and message["event"]["result"]
    winner = message["event"]["result"]["winners"][0]
    assert message["summary"][0].startswith(f"{{seat:{winner}}} went out")
    assert "summary" not in events[0]  # the kept events stay free of any language
    step = replay_step(match.record(), steps, 0)
    assert step["round_over"]["summary"] == message["summary"]
