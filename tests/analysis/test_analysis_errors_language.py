"""The review's, the hints' and the tournament's refusals are messages the edges translate
(``solocards review``, the web review and hints, ``solocards tournament``): the same English
text as before, in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import solocards
from solocards.analysis.estimate import analyse
from solocards.analysis.review import review
from solocards.core.errors import SoloError
from solocards.i18n import render_error
from solocards.sim.backends import plan_chunks
from solocards.sim.tournament import lineups

RECORD = solocards.make("uno", 2).match(seed=1).record()


REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: lineups(0, 3), "a tournament needs at least one bot and one seat"),
    (lambda: plan_chunks(10, 0), "the chunk size must be at least 1, not 0"),
    (lambda: review(RECORD, seat=2), "seat must be 0..1, not 2"),
    (lambda: review(RECORD, seat=0, round_number=3), "the record has rounds 1..1, not 3"),
    (
        lambda: analyse(solocards.make("uno", 2), {"seat": 0, "can_act": False}),
        "no decision to analyse: this seat has no legal action now",
    ),
]


@pytest.mark.parametrize(("refuse", "english"), REFUSALS)
def test_refusals_keep_their_english_and_are_translated(
    refuse: Callable[[], object], english: str
) -> None:
    with pytest.raises(SoloError) as caught:
        refuse()
    assert str(caught.value) == english
    for lang in ("de", "uk", "ru", "be"):
        assert render_error(caught.value, lang) != english, lang
