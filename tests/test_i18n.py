"""The translation layer: catalog look-ups, plural forms, fallbacks, and engine messages
rendered in a reader's language (a tiny catalog written for each test)."""

from __future__ import annotations

from pathlib import Path

import pytest

import solocards
from helpers import use_test_catalogs
from solocards.core.errors import IllegalActionError
from solocards.core.messages import msg, nmsg, verbatim
from solocards.i18n import (
    _,
    current_language,
    engine_text,
    format_number,
    language_from_environment,
    ngettext,
    render,
    render_error,
    use_language,
)
from solocards.i18n.catalogs import plural_rule

UK_CARDS = ("{n} карта", "{n} карти", "{n} карт")


@pytest.fixture
def ukrainian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_test_catalogs(
        monkeypatch,
        tmp_path,
        {
            ("uk", "solocards"): {
                "Goodbye.": "До побачення.",
                "{name} plays": "{name} грає",
                ("{n} card", "{n} cards"): UK_CARDS,
                "{name} broken": "{nmae} зламано",  # a translator's typo
            },
            ("uk", "engine"): {
                "plays {card}": "грає {card}",
                "red {rank}": "червона {rank}",
                "Skip": "Пропуск",
                "names {colour}": "називає {colour}",
                "red": "червоний",
                "calls UNO": "каже УНО",
                "the round is over": "раунд закінчено",
                "it is not your turn: {player} is to play": "зараз не ваш хід: ходить {player}",
                "seat {seat}": "місце {seat}",
                "Cards dealt to each player.": "Карт кожному гравцеві.",
                "{game} option {option}: {value} is above the maximum {maximum}": (
                    "{game}, параметр {option}: {value} більше за максимум {maximum}"
                ),
            },
        },
    )


def test_a_translated_message_is_shown_in_the_language(ukrainian: None) -> None:
    with use_language("uk"):
        assert _("Goodbye.") == "До побачення."
        assert _("{name} plays", name="Оля") == "Оля грає"
    assert _("Goodbye.") == "Goodbye."  # the context ended: English again


def test_a_missing_translation_falls_back_to_english(ukrainian: None) -> None:
    with use_language("uk"):
        assert _("Seat {seat}", seat=2) == "Seat 2"
        assert ngettext("{n} bot", "{n} bots", 5, n=5) == "5 bots"
    with use_language("de"):  # no German catalog at all
        assert _("Goodbye.") == "Goodbye."


def test_a_translation_with_broken_placeholders_shows_english(ukrainian: None) -> None:
    with use_language("uk"):
        assert _("{name} broken", name="X") == "X broken"


def test_a_broken_catalog_shows_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from solocards.i18n import catalogs

    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "solocards.po").write_bytes(b'msgid "Goodbye."\nmsgstr \xff\xfe unterminated')
    monkeypatch.setattr(catalogs, "CATALOGS", catalogs.Catalogs(tmp_path))
    with use_language("ru"):
        assert _("Goodbye.") == "Goodbye."


def test_ukrainian_has_three_plural_forms(ukrainian: None) -> None:
    with use_language("uk"):
        forms = [ngettext("{n} card", "{n} cards", n, n=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert forms == ["1 карта", "2 карти", "5 карт", "11 карт", "21 карта", "22 карти", "25 карт"]
    assert plural_rule("ru")[0] == plural_rule("be")[0] == 3
    assert plural_rule("de")[0] == 2


def test_engine_messages_are_translated_with_their_parameters(ukrainian: None) -> None:
    game = solocards.make("uno")
    message = game.action_message("W:R!")
    assert str(message) == "plays Wild, names red, calls UNO"
    with use_language("uk"):
        # "Wild" has no translation: the English word inside the Ukrainian sentence
        assert render(message) == "грає Wild, називає червоний, каже УНО"
        assert render(game.action_message("RS")) == "грає червона Пропуск"
    assert render(message) == "plays Wild, names red, calls UNO"


def test_an_illegal_action_error_is_rendered_in_the_language(ukrainian: None) -> None:
    state = solocards.make("uno", players=2).deal(seed=7)
    waiting = 1 - state.to_act[0]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(waiting, "draw")
    assert str(caught.value) == f"it is not your turn: seat {state.to_act[0]} is to play"
    assert render_error(caught.value, "uk") == f"зараз не ваш хід: ходить місце {state.to_act[0]}"
    assert render_error(ValueError("plain"), "uk") == "plain"


def test_an_option_error_is_rendered_in_the_language(ukrainian: None) -> None:
    with pytest.raises(solocards.OptionError) as caught:
        solocards.make("uno", hand_size=99)
    assert str(caught.value) == "uno option hand_size: 99 is above the maximum 10"
    assert render_error(caught.value, "uk") == "uno, параметр hand_size: 99 більше за максимум 10"


def test_option_help_is_an_engine_message(ukrainian: None) -> None:
    spec = next(s for s in solocards.make("uno").option_specs if s.name == "hand_size")
    assert engine_text(spec.help, "uk") == "Карт кожному гравцеві."
    assert engine_text(spec.help, "en") == "Cards dealt to each player."


def test_messages_keep_english_as_their_string() -> None:
    assert str(nmsg("{n} card", "{n} cards", 1, n=1)) == "1 card"
    assert str(msg("{a} and {b}", a=verbatim("R7"), b=msg("red"))) == "R7 and red"
    with use_language("uk"):
        assert render(verbatim("R7>2")) == "R7>2"


def test_the_language_comes_from_the_posix_locale() -> None:
    assert language_from_environment({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert language_from_environment({"LC_MESSAGES": "be_BY", "LANG": "de_DE"}) == "be"
    assert language_from_environment({"LC_ALL": "uk_UA.UTF-8", "LANG": "de_DE"}) == "uk"
    assert language_from_environment({"LANG": "fr_FR.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"
    with use_language("fr"):
        assert current_language() == "en"


def test_numbers_are_written_as_the_language_writes_them() -> None:
    assert format_number(1234567, "en") == "1,234,567"
    assert format_number(1234567, "de") == "1.234.567"
    assert format_number(1234567, "uk") == "1\xa0234\xa0567"
