"""The profile and leaderboard requests, and the browser's pages for them.

``GET /api/players/{name}``: a player's profile (an account's name, or ``bot:<spec>`` for a
bot); ``GET /api/leaderboards/{game}``: the rated players of a game per family of player
counts. ``/players/{name}`` and ``/leaderboards/{game}`` serve the web front end, which draws
them from those two requests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from ...core.errors import OptionError, SoloError
from ...games.registry import game_class, games
from ...i18n import _, engine_text
from ..storage import AsyncRepository
from .families import families
from .queries import leaderboard, profile

router = APIRouter(prefix="/api", tags=["ratings"])
pages = APIRouter(include_in_schema=False)

WEB = Path(__file__).resolve().parent.parent.parent / "web"

PlayerName = Annotated[str, PathParam(min_length=1, max_length=120)]
GameId = Annotated[str, PathParam(min_length=1, max_length=64)]


class Problem(BaseModel):
    """A refused request: what is wrong, in the request's language."""

    detail: str


class GamePlayed(BaseModel):
    """How many finished matches of a game a player played, and won."""

    game: str
    title: str
    played: int
    won: int


class RatingPoint(BaseModel):
    """The rating after one rated match (``table``: null for a private table)."""

    table: str | None
    at: str
    rating: int


class RatingInfo(BaseModel):
    """A rating in one game and family of player counts."""

    game: str
    title: str
    family: str = Field(description="`2`, `3+`, or one count such as `4` (docs/server.md).")
    rating: int = Field(description="1,500 for a newcomer; 200 points is about a 76% chance.")
    deviation: int = Field(description="The uncertainty on the same scale (one sigma).")
    provisional: bool
    matches: int
    wins: int
    history: list[RatingPoint] = Field(
        description="The rating after each rated match, oldest first."
    )


class MatchInfo(BaseModel):
    """One finished match of a player (``table``, ``replay``, ``review``: null when private)."""

    table: str | None
    game: str
    title: str
    players: int
    family: str
    finished_at: str
    total: int
    place: int
    won: bool
    forfeited: bool
    rated: bool
    rating_change: int | None
    replay: str | None
    review: str | None


class PlayerProfile(BaseModel):
    """A player's profile: matches and wins per game, ratings with their history, the last 50
    matches (newest first)."""

    name: str
    bot: bool
    games: list[GamePlayed]
    ratings: list[RatingInfo]
    matches: list[MatchInfo]


class BoardEntry(BaseModel):
    """A player on a leaderboard."""

    place: int
    name: str
    bot: bool
    rating: int
    deviation: int
    provisional: bool
    matches: int
    wins: int


class FamilyBoard(BaseModel):
    """The leaderboard of one family of player counts, best first."""

    family: str
    kind: Literal["duel", "more", "count"] = Field(
        description="`duel`: two players; `more`: three or more; `count`: exactly `family`."
    )
    players: list[BoardEntry]


class Leaderboard(BaseModel):
    """A game's leaderboards, one per family of player counts."""

    game: str
    title: str
    families: list[FamilyBoard]


def _title(game: str) -> str:
    try:
        return engine_text(game_class(game).info.title)
    except (ImportError, SoloError):
        return game


def _kind(family: str) -> Literal["duel", "more", "count"]:
    return "more" if family.endswith("+") else "duel" if family == "2" else "count"


def _repo(request: Request) -> AsyncRepository:
    repo: AsyncRepository = request.app.state.manager.repo
    return repo


NOT_FOUND = {404: {"model": Problem, "description": "No such player or game."}}


@router.get("/players/{name}", response_model=PlayerProfile, responses=NOT_FOUND)  # type: ignore[arg-type]
async def get_player(name: PlayerName, request: Request) -> PlayerProfile:
    """A player's profile: an account by its name (any case), or a bot as ``bot:<spec>``."""
    found = await _repo(request).read(profile, name)
    if found is None:
        raise HTTPException(404, _("There is no player {name}.", name=repr(name[:40])))
    return PlayerProfile(
        name=found.player.name,
        bot=found.player.bot,
        games=[GamePlayed(title=_title(g["game"]), **g) for g in found.games],
        ratings=[RatingInfo(title=_title(r["game"]), **r) for r in found.ratings],
        matches=[MatchInfo(title=_title(m["game"]), **m) for m in found.matches],
    )


@router.get("/leaderboards/{game}", response_model=Leaderboard, responses=NOT_FOUND)  # type: ignore[arg-type]
async def get_leaderboard(game: GameId, request: Request) -> Leaderboard:
    """The rated players (people and bots) of ``game``, best first, per family."""
    if game not in games():
        raise HTTPException(404, _("There is no game {game}.", game=repr(game[:40])))
    try:
        cls = game_class(game)
    except (ImportError, OptionError):
        raise HTTPException(404, _("There is no game {game}.", game=repr(game[:40]))) from None
    entries = await _repo(request).read(leaderboard, game)
    boards = []
    for code in families(game, cls.min_players, cls.max_players):
        mine = [
            BoardEntry(**{k: v for k, v in e.items() if k != "family"})
            for e in entries
            if e["family"] == code
        ]
        boards.append(FamilyBoard(family=code, kind=_kind(code), players=mine))
    return Leaderboard(game=game, title=_title(game), families=boards)


def _index(fallback: str) -> Response:
    index = WEB / "index.html"
    if index.is_file():
        return FileResponse(index)
    return RedirectResponse(fallback)


@pages.get("/players/{name}", response_model=None)
async def player_page(name: PlayerName) -> Response:
    """A profile page: the web front end, or the profile's JSON without one."""
    return _index(f"/api/players/{quote(name, safe='')}")


@pages.get("/leaderboards/{game}", response_model=None)
async def leaderboard_page(game: GameId) -> Response:
    """A leaderboard page: the web front end, or the leaderboard's JSON without one."""
    return _index(f"/api/leaderboards/{quote(game, safe='')}")
