"""UNO worlds read draws and Wild Draw Fours as players read them (games/uno/sampling.py):
a player who drew held no coloured card that matched, but may have kept a wild; a drawn card it
passed on did not match either; a Wild Draw Four's player held none of the colour in force."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import solocards
from solocards.bots import make_bot
from solocards.core.game import Game, State
from solocards.games.uno import sampling as worlds
from solocards.sim.runner import choose_actor

WORLDS = 300


def heuristic_position(game: Game, found: Callable[[State, int, str, str], bool]) -> State:
    """The first position of seeded heuristic rounds just after an action for which
    ``found(state, seat, action, colour_before)`` holds (the state after the action)."""
    bots = [make_bot("heuristic", game)] * game.players
    for seed in range(200):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed), random.Random(seed + 1)]
        while not state.is_over:
            seat, action = choose_actor(state, bots, rngs)
            colour = state.view(0)["color"]
            state.apply(seat, action)
            if not state.is_over and found(state, seat, action, colour):
                return state
    raise AssertionError("no such position in 200 rounds")


def opponent_hands(game: Game, state: State, **settings: float) -> list[list[str]]:
    """Seat 1's hand in seat 0's worlds, the sampler's settings changed as given: by default
    with the hand-set readings these tests are about (``MODEL`` off; the colour-split model
    takes their place in standard 2-player rounds, and is tested in test_uno_colour_model.py)."""
    patch = pytest.MonkeyPatch()
    try:
        for name, value in {"MODEL": False, **settings}.items():
            patch.setattr(worlds, name, value)
        worlds._LAST.clear()
        rng = random.Random(11)
        view = state.view(0)
        return [list(game.sample_world(view, rng).snapshot()["hands"][1]) for _ in range(WORLDS)]
    finally:
        patch.undo()
        worlds._LAST.clear()


def passed_on_a_draw(game: Game) -> tuple[State, str, str]:
    """Seat 1 drew (its first draw of the round, after a card was laid) and passed: the state,
    the colour in force and the top card."""
    drew: list[str] = []

    def found(state: State, seat: int, action: str, colour: str) -> bool:
        log = state.view(0)["log"]
        if seat == 1 and action == "draw" and state.view(0)["phase"] == "drawn":
            earlier = [a for s, a in log[:-1] if s == 1 and a == "draw"]
            laid = any(a[0] in "RYGBW" for _, a in log)
            drew[:] = [colour, state.view(0)["top_card"]] if laid and not earlier else []
        return bool(drew) and seat == 1 and action == "pass"

    state = heuristic_position(game, found)
    return state, drew[0], drew[1]


def test_a_draw_and_a_pass_say_no_coloured_card_matched_but_not_that_no_wild_was_kept() -> None:
    game = solocards.make("uno", players=2)
    state, colour, top = passed_on_a_draw(game)
    reading = worlds._Log.of(game, state.view(0))
    lacked, fresh = reading.reads[1]
    names = {worlds.KIND_NAMES[kind] for kind in lacked}
    assert fresh == 0  # the drawn card was passed on: it did not match
    assert f"{colour}1" in names and not names & {"W", "W+4"}
    # the heuristic's own reading (draw_lacks) is unchanged: wilds too, the drawn card fresh
    old, old_fresh = reading.lacks[1]
    assert old_fresh == 1 and {"W", "W+4"} <= {worlds.KIND_NAMES[kind] for kind in old}

    def goes(card: str) -> bool:
        return card[0] == colour or (not top.startswith("W") and card[1:] == top[1:])

    trusting = opponent_hands(game, state, TRUST=1.0, NO_WILD=0.0)
    assert not any(goes(card) for hand in trusting for card in hand if card[0] != "W")
    kept = sum(any(card[0] == "W" for card in hand) for hand in trusting)
    assert kept > WORLDS // 10  # wilds dealt as the unseen cards fall
    no_wild = opponent_hands(game, state, TRUST=1.0, NO_WILD=1.0)
    assert not any(card[0] == "W" for hand in no_wild for card in hand)
    free = opponent_hands(game, state, TRUST=0.0)
    assert any(goes(card) for hand in free for card in hand if card[0] != "W")


def test_a_wild_draw_four_says_its_player_held_none_of_the_colour_in_force() -> None:
    game = solocards.make("uno", players=2)
    before: list[str] = []

    def found(state: State, seat: int, action: str, colour: str) -> bool:
        if seat == 1 and action.startswith("W+4"):
            before[:] = [colour]
        elif before and seat == 0:  # seat 0 took its four cards (or challenged)
            if action == "draw" and state.view(0)["phase"] == "play":
                return True
            before.clear()
        return False

    state = heuristic_position(game, found)
    colour = before[0]
    lacked, _ = worlds._Log.of(game, state.view(0)).reads[1]
    assert {f"{colour}{rank}" for rank in "0123456789"} <= {
        worlds.KIND_NAMES[kind] for kind in lacked
    }
    held = opponent_hands(game, state, TRUST=1.0)
    assert not any(card[0] == colour for hand in held for card in hand)
    unread = opponent_hands(game, state, TRUST=1.0, WD4_READ=False)
    assert any(card[0] == colour for hand in unread for card in hand)


def test_a_named_colour_says_its_player_holds_some_of_it() -> None:
    game = solocards.make("uno", players=2)
    named: list[str] = []

    def found(state: State, seat: int, action: str, colour: str) -> bool:
        if seat == 1 and action.startswith("W:"):
            named[:] = [action[2]]
            return state.view(0)["hand_sizes"][1] >= 3 and state.to_act == [0]
        return False

    state = heuristic_position(game, found)
    colour = named[0]
    assert worlds.COLOURS[worlds._Log.of(game, state.view(0)).named[1]] == colour

    def holding(hands: list[list[str]]) -> float:
        return sum(any(card[0] == colour for card in hand) for hand in hands) / len(hands)

    assert holding(opponent_hands(game, state, NAMED=1.0)) == 1.0
    assert holding(opponent_hands(game, state, NAMED=0.0)) < 0.9


def test_a_named_colour_lasts_while_its_player_lays_that_colour_and_ends_with_another() -> None:
    game = solocards.make("uno", players=2)

    def after_the_wild(same: bool, action_kind: str = "card") -> State:
        """A position where seat 1's actions since its latest wild were plays of the named
        colour (``same``) or ended with a card of another colour (or a draw)."""

        def found(state: State, seat: int, action: str, colour: str) -> bool:
            if seat != 1:
                return False
            mine = [a for s, a in state.view(0)["log"] if s == 1 and a not in ("uno", "pass")]
            wilds = [i for i, a in enumerate(mine) if a.startswith("W")]
            if not wilds or wilds[-1] == len(mine) - 1:
                return False
            named = mine[wilds[-1]].split(":")[1][0]
            since = mine[wilds[-1] + 1 :]
            if action_kind == "draw":
                return since == ["draw"]
            if not all(a[0] in "RYGB" for a in since) or not all(a[0] == named for a in since[:-1]):
                return False
            return (since[-1][0] == named) == same

        return heuristic_position(game, found)

    kept = after_the_wild(same=True)
    wild = next(a for s, a in reversed(kept.view(0)["log"]) if s == 1 and a[0] == "W")
    named = worlds.COLOURS.index(wild.split(":")[1][0])
    assert worlds._Log.of(game, kept.view(0)).named.get(1) == named
    assert 1 not in worlds._Log.of(game, after_the_wild(same=False).view(0)).named
    assert 1 not in worlds._Log.of(game, after_the_wild(False, "draw").view(0)).named


def test_a_named_colour_leans_the_hand_to_it() -> None:
    game = solocards.make("uno", players=2)

    def found(state: State, seat: int, action: str, colour: str) -> bool:
        return seat == 1 and action.startswith("W:") and state.view(0)["hand_sizes"][1] >= 5

    state = heuristic_position(game, found)
    colour = worlds.COLOURS[worlds._Log.of(game, state.view(0)).named[1]]

    def share(hands: list[list[str]]) -> float:
        coloured = [card for hand in hands for card in hand if card[0] in "RYGB"]
        return sum(card[0] == colour for card in coloured) / len(coloured)

    leaning = share(opponent_hands(game, state, NAMED=1.0))
    assert 0.4 < leaning < 0.65  # about half its coloured cards, as the heuristic holds
    assert share(opponent_hands(game, state, NAMED=1.0, NAMED_LEAN=0.0)) < leaning - 0.1


def test_a_colour_changed_by_rank_leans_the_hand_to_it_until_another_colour_or_a_draw() -> None:
    game = solocards.make("uno", players=2)

    def found(state: State, seat: int, action: str, colour: str) -> bool:
        return (
            seat == 1
            and action[0] in "RYGB"
            and action[0] != colour[0]
            and state.view(0)["hand_sizes"][1] >= 5
            # (not the round's first card: the log does not say the colour before it)
            and sum(a[0] in "RYGBW" for _, a in state.view(0)["log"]) > 1
        )

    state = heuristic_position(game, found)
    laid = next(a for s, a in reversed(state.view(0)["log"]) if s == 1)
    assert worlds._Log.of(game, state.view(0)).switched[1] == worlds.COLOURS.index(laid[0])

    def share(hands: list[list[str]]) -> float:
        coloured = [card for hand in hands for card in hand if card[0] in "RYGB"]
        return sum(card[0] == laid[0] for card in coloured) / len(coloured)

    leaning = share(opponent_hands(game, state))
    assert leaning > share(opponent_hands(game, state, SWITCH_LEAN=0.0)) + 0.05

    def ended(state: State, seat: int, action: str, colour: str) -> bool:
        if seat != 1 or action[0] not in "RYGB" or action[0] != colour[0]:
            return False
        mine = [a for s, a in state.view(0)["log"] if s == 1 and a not in ("uno", "pass")]
        return len(mine) > 1 and mine[-2][0] in "RYGB" and mine[-2][0] != action[0]

    later = heuristic_position(game, ended)  # a switch, then a card of its old colour
    assert 1 not in worlds._Log.of(game, later.view(0)).switched
