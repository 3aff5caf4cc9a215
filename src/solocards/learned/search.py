"""The ``learned+ismcts`` bot: information-set MCTS guided by a policy model.

The search is :mod:`solocards.bots.ismcts`'s tree search (one tree over worlds sampled from the
seat's view, ``game.sample_world``; nodes keyed by seat and action; every seat on the path
credited with its own result), with the policy network of the ``learned`` bot
(:mod:`.model`) in two places:

- **prior** (PUCT): at the root and at every node up to ``prior_depth`` decisions below it,
  the children are chosen by ``Q + c * P(a) * sqrt(availability) / (1 + visits)``, where
  ``P`` is the network's masked softmax over the legal actions of the deciding seat. At the
  root it reads the bot's own view (the information set); below it, the deciding seat's view
  of the sampled world the node was first reached in (a world dealt from the bot's own view,
  so nothing hidden is read). An unvisited child counts as ``Q = 0.5``. Deeper nodes are
  chosen as ``ismcts`` chooses them (every action tried once, then UCB1).
- **advice** (``trust`` above 0): the network's most likely root action is played unless the
  search's choice has a root value higher by more than ``trust`` standard errors of the two
  (each at most ``0.5 / sqrt(visits)``), as ``ismcts``'s ``trust`` does with the heuristic.
  With ``prior_depth=-1`` the tree has no prior at all (each action tried once, then UCB1 with
  ``c``, as ``ismcts`` grows it): an unbiased search that overrules the network only where it
  is sure.
- **playouts**: the network plays the first ``plies`` actions of each playout (sampling from
  its softmax), then the game's default playout policy (``rollout``, as for ``ismcts``)
  finishes the round. The network costs several times a fast playout's step, so the default
  is ``plies=0``: the prior alone.

Parameters (``learned+ismcts:iterations=2000,seconds=0.2``): ``iterations`` (default 1000) and
``seconds`` (a time limit as well) as for ``ismcts``; ``c`` (PUCT exploration, default 1.0);
``score_weight`` (0.5) and ``rollout`` (``auto``) as for ``ismcts``; ``prior_depth`` (default
2; -1 for no prior); ``trust`` (default 0, off); ``plies`` (default 0); ``temperature`` of the
softmax (default 1.0); ``model`` (default ``GAME-Np``, found as the ``learned`` bot finds it).
All randomness comes from one number drawn from the ``rng`` the bot is given, so an iteration
budget replays exactly.

>>> import random, solocards
>>> game = solocards.make("uno", players=2)
>>> bot = make_learned_ismcts(game, iterations=30)
>>> state = game.deal(seed=5)
>>> seat = state.to_act[0]
>>> bot.choose(state.view(seat), state.legal_actions(seat), random.Random(1)) in (
...     state.legal_actions(seat))
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np

from ..bots.ismcts import Rollout, make_rollout
from ..bots.playout import NO_REACTION_ID, Outcome, Window
from ..bots.search_tree import LogTable, Node, key, select
from ..core.bot import NO_REACTION
from ..core.errors import OptionError, SoloError
from ..core.game import Game, State, View
from ..core.messages import msg
from ..core.rng import choice
from ..core.windows import polling_order
from ..rl.observations import Encoder
from .bot import check_fits, default_name, model_path, read_model, reader_for
from .features import NO_FEATURES, Reader
from .model import PolicyModel

DEFAULTS: dict[str, Any] = {
    "iterations": 1000,
    "seconds": None,
    "c": 1.0,
    "score_weight": 0.5,
    "rollout": "auto",
    "prior_depth": 2,
    "plies": 0,
    "trust": 0.0,
    "temperature": 1.0,
    "model": None,
}
UNVISITED = 0.5
"""The value an unvisited child counts with in PUCT selection (a draw)."""


class Policy:
    """The network's masked softmax over legal action ids, from a view or a sampled state.

    A model that reads features from the log (:mod:`.features`) reads them from the seat's view
    of the sampled world below the root (the world keeps the log it was dealt from, so its view
    holds the seat's own memory, and nothing hidden); a model of the observation alone reads the
    fast-path observation of the state."""

    def __init__(self, model: PolicyModel, reader: Reader, temperature: float) -> None:
        self.model = model
        self.reader = reader
        self.encoder: Encoder = reader.encoder
        self.no_reaction = reader.game.num_actions
        self.temperature = temperature

    def _softmax(self, obs: Any, legal: list[int]) -> list[float]:
        scores = self.model.scores(obs[None, :])[0]
        columns = [self.no_reaction if a == NO_REACTION_ID else a for a in legal]
        logits = scores[columns].astype(np.float64) / self.temperature
        weights = np.exp(logits - logits.max())
        total = float(weights.sum())
        return [float(w) / total for w in weights]

    def of_view(self, view: View, legal: list[int]) -> list[float]:
        """The probabilities of ``legal`` (action ids) in the seat's own ``view``."""
        return self._softmax(self.reader.read(view), legal)

    def of_state(self, state: State, seat: int, legal: list[int]) -> list[float]:
        """The probabilities of ``legal`` in ``seat``'s observation of ``state`` (a world)."""
        if self.reader.reads_log:
            return self._softmax(self.reader.read(state.view(seat)), legal)
        ids = [a for a in legal if a != NO_REACTION_ID]
        return self._softmax(self.encoder.observation(state, seat, ids), legal)

    def sample(self, state: State, seat: int, legal: list[int], rng: random.Random) -> int:
        """One of ``legal`` drawn in proportion to its probability."""
        if len(legal) == 1:
            return legal[0]
        point = rng.random()
        for action, p in zip(legal, self.of_state(state, seat, legal), strict=True):
            point -= p
            if point < 0.0:
                return action
        return legal[-1]


class LearnedSearchBot:
    """ISMCTS with the policy network as its prior and the start of its playouts.

    ``last_stats`` holds the figures of the latest search, as ``ismcts``'s do: ``iterations``,
    ``seconds``, ``worlds_rejected``, ``sampling_failures``, ``visits`` per root action and
    ``prior`` (the network's probability of each root action).
    """

    name = "learned+ismcts"

    def __init__(
        self,
        game: Game,
        policy: Policy,
        iterations: int | None = DEFAULTS["iterations"],
        seconds: float | None = DEFAULTS["seconds"],
        c: float = DEFAULTS["c"],
        score_weight: float = DEFAULTS["score_weight"],
        rollout: str = DEFAULTS["rollout"],
        prior_depth: int = DEFAULTS["prior_depth"],
        plies: int = DEFAULTS["plies"],
        trust: float = DEFAULTS["trust"],
    ) -> None:
        if iterations is None and seconds is None:
            raise OptionError("learned+ismcts needs an iteration budget, a time budget or both")
        if isinstance(prior_depth, bool) or not isinstance(prior_depth, int) or prior_depth < -1:
            raise OptionError(
                f"learned+ismcts prior_depth must be a whole number >= -1, not {prior_depth!r}"
            )
        if isinstance(trust, bool) or not isinstance(trust, int | float) or trust < 0:
            raise OptionError(f"learned+ismcts trust must be a number >= 0, not {trust!r}")
        self.game = game
        self.policy = policy
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.exploration = float(c)
        self.score_weight = float(score_weight)
        self.rollout: Rollout = make_rollout(game, rollout)[0]
        self.prior_depth = prior_depth
        self.plies = plies
        self.trust = float(trust)
        self.last_stats: dict[str, Any] = {}

    def limit_time(self, seconds: float) -> None:
        """Stop every search after at most ``seconds`` (a shorter limit of the spec's stays)."""
        self.seconds = seconds if self.seconds is None else min(self.seconds, seconds)

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        """The most visited legal action after the search (an only action is played at once)."""
        if len(legal_actions) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "worlds_rejected": 0}
            return legal_actions[0]
        ids = [
            NO_REACTION_ID if action == NO_REACTION else self.game.action_id(action)
            for action in legal_actions
        ]
        best = GuidedSearch(self, view, ids, random.Random(rng.getrandbits(64))).run()
        return NO_REACTION if best == NO_REACTION_ID else self.game.action_name(best)


