"""The "why" explanations name players the way the log does: a seat is a message of its own.

An explanation such as "it is not your turn: seat 2 is to play" keeps that English text, but
the seat inside it is ``seat_message(2)``, so the server can send it as ``{seat:2}`` and the page
(or the CLI) puts the player's name there, in any language.
"""

from __future__ import annotations

import random
import re

import pytest

import solocards
from solocards.cli import render as cli_render
from solocards.core.messages import Joined, Message, is_seat, seat_message
from solocards.i18n import render
from solocards.server.live.words import with_seat_tokens

SEAT_WORDS = re.compile(r"\bseats? \d")


def _explanations(game_id: str, players: int, seed: int) -> list[Message]:
    """Explanations of refused actions along a random round: every seat, a sample of ids."""
    game = solocards.make(game_id, players)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    found: list[Message] = []
    for step in range(300):
        if not state.to_act:
            break
        if step % 4 == 0:
            for seat in range(players):
                legal = set(state.legal_action_ids(seat))
                for action_id in rng.sample(range(game.num_actions), min(game.num_actions, 30)):
                    if action_id not in legal:
                        found.append(state.explain_message(seat, action_id))
        seat = rng.choice(state.to_act)
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
    return found


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("amigo-solo", 3), ("uno", 3), ("german-solo", 4), ("frog", 4), ("frog", 5)],
)
def test_explanations_name_seats_as_seat_messages(game_id: str, players: int) -> None:
    """No explanation writes "seat N" into its own text: every seat is a seat message."""
    named = 0
    for seed in range(3):
        for message in _explanations(game_id, players, seed):
            tokens = with_seat_tokens(message, "en")
            assert not SEAT_WORDS.search(tokens), (str(message), tokens)
            named += "{seat:" in tokens
    assert named, "no explanation named a seat: the sample missed them"


def test_not_your_turn_keeps_its_english_and_takes_names() -> None:
    """The English text is as before; the seat is filled by the edge (tokens, names, language)."""
    state = solocards.make("uno", 3).deal(seed=1)
    (current,) = state.to_act
    other = (current + 1) % 3
    action_id = state.game.action_id("draw")
    message = state.explain_message(other, action_id)
    assert str(message) == f"it is not your turn: seat {current} is to play"
    assert state.explain_illegal(other, action_id) == str(message)
    assert with_seat_tokens(message, "en").startswith(f"it is not your turn: {{seat:{current}}}")
    names = ["Ann", "Bob", "{Cy}"]
    assert names[current] in render(message, "uk", names=names)
    assert render(message, "en", names=names).startswith(
        f"it is not your turn: {names[current]} is to play"
    )


def test_frog_sit_out_and_turn_messages() -> None:
    """Frog's messages that name two seats (whose turn it is not, whose it is)."""
    state = solocards.make("frog", 4).deal(seed=2)
    turn = state.to_act[0]
    waiting = next(seat for seat in range(4) if seat != turn and seat != state.dealer)
    message = state.explain_message(waiting, state.legal_action_ids(turn)[0])
    assert str(message).startswith(f"it is not seat {waiting}'s turn: seat {turn} is to act")
    parts = _seats_in(message)
    assert sorted(parts) == sorted([waiting, turn])
    dealer = state.explain_message(state.dealer, state.legal_action_ids(turn)[0])
    assert _seats_in(dealer) == [state.dealer]


def _seats_in(message: object) -> list[object]:
    """The seat numbers of the seat messages inside ``message``."""
    if isinstance(message, Joined):
        return [seat for item in message.items for seat in _seats_in(item)]
    if not isinstance(message, Message):
        return []
    if is_seat(message):
        return [message.params["seat"]]
    return [seat for value in message.params.values() for seat in _seats_in(value)]


def test_seat_message_is_what_str_shows() -> None:
    assert str(seat_message(3)) == "seat 3"


def test_the_cli_names_the_players_an_action_names() -> None:
    """``solocards play`` writes "catches Ann not calling UNO", not "catches seat 1 ..."."""
    game = solocards.make("uno", 3)
    words = cli_render.action(game, "catch>1", ["You", "Ann", "Bob"])
    assert "catches Ann not calling UNO" in words and "seat" not in words
    assert "catches seat 1" in cli_render.action(game, "catch>1")
