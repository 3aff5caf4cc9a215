"""The ``learned`` bot: a policy model (:mod:`.model`) playing from one seat's view.

It encodes the view it is given with the game's observation encoder (which reads that view and
nothing else), adds the features its model was trained with (:mod:`.features`, computed from the
same view and its public log), and plays the legal action its model scores highest: no search,
no state, a few small matrix products a move.

Models are found by name, ``GAME-Np.npz`` for ``GAME`` at ``N`` players unless the spec names
another (``learned:model=uno-2p``): first in the folder ``$SOLOCARDS_MODELS`` if it is set (where
``solocards train --out`` writes), then among the models shipped in this package
(``solocards/learned/models/``). A game without a model that loads is not offered the bot
(:func:`why_not`), and asking for it anyway is a :class:`~.model.ModelError` naming the file and
what is wrong with it.

>>> import random, solocards
>>> game = solocards.make("uno", players=2)
>>> bot = make_learned(game)
>>> state = game.deal(seed=1)
>>> seat = state.to_act[0]
>>> bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)) in (
...     state.legal_actions(seat))
True
"""

from __future__ import annotations

import os
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.bot import NO_REACTION
from ..core.errors import OptionError
from ..core.game import Game
from ..core.messages import Message, msg, verbatim
from ..rl.observations import Encoder
from .features import NO_FEATURES, Reader
from .model import ModelError, PolicyModel, load_model

SHIPPED = Path(__file__).resolve().parent / "models"
"""The models that come with the package."""
MODELS_VARIABLE = "SOLOCARDS_MODELS"
"""The environment variable naming a folder searched before the shipped models."""
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def default_name(game: Game) -> str:
    """The model name the bot looks for when the spec names none: ``uno-2p``."""
    return f"{game.id}-{game.players}p"


def folders() -> list[Path]:
    """Where models are looked for, first match wins."""
    extra = os.environ.get(MODELS_VARIABLE)
    return ([Path(extra)] if extra else []) + [SHIPPED]


def model_path(name: str) -> Path:
    """The file of the model called ``name`` (the first folder holding it, else the last
    folder's, which then does not exist)."""
    if not NAME.fullmatch(name):
        raise ModelError(
            msg(
                "a model name is lower-case letters, digits, - and _, not {name}",
                name=repr(name[:70]),
            )
        )
    places = [folder / f"{name}.npz" for folder in folders()]
    return next((place for place in places if place.is_file()), places[-1])


@lru_cache(maxsize=32)
def _cached(path: str, _stamp: tuple[int, int]) -> PolicyModel:
    return load_model(Path(path))


def read_model(path: Path) -> PolicyModel:
    """:func:`~.model.load_model`, kept while the file is unchanged."""
    try:
        stat = path.stat()
    except OSError:
        return load_model(path)  # says the file does not exist
    return _cached(str(path), (stat.st_mtime_ns, stat.st_size))


def reader_for(model: PolicyModel, game: Game, path: Path) -> Reader:
    """The :class:`~.features.Reader` of the features ``model`` was trained with (a
    :class:`ModelError` naming ``path`` if this game has no such feature set)."""
    features = str(model.meta.get("features", NO_FEATURES))
    try:
        return Reader(game, features)
    except OptionError as error:
        raise ModelError(
            msg(
                "model file {path} reads features {features} that this solocards does not have",
                path=str(path),
                features=repr(features),
            )
        ) from error


def check_fits(model: PolicyModel, game: Game, reader: Reader | Encoder, path: Path) -> None:
    """A :class:`ModelError` unless ``model`` was made for ``game``'s observations and actions
    (``reader``: what builds its inputs, the features' :class:`~.features.Reader` or the bare
    observation :class:`~solocards.rl.observations.Encoder`)."""
    meta = model.meta
    if meta.get("game") != game.id or meta.get("players") != game.players:
        raise ModelError(
            msg(
                "model file {path} was trained for {game} (players: {players}), not for {wanted} "
                "(players: {wanted_players})",
                path=str(path),
                game=str(meta.get("game")),
                players=str(meta.get("players")),
                wanted=game.id,
                wanted_players=game.players,
            )
        )
    if model.inputs != reader.size or model.actions != game.num_actions + 1:
        raise ModelError(
            msg(
                "model file {path} does not fit this game: inputs {inputs}, actions {actions}; "
                "the game has inputs {size}, actions {wanted}",
                path=str(path),
                inputs=model.inputs,
                actions=model.actions,
                size=reader.size,
                wanted=game.num_actions + 1,
            )
        )


