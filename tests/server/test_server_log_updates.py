"""Updates carry a view without the round's log and only the log entries new since the last
one (``log_from``, ``log_added``): a client that appends them holds exactly the full log, in
every game, for every seat and the spectator, across the rounds of a match."""

from __future__ import annotations

import json
import random

import pytest

import solocards
from solocards.server.live.updates import build_updates
from solocards.server.live.words import ActionWords


@pytest.mark.parametrize("game_id", solocards.games())
def test_a_client_that_appends_the_new_entries_holds_the_whole_log(game_id: str) -> None:
    game = solocards.make(game_id)
    match = game.match(seed=5)
    words = ActionWords(game)
    rng = random.Random(5)
    audiences: list[int | None] = [*range(game.players), None]
    held: list[list[list[object]]] = [match.state.view(who)["log"] for who in audiences]
    rounds_seen = 0
    for version in range(1, 400):
        if match.is_over:
            break
        before, round_index = match.state, match.round_index
        seat = rng.choice(match.to_act)
        match.apply_id(seat, rng.choice(match.state.legal_action_ids(seat)))
        texts, events = build_updates(match, {"version": version}, seat, before, round_index, words)
        for index, who in enumerate(audiences):
            message = json.loads(texts[index])
            view = message["view"]
            assert "log" not in view and view["log_size"] == match.state.log_size
            if "round_over" in message:
                finished = before.view(who)["log"]
                assert message["round_over"]["view"]["log"] == finished
                assert held[index] + [finished[-1]] == finished
                assert events[index]["action"] == finished[-1][1]
                rounds_seen += index == 0
            else:
                assert events[index]["action"] == message["log_added"][-1][1]
            assert message["log_from"] <= len(held[index]) or "round_over" in message
            base = [] if "round_over" in message else held[index][: message["log_from"]]
            held[index] = base + message["log_added"]
            assert held[index] == match.state.view(who)["log"]
            assert {a for _, a in message["log_added"]} <= set(message["words"])
    assert rounds_seen or match.is_over or game_id == "uno"