class GuidedSearch:
    """One search from one view: the tree, the network's priors at its nodes, the budget."""

    def __init__(self, bot: LearnedSearchBot, view: View, legal: list[int], rng: random.Random):
        self.bot = bot
        self.game = bot.game
        self.view = view
        self.me: int = view["seat"]
        self.legal = legal
        self.reacting = NO_REACTION_ID in legal
        self.rng = rng
        self.players = self.game.players
        self.root = Node(seat=-1)
        self.scale = 1.0
        self.logs = LogTable()
        self.sampling_failures = 0
        self.root_prior = dict(zip(legal, bot.policy.of_view(view, legal), strict=True))
        self.priors: dict[Node, dict[int, float]] = (
            {} if bot.prior_depth < 0 else {self.root: self.root_prior}
        )

    def run(self) -> int:
        """Search within the budget; the chosen action id."""
        bot = self.bot
        started = time.perf_counter()
        deadline = None if bot.seconds is None else started + bot.seconds
        limit = bot.iterations
        done = rejected = 0
        while limit is None or done < limit:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if not self.iterate():
                rejected += 1
                failures = self.sampling_failures
                if rejected > 100 + 10 * done or (failures >= 3 and failures > done):
                    break
                continue
            done += 1
        visits = {
            child.action: child.visits
            for child in self.root.children.values()
            if child.seat == self.me and child.visits
        }
        self.bot.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - started,
            "worlds_rejected": rejected,
            "sampling_failures": self.sampling_failures,
            "visits": {self._name(a): n for a, n in visits.items()},
            "prior": {self._name(a): round(p, 4) for a, p in self.root_prior.items()},
        }
        advice = max(self.legal, key=lambda a: self.root_prior[a])
        if not visits:  # no usable world: the network's choice
            return advice
        best = max(visits, key=lambda a: (visits[a], self._value(a), self.root_prior[a]))
        if bot.trust and best != advice and visits.get(advice, 0):
            error = 0.5 * math.sqrt(1.0 / visits[best] + 1.0 / visits[advice])
            if self._value(best) - self._value(advice) <= bot.trust * error:
                return advice
        return best

    def _name(self, action: int) -> str:
        return NO_REACTION if action == NO_REACTION_ID else self.game.action_name(action)

    def _value(self, action: int) -> float:
        node = self.root.children.get(key(self.me, action, self.players))
        return 0.0 if node is None else node.value(self.bot.score_weight, self.scale)

    def _root_window(self, world: State) -> Window | None:
        """The window in which this seat decides first in ``world``; ``None`` if it cannot."""
        to_act = world.to_act
        if self.me not in to_act:
            return None
        regular, reactors = polling_order(world, to_act)
        if self.reacting:
            if self.me not in reactors:
                return None
            return Window(set(reactors[: reactors.index(self.me)]))
        if self.me != regular:
            return None
        return Window(set(reactors))

    def _puct(self, node: Node, prior: dict[int, float], seat: int, legal: list[int]) -> Node:
        """The child of ``node`` (each legal one made and counted available) with the highest
        PUCT score for ``seat``."""
        bot = self.bot
        players = self.players
        spread = 1.0 / len(legal)
        best: Node | None = None
        best_score = -math.inf
        for action in legal:
            child = node.child(key(seat, action, players), seat, action)
            child.availability += 1
            value = child.value(bot.score_weight, self.scale) if child.visits else UNVISITED
            p = prior.get(action, spread)
            score = value + bot.exploration * p * math.sqrt(child.availability) / (1 + child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _ucb(self, node: Node, seat: int, legal: list[int]) -> tuple[Node, bool]:
        """``ismcts``'s choice at ``node``: an untried action at random, else UCB1; whether the
        child is new."""
        bot = self.bot
        players = self.players
        children = node.children
        untried: list[int] = []
        available: list[Node] = []
        for action in legal:
            child = children.get(key(seat, action, players))
            if child is None:
                untried.append(action)
            else:
                child.availability += 1
                available.append(child)
        if untried:
            action = choice(self.rng, untried)
            child = node.child(key(seat, action, players), seat, action)
            child.availability += 1
            return child, True
        return select(available, bot.exploration, bot.score_weight, self.scale, self.logs), False

    def iterate(self) -> bool:
        """One sampled world, one descent, one playout; ``False`` if the world was unusable."""
        try:
            world = self.game.sample_world(self.view, self.rng)
        except SoloError:
            self.sampling_failures += 1
            return False
        window = self._root_window(world)
        if window is None:
            return False
        bot = self.bot
        node = self.root
        path = [node]
        depth = 0
        while not world.is_over:
            if depth == 0:
                seat = self.me
                here = set(world.legal_action_ids(seat))
                legal = [a for a in self.legal if a == NO_REACTION_ID or a in here]
            else:
                seat, reacting = window.decider(world)
                legal = world.legal_action_ids(seat)
                if reacting:
                    legal.append(NO_REACTION_ID)
            if not legal:
                return False
            prior = self.priors.get(node)
            if prior is None and depth < bot.prior_depth:
                prior = dict(zip(legal, bot.policy.of_state(world, seat, legal), strict=True))
                self.priors[node] = prior
            if prior is not None:
                node = self._puct(node, prior, seat, legal)
                new = node.visits == 0
            else:
                node, new = self._ucb(node, seat, legal)
            window.apply(world, node.seat, node.action)
            path.append(node)
            depth += 1
            if new:
                break
        self._play_out(world, window)
        outcome = Outcome.of(world)
        for score in outcome.scores:
            if abs(score) > self.scale:
                self.scale = abs(score)
        for visited in path[1:]:
            visited.update(outcome.wins[visited.seat], outcome.scores[visited.seat])
        return True

    def _play_out(self, world: State, window: Window) -> None:
        """The network's first ``plies`` actions, then the default playout."""
        policy = self.bot.policy
        for _ in range(self.bot.plies):
            if world.is_over:
                return
            seat, reacting = window.decider(world)
            legal = world.legal_action_ids(seat)
            if reacting:
                legal.append(NO_REACTION_ID)
            window.apply(world, seat, policy.sample(world, seat, legal, self.rng))
        if not world.is_over:
            self.bot.rollout(world, self.rng)


def make_learned_ismcts(game: Game, **params: Any) -> LearnedSearchBot:
    """The registry's factory: ``learned+ismcts:iterations=2000,model=uno-2p``."""
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise OptionError(
            msg(
                "learned+ismcts has no parameter {unknown}; parameters: {known}",
                unknown=", ".join(unknown),
                known=", ".join(DEFAULTS),
            )
        )
    path = model_path(params.get("model") or default_name(game))
    model = read_model(path)
    settings = _settings({**model_search(model), **params})
    settings.pop("model")
    reader = reader_for(model, game, path)
    check_fits(model, game, reader, path)
    return _searcher(game, model, reader, settings)


def model_search(model: PolicyModel) -> dict[str, Any]:
    """The search settings ``model`` guides best with (its meta's ``search``, measured and
    written there when it was marked ``guides_search``; checked as the file is read): the
    defaults of a ``learned+ismcts`` with it, under what
    its spec gives.

    >>> model = PolicyModel.random(2, 3, (4,), np.random.default_rng(1), search={"trust": 1})
    >>> model_search(model), model_search(PolicyModel.random(2, 3, (4,), np.random.default_rng(1)))
    ({'trust': 1}, {})
    """
    search: dict[str, Any] = model.meta.get("search", {})
    return dict(search)


def _settings(params: dict[str, Any]) -> dict[str, Any]:
    """The defaults with ``params`` over them; a time limit given alone lifts the iteration
    budget."""
    settings = {**DEFAULTS, **params}
    if "seconds" in params and "iterations" not in params:
        settings["iterations"] = None
    return settings


def _searcher(
    game: Game, model: PolicyModel, reader: Reader, settings: dict[str, Any]
) -> LearnedSearchBot:
    """The bot guided by ``model`` (read through ``reader``) with ``settings`` but ``model``."""
    policy = Policy(model, reader, float(settings.pop("temperature")))
    return LearnedSearchBot(game, policy, **settings)


def guided_by(game: Game, network: PolicyModel, **params: Any) -> LearnedSearchBot:
    """A ``learned+ismcts`` bot whose prior is ``network`` itself (a model in training: expert
    iteration, :func:`~.train.train_policy` with ``shares``); ``params`` as for the registry's
    bot, but ``model``.

    >>> import solocards
    >>> from .train import train_policy
    >>> game = solocards.make("uno", players=2)
    >>> model = train_policy(game, rounds=2, chunk=2, steps=2, hidden=(8,)).model
    >>> guided_by(game, model, iterations=20).iterations
    20
    """
    unknown = sorted(set(params) - set(DEFAULTS) | ({"model"} & set(params)))
    if unknown:
        raise OptionError(
            msg(
                "learned+ismcts guided by the model in training has no parameter {unknown}; "
                "parameters: {known}",
                unknown=", ".join(unknown),
                known=", ".join(name for name in DEFAULTS if name != "model"),
            )
        )
    settings = _settings(params)
    settings.pop("model")
    reader = Reader(game, str(network.meta.get("features", NO_FEATURES)))
    return _searcher(game, network, reader, settings)


__all__ = ["DEFAULTS", "LearnedSearchBot", "Policy", "guided_by", "make_learned_ismcts"]
