"""Why an UNO action is refused names its cards in words ("green 4"), never in notation ("G4"),
in English and in every translation; only a hint about what to type keeps the notation."""

from __future__ import annotations

import functools
import random
import re

import pytest

import solocards
from solocards.core.messages import Message
from solocards.games.uno.cards import KIND_NAMES
from solocards.i18n import render

NOTATION = re.compile(
    r"(?<![\w:>+'])("
    + "|".join(re.escape(name) for name in KIND_NAMES if len(name) > 1)
    + r")(?![\w+'])"
)


def refusals(options: dict[str, object], seeds: range) -> list[tuple[str, Message]]:
    """The explanation of every fifth illegal action id of every seat, at each of the first 40
    steps of a few rounds."""
    found = []
    game = solocards.make("uno", players=3, **options)
    for seed in seeds:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        for _step in range(40):
            if state.is_over:
                break
            for seat in range(game.players):
                legal = set(state.legal_action_ids(seat))
                for action_id in range(0, game.num_actions, 5):
                    if action_id not in legal:
                        message = state.explain_message(seat, action_id)
                        found.append((game.action_name(action_id), message))
            actor = state.to_act[0]
            state.apply(actor, rng.choice(state.legal_actions(actor)))
    return found


@functools.cache
def distinct_refusals() -> list[tuple[str, Message]]:
    """The refusals of a few rounds with and without the action options, each distinct
    explanation once (of about 389,000 explanations, some 560 differ), for every language."""
    found = refusals({"jump_in": True, "multi_play_same_number": True}, range(3))
    found += refusals({"stack_draw2": True}, range(3, 5))
    return list({repr(message): (action, message) for action, message in found}.values())


@pytest.mark.parametrize("lang", ["en", "de", "uk", "ru", "be"])
def test_no_card_in_notation(lang: str) -> None:
    found = distinct_refusals()
    assert len(found) > 500
    for action, message in found:
        if message.text.endswith("without '>N'"):  # what to type: "play B7 without '>N'"
            continue
        text = render(message, lang)
        assert not NOTATION.search(text), f"{action}: {text}"
