"""Hints: the same whatever the cards the seat cannot see, and right where the answer is plain."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import solocards
from secrecy import SECRECY
from solocards.analysis import Analysis, analyse, hint
from solocards.bots.playout import Outcome
from solocards.core.errors import OptionError
from solocards.core.game import Game, State
from test_hidden_views import evidence, play_round, redeal, seen_by_step

Hinter = Callable[[State, int], Analysis]
WORLDS = 12


def honest(state: State, seat: int) -> Analysis:
    return hint(state, seat, worlds=WORLDS, seed=11)


def leaky(state: State, seat: int) -> Analysis:
    """A hint whose "sampled" worlds are the true state (what must never be)."""
    game = state.game
    game.sample_world = lambda view, rng: state.clone()  # type: ignore[method-assign]
    try:
        return hint(state, seat, worlds=WORLDS, seed=11)
    finally:
        del game.sample_world


def twin_hints(game: Game, hinter: Hinter, seeds: range) -> tuple[int, list[str]]:
    """Hints in rounds and in twins dealt with the seat's unseen cards re-dealt: the number of
    twins compared that differ from the round in hidden cards, and every difference found."""
    secrecy = SECRECY[game.id]
    compared, found = 0, []
    for seed in seeds:
        played = play_round(game, seed, max_steps=30)
        rng = random.Random(seed)
        for viewer in range(game.players):
            seen = seen_by_step(played, secrecy, viewer)
            steps = [step for step in range(0, len(played.actions), 6)]
            for step in steps:
                twin_deck = redeal(played.deck, seen[step], "same class", secrecy, rng)
                original, twin = played.deal(), played.deal(twin_deck)
                try:
                    for seat, action in played.actions[:step]:
                        original.apply(seat, action)
                        twin.apply(seat, action)
                except solocards.SoloError:
                    continue  # the twin's hands do not allow the same play: not a twin
                before = evidence(original.snapshot(), secrecy, game.options, viewer)
                after = evidence(twin.snapshot(), secrecy, game.options, viewer)
                alike = before == after and original.snapshot() != twin.snapshot()
                if not alike or viewer not in original.to_act or len(original.to_act) > 1:
                    continue
                one = json.dumps(hinter(original, viewer).to_json())
                two = json.dumps(hinter(twin, viewer).to_json())
                compared += 1
                if one != two:
                    found.append(f"seed {seed} seat {viewer} step {step}")
    return compared, found


@pytest.mark.parametrize("game_id", solocards.games())
def test_a_hint_is_the_same_whatever_the_cards_the_seat_cannot_see(game_id: str) -> None:
    game = solocards.make(game_id)
    compared, found = twin_hints(game, honest, range(3))
    assert compared >= 3, f"{game_id}: too few twins compared ({compared})"
    assert found == []


def test_a_hint_that_reads_the_true_hands_is_caught() -> None:
    compared, found = twin_hints(solocards.make("uno", players=2), leaky, range(3))
    assert compared >= 3
    assert found, "the twin check did not tell a hint that reads hidden hands"


def test_the_same_seed_gives_the_same_numbers_and_another_seed_other_worlds() -> None:
    game = solocards.make("german-solo")
    state = game.deal(seed=4)
    seat = state.to_act[0]
    first = analyse(game, state.view(seat), worlds=30, seed=1)
    assert first == analyse(game, state.view(seat), worlds=30, seed=1)
    assert first != analyse(game, state.view(seat), worlds=30, seed=2)
    for estimate in first.actions:
        low, high = estimate.ci95
        assert 0.0 <= low <= estimate.win <= high <= 1.0
        assert estimate.playouts == 30


def test_a_seat_with_no_decision_is_told_so() -> None:
    game = solocards.make("uno", players=2)
    state = game.deal(seed=5)
    idle = 1 - state.to_act[0]
    with pytest.raises(OptionError, match="no decision"):
        analyse(game, state.view(idle))
    with pytest.raises(OptionError, match="worlds"):
        analyse(game, state.view(state.to_act[0]), worlds=0)


def plain_wins(game: Game, seeds: range, wanted: int) -> list[tuple[State, int, set[str]]]:
    """Positions from heuristic play where some action ends the round with the seat winning in
    every world the seat could be in (the true one and sampled ones), and some action does not."""
    found: list[tuple[State, int, set[str]]] = []
    bot = game.heuristic_bot()
    for seed in seeds:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(found) < wanted:
            seat = state.to_act[0]
            if len(state.to_act) == 1:
                view = state.view(seat)
                worlds = [state] + [game.sample_world(view, rng) for _ in range(5)]
                winning = {
                    action
                    for action in state.legal_actions(seat)
                    if all(_wins_at_once(world, seat, action) for world in worlds)
                }
                if winning and winning != set(state.legal_actions(seat)):
                    found.append((state.clone(), seat, winning))
            legal = state.legal_actions(seat)
            state.apply(seat, bot.choose(state.view(seat), legal, rng))
        if len(found) >= wanted:
            break
    return found


def _wins_at_once(world: State, seat: int, action: str) -> bool:
    copy = world.clone()
    copy.apply(seat, action)
    return copy.is_over and Outcome.of(copy).wins[seat] == 1.0


# Frog is left out: its rounds are won on card points counted at the end, and in 40 rounds of
# heuristic play no single card decided one in every world the seat could be in.
@pytest.mark.parametrize("game_id", ["uno", "german-solo", "amigo-solo"])
def test_the_best_move_is_the_move_that_wins_the_round_at_once(game_id: str) -> None:
    """UNO: the last card is the best move; the trick games: the card that takes the trick
    making the game is rated a certain win (another card may win as surely: then either is
    best)."""
    game = solocards.make(game_id)
    positions = plain_wins(game, range(40), wanted=2)
    assert positions, f"no plainly winning position found in {game_id}"
    for state, seat, winning in positions:
        analysis = hint(state, seat, worlds=20, seed=3)
        for action in winning:
            assert analysis.of(action).win == 1.0
            assert analysis.of(action).ci95[1] == 1.0
        assert analysis.best.win == 1.0
        if game_id == "uno":
            assert analysis.best.action in winning
