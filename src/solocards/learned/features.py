"""What a learned bot reads: the game's observation (:mod:`solocards.rl.observations`) and,
for a model trained with them, extra *features* computed from the same seat's view.

The observation encoders leave the round's log out (a policy that counts cards keeps its own
memory); a policy network has none, so the facts a good player remembers are computed here from
the seat's view and its public log, and appended to the observation:

- ``uno-memory`` (UNO): the unseen cards of each kind (the deck less the seat's hand and the
  discard pile, as UNO's heuristic counts them, :class:`~solocards.games.uno.heuristic.Odds`),
  the unseen cards of each colour, and per other seat (relative, 1..n-1) the colours it
  probably lacks (it drew on them and has not played them since,
  :func:`~solocards.games.uno.heuristic.likely_voids`).
- ``amigo-memory`` (AMIGO's SOLO): its discard pile is face up, so the observation already holds
  what has been played; what it lacks is the others' likely voids (the colours a seat drew on
  and has not played since, followed through Swaps, :mod:`solocards.games.amigo_solo.memory`),
  and the unseen cards of each colour and the unseen black cards, as shares.

A model file names its feature set in its meta (``features``; none: the observation alone), and
the bot reads the log only when it has one. Every feature is computed from the view the seat is
given, so hidden cards cannot leak into it.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> reader = Reader(game, "uno-memory")
>>> state = game.deal(seed=1)
>>> x = reader.read(state.view(1))
>>> x.shape == (reader.size,), reader.size - reader.encoder.size
(True, 62)
>>> unseen = x[reader.encoder.size : reader.encoder.size + 54]  # share of each kind's copies
>>> bool(unseen.min() >= 0.0 and unseen.max() == 1.0)
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

from ..core.errors import OptionError
from ..core.game import Game
from ..core.info import resolve
from ..core.messages import msg
from ..rl.observations import Encoder, encoder_for
from .model import Array

NO_FEATURES = "none"
"""The feature set of a model that reads the observation alone."""


class FeatureSet(ABC):
    """Extra inputs computed from one seat's view (with its log), each in [0, 1]."""

    name: str
    size: int

    def __init__(self, game: Game, encoder: Encoder) -> None:
        self.game = game
        self.encoder = encoder

    @abstractmethod
    def write(self, view: dict[str, Any], out: Array) -> None:
        """Write the features of ``view`` into ``out`` (``size`` values, zeroed before)."""


class UnoMemory(FeatureSet):
    """``uno-memory``: the unseen cards, by kind and by colour, and the others' likely voids."""

    name = "uno-memory"
    COLOURS = ("R", "Y", "G", "B")

    def __init__(self, game: Game, encoder: Encoder) -> None:
        super().__init__(game, encoder)
        from ..games.uno.heuristic import Odds, likely_voids

        self._odds = Odds.of
        self._voids = likely_voids
        self.kinds = len(encoder.kinds)
        self.copies = [float(encoder.copies[name]) for name in encoder.kinds]
        per_colour = [
            sum(n for name, n in encoder.copies.items() if name[0] == colour)
            for colour in self.COLOURS
        ]
        self.colour_total = float(max(per_colour))
        self.size = self.kinds + 4 + 4 * (game.players - 1)

    def write(self, view: dict[str, Any], out: Array) -> None:
        """Unseen kinds (share of the copies), unseen per colour, likely voids per other seat."""
        kinds, index = self.kinds, self.encoder.kind_index
        colours = np.zeros(4, dtype=np.float32)
        for card, count in self._odds(view).unseen:
            out[index[card]] = count / self.copies[index[card]]
            if card[0] in self.COLOURS and len(card) > 1 and card[0] != "W":
                colours[self.COLOURS.index(card[0])] += count
        out[kinds : kinds + 4] = colours / self.colour_total
        seat, players = view["seat"], view["players"]
        for other, lacking in self._voids(view).items():
            rel = (other - seat) % players
            if rel:
                base = kinds + 4 + 4 * (rel - 1)
                for colour in lacking:
                    out[base + self.COLOURS.index(colour)] = 1.0


