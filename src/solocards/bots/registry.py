"""The bot registry: bot specs such as ``random``, ``heuristic`` or ``ismcts:iterations=2000``.

Every parameter of a registered kind is declared with its type and range
(:class:`~solocards.core.bot.BotParam`), so a spec is checked before any bot is built: a
parameter the kind does not have, a value of the wrong type, a number out of range or not
finite (``nan``, ``inf``) is an :class:`~solocards.OptionError` naming the parameter and what it
accepts. A kind also says where it can run, from what the game declares (``game.info``):
``heuristic`` needs the game's own heuristic bot; ``ismcts`` needs the game to sample worlds;
``rlcard`` plays the games its adapter supports, and only where RLCard is installed;
``learned`` plays the games (and player counts) that have a policy model here
(:mod:`solocards.learned`, which needs numpy: the ``rl`` extra), and ``learned+ismcts`` where
such a model loads and the game samples worlds.

>>> parse_bot_spec("ismcts:iterations=2000,seconds=1.5")
('ismcts', {'iterations': 2000, 'seconds': 1.5})
>>> import solocards
>>> try:
...     make_bot("ismcts:seconds=nan", solocards.make("uno"))
... except OptionError as error:
...     print(error)
ismcts parameter seconds must be a finite number from 0.001 to 60.0, not 'nan'
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

from ..core.bot import Bot, BotParam
from ..core.errors import OptionError
from ..core.game import Game
from ..core.info import resolve
from ..core.messages import Message, msg
from .random_bot import RandomBot
from .rlcard_adapter import SUPPORTED_GAMES as RLCARD_GAMES

ParamsOf = Callable[[Any], tuple[BotParam, ...]]
"""The parameters of a kind for a game (a :class:`Game` or a game class)."""
Obstacle = Callable[[Any], Message | None]
"""Why a kind cannot play a game here (``None``: it can); the game may be ``None``: any game."""

ISMCTS_PARAMS = (
    BotParam("iterations", int, 1, 100_000),
    BotParam("seconds", float, 0.001, 60.0),
    BotParam("c", float, 0.0, 10.0),
    BotParam("score_weight", float, 0.0, 1.0),
    BotParam("rollout", str, choices=("auto", "fast", "random", "heuristic", "plan")),
    BotParam("reuse", int, 1, 1000),
    BotParam("depth", int, 0, 1000),
    BotParam("cutoff", int, 0, 100_000),
    BotParam("trust", float, 0.0, 10_000.0),
    BotParam("paired", int, 0, 1),
    BotParam("belief", int, 0, 100_000),
    BotParam("recall", int, 1, 1000),
    BotParam("floor", float, 0.0, 1.0),
)


def _heuristic(game: Game, **params: Any) -> Bot:
    if not game.info.has_heuristic:
        raise OptionError(
            msg("{game} has no heuristic bot yet; bots: random, ismcts", game=game.id)
        )
    return game.heuristic_bot(**params)


def _random(game: Game, **params: Any) -> Bot:
    if params:
        raise OptionError(
            msg("the random bot takes no parameters, got {params}", params=", ".join(params))
        )
    return RandomBot()


def _ismcts(game: Game, **params: Any) -> Bot:
    from .ismcts import make_ismcts

    return make_ismcts(game, **params)


def _rlcard(game: Game, **params: Any) -> Bot:
    from .rlcard_adapter import make_rlcard

    return make_rlcard(game, **params)


LEARNED = "solocards.learned.bot"
"""Where the ``learned`` bot lives (above ``bots``: it reads the RL observation encoders)."""
LEARNED_SEARCH = "solocards.learned.search"
"""Where ``learned+ismcts`` lives (ISMCTS with the ``learned`` bot's network as its guide)."""


def _learned(game: Game, **params: Any) -> Bot:
    bot: Bot = resolve(f"{LEARNED}:make_learned")(game, **params)
    return bot


def _no_learned(game: Any) -> Message | None:
    try:
        why_not: Obstacle = resolve(f"{LEARNED}:why_not")
    except ImportError as error:
        return msg(
            "the learned bot needs numpy, which is not installed (pip install solocards[rl]): "
            "{error}",
            error=str(error),
        )
    return why_not(game)


LEARNED_ISMCTS_PARAMS = (
    BotParam("iterations", int, 1, 100_000),
    BotParam("seconds", float, 0.001, 60.0),
    BotParam("c", float, 0.0, 10.0),
    BotParam("score_weight", float, 0.0, 1.0),
    BotParam("rollout", str, choices=("auto", "fast", "random", "heuristic", "plan")),
    BotParam("prior_depth", int, -1, 1000),
    BotParam("plies", int, 0, 1000),
    BotParam("trust", float, 0.0, 100.0),
    BotParam("temperature", float, 0.01, 100.0),
    BotParam("model", str),
)


def _learned_ismcts(game: Game, **params: Any) -> Bot:
    bot: Bot = resolve(f"{LEARNED_SEARCH}:make_learned_ismcts")(game, **params)
    return bot


def _no_learned_ismcts(game: Any) -> Message | None:
    if game is not None and not game.info.samples_worlds:
        return msg(
            "learned+ismcts needs a game that samples worlds, which {game} does not", game=game.id
        )
    return _no_learned(game)


def _no_heuristic(game: Game | type[Game] | None) -> Message | None:
    if game is None or game.info.has_heuristic:
        return None
    return msg("{game} has no heuristic bot", game=game.id)


def _no_worlds(game: Game | type[Game] | None) -> Message | None:
    if game is None or game.info.samples_worlds:
        return None
    return msg("ismcts needs a game that samples worlds, which {game} does not", game=game.id)


def rlcard_installed() -> bool:
    """Whether RLCard can be imported here (the ``bench`` extra)."""
    return importlib.util.find_spec("rlcard") is not None


def _no_rlcard(game: Any) -> Message | None:
    if not rlcard_installed():
        return msg(
            "the rlcard bot needs RLCard, which is not installed (pip install solocards[bench])"
        )
    if game is not None and game.id not in RLCARD_GAMES:
        return msg(
            "the rlcard bot plays {games} only, not {game}",
            games=", ".join(sorted(RLCARD_GAMES)),
            game=game.id,
        )
    return None


_BOTS: dict[str, Callable[..., Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "rlcard": _rlcard,
    "learned": _learned,
    "learned+ismcts": _learned_ismcts,
}
_PARAMS: dict[str, ParamsOf] = {
    "random": lambda game: (),
    "heuristic": lambda game: () if game is None else game.info.heuristic_params,
    "ismcts": lambda game: ISMCTS_PARAMS,
    "rlcard": lambda game: (BotParam("model", str, choices=("uno-rule-v1",)),),
    "learned": lambda game: (BotParam("model", str),),
    "learned+ismcts": lambda game: LEARNED_ISMCTS_PARAMS,
}
_OBSTACLES: dict[str, Obstacle] = {
    "heuristic": _no_heuristic,
    "ismcts": _no_worlds,
    "rlcard": _no_rlcard,
    "learned": _no_learned,
    "learned+ismcts": _no_learned_ismcts,
}


def register_bot(
    name: str,
    factory: Callable[..., Bot],
    params: ParamsOf | None = None,
    obstacle: Obstacle | None = None,
) -> None:
    """Add a bot kind: ``factory(game, **params)`` returns a bot for that game.

    ``params(game)`` declares its parameters (without it, values are read as numbers where
    they look like finite ones, else kept as text, and the factory checks them);
    ``obstacle(game)`` says why it cannot play a game, or ``None`` where it can.
    """
    _BOTS[name] = factory
    _PARAMS.pop(name, None)
    _OBSTACLES.pop(name, None)
    if params is not None:
        _PARAMS[name] = params
    if obstacle is not None:
        _OBSTACLES[name] = obstacle


def cannot_play(kind: str, game: Any = None) -> Message | None:
    """Why the bot kind cannot play ``game`` here (any game for ``None``), or ``None``.

    >>> import solocards
    >>> cannot_play("heuristic", solocards.make("uno")) is None
    True
    """
    if kind not in _BOTS:
        return msg("unknown bot {kind}; bots: {bots}", kind=repr(kind), bots=", ".join(bot_names()))
    obstacle = _OBSTACLES.get(kind)
    return None if obstacle is None else obstacle(game)


def bot_names(game: Any = None) -> list[str]:
    """The registered bot kinds that can run here; with ``game`` (a game or a game class),
    those that can play it.

    >>> import solocards
    >>> "heuristic" in bot_names(solocards.make("uno"))
    True
    """
    return sorted(kind for kind in _BOTS if cannot_play(kind, game) is None)


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            value = convert(text)
        except ValueError:
            continue
        if value == value and value not in (float("inf"), float("-inf")):
            return value
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def split_bot_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """The kind of ``spec`` and its ``key=value`` pairs as text, in order (a pair that is not
    ``key=value``, or a key given twice, is an :class:`OptionError`).

    >>> split_bot_spec("ismcts:iterations=500,c=0.7")
    ('ismcts', [('iterations', '500'), ('c', '0.7')])
    """
    kind, _, rest = spec.partition(":")
    items: list[tuple[str, str]] = []
    seen: set[str] = set()
    if rest:
        for item in rest.split(","):
            key, sep, value = item.partition("=")
            key = key.strip()
            if not sep or not key:
                raise OptionError(
                    msg("bot parameter {item} is not key=value", item=repr(item[:40]))
                )
            if key in seen:
                raise OptionError(msg("bot parameter {key} is given twice", key=key[:40]))
            seen.add(key)
            items.append((key, value.strip()))
    return kind.strip(), items


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``kind:key=value,key=value`` into the kind and its parameters.

    Values are read as whole or finite numbers where they look like one (``nan`` and ``inf``
    stay text), else kept as text; :func:`make_bot` checks them against the kind's ranges.
    """
    kind, items = split_bot_spec(spec)
    return kind, {key: _value(value) for key, value in items}


def bot_params(spec: str, game: Any) -> tuple[str, dict[str, Any]]:
    """The kind of ``spec`` and its parameters, each checked against the kind's declaration.

    >>> import solocards
    >>> bot_params("ismcts:c=0.5,rollout=random", solocards.make("uno"))
    ('ismcts', {'c': 0.5, 'rollout': 'random'})
    """
    kind, items = split_bot_spec(spec)
    problem = cannot_play(kind, game)
    if problem is not None:
        raise OptionError(problem)
    declared = _PARAMS.get(kind)
    if declared is None:
        return kind, {key: _value(value) for key, value in items}
    known = {param.name: param for param in declared(game)}
    params: dict[str, Any] = {}
    for key, value in items:
        param = known.get(key)
        if param is None:
            if known:
                raise OptionError(
                    msg(
                        "the {kind} bot has no parameter {key}; parameters: {known}",
                        kind=kind,
                        key=repr(key[:40]),
                        known=", ".join(known),
                    )
                )
            raise OptionError(
                msg(
                    "the {kind} bot has no parameter {key}; it takes no parameters",
                    kind=kind,
                    key=repr(key[:40]),
                )
            )
        params[key] = param.convert(value, kind)
    return kind, params


def make_bot(spec: str, game: Game, *, time_budget: float | None = None) -> Bot:
    """A bot for ``game`` from a spec such as ``random`` or ``ismcts:iterations=500``.

    ``time_budget``: the most seconds a move may take; a searching bot (one with a
    ``limit_time(seconds)`` method) stops its search by then.
    """
    kind, params = bot_params(spec, game)
    bot = _BOTS[kind](game, **params)
    limit_time = getattr(bot, "limit_time", None)
    if time_budget is not None and callable(limit_time):
        limit_time(time_budget)
    return bot
