"""The rank letters a person reads on the trick games' cards, in each language (issue 19).

The card notation (``QC``, the engine's and the protocol's) never changes; what people read
does: Russian, Ukrainian and Belarusian write В Д К Т (валет, дама, король, туз; the Russian
Frog text, seed 003), German B D K A (Bube, Dame, König, Ass; "K 4, D 3, B 2").
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

import solocards
from solocards.i18n import render
from solocards.server.http import webcatalog

FROG_POINTS = (
    "Follow suit if you can, else trump if you can. Cards count A 11, 10 10, K 4, Q 3, J 2."
)
#: The displayed letters of Jack, Queen, King, Ace in each language.
LETTERS = {"en": "JQKA", "de": "BDKA", "uk": "ВДКТ", "ru": "ВДКТ", "be": "ВДКТ"}


@pytest.mark.parametrize("lang", sorted(LETTERS))
def test_the_engines_card_words_use_the_letters_of_the_language(lang: str) -> None:
    jack, queen, king, ace = LETTERS[lang]
    frog = solocards.make("frog")
    assert render(frog.action_message("QC"), lang).endswith(f"{queen}♣")
    assert f"{jack}♦" in render(frog.action_message("discard:JD"), lang)
    assert str(frog.action_message("QC")) == "plays Q♣"  # the English text stays as it was
    german = solocards.make("german-solo")
    assert render(german.action_message("KH"), lang) == f"{king}♥"
    assert render(german.action_message("TS"), lang) == "10♠"
    called = render(german.action_message("call:AD"), lang)
    assert f"{ace}♦" in called, called
    spadilla = render(german.action_message("QC"), lang)
    assert not re.search(r"[JQ][♣♠]", spadilla) or lang == "en", spadilla


@pytest.mark.parametrize("lang", ["de", "uk", "ru", "be"])
def test_rule_texts_count_card_points_with_the_letters_shown(lang: str) -> None:
    """A rule text or tooltip that gives the card points names the cards as they are shown."""
    jack, queen, king, ace = LETTERS[lang]
    with webcatalog.po_path(lang).open("rb") as handle:
        catalog = read_po(handle)
    points = catalog.get(FROG_POINTS)
    assert points is not None and points.string
    counted = re.search(r"(\S+) 11, \S+ 10, (\S+) 4, (\S+) 3, (\S+) 2", points.string)
    assert counted, points.string
    if all(len(word) == 1 for word in counted.groups()):  # letters, not words (туз 11, ...)
        assert counted.groups() == (ace, king, queen, jack), points.string
    for message in catalog:
        text = " ".join(message.string) if isinstance(message.string, tuple) else message.string
        if lang != "de":
            assert not re.search(r"\b[JQKA][♣♦♥♠]", text or ""), (message.id, text)
