"""What a game offers, declared in one place: :class:`GameInfo`.

Every :class:`~solocards.core.game.Game` subclass sets ``info = GameInfo(...)`` once; the
bots, the simulators, the server, the CLI and the RL environments read that declaration
instead of probing the game for attributes (as OpenSpiel's ``_GAME_TYPE`` and ``_GAME_INFO``
declare a game's capabilities statically). What lives outside the engine (a heuristic bot, a
world sampler, an RL encoder) is named by a lazy ``"module:attribute"`` reference
(:data:`Ref`), imported on first use, so that the engine stays free of numpy and cheap to
import.

>>> info = GameInfo(title="Toy", world_sampler="random:Random")
>>> info.samples_worlds, info.has_heuristic, info.reaction_windows
(True, False, False)
>>> resolve("random:Random.choice").__name__
'choice'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

from .bot import BotParam

Ref = str
"""A lazy reference ``"package.module:attribute"`` (the attribute may be dotted:
``"pkg.game:MyGame.heuristic_bot"``), imported by :func:`resolve` on first use."""


@dataclass(frozen=True)
class GameInfo:
    """The declared capabilities of a game (one per game package, a class attribute ``info``).

    - ``title``: the game's name for people (lobby, table, terminal).
    - ``reaction_windows``: whether several seats may act at once (a jump-in, a catch); the
      RL environments then add a "no reaction" action (``solocards.rl.turns``).
    - ``heuristic_bot``: a :data:`Ref` to ``factory(game, **params) -> Bot`` (the
      ``heuristic`` bot kind), or ``None`` if the game has none; ``heuristic_params``: the
      parameters that factory accepts (checked before it is called).
    - ``world_sampler``: a :data:`Ref` to ``sample(game, view, rng) -> State``, a full state
      consistent with a seat's view (ISMCTS needs it), or ``None``.
    - ``belief_sampling``: the world sampler also takes ``observe=callback`` and, for the world
      it returns, calls ``callback(state, seat, action)`` before replaying each public step of
      the round (``state`` as it was before ``seat`` took ``action``), so that analysis can
      weight each world by how likely the seats' earlier choices are in it.
    - ``deal_sampler``: a :data:`Ref` to ``sample_deal(game, view, rng) ->``
      :class:`~solocards.core.hidden.HiddenDeal`: the unseen cards of the view dealt to the
      hidden places they could be in, before they become a world (its ``world(observe)``
      replays the round as ``belief_sampling`` says), so that analysis can move cards between
      the places (a Markov chain over the deals consistent with the view); or ``None``.
    - ``replay_sampler``: a :data:`Ref` to ``replay_worlds(game, past, view, rng, tries, floor) ->
      list[(State, weight)]``: worlds of ``view``'s position dealt at ``past`` (an earlier view
      of the same seat in the same round) and replayed since, each weighted by how well the
      game's heuristic bot explains the other seats' choices in it (``floor`` to the power of
      the choices it does not explain; ISMCTS ``belief`` and ``floor``), or ``None``.
    - ``replay_reshuffle``: a :data:`Ref` to ``reshuffle(world, rng)``, which shuffles in place
      what a replayed world leaves to chance from its position on (UNO: the draw pile), so that
      the search, drawing one world of its belief many times, plays out fresh futures; or
      ``None`` (the worlds are played out as replayed).
    - ``rl_encoder``: a :data:`Ref` to an encoder class ``Encoder(game)`` of
      ``solocards.rl.observations``, or ``None`` for the generic encoder.
    - ``rl_name``: the CamelCase name in the Gymnasium id ``solocards/<rl_name>-v0``
      (``""``: made from the game id, ``"my-game"`` giving ``MyGame``).
    - ``step_events``: a :data:`Ref` to ``step_events(before, seat, action) -> list[str]``,
      the events of ``seat`` taking ``action`` (a stack, a jump-in, a challenge, a catch...),
      read from the public state before it (a spectator's view or a snapshot: the keys both
      hold); the lab counts them and the table's log tells them. ``None``: no step events.
    - ``round_events``: a :data:`Ref` to ``round_events(result) -> list[str]``, the events a
      round's result reports (the contract played, a throw-in, a tout...); ``None``: none.
      Both live in the game's ``events`` module: only the game reads its own notation.
    - ``counts_deals``: a round is called a deal (the trick games: "End of deal 2", as the
      browser says), else a round.
    - ``browser_module``: the game's presentation in the web page, a JavaScript module the game
      ships, as ``"package:path"`` (the file at ``path`` inside the importable ``package``:
      ``"solocards:web/js/games/uno.js"``); the server serves it at ``/js/games/<id>.js``
      (``web/js/games/index.js`` says what it exports). ``None``: the generic presentation
      (cards and actions in their own spelling).
    - ``learned_features``: :data:`Ref` s to the extra input sets a learned bot's model may read
      beyond the observation (``FeatureSet(game, encoder)`` classes of
      ``solocards.learned.features``, each with its ``name``), richest last; ``()``: none.
    - ``round_won``: what a round is worth to a learner trained by playing: ``True`` when the
      game is about winning the round (UNO), ``False`` when its score is (the trick games).

    >>> GameInfo(title="Toy", heuristic_bot="pkg.bot:make").has_heuristic
    True
    """

    title: str
    reaction_windows: bool = False
    heuristic_bot: Ref | None = None
    heuristic_params: tuple[BotParam, ...] = ()
    world_sampler: Ref | None = None
    belief_sampling: bool = False
    deal_sampler: Ref | None = None
    replay_sampler: Ref | None = None
    replay_reshuffle: Ref | None = None
    rl_encoder: Ref | None = None
    rl_name: str = ""
    step_events: Ref | None = None
    round_events: Ref | None = None
    counts_deals: bool = False
    browser_module: str | None = None
    learned_features: tuple[Ref, ...] = ()
    round_won: bool = False

    @property
    def has_heuristic(self) -> bool:
        """Whether the game declares a heuristic bot."""
        return self.heuristic_bot is not None

    @property
    def samples_deals(self) -> bool:
        """Whether the game hands out the hidden deal behind its worlds (``deal_sampler``)."""
        return self.deal_sampler is not None

    @property
    def samples_worlds(self) -> bool:
        """Whether the game declares a world sampler (what ISMCTS needs)."""
        return self.world_sampler is not None


@cache
def resolve(ref: Ref) -> Any:
    """The object a ``"module:attribute"`` reference names (imported once, then cached).

    >>> resolve("json:dumps")([1])
    '[1]'
    >>> resolve("json")
    Traceback (most recent call last):
    ...
    ValueError: 'json' is not a reference of the form 'module:attribute'
    """
    module_name, sep, path = ref.partition(":")
    if not sep or not module_name or not path:
        raise ValueError(f"{ref!r} is not a reference of the form 'module:attribute'")
    target: Any = import_module(module_name)
    for name in path.split("."):
        target = getattr(target, name)
    return target


__all__ = ["GameInfo", "Ref", "resolve"]
