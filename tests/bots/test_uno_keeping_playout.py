"""UNO's keeping playout keeps wilds, names colours and challenges as the heuristic.

It is what ``ismcts`` plays out with in games of three players or more (and, in two-player
games, it is the planning playout's fallback for those choices). Each test finds a position of
that kind in seeded heuristic rounds and lets the keeping playout take one action there.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import solocards
from helpers import UNO_PLAYOUT_OPTION_SETS
from solocards.games.uno.playouts import keeping_playout
from solocards.games.uno.state import UnoState
from solocards.sim.runner import choose_actor


def position(wanted: Callable[[UnoState, list[str]], bool], players: int = 2) -> UnoState:
    """The first position of seeded heuristic rounds where ``wanted(state, legal)`` holds for
    the seat whose turn it is (no window open)."""
    game = solocards.make("uno", players=players)
    bot = game.heuristic_bot()
    for seed in range(400):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if len(state.to_act) == 1 and state.vuln < 0:
                seat = state.to_act[0]
                if wanted(state, state.legal_actions(seat)):
                    return state
            seat, action = choose_actor(state, [bot] * players, [rng] * players)
            state.apply(seat, action)
    raise AssertionError("no such position in 400 rounds")


def one_step(state: UnoState) -> str:
    """The action the keeping playout takes first from ``state``."""
    steps = len(state.history)
    keeping_playout(state, random.Random(0), max_steps=1)
    return str(state.history[steps][1])


def only_wilds(state: UnoState, legal: list[str]) -> bool:
    plays = [action for action in legal if action[0] in "RYGBW"]
    return bool(plays) and all(action.startswith("W") for action in plays)


def test_a_big_hand_draws_rather_than_spend_its_only_playable_wild() -> None:
    def wanted(state: UnoState, legal: list[str]) -> bool:
        seat = state.current
        return (
            state.view(seat)["phase"] == "play"
            and only_wilds(state, legal)
            and len(state.hands[seat]) > 3
            and len(state.hands[1 - seat]) > 3
        )

    assert one_step(position(wanted)) == "draw"


def test_a_wild_is_played_when_the_opponent_is_close_to_going_out() -> None:
    def wanted(state: UnoState, legal: list[str]) -> bool:
        seat = state.current
        return (
            state.view(seat)["phase"] == "play"
            and only_wilds(state, legal)
            and any(action.startswith("W:") for action in legal)
            and len(state.hands[1 - seat]) in (2, 3)
        )

    assert one_step(position(wanted)).startswith("W:")  # a Wild before a Wild Draw Four


def test_a_drawn_wild_is_kept_by_a_big_hand() -> None:
    def wanted(state: UnoState, legal: list[str]) -> bool:
        seat = state.current
        return (
            state.view(seat)["phase"] == "drawn"
            and only_wilds(state, legal)
            and len(state.hands[seat]) > 3
            and len(state.hands[1 - seat]) > 3
        )

    assert one_step(position(wanted)) == "pass"


def test_the_colour_named_for_a_first_wild_is_the_colour_held_most() -> None:
    def wanted(state: UnoState, legal: list[str]) -> bool:
        colours = [card[0] for card in state.view(state.current)["hand"] if card[0] != "W"]
        counts = sorted((colours.count(c) for c in "RYGB"), reverse=True)
        return legal[0].startswith("color:") and counts[0] > counts[1]

    state = position(wanted)
    hand = [card[0] for card in state.view(state.current)["hand"] if card[0] != "W"]
    most = max("RYGB", key=hand.count)
    assert one_step(state) == f"color:{most}"


def test_a_wild_draw_four_from_a_big_hand_is_challenged() -> None:
    def wanted(state: UnoState, legal: list[str]) -> bool:
        return "challenge" in legal and len(state.hands[state.wd4_by]) >= 7

    assert one_step(position(wanted)) == "challenge"


OPTION_SETS = UNO_PLAYOUT_OPTION_SETS


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_a_seeded_keeping_playout_replays_and_ends_the_round(options: dict[str, object]) -> None:
    for players in (2, 3):
        game = solocards.make("uno", players=players, **options)
        for seed in range(5):
            state = game.deal(seed=seed)
            first = keeping_playout(state.clone(), random.Random(seed))
            second = keeping_playout(state.clone(), random.Random(seed))
            assert first.is_over
            assert first.history == second.history


def test_a_playout_reads_the_hands_that_a_zero_passed_round() -> None:
    """Under 7-0 a 0 passes the hands round as new lists: a whole playout decides exactly as
    one started afresh at every step (which reads the hands anew each time)."""
    game = solocards.make("uno", players=3, seven_zero=True)
    rotated = 0
    for seed in range(12):
        state = game.deal(seed=seed)
        whole = keeping_playout(state.clone(), random.Random(seed))
        stepped, rng = state.clone(), random.Random(seed)
        while not stepped.is_over:
            keeping_playout(stepped, rng, max_steps=1)
        assert whole.history == stepped.history, seed
        rotated += any(action.startswith(("R0", "Y0", "G0", "B0")) for _, action in whole.history)
    assert rotated >= 6  # most of these rounds passed the hands round at least once
