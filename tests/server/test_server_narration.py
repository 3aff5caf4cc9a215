"""The log's notes: the public facts of each action (a penalty's cards, a jump-in, a
challenge's outcome, who took a trick and its points, the first card), read from the
spectator's views only, sent with every update and again, the same, after a restart."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
from server_helpers import Client, LiveServer, open_table, play_until, sqlite_url

import solocards
from solocards.core.match import Match
from solocards.server.live.narration import RoundNotes, note_of


def played_round(game_id: str, seed: int, **options: Any) -> tuple[RoundNotes, dict[str, Any]]:
    """One round played at random (a challenge whenever one is offered), with its notes."""
    match = Match(solocards.make(game_id, **options), seed=seed)
    rng = random.Random(seed)
    notes = RoundNotes()
    notes.begin(match.state.view(None))
    while match.round_index == 0 and not match.is_over:
        seat = match.to_act[0]
        state = match.state
        legal = state.legal_actions(seat)
        action = "challenge" if "challenge" in legal else rng.choice(legal)
        before = state.view(None)
        match.apply(seat, action)
        notes.add(note_of(before, seat, action, state.view(None)))
    return notes, state.view(None)


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def test_uno_notes_count_penalties_and_tell_challenges() -> None:
    penalties = challenges = 0
    for seed in range(40):  # until both were seen (a few short rounds)
        if penalties and challenges and seed >= 3:
            break
        notes, end = played_round("uno", seed, hand_size=3)
        assert notes.start is not None and notes.start["first_card"]
        assert len(notes.actions) == len(end["log"])
        for (seat, action), note in zip(end["log"], notes.actions, strict=True):
            if note and note.get("penalty"):
                penalties += 1
                assert action == "draw" and note["drew"] in (2, 4)
            if action == "challenge":
                assert note is not None and note["challenge"]["cards"] in (4, 6)
                won = note["challenge"]["won"]
                assert (note["challenge"]["seat"] != seat) == won
                assert note["challenge"]["cards"] == (4 if won else 6)
                challenges += 1
            # no note names a card but the first one, which everybody saw turned up
            assert strings_in(note) <= set()
    assert penalties and challenges


def test_amigo_jump_ins_and_frog_tricks_are_noted() -> None:
    jump_ins = 0
    for seed in range(6):
        notes, end = played_round("amigo-solo", seed)
        jump_ins += sum(1 for note in notes.actions if note and note.get("jump_in"))
    assert jump_ins
    for seed in range(6):
        notes, end = played_round("frog", seed)
        tricks = [note["trick"] for note in notes.actions if note and "trick" in note]
        assert [t["winner"] for t in tricks] == [t["winner"] for t in end["tricks"]]
        if tricks:
            assert sum(t["points"] for t in tricks) == sum(end["trick_points"])


def deep_in_a_round_on_her_turn(message: dict[str, Any]) -> bool:
    """The match is over, or it is the seat's turn with 20 actions or more in the round."""
    if message["status"] != "playing":
        return True
    view = message["view"]
    # a sync carries the round's log, an update only its size
    size = view["log_size"] if "log_size" in view else len(view["log"])
    return bool(view["can_act"]) and size >= 20


def test_notes_come_with_updates_and_again_after_a_restart(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    settings: dict[str, Any] = {"leave_grace": 60.0, "round_pause": 0.0}
    with LiveServer(url, **settings) as server, httpx.Client(base_url=server.http) as http:
        table, _, tokens = open_table(
            http, "uno", {0: "ana"}, {1: "random", 2: "random"}, players=3, options={"rounds": 3}
        )

        async def play() -> tuple[list[Any], dict[str, Any]]:
            async with Client(server.ws) as ana:
                await ana.join(table, tokens[0])
                # stop on ana's own turn, deep in a round: nobody else can move while the
                # watcher joins, so ana has had the update of every action the watcher sees
                await play_until(ana, random.Random(4), deep_in_a_round_on_her_turn)
                async with Client(server.ws) as watcher:
                    synced = await watcher.join(table)
            events = [m["event"] for m in ana.received if m["type"] == "update"]
            return events, synced

        events, before = asyncio.run(play())
    assert before["status"] == "playing"
    assert before["notes"]["start"]["first_card"]
    log = before["view"]["log"]
    assert len(log) >= 20
    assert len(before["notes"]["actions"]) == len(log)
    # the update of each action of this round carried its note
    start = before["version"] - len(log)  # the version the round began at
    mine = [e for e in events if start < e["version"] <= before["version"]]
    assert mine
    for event in mine:
        assert event.get("note") == before["notes"]["actions"][event["version"] - start - 1]
    assert "drew" in json.dumps(before["notes"])  # somebody drew in 20 actions or more
    with LiveServer(url, **settings) as server:

        async def again() -> dict[str, Any]:
            async with Client(server.ws) as watcher:
                return await watcher.join(table)

        after = asyncio.run(again())
    # counted again from the stored actions: the same notes (bots may have moved on since)
    assert len(after["notes"]["actions"]) == len(after["view"]["log"])
    if after["round"] == before["round"]:
        assert after["notes"]["start"] == before["notes"]["start"]
        kept = before["notes"]["actions"]
        assert after["notes"]["actions"][: len(kept)] == kept
