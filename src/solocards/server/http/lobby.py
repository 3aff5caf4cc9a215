"""The lobby: JSON over HTTP under ``/api/`` (documented on the generated ``/docs`` page).

Creating a table returns an *owner token*; seating a player returns a *seat token*. Requests
that need one take it as ``Authorization: Bearer <token>``. Tokens are shown once and stored
only as hashes. A private table is simply not listed: its unguessable id is the invitation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, Field, StringConstraints, field_validator

from ...bots import bot_names
from ...core.errors import OptionError, SoloError
from ...core.options import Option
from ...games.registry import DEFAULT_GAME, game_class, games
from ...i18n import _, engine_text, render, render_error
from ..accounts.sessions import current_account
from ..config import Settings
from ..limits import UNKNOWN_CLIENT, ClientLimits, retry_seconds
from ..live.clock import MAX_CLOCK_SECONDS
from ..live.table import Table, TableError
from ..live.tables import TableManager
from ..names import printable_name
from ..ratelimit import ClientBuckets
from .botmenu import BotMenu, bot_menus
from .finding import ClockKind, TableFilter
from .gamemodules import module_url
from .validation import StrictBody, Text, short, valid_unicode

router = APIRouter(prefix="/api", tags=["lobby"])

OptionValue = bool | int | str
GivenOption = bool | int | Text
OptionName = Annotated[str, StringConstraints(max_length=64), AfterValidator(valid_unicode)]
PlayerName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=32),
    AfterValidator(valid_unicode),
    AfterValidator(printable_name),
]
RESERVED_OPTIONS = ("players", "preset")
Language = Literal["en", "de", "uk", "ru", "be"]
LISTED = 200
"""The most tables the lobby lists at once (the newest that match)."""
MAX_TABLES_SEEN = 100_000
"""The most tables of a cluster's processes looked at for one listing (every one, in practice)."""


class OptionInfo(BaseModel):
    """One option of a game."""

    name: str
    title: str = Field(description="The option's name for people, in the request's language.")
    type: Literal["bool", "int", "str"]
    default: OptionValue
    help: str
    choices: list[str] | None = None
    choice_labels: dict[str, str] = Field(
        default_factory=dict,
        description="The words of each choice that is an internal code, in the language.",
    )
    minimum: int | None = None
    maximum: int | None = None


class GameInfo(BaseModel):
    """A game that can be played here, with its options and presets."""

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: list[OptionInfo]
    presets: dict[str, dict[str, OptionValue]]
    bots: list[str]
    bot_menus: dict[str, BotMenu] = Field(
        default_factory=dict,
        description="Per player count: the bots that can play the game at that count (a learned "
        "bot only where its model is for that count) and the difficulty levels easy, normal and "
        "strong, each with the bot that plays it.",
    )
    browser_module: str = Field(
        description="The URL of the game's module of the web page (what the game declares)."
    )


class ClockSpec(StrictBody):
    """A per-move time limit and what happens when it runs out."""

    seconds: float = Field(
        gt=0,
        le=MAX_CLOCK_SECONDS,
        description="Seconds per move, up to three days (259200): 43200 is 12 h, 86400 a day.",
    )
    on_timeout: Literal["bot", "default"] = Field(
        "bot", description="`bot`: a bot takes the seat over; `default`: a forced default move."
    )


class CreateTable(StrictBody):
    """A new table: the game, players, and options or a preset (options override the preset).

    Types are strict: ``players`` and integer options take JSON integers, ``public`` and
    boolean options JSON booleans.
    """

    game: Text = Field(max_length=64, examples=[DEFAULT_GAME])
    players: int | None = Field(None, description="Defaults to the game's default count.")
    options: dict[OptionName, GivenOption] = Field(default_factory=dict)
    preset: Text | None = Field(None, max_length=64, examples=["official", "party"])
    public: bool = Field(True, description="Listed in the lobby; private tables are not.")
    hints: bool = Field(
        True,
        description="Players may ask for hints (win chances) on their turn; a rated table "
        "has none (leave it out).",
    )
    rated: bool = Field(
        False,
        description="Results count for ratings: the game's default rules (no options or "
        "preset that change them), no hints; it starts only when every seat is a logged-in "
        "player or a bot, and a person who leaves it forfeits.",
    )
    clock: ClockSpec | None = None
    absent: Literal["wait", "bot"] | None = Field(
        None,
        description="An absent person's seat: `wait` for them, or a `bot` plays it after the "
        "leave grace; by default `wait` with a clock of an hour or more, else `bot`.",
    )
    language: Language | None = Field(
        None, description="The language the table is played in (the lobby filters by it)."
    )
    seed: int | None = Field(None, description="Only on servers started with allow_seed.")

    @field_validator("options")
    @classmethod
    def _no_fields_among_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        for name in RESERVED_OPTIONS:
            if name in options:
                raise ValueError(
                    _(
                        "{name} is a field of its own, not an option: {example}",
                        name=name,
                        example=f'{{"game": ..., "{name}": {options[name]!r}}}',
                    )
                )
        return options