class AmigoSoloMemory(FeatureSet):
    """``amigo-memory``: unseen cards per colour and black, and the others' likely voids.

    >>> import solocards
    >>> game = solocards.make("amigo-solo", players=3)
    >>> reader = Reader(game, "amigo-memory")
    >>> reader.size - reader.encoder.size  # 4 colours + black, then 4 colours per other seat
    13
    """

    name = "amigo-memory"
    COLOURS = ("R", "Y", "G", "B")

    def __init__(self, game: Game, encoder: Encoder) -> None:
        super().__init__(game, encoder)
        from ..games.amigo_solo.memory import likely_voids

        self._voids = likely_voids
        self.copies = np.array([float(encoder.copies[name]) for name in encoder.kinds])
        self.colour_of = np.array(
            [self.COLOURS.index(name[0]) if name[0] != "W" else 4 for name in encoder.kinds]
        )
        totals = np.bincount(self.colour_of, weights=self.copies, minlength=5)
        self.group_total = np.maximum(totals, 1.0)
        self.kind_index = encoder.kind_index
        self.size = 5 + 4 * (game.players - 1)

    def write(self, view: dict[str, Any], out: Array) -> None:
        """Unseen cards per colour and black (shares), then likely voids per other seat."""
        unseen = self.copies.copy()
        index = self.kind_index
        for card in view["hand"]:
            unseen[index[card]] -= 1
        for card, count in view["discard_counts"].items():
            unseen[index[card]] -= count
        for cards in view["known_hands"].values():
            for card in cards:
                unseen[index[card]] -= 1
        groups = np.bincount(self.colour_of, weights=np.maximum(unseen, 0.0), minlength=5)
        out[:5] = groups / self.group_total
        seat, players = view["seat"], view["players"]
        for other, lacking in self._voids(view).items():
            rel = (other - seat) % players
            if rel:
                base = 5 + 4 * (rel - 1)
                for colour in lacking:
                    out[base + self.COLOURS.index(colour)] = 1.0


def feature_sets(game: Game) -> dict[str, type[FeatureSet]]:
    """The feature sets ``game`` declares (``GameInfo.learned_features``), by name, richest last.

    >>> import solocards
    >>> list(feature_sets(solocards.make("uno"))), list(feature_sets(solocards.make("frog")))
    (['uno-memory'], [])
    """
    kinds: list[type[FeatureSet]] = [resolve(ref) for ref in game.info.learned_features]
    return {kind.name: kind for kind in kinds}


def feature_names(game: Game) -> list[str]:
    """The feature sets ``game`` offers (always :data:`NO_FEATURES` first)."""
    return [NO_FEATURES, *feature_sets(game)]


def default_features(game: Game) -> str:
    """The richest feature set of ``game`` (what training uses unless told otherwise)."""
    return feature_names(game)[-1]


class Reader:
    """Turns one seat's view into a model's input: the observation, then the features."""

    def __init__(self, game: Game, features: str = NO_FEATURES) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.features = features
        self.extra: FeatureSet | None = None
        if features != NO_FEATURES:
            kind = feature_sets(game).get(features)
            if kind is None:
                raise OptionError(
                    msg(
                        "{game} has no feature set {name}; it has: {names}",
                        game=game.id,
                        name=repr(features),
                        names=", ".join(feature_names(game)),
                    )
                )
            self.extra = kind(game, self.encoder)
        self.size = self.encoder.size + (self.extra.size if self.extra else 0)
        self.obs = np.zeros(self.size, dtype=np.float32)

    @property
    def reads_log(self) -> bool:
        """Whether the features need the view's log."""
        return self.extra is not None

    def bounds(self) -> Array:
        """Each input's upper bound (the features' is 1)."""
        _low, high = self.encoder.layout.bounds()
        return np.concatenate([high, np.ones(self.size - self.encoder.size)]).astype(np.float32)

    def read(self, view: dict[str, Any]) -> Array:
        """The input for ``view`` (a buffer reused by the next call: copy it to keep it)."""
        obs = self.obs
        obs.fill(0.0)
        base = self.encoder.size
        self.encoder.encode(view, obs[:base])
        if self.extra is not None:
            self.extra.write(view, obs[base:])
        return obs


__all__ = [
    "NO_FEATURES",
    "AmigoSoloMemory",
    "FeatureSet",
    "Reader",
    "UnoMemory",
    "default_features",
    "feature_names",
    "feature_sets",
]
