"""Translation slips found in review (issue 40, items 18-21), each checked over the catalogs so
that it cannot come back in a new entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import solocards
from solocards.cli import app

LOCALE = Path(solocards.__file__).resolve().parent / "locale"
DOMAINS = ("engine", "solocards", "web")


def entries(lang: str) -> list[tuple[str, str, Message]]:
    """``(ids, translation, message)`` of every entry of ``lang``, each plural form apart."""
    found = []
    for domain in DOMAINS:
        with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, str) else " / ".join(message.id)
            strings = (
                message.string if isinstance(message.string, tuple | list) else [message.string]
            )
            found += [(ids, str(text), message) for text in strings if text]
    return found


def translation(lang: str, domain: str, msgid: str) -> str | tuple[str, ...]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        message = read_po(handle, locale=lang)[msgid]
    assert message is not None, msgid
    return message.string if isinstance(message.string, str) else tuple(message.string)


@pytest.mark.parametrize(
    ("lang", "genitive"), [("uk", "кольору"), ("ru", "цвета"), ("be", "колеру")]
)
def test_a_colour_name_never_follows_the_genitive_of_colour(lang: str, genitive: str) -> None:
    """«карту кольору червоний»: the colour names are nominative adjectives, so a sentence names
    the colour in apposition («відповідного кольору (червоний)»), never right after it."""
    wrong = [text for _ids, text, _m in entries(lang) if f"{genitive} {{colour}}" in text]
    assert not wrong, wrong


@pytest.mark.parametrize("domain", ["engine", "web"])
def test_german_colour_names_are_nouns(domain: str) -> None:
    words = [translation("de", domain, colour) for colour in ("red", "yellow", "green", "blue")]
    assert words == ["Rot", "Gelb", "Grün", "Blau"]


def test_belarusian_trick_counts_take_the_masculine_uzyatak() -> None:
    """узятак (trick) is masculine: 1 узятак, 2 узяткі, 5 узяткаў (узятка is a bribe)."""
    plural = [
        message
        for _ids, _text, message in entries("be")
        if not isinstance(message.id, str) and "{tricks} trick" in message.id[0]
    ]
    assert len(plural) >= 4
    for message in plural:
        forms = [re.search(r"\{tricks\} (\w+)", form).group(1) for form in message.string]
        assert forms == ["узятак", "узяткі", "узяткаў"], message.id
    assert not [text for _ids, text, _m in entries("be") if re.search(r"\bузятка\b", text)]


def test_belarusian_writes_its_apostrophe_one_way() -> None:
    ascii_between_letters = re.compile(r"[\u0400-\u04ff]'[\u0400-\u04ff]")
    wrong = [text for _ids, text, _m in entries("be") if ascii_between_letters.search(text)]
    assert not wrong, wrong[:5]
    assert any("’" in text for _ids, text, _m in entries("be"))


def test_belarusian_slips() -> None:
    assert translation("be", "engine", "Stamm") == "Выйгрыш з банка"
    called = translation(
        "be",
        "engine",
        "trump may not be {suit}, the suit of the called card (seed: the trump is named 'but "
        "not in the suit of the called Ace')",
    )
    assert "called Ace" not in called and "«але не ў масці названага туза»" in called
    assert translation("be", "web", "best: {action} ({win})") == "лепшы ход: {action} ({win})"
    assert (
        translation("be", "web", "The next round is dealt.") == "Карты наступнага кола раздадзены."
    )
    assert translation("be", "solocards", "The record is valid.") == "Запіс правільны."


def test_german_slips() -> None:
    wrong = [
        text
        for _ids, text, _m in entries("de")
        if re.search(r"\b(das|dem|des|ein|einem|eines) Match", text) or "dass {name} hat:" in text
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_tout_is_quoted_where_it_could_read_as_here(lang: str) -> None:
    """Bare «тут» reads as "here"; the contract tout is written «тут» (the glossary says why)."""
    bare = re.compile(r"(?<![«\w])[Тт]ут(?![\w»])")
    wrong = [text for ids, text, _m in entries(lang) if "tout" in ids.lower() and bare.search(text)]
    assert not wrong, wrong
    assert translation(lang, "engine", "tout") == "«тут»"


@pytest.mark.parametrize("lang", ["uk", "ru", "be"])
def test_a_seed_is_not_grain(lang: str) -> None:
    wrong = [text for _ids, text, _m in entries(lang) if re.search(r"(?i)\bзерн", text)]
    assert not wrong, wrong
    assert not [text for _ids, text, _m in entries("uk") if "задовго" in text]


@pytest.mark.parametrize(
    ("lang", "deal", "game"),
    [
        ("en", "End of deal 1", "frog"),
        ("ru", "Конец сдачи 1", "frog"),
        ("en", "End of round 1", "uno"),
    ],
)
def test_the_terminal_counts_deals_in_the_trick_games(lang: str, deal: str, game: str) -> None:
    options = ["-o", "deals=3"] if game == "frog" else ["--players", "2", "-o", "rounds=1"]
    args = ["--lang", lang, "play", game, "--seed", "3", "--bots", "heuristic", *options]
    out = CliRunner().invoke(app, args, input="1\n" * 3000).output
    assert deal in out


@pytest.mark.parametrize(
    ("lang", "match_word", "abbreviation"),
    [
        ("uk", r"\bпарті[яюї]", " д. "),
        ("ru", r"\bпарти[яюи]", " д. "),
        ("be", r"\bпарты[яюі]", None),
    ],
)
def test_a_match_is_one_word_and_counts_take_their_case(
    lang: str, match_word: str, abbreviation: str | None
) -> None:
    """The glossaries say «матч» for a match; «з 500 очок» / «с 500 очков» / «з 500 пунктаў»."""
    texts = [text for _ids, text, _m in entries(lang)]
    assert not [text for text in texts if re.search(match_word, text)]
    assert not [text for text in texts if re.search(r"500 (очками|пунктамі)", text)]
    if abbreviation:
        assert not [text for text in texts if "{days}" + abbreviation in text]