class SeatInfo(BaseModel):
    """A seat as everybody sees it."""

    seat: int
    kind: Literal["empty", "human", "bot"]
    name: str | None
    bot: str | None
    connected: bool
    away: bool = Field(description="A bot plays for the absent player.")


class RematchReady(BaseModel):
    """Who is ready for a rematch that has not started (bots always are)."""

    ready: list[int]
    waiting: list[int]
    start_anyway_at: float = Field(
        description="When the owner may start it without those awaited (Unix seconds)."
    )


class TableInfo(BaseModel):
    """A table as everybody sees it (never a token, never the seed)."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, OptionValue]
    public: bool
    hints: bool = Field(description="Players may ask for hints on their turn.")
    rated: bool = Field(False, description="Its results count for ratings.")
    status: Literal["lobby", "playing", "finished", "expired"]
    version: int
    round: int | None
    totals: list[int] | None
    winners: list[int] | None
    seats: list[SeatInfo]
    clock: ClockSpec | None
    absent: Literal["wait", "bot"] = Field(
        "bot", description="An absent person's seat: `wait` for them, or a `bot` plays it."
    )
    language: str | None = Field(None, description="The language the table is played in.")
    rematch_of: str | None
    rematch: str | None
    created_at: str
    lowest_wins: bool | None = Field(
        None, description="Whether the lowest total wins the match (known once it is dealt)."
    )
    rematch_ready: RematchReady | None = Field(
        None, description="A rematch in the lobby: who is ready for it, who is awaited."
    )


class CreatedTable(BaseModel):
    """A new table, its owner token (shown once) and its invitation link."""

    table: TableInfo
    owner_token: str
    invite: str


class TakeSeat(StrictBody):
    """The name to sit down with (spaces around it are dropped; it must not be empty)."""

    name: PlayerName = Field(examples=["ana"])


class SeatToken(BaseModel):
    """A seat and the token that plays it (shown once)."""

    table: str
    seat: int
    token: str


class PutBot(StrictBody):
    """The bot to seat, as a bot spec: ``random``, ``heuristic``, ``ismcts:iterations=500``."""

    kind: Text = Field("random", max_length=100, examples=["random", "heuristic"])


def http_error(error: TableError) -> HTTPException:
    """The HTTP answer to a refused lobby request (``Retry-After`` where the error has one)."""
    headers = None if error.retry_after is None else {"Retry-After": str(error.retry_after)}
    return HTTPException(error.status, short(str(error)), headers=headers)


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def client_address(request: Request) -> str:
    """The client's address, the key of its per-client limits."""
    return request.client.host if request.client is not None else UNKNOWN_CLIENT


def _limits(request: Request) -> ClientLimits:
    limits: ClientLimits = request.app.state.limits
    return limits


def _too_many_tables(seconds: int) -> str:
    return _("too many new tables from your address; try again in {seconds} s", seconds=seconds)


def _too_many_seats(seconds: int) -> str:
    return _("too many seats taken from your address; try again in {seconds} s", seconds=seconds)


async def _spend(request: Request, buckets: ClientBuckets, refusal: Callable[[int], str]) -> None:
    """Spend one of the client's tokens in ``buckets``, or answer 429 with ``Retry-After`` and
    ``refusal(seconds)``: one whole message per limit, in the client's language."""
    wait = await buckets.spend(client_address(request))
    if wait is not None:
        seconds = retry_seconds(wait)
        raise HTTPException(429, refusal(seconds), headers={"Retry-After": str(seconds)})


def _bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _info(table: Table) -> TableInfo:
    return TableInfo.model_validate(table.info())


def _in_language(info: dict[str, Any]) -> dict[str, Any]:
    """A table's info as another process listed it (in English), its game's title in the
    request's language."""
    try:
        title = game_class(str(info["game"])).info.title
    except (KeyError, SoloError):  # a game this process does not know: as it was listed
        return info
    return {**info, "title": engine_text(title)}


