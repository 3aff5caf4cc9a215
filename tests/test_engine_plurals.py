"""A count in the engines' words takes the form its number needs ("1 trick", "2 tricks"), in
English and in each language's plural forms (Ukrainian: 1 взяткою, 2 взятками, 5 взятками)."""

from __future__ import annotations

from typing import Any

import pytest

import solocards
from helpers import play_randomly
from solocards.core.messages import Message
from solocards.i18n import render


def german_solo_result(tricks: int) -> dict[str, Any]:
    """A finished German Solo deal's result with ``tricks`` tricks for the declaring side."""
    state = play_randomly(solocards.make("german-solo", 4).deal(seed=5), seed=5)
    result = dict(state.result or {})
    assert result.get("declarer") is not None, "this seed's deal was passed out"
    return {**result, "side_tricks": tricks}


def outcome(tricks: int) -> Message:
    game = solocards.make("german-solo", 4)
    return game.result_messages(german_solo_result(tricks), ["Ann", "Bob", "Cy", "Di"])[0]


@pytest.mark.parametrize(("tricks", "words"), [(1, "1 trick."), (0, "0 tricks."), (7, "7 tricks.")])
def test_german_solo_says_one_trick_not_one_tricks(tricks: int, words: str) -> None:
    assert str(outcome(tricks)).endswith(f" with {words}")


def test_the_trick_count_takes_each_languages_plural_form() -> None:
    forms = {n: render(outcome(n), "uk") for n in (1, 2, 5)}
    assert len(set(forms.values())) == 3, forms  # three texts: the forms differ, not only n
    assert all(str(n) in text and "tricks" not in text for n, text in forms.items())
    assert render(outcome(1), "de") != render(outcome(2), "de").replace("2", "1")


def test_uno_says_one_point() -> None:
    game = solocards.make("uno", 2)
    (line,) = game.result_messages({"scores": [1, 0], "winners": [0]}, ["Ann", "Bob"])
    assert str(line) == "Ann went out: 1 point."
    (line,) = game.result_messages({"scores": [9, 0], "winners": [0]}, ["Ann", "Bob"])
    assert str(line) == "Ann went out: 9 points."


def test_amigo_solo_says_one_card_in_the_draw_pile() -> None:
    game = solocards.make("amigo-solo", 3)
    view = game.deal(seed=1).view(None)
    one = [str(line) for line in game.table_messages({**view, "draw_pile_size": 1})]
    assert any(line.endswith("draw pile 1 card") for line in one), one
