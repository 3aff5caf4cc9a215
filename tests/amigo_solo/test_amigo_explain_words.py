"""Why an AMIGO action is refused names its cards in words ("red 6"), never in notation
("R6"), in English and in every translation (the page's "why" answer shows this text)."""

from __future__ import annotations

import random
import re

import pytest
from amigo_helpers import deal

import solocards
from helpers import refused
from solocards.core.messages import Message
from solocards.games.amigo_solo.cards import KIND, NAMES
from solocards.games.amigo_solo.text import card_message
from solocards.i18n import render

NOTATION = re.compile(
    r"(?<![\w:>+])(" + "|".join(re.escape(name) for name in NAMES if len(name) > 1) + r")(?![\w+])"
)


def refusals(seeds: range) -> list[tuple[str, Message]]:
    """The explanation of every seventh illegal action id of every seat, at each step of the
    first 40 steps of a few rounds."""
    found = []
    game = solocards.make("amigo-solo", players=3)
    for seed in seeds:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        for _step in range(40):
            if state.is_over:
                break
            for seat in range(game.players):
                legal = set(state.legal_action_ids(seat))
                for action_id in range(0, game.num_actions, 7):
                    if action_id not in legal:
                        message = state.explain_message(seat, action_id)
                        found.append((game.action_name(action_id), message))
            actor = state.to_act[0]
            state.apply(actor, rng.choice(state.legal_actions(actor)))
    return found


@pytest.mark.parametrize("lang", ["en", "de", "uk", "ru", "be"])
def test_no_card_in_notation(lang: str) -> None:
    found = refusals(range(4))
    assert len(found) > 500
    for action, message in found:
        text = render(message, lang)
        assert not NOTATION.search(text), f"{action}: {text}"


def test_the_top_card_and_the_card_played_in_words() -> None:
    state = deal([["G2", "G3", "G4"], ["R5", "Y1", "B1"]], "R6")
    assert state.to_act == [1]
    refused(state, 1, "Y1", "yellow 1 does not match the top card red 6")
    why = state.explain_message(1, state.game.action_id("Y1"))
    words = [render(card_message(KIND[card]), "uk") for card in ("Y1", "R6")]
    assert words == ["жовта 1", "червона 6"]
    assert all(word in render(why, "uk") for word in words)
