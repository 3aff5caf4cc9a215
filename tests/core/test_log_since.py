"""Views without the log, and the log in pieces: ``view(seat, log=False)`` and ``log_since``.

For every registered game, at every step of seeded random rounds and for every seat and the
spectator, the log-less view is the full view with ``log_size`` in place of ``log``, and the
entries gathered step by step with ``log_since`` are exactly the full view's log (every step
of the first 150, then every tenth, and the last). (UNO's
log-less view also leaves out ``revealed``, the record of what challenges showed.)
"""

from __future__ import annotations

import itertools
import random

import pytest

import solocards
from solocards import IllegalActionError
from solocards.core.game import State


def _viewers(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def _looked_at(step: int) -> bool:
    """Whether the test compares the views at this step of a round: every one of the first 150
    (the deal, the first turns, every kind of step of the trick games), then every tenth (the
    full view's log grows with the round, so a long UNO round would make the test quadratic).
    The last step of a round is always looked at."""
    return step < 150 or step % 10 == 0


@pytest.mark.parametrize("game_id", solocards.games())
def test_the_log_arrives_in_pieces_exactly_as_the_view_shows_it(game_id: str) -> None:
    game = solocards.make(game_id)
    for seed in range(3):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        gathered: dict[int | None, list[list[object]]] = {v: [] for v in _viewers(state)}
        for step in itertools.count():
            if not (_looked_at(step) or state.is_over):
                seat = rng.choice(state.to_act)
                state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
                continue
            for viewer in _viewers(state):
                full = state.view(viewer)
                short = state.view(viewer, log=False)
                assert "log" not in short
                assert short.pop("log_size") == len(full["log"]) == state.log_size
                grows = {"log", "revealed"} if game_id == "uno" else {"log"}
                assert short == {k: v for k, v in full.items() if k not in grows}
                gathered[viewer] += state.log_since(viewer, len(gathered[viewer]))
                assert gathered[viewer] == full["log"]
                assert state.log_since(viewer, len(full["log"]) + 5) == []
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))


def test_frog_masks_the_discards_in_the_pieces_as_in_the_view() -> None:
    game = solocards.make("frog")
    for seed in range(40):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.snapshot()["phase"] != "playing":
            seat = state.to_act[0]
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
        if state.snapshot()["discarded"]:
            declarer = state.snapshot()["declarer"]
            other = (declarer + 1) % state.players
            assert sorted({a for _, a in state.log_since(other) if a.startswith("discard")}) == [
                "discard:??"
            ]
            assert "discard:??" not in [a for _, a in state.log_since(declarer)]
            return
    pytest.fail("no seed of 0..39 reached a Frage with discards")


@pytest.mark.parametrize("start", [-1, 1.5, "2", True, None])
def test_a_start_that_is_not_a_log_index_is_refused(start: object) -> None:
    state = solocards.make("uno", players=2).deal(seed=1)
    with pytest.raises(ValueError, match="start must be a whole number"):
        state.log_since(0, start)


@pytest.mark.parametrize("seat", [-1, 2, True, "1"])
def test_a_seat_that_does_not_exist_gets_no_log(seat: object) -> None:
    state = solocards.make("uno", players=2).deal(seed=1)
    with pytest.raises(IllegalActionError, match="there is no seat"):
        state.log_since(seat, 0)
