"""The bot registry: bot specs such as ``random``, ``heuristic`` or ``ismcts:iterations=2000``.

>>> parse_bot_spec("ismcts:iterations=2000,seconds=1.5")
('ismcts', {'iterations': 2000, 'seconds': 1.5})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.bot import Bot
from ..core.errors import OptionError
from ..core.game import Game
from .random_bot import RandomBot


def _heuristic(game: Game, **params: Any) -> Bot:
    factory = getattr(game, "heuristic_bot", None)
    if factory is None:
        raise OptionError(f"{game.id} has no heuristic bot yet; bots: random, ismcts")
    bot: Bot = factory(**params)
    return bot


def _random(game: Game, **params: Any) -> Bot:
    if params:
        raise OptionError(f"the random bot takes no parameters, got {', '.join(params)}")
    return RandomBot()


def _ismcts(game: Game, **params: Any) -> Bot:
    from .ismcts import make_ismcts

    return make_ismcts(game, **params)


def _rlcard(game: Game, **params: Any) -> Bot:
    from .rlcard_adapter import make_rlcard

    return make_rlcard(game, **params)


_BOTS: dict[str, Callable[..., Bot]] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "rlcard": _rlcard,
}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Add a bot kind: ``factory(game, **params)`` returns a bot for that game."""
    _BOTS[name] = factory


def bot_names() -> list[str]:
    """The registered bot kinds."""
    return sorted(_BOTS)


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``kind:key=value,key=value`` into the kind and its parameters."""
    kind, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    if rest:
        for item in rest.split(","):
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise OptionError(f"bot parameter {item!r} in {spec!r} is not key=value")
            params[key.strip()] = _value(value.strip())
    return kind.strip(), params


def make_bot(spec: str, game: Game) -> Bot:
    """A bot for ``game`` from a spec such as ``random`` or ``ismcts:iterations=500``."""
    kind, params = parse_bot_spec(spec)
    if kind not in _BOTS:
        raise OptionError(f"unknown bot {kind!r}; bots: {', '.join(bot_names())}")
    return _BOTS[kind](game, **params)