async def _table(request: Request, table_id: str, changing: bool = False) -> Table:
    """The table, or 404; with ``changing``, 410 for a table that expired."""
    try:
        table = await _manager(request).require(table_id)
    except TableError as error:
        raise http_error(error) from None
    if changing and table.status == "expired":
        raise HTTPException(410, _("table {table} expired unused; open a new one", table=table.id))
    return table


def _require_owner(table: Table, authorization: str | None) -> None:
    if not TableManager.is_owner(table, _bearer(authorization)):
        raise HTTPException(
            403, _("this needs the table's owner token (Authorization: Bearer ...)")
        )


def _option_info(option: Option) -> OptionInfo:
    kind: Literal["bool", "int", "str"] = (
        "bool"
        if isinstance(option.default, bool)
        else "int"
        if isinstance(option.default, int)
        else "str"
    )
    return OptionInfo(
        name=option.name,
        title=render(option.title_message()),
        type=kind,
        default=option.default,
        help=engine_text(option.help),
        choices=list(option.choices) if option.choices is not None else None,
        choice_labels={
            value: render(option.choice_message(value)) for value, _label in option.labels
        },
        minimum=option.minimum,
        maximum=option.maximum,
    )


def game_infos() -> list[GameInfo]:
    """Every registered game that can be loaded, described for the lobby."""
    infos = []
    for game_id in games():
        try:
            cls = game_class(game_id)
        except (ImportError, OptionError):
            continue  # registered, not written yet
        kinds = bot_names(cls)
        infos.append(
            GameInfo(
                id=cls.id,
                title=engine_text(cls.info.title),
                min_players=cls.min_players,
                max_players=cls.max_players,
                default_players=cls.default_players,
                options=[_option_info(option) for option in cls.option_specs],
                presets={name: dict(values) for name, values in cls.presets.items()},
                bots=kinds,
                bot_menus=bot_menus(cls),
                browser_module=module_url(cls.id),
            )
        )
    return infos


@router.get("/games", response_model=list[GameInfo])
async def list_games() -> list[GameInfo]:
    """The games, with every option (type, default, allowed values) and the presets."""
    return game_infos()


@router.get("/bots", response_model=list[str])
async def list_bots() -> list[str]:
    """The bot kinds that can run on this server (not every game has every kind: see the
    ``bots`` of each game in ``/api/games``)."""
    return bot_names()


@router.post("/tables", response_model=CreatedTable, status_code=201)
async def create_table(body: CreateTable, request: Request) -> CreatedTable:
    """Open a table in the lobby. Seat players and bots, then start it (owner token)."""
    await _spend(request, _limits(request).creates, _too_many_tables)
    try:
        table, owner = await _manager(request).create(
            body.game,
            players=body.players,
            options=body.options,
            preset=body.preset,
            public=body.public,
            clock_seconds=None if body.clock is None else body.clock.seconds,
            on_timeout="bot" if body.clock is None else body.clock.on_timeout,
            seed=body.seed,
            hints=body.hints if "hints" in body.model_fields_set else not body.rated,
            rated=body.rated,
            absent=body.absent,
            language=body.language,
        )
    except TableError as error:
        raise http_error(error) from None
    invite = f"{str(request.base_url).rstrip('/')}/play/{table.id}"
    return CreatedTable(table=_info(table), owner_token=owner, invite=invite)


@router.get("/tables", response_model=list[TableInfo])
async def list_tables(
    request: Request,
    game: Annotated[Text | None, Query(max_length=64, description="Only this game.")] = None,
    language: Annotated[
        Language | None, Query(description="Only tables played in this language.")
    ] = None,
    clock: Annotated[
        ClockKind | None,
        Query(description="`none`: no clock; `short`: seconds or minutes; `long`: hours or days."),
    ] = None,
    open: Annotated[bool, Query(description="Only tables in the lobby with a free seat.")] = False,
) -> list[TableInfo]:
    """Public tables in the lobby or in play, newest first, that match every filter given."""
    wanted = TableFilter(game=game, language=language, clock=clock, open=open)
    cluster = getattr(request.app.state, "cluster", None)
    if cluster is not None:  # the tables of every process (as of the last second)
        listed = wanted.select(await cluster.public_tables(MAX_TABLES_SEEN))[:LISTED]
        return [TableInfo.model_validate(_in_language(dict(info))) for info in listed]
    found: list[TableInfo] = []
    for table in _manager(request).public_tables():  # the newest first, until enough match
        info = table.info()
        if wanted.matches(info):
            found.append(TableInfo.model_validate(info))
            if len(found) == LISTED:
                break
    return found


