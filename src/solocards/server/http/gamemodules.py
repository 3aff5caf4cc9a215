"""Each game's module of the web page, served at one stable URL: ``/js/games/<game id>.js``.

A game declares the JavaScript module that presents it in the page
(:attr:`~solocards.core.info.GameInfo.browser_module`, ``"package:path"``); this router serves
that file at ``/js/games/<game id>.js``, and ``web/js/games/generic.js`` for a game that
declares none. The lobby's game list gives each game's URL (``browser_module`` in
``/api/games``), and the page imports it before it draws. The URL sits beside the page's own
modules, so a game's module imports them by relative paths (``../i18n.js``, ``./trick.js``).
Any other file of ``/js/games/`` (the helpers the games share) is served from
``web/js/games/``. Every answer has an ``ETag`` and ``Cache-Control: no-cache``: the browser
asks again each time and gets ``304`` while the file is unchanged.

>>> module_url("uno")
'/js/games/uno.js'
>>> module_file("uno").name
'uno.js'
"""

from __future__ import annotations

import hashlib
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ...core.errors import OptionError
from ...games.registry import game_class

router = APIRouter(tags=["pages"])

GAMES_JS = Path(__file__).resolve().parents[2] / "web" / "js" / "games"
GENERIC = GAMES_JS / "generic.js"
JAVASCRIPT = "text/javascript; charset=utf-8"


def module_url(game_id: str) -> str:
    """The URL the page imports ``game_id``'s module from."""
    return f"/js/games/{game_id}.js"


def declared_file(reference: str) -> Path:
    """The file a ``"package:path"`` reference names (``"solocards:web/js/games/uno.js"``).

    >>> declared_file("solocards:web/js/games/uno.js").name
    'uno.js'
    >>> declared_file("uno.js")
    Traceback (most recent call last):
    ...
    ValueError: 'uno.js' is not a module reference of the form 'package:path'
    """
    package, sep, path = reference.partition(":")
    if not sep or not package or not path:
        raise ValueError(f"{reference!r} is not a module reference of the form 'package:path'")
    return Path(str(files(package).joinpath(path)))


def module_file(game_id: str) -> Path | None:
    """The file of ``game_id``'s module: the one it declares, else ``generic.js``; ``None``
    for a game that is not registered (or cannot be loaded)."""
    try:
        declared = game_class(game_id).info.browser_module
    except (ImportError, OptionError):
        return None
    return GENERIC if declared is None else declared_file(declared)


def shared_file(name: str) -> Path | None:
    """A file of ``web/js/games/`` itself (a helper the games share), or ``None``."""
    path = GAMES_JS / name
    return path if path.parent == GAMES_JS and path.is_file() else None


def javascript(path: Path, request: Request) -> Response:
    """``path`` as JavaScript, with its ETag; ``304`` when the browser holds this version."""
    body = path.read_bytes()
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=JAVASCRIPT, headers=headers)


@router.get("/js/games/{name}", include_in_schema=False, response_model=None)
async def game_module(name: str, request: Request) -> Response:
    """A game's module (``<game id>.js``), or a helper of ``web/js/games/``; else 404."""
    game_id = name.removesuffix(".js")
    path = module_file(game_id[:64]) if name.endswith(".js") else None
    path = path or shared_file(name)
    if path is None or not path.is_file():
        return JSONResponse({"detail": "Not Found"}, status_code=404)
    return javascript(path, request)
