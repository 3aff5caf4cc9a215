"""The "How to play" pages: ``/how-to-play/{game}`` serves the web front end, which draws the
page of that game in the reader's language (``web/js/howto.js``, texts in
``web/js/gameguide.js``); a game solocards does not have is a 404 that says so.

>>> [route.path for route in router.routes]
['/how-to-play/{game_id}']
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response

from ...core.errors import OptionError
from ...games.registry import game_class
from ...i18n import render_error

router = APIRouter(tags=["pages"])

WEB = Path(__file__).resolve().parents[2] / "web"


@router.get("/how-to-play/{game_id}", include_in_schema=False, response_model=None)
async def how_to_play(game_id: str) -> Response:
    """A game's rules in short: the web front end (the API's description without one), or 404
    for an unknown game."""
    try:
        game_class(game_id[:64])
    except OptionError as error:  # the engine's words: "unknown game 'x'; games: ..."
        return JSONResponse({"detail": render_error(error)}, status_code=404)
    index = WEB / "index.html"
    if index.is_file():
        return FileResponse(index)
    return RedirectResponse("/docs")
