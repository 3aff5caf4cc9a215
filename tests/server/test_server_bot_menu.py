"""The bot menu over HTTP: ``/api/games`` gives, per player count, the bots that can play the
game at that count (the learned bots only where a model for it loads) and the difficulty
levels with the bot that plays each."""

from __future__ import annotations

import httpx

import solocards
from solocards.bots import bot_names


def test_the_menu_offers_per_player_count_what_the_game_at_that_count_can_play(
    http: httpx.Client,
) -> None:
    listed = {game["id"]: game for game in http.get("/api/games").json()}
    uno = listed["uno"]
    menus = uno["bot_menus"]
    assert sorted(menus, key=int) == [str(n) for n in range(2, uno["max_players"] + 1)]
    for count, menu in menus.items():
        assert menu["bots"] == bot_names(solocards.make("uno", players=int(count)))
    for count in ("2", "4"):  # the shipped 2- and 4-player models
        assert "learned" in menus[count]["bots"] and "learned+ismcts" in menus[count]["bots"]
    for count in ("3", "5", "10"):
        assert "learned" not in menus[count]["bots"]
        assert "learned+ismcts" not in menus[count]["bots"]
    assert menus["2"]["levels"] == [
        {"level": "easy", "bot": "random"},
        {"level": "normal", "bot": "heuristic"},
        {"level": "strong", "bot": "learned+ismcts"},
    ]
    assert menus["4"]["levels"][-1] == {"level": "strong", "bot": "ismcts"}
    frog = listed["frog"]["bot_menus"]
    assert set(frog) == {str(n) for n in range(3, listed["frog"]["max_players"] + 1)}
    for menu in [*frog.values(), *menus.values()]:
        assert {level["bot"] for level in menu["levels"]} <= set(menu["bots"])
