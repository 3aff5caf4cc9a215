"""Issue 19: every option of every game has a name for people and every choice that is an
internal code has words, both message ids of the engine domain (translated at the edges)."""

from __future__ import annotations

import re

import pytest

import solocards
from solocards.games.registry import games
from solocards.i18n import render

#: Choices written as people write them already (card-dealing patterns, multipliers).
PLAIN_CHOICE = re.compile(r"^[0-9][0-9a-z-]*$")


@pytest.mark.parametrize("game_id", games())
def test_every_option_has_a_title_and_every_coded_choice_a_label(game_id: str) -> None:
    specs = type(solocards.make(game_id)).option_specs
    assert all(spec.title for spec in specs), [s.name for s in specs if not s.title]
    for spec in specs:
        labelled = dict(spec.labels)
        assert set(labelled) <= set(spec.choices or ()), (spec.name, labelled)
        coded = [c for c in spec.choices or () if not PLAIN_CHOICE.match(c)]
        assert set(coded) <= set(labelled), (spec.name, set(coded) - set(labelled))


def test_titles_and_labels_are_translated() -> None:
    specs = {spec.name: spec for spec in type(solocards.make("german-solo")).option_specs}
    assert render(specs["matador_price"].title_message(), "de") == "Matadorpreis"
    # one chip each: "der Chip", so "je einer"
    assert render(specs["matador_price"].choice_message("one_each"), "de") == "je einer"
    assert render(specs["matador_price"].choice_message("one_each"), "en") == "one each"
