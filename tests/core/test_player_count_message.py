"""A game asked for a number of players it is not played by names itself by its title and
says its range in the reader's language (no English "to" inside a translated sentence)."""

from __future__ import annotations

import pytest

import solocards
from solocards.core.errors import OptionError
from solocards.core.game import Game
from solocards.core.info import GameInfo
from solocards.games.registry import game_class
from solocards.i18n import engine_text, render_error


def refusal(game_id: str, players: int, lang: str) -> str:
    with pytest.raises(OptionError) as caught:
        solocards.make(game_id, players=players)
    return render_error(caught.value, lang)


def test_english_names_the_title_and_the_range() -> None:
    assert refusal("uno", 11, "en") == "UNO is played by 2 to 10 players, not 11"
    assert refusal("german-solo", 6, "en") == "German Solo is played by 3 to 5 players, not 6"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "Deutsches Solo wird von 3 bis 5 Spielern gespielt, nicht von 6"),
        ("uk", "Німецьке соло: грають від 3 до 5 гравців, а не 6"),
        ("ru", "Немецкое соло: играют от 3 до 5 игроков, а не 6"),
        ("be", "Нямецкае сола: гуляюць ад 3 да 5 гульцоў, а не 6"),
    ],
)
def test_each_language_says_the_range_in_its_own_words(lang: str, expected: str) -> None:
    assert refusal("german-solo", 6, lang) == expected


@pytest.mark.parametrize("game_id", ["uno", "amigo-solo", "german-solo", "frog"])
@pytest.mark.parametrize("lang", ["de", "uk", "ru", "be"])
def test_no_game_id_and_no_english_range(game_id: str, lang: str) -> None:
    text = refusal(game_id, 99, lang)
    title = engine_text(game_class(game_id).info.title, lang)
    assert text.startswith(title)
    assert " to " not in text and game_id not in text.replace(title, "")


class OnlyThree(Game):
    """A game of exactly three players (only its player count is used)."""

    id = "only-three"
    info = GameInfo(title="UNO")
    min_players = max_players = default_players = 3


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "UNO is played by 3 players, not 4"),
        ("ru", "UNO: играют 3 игрока, а не 4"),
        ("uk", "UNO: грають 3 гравці, а не 4"),
    ],
)
def test_a_single_count_takes_its_plural_form(lang: str, expected: str) -> None:
    assert render_error(OptionError(OnlyThree._player_count_error(4)), lang) == expected
