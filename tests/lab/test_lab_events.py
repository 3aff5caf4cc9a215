"""The events of a step and of a round are the game's own declaration (``GameInfo.step_events``,
``GameInfo.round_events`` in ``games/<game>/events.py``): the lab counts them and the table's
log reads them, and neither reads a game's notation itself."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import solocards
from solocards.core.info import resolve
from solocards.core.match import Match
from solocards.lab.events import LabEvents
from solocards.server.live import narration

SOURCE = Path(solocards.__file__).resolve().parent


@pytest.mark.parametrize("game_id", solocards.games())
def test_each_game_declares_its_events_in_its_own_package(game_id: str) -> None:
    info = solocards.make(game_id).info
    refs = [ref for ref in (info.step_events, info.round_events) if ref is not None]
    assert refs, f"{game_id} declares no events"
    package = game_id.replace("-", "_")
    for ref in refs:
        assert ref.startswith(f"solocards.games.{package}.events:"), ref
        assert callable(resolve(ref))


@pytest.mark.parametrize(
    ("game_id", "kinds"),
    [
        ("uno", {"draw", "jump_in", "catch", "challenge", "late_call", "penalty"}),
        ("amigo-solo", {"draw", "jump_in", "stack", "swap", "penalty"}),
    ],
)
def test_the_view_and_the_snapshot_give_the_same_step_events(game_id: str, kinds: set[str]) -> None:
    """The lab reads a snapshot and the table's log a spectator's view: the same events, of
    every kind the rounds played here hold."""
    events = LabEvents(solocards.make(game_id).info)
    seen: set[str] = set()
    for seed in range(10):
        match = Match(solocards.make(game_id, players=3, jump_in=True), seed=seed)
        rng = random.Random(seed)
        # random play can draw a round out to thousands of steps; the first 300 of each seed
        # hold every kind of step
        for _ in range(300):
            if match.round_index or match.is_over:
                break
            state = match.state
            seat = rng.choice(match.to_act)
            action = rng.choice(state.legal_actions(seat))
            from_snapshot = events.step(state.snapshot(), seat, action)
            assert narration.step_events(state.view(None), seat, action) == from_snapshot
            seen.update(from_snapshot)
            match.apply(seat, action)
    assert kinds <= seen, f"never seen: {sorted(kinds - seen)}"


def test_the_trick_games_report_their_contracts() -> None:
    events = LabEvents(solocards.make("german-solo").info)
    played = events.result({"contract": "forcee-couleur", "claimed": True, "scores": [1, -1]})
    assert sorted(played) == ["claim", "contract_forcee-couleur", "forcee"]
    assert LabEvents(solocards.make("frog").info).result({"contract": None, "thrown_in": True}) == [
        "throw_in"
    ]


@pytest.mark.parametrize("relative", ["lab/events.py", "lab/chunks.py", "server/live/narration.py"])
def test_the_lab_and_the_log_read_no_action_notation(relative: str) -> None:
    """No string that spells a piece of a game's notation outside the docstrings."""
    tree = ast.parse((SOURCE / relative).read_text(encoding="utf-8"))
    bodies = [getattr(node, "body", None) for node in ast.walk(tree)]
    docstrings = {
        id(statement.value)
        for body in bodies
        if isinstance(body, list)
        for statement in body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    }
    notation = {"catch>", "swap>", "color:", "WX", "R7>", "!"}
    found = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and any(piece in node.value for piece in notation)
    ]
    assert not found, f"{relative} reads a game's notation: {found}"