class LearnedBot:
    """Plays the legal action its model scores highest in the observation of its view."""

    name = "learned"

    def __init__(self, model: PolicyModel, reader: Reader) -> None:
        self.model = model
        self.reader = reader
        self.reads_log = reader.reads_log
        """Only the features read the log (the observation encoders never do)."""
        self.no_reaction = reader.game.num_actions

    def column(self, action: str) -> int:
        """The model's column for ``action`` (the last one for :data:`NO_REACTION`)."""
        return (
            self.no_reaction if action == NO_REACTION else self.reader.encoder.action_index[action]
        )

    def choose(self, view: dict[str, Any], legal_actions: list[str], rng: random.Random) -> str:
        """The legal action with the highest score (``rng`` is not used: the bot is greedy)."""
        obs = self.reader.read(view)
        columns = [self.column(action) for action in legal_actions]
        mask = np.zeros(self.no_reaction + 1, dtype=np.int8)
        mask[columns] = 1
        return legal_actions[columns.index(self.model.best(obs, mask))]


def make_learned(game: Game, model: str | None = None) -> LearnedBot:
    """The ``learned`` bot for ``game`` with the model called ``model`` (default
    :func:`default_name`)."""
    path = model_path(model or default_name(game))
    loaded = read_model(path)
    reader = reader_for(loaded, game, path)
    check_fits(loaded, game, reader, path)
    return LearnedBot(loaded, reader)


def guides_search(game: Game) -> bool:
    """Whether ``game``'s model (at its player count) is marked as a good guide for the search:
    its meta's ``guides_search``, set on a model once ``learned+ismcts`` with it beat plain
    ``ismcts`` at the same CPU time a move (docs/bots.md). The ``strong`` level plays the guided
    search only then (:mod:`solocards.bots.levels`). ``False`` where no model loads.

    >>> import solocards
    >>> guides_search(solocards.make("uno", players=2)), guides_search(solocards.make("frog"))
    (True, False)
    """
    try:
        return make_learned(game).model.meta.get("guides_search") is True
    except ModelError:
        return False


def _loads(path: Path) -> bool:
    try:
        read_model(path)
    except ModelError:
        return False
    return True


def why_not(game: Any) -> Message | None:
    """Why the ``learned`` bot cannot play ``game`` here (``None``: it can).

    ``game`` may be a game (its player count must have a model), a game class (some player
    count must have one) or ``None`` (any model at all)."""
    if game is not None and isinstance(game, Game):
        try:
            make_learned(game)
        except ModelError as error:
            reason = error.args[0] if error.args else None
            return reason if isinstance(reason, Message) else verbatim(str(error))
        return None
    prefix = "" if game is None else f"{game.id}-"
    first: dict[str, Path] = {}  # a model in $SOLOCARDS_MODELS hides a shipped one of its name
    for folder in folders():
        if folder.is_dir():
            for path in sorted(folder.glob(f"{prefix}*.npz")):
                first.setdefault(path.stem, path)
    found = [path for path in first.values() if _loads(path)]
    if found:
        return None
    if game is None:
        return msg("the learned bot has no model here")
    return msg("the learned bot has no model for {game} here", game=game.id)


__all__ = [
    "MODELS_VARIABLE",
    "SHIPPED",
    "LearnedBot",
    "default_name",
    "folders",
    "guides_search",
    "make_learned",
    "model_path",
    "read_model",
    "reader_for",
    "why_not",
]