@router.get("/tables/{table_id}", response_model=TableInfo)
async def get_table(table_id: str, request: Request) -> TableInfo:
    """One table (public or private) by its id."""
    return _info(await _table(request, table_id))


@router.post("/tables/{table_id}/seats/{seat}", response_model=SeatToken, status_code=201)
async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> SeatToken:
    """Sit down in an empty seat; the token returned is the only way to play it.

    A logged-in person sits with their account's name (``name`` is not used) and account.
    """
    await _spend(request, _limits(request).seats, _too_many_seats)
    table = await _table(request, table_id, changing=True)
    token, token_hash = TableManager.new_seat_token()
    account = await current_account(request)
    name, account_id = (body.name, None) if account is None else (account.name, account.id)
    bans = _manager(request).bans
    if bans is not None and bans.name_banned(name):
        raise HTTPException(403, _("the name {name} may not be used here for now", name=repr(name)))
    try:
        await table.lobby_seats.take_seat(seat, name, token_hash, account_id)
    except TableError as error:
        raise http_error(error) from None
    return SeatToken(table=table.id, seat=seat, token=token)


@router.delete("/tables/{table_id}/seats/{seat}", response_model=TableInfo)
async def free_seat(
    table_id: str,
    seat: int,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> TableInfo:
    """Empty a seat before the start (the owner, or the seat's own token)."""
    table = await _table(request, table_id, changing=True)
    token = _bearer(authorization)
    own = token is not None and 0 <= seat < table.players and table.seat_of(token) == seat
    if not own:
        _require_owner(table, authorization)
    try:
        await table.lobby_seats.free_seat(seat)
    except TableError as error:
        raise http_error(error) from None
    return _info(table)


@router.post("/tables/{table_id}/seats/{seat}/bot", response_model=TableInfo)
async def put_bot(
    table_id: str,
    seat: int,
    body: PutBot,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> TableInfo:
    """Seat a bot of the chosen kind (owner token)."""
    table = await _table(request, table_id, changing=True)
    _require_owner(table, authorization)
    try:
        await table.lobby_seats.put_bot(seat, body.kind.strip())
    except TableError as error:
        raise http_error(error) from None
    except OptionError as error:
        raise HTTPException(400, short(render_error(error))) from None
    return _info(table)


@router.post("/tables/{table_id}/start", response_model=TableInfo)
async def start_table(
    table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> TableInfo:
    """Deal the first round once every seat is taken (owner token)."""
    table = await _table(request, table_id, changing=True)
    _require_owner(table, authorization)
    try:
        await _manager(request).start(table)
    except TableError as error:
        raise http_error(error) from None
    return _info(table)


@router.post("/tables/{table_id}/rematch", response_model=TableInfo, status_code=201)
async def rematch(
    table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> TableInfo:
    """The same seats again with a new deal (owner token or a seat token of this table).

    Every seat token and the owner token of the finished table hold the same places at the
    rematch. Asking twice gives the same rematch. Asking with a seat token says that seat is
    ready: the rematch starts once every seated person is (bots always are); until then it
    waits in the lobby, and its owner may start it anyway ``rematch_wait`` seconds later.
    """
    table = await _table(request, table_id)
    token = _bearer(authorization)
    allowed = token is not None and (
        TableManager.is_owner(table, token) or table.seat_of(token) is not None
    )
    if not allowed:
        raise HTTPException(403, _("a rematch needs the owner token or a seat token of this table"))
    try:
        seat = None if token is None else table.seat_of(token)
        new = await _manager(request).rematch(table, seat)
    except TableError as error:
        raise http_error(error) from None
    return _info(new)


@router.get("/tables/{table_id}/record", response_model=None)
async def get_record(table_id: str, request: Request) -> JSONResponse:
    """The record of a finished game (``solocards replay`` reads it).

    A game still running has no record to fetch: its decks would show every hidden card.
    """
    table = await _table(request, table_id)
    record: dict[str, Any] | None = table.record()
    if record is None:
        raise HTTPException(
            409,
            _(
                "the game at table {table} is {status}; records are for finished games",
                table=table.id,
                status=table.status,
            ),
        )
    return JSONResponse(record)
