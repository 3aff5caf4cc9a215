"""Each game's module of the web page at ``/js/games/<game id>.js``
(server/http/gamemodules.py): the file the game declares (``GameInfo.browser_module``),
``generic.js`` for a game that declares none (the tiny test game), the shared helpers as
themselves, with an ETag that answers 304."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import TINY

import solocards

GAMES_JS = Path(solocards.__file__).resolve().parent / "web" / "js" / "games"


def test_the_game_list_names_each_game_module(http: httpx.Client) -> None:
    listed = {game["id"]: game["browser_module"] for game in http.get("/api/games").json()}
    assert listed[TINY] == f"/js/games/{TINY}.js"
    assert all(url == f"/js/games/{game_id}.js" for game_id, url in listed.items())


def test_a_game_gets_its_declared_module_and_one_without_gets_generic(http: httpx.Client) -> None:
    declared = solocards.make("frog").info.browser_module
    assert declared == "solocards:web/js/games/frog.js"
    frog = http.get("/js/games/frog.js")
    assert frog.status_code == 200 and frog.text == (GAMES_JS / "frog.js").read_text("utf-8")
    assert frog.headers["content-type"].startswith("text/javascript")
    tiny = http.get(f"/js/games/{TINY}.js")
    assert tiny.status_code == 200 and tiny.text == (GAMES_JS / "generic.js").read_text("utf-8")
    helper = http.get("/js/games/trick.js")
    assert helper.text == (GAMES_JS / "trick.js").read_text("utf-8")
    assert http.get("/js/games/no-such-game.js").status_code == 404
    assert http.get("/js/games/frog").status_code == 404


def test_a_module_is_asked_for_again_and_answered_304_while_unchanged(http: httpx.Client) -> None:
    first = http.get("/js/games/uno.js")
    assert first.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in first.headers["content-security-policy"]
    again = http.get("/js/games/uno.js", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    other = http.get("/js/games/amigo-solo.js", headers={"If-None-Match": first.headers["etag"]})
    assert other.status_code == 200
