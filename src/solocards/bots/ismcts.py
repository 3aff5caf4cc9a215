"""Information-set Monte Carlo tree search (ISMCTS), for any game that samples worlds.

The bot sees only ``(view, legal_actions, rng)``. Each iteration asks the game for a world
consistent with the view (``game.sample_world(view, rng)``: the seat's own hand and everything
public exactly, every unseen card dealt where it could be), walks the shared tree
(:mod:`solocards.bots.search_tree`) down through the actions available in that world, adds one
node, plays the round out and credits every seat on the path with its own result. The most
visited action at the root is played.

Parameters (``ismcts:iterations=2000,seconds=1.0``):

- ``iterations`` (default 1000): playouts per move. Alone, it makes every move reproducible.
- ``seconds`` (default none): a time limit per move as well; the search stops at whichever
  limit comes first (a time limit makes the number of playouts, so the move, machine-dependent).
- ``c`` (default 0.7): the UCB exploration constant.
- ``score_weight`` (default 0.5): how much the round score counts beside winning (0 = only
  winning, 1 = only the score; see :mod:`solocards.bots.search_tree`).
- ``depth`` (default 0, no limit): the deepest the tree grows, in decisions from the root;
  below it the playout policy decides. ``depth=1`` is flat Monte Carlo with UCB at the root.
- ``cutoff`` (default 0, none): stop each playout after this many actions and score the
  position with the heuristic bot's ``evaluate(state)`` (each seat's chance to win), for games
  whose heuristic has one (UNO). Shorter playouts are cheaper and far less noisy.
- ``trust`` (default 0, off): trust in the game's heuristic bot, in standard errors. The
  heuristic's choice is played unless the search's choice beats it by more than ``trust``
  standard errors of the two values (each at most ``0.5 / sqrt(visits)``), so the search
  overrules the heuristic only where it is sure. Search alone is noisy where moves differ
  little (UNO); this keeps the heuristic's judgement there and the search's where it counts.
- ``paired`` (default 0, off): with 1, flat Monte Carlo with common random numbers instead of
  the tree: each sampled world is played out once after *every* root action, with the same
  playout seed, and the actions are compared world by world. Paired comparisons cancel the luck
  of the world (the hands dealt, the cards drawn), so differences between moves show with far
  fewer playouts; with ``trust`` the heuristic's move is overruled only where the mean paired
  difference exceeds ``trust`` standard errors of it. ``iterations`` still counts playouts.
- ``belief`` (default 0, off): read the other seats' choices, where the game can
  (``GameInfo.replay_sampler``, UNO): the bot keeps the views it was shown in the round; each
  search deals ``belief`` worlds at an earlier view (``recall`` of its decisions back, default
  4, or the earliest it has), replays the round since on each, weights each world by how well
  the game's heuristic bot explains the other seats' choices in it, and draws its worlds from
  these in proportion to their weights (see :mod:`solocards.games.uno.belief`); each time it
  draws one, what the replay leaves to chance (UNO: the draw pile) is shuffled anew
  (``GameInfo.replay_reshuffle``). With no earlier view, or none of the worlds usable, it
  samples as without. ``floor`` (default
  0.01) is the weight a world keeps for each choice the heuristic would not have made: 1
  weights nothing, 0 keeps only the worlds that explain every choice.
- ``reuse`` (default 1): iterations per sampled world (each plays out its own copy). Raise it
  for games whose ``sample_world`` is slow next to a playout; fewer distinct worlds, though.
- ``rollout`` (default ``auto``): how rounds are played out. ``random``: uniformly random
  legal actions (on integer ids); ``heuristic``: the game's heuristic bot, through views
  (strong, slow); ``fast``: the heuristic bot's own ``playout(state, rng)`` method, a cheap
  policy on the state's integer ids that a game may provide; ``auto``: ``fast`` where the
  game has it, else ``random``; ``plan``: the heuristic bot's ``plan_playout(state, rng)``
  (UNO: every 2-player turn as the heuristic plans it, about four times the cost of ``fast``).
  (Random play can be very long: in UNO a random player draws
  when it could play, and a round takes over a thousand actions.)

Reaction windows are searched the way :func:`solocards.sim.runner.choose_actor` plays them:
the seats that may react are asked in seat order from the regular seat, each may decline
(an explicit ``NO_REACTION`` edge in the tree), then the regular seat acts.

All randomness comes from one number drawn from the ``rng`` the bot is given, so a seeded
game replays exactly (with an iteration budget).

>>> import random, solocards
>>> from solocards.bots import make_bot
>>> game = solocards.make("uno", players=2)
>>> state = game.deal(seed=5)
>>> seat = state.to_act[0]
>>> bot = make_bot("ismcts:iterations=20", game)
>>> bot.choose(state.view(seat), state.legal_actions(seat), random.Random(1)) in (
...     state.legal_actions(seat))
True
"""

from __future__ import annotations

import math
import random
import time
from _random import Random as Generator  # random.Random's C base
from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from typing import Any

from ..core.bot import NO_REACTION, Bot, view_for
from ..core.compiled import mypyc_attr
from ..core.errors import OptionError, SoloError
from ..core.game import Game, State, View
from ..core.info import resolve
from ..core.messages import msg
from ..core.recall import earlier_views
from ..core.rng import Stream, choice
from ..core.windows import polling_order
from .playout import NO_REACTION_ID, Outcome, Window, random_playout
from .search_tree import LogTable, Node, key, select

Rollout = Callable[[State, random.Random], State]
Evaluator = Callable[[State], list[float]]

DEFAULTS: dict[str, Any] = {
    "iterations": 1000,
    "seconds": None,
    "c": 0.7,
    "score_weight": 0.5,
    "rollout": "auto",
    "reuse": 1,
    "depth": 0,
    "cutoff": 0,
    "trust": 0.0,
    "paired": 0,
    "belief": 0,
    "recall": 4,
    "floor": 0.01,
}

MEMORY = 64
"""The most views of its round an ISMCTS bot keeps (``belief``)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSBot:
    """Single-observer ISMCTS over worlds sampled by ``game.sample_world``.

    ``last_stats`` holds the figures of the latest search: ``iterations``, ``seconds``,
    ``worlds_rejected`` (sampled worlds in which the seat could not take its turn; 0 for a
    correct ``sample_world``), ``sampling_failures`` (``sample_world`` raised a
    :class:`~solocards.SoloError`: the world is skipped; once there are three failures and
    more failures than playouts the search stops, and with no playout at all the move is a random
    legal one) and ``visits`` (per root action).
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        iterations: int | None = DEFAULTS["iterations"],
        seconds: float | None = DEFAULTS["seconds"],
        c: float = DEFAULTS["c"],
        score_weight: float = DEFAULTS["score_weight"],
        rollout: str = DEFAULTS["rollout"],
        reuse: int = DEFAULTS["reuse"],
        depth: int = DEFAULTS["depth"],
        cutoff: int = DEFAULTS["cutoff"],
        trust: float = DEFAULTS["trust"],
        paired: int = DEFAULTS["paired"],
        belief: int = DEFAULTS["belief"],
        recall: int = DEFAULTS["recall"],
        floor: float = DEFAULTS["floor"],
    ) -> None:
        if iterations is None and seconds is None:
            raise OptionError("ismcts needs an iteration budget, a time budget or both")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise OptionError(f"ismcts iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise OptionError(f"ismcts seconds must be a positive number, not {seconds!r}")
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise OptionError(f"ismcts depth must be a whole number >= 0, not {depth!r}")
        if isinstance(reuse, bool) or not isinstance(reuse, int) or reuse < 1:
            raise OptionError(f"ismcts reuse must be a whole number >= 1, not {reuse!r}")
        if not 0.0 <= float(score_weight) <= 1.0:
            raise OptionError(f"ismcts score_weight must be in [0, 1], not {score_weight!r}")
        self.game = game
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.exploration = float(c)
        self.score_weight = float(score_weight)
        if isinstance(cutoff, bool) or not isinstance(cutoff, int) or cutoff < 0:
            raise OptionError(f"ismcts cutoff must be a whole number >= 0, not {cutoff!r}")
        self.rollout, self.evaluate = make_rollout(game, rollout, cutoff)
        self.streams = streams_playouts(game, rollout)
        """Whether paired playouts run on a :class:`~solocards.core.rng.Stream` (the game's
        fast playout draws only ``random()``) rather than a reseeded Mersenne Twister."""
        if isinstance(trust, bool) or not isinstance(trust, int | float) or trust < 0:
            raise OptionError(f"ismcts trust must be a number >= 0, not {trust!r}")
        self.trust = float(trust)
        self.advisor: Bot | None = None
        if self.trust:
            if not game.info.has_heuristic:
                raise OptionError(
                    msg("ismcts trust needs a heuristic bot, which {game} lacks", game=game.id)
                )
            self.advisor = game.heuristic_bot()
        if paired not in (0, 1) or isinstance(paired, float):
            raise OptionError(f"ismcts paired must be 0 or 1, not {paired!r}")
        self.paired = bool(paired)
        for name, value, low in (("belief", belief, 0), ("recall", recall, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise OptionError(f"ismcts {name} must be a whole number >= {low}, not {value!r}")
        if belief and game.info.replay_sampler is None:
            raise OptionError(
                msg(
                    "ismcts belief needs worlds replayed from earlier views, which {game} lacks",
                    game=game.id,
                )
            )
        if isinstance(floor, bool) or not isinstance(floor, int | float) or not 0 <= floor <= 1:
            raise OptionError(f"ismcts floor must be a number from 0 to 1, not {floor!r}")
        self.belief = belief
        self.recall = recall
        self.floor = float(floor)
        self.memory: list[View] = []
        """The views this bot was shown lately (``belief``), oldest first."""
        self.reuse = reuse
        self.depth = depth
        self.last_stats: dict[str, Any] = {}

    def limit_time(self, seconds: float) -> None:
        """Stop every search after at most ``seconds`` (a server's per-move budget); a time
        limit of the spec's own that is shorter stays.

        >>> import solocards
        >>> bot = ISMCTSBot(solocards.make("uno"), seconds=5.0)
        >>> bot.limit_time(1.5)
        >>> bot.seconds
        1.5
        """
        self.seconds = seconds if self.seconds is None else min(self.seconds, seconds)

    def _remember(self, view: View) -> View | None:
        """Keep ``view``; return the earlier view of the round to replay from (``recall``
        decisions back, or the earliest kept), or None."""
        memory = self.memory
        found = earlier_views(memory, view)
        memory[:] = [*found[-MEMORY + 1 :], view]  # (other rounds' views are dropped)
        if not found:
            return None
        return found[-self.recall] if len(found) >= self.recall else found[0]

    def choose(self, view: View, legal_actions: list[str], rng: random.Random) -> str:
        """The most visited legal action after the search (an only action is played at once)."""
        past = self._remember(view) if self.belief else None
        if len(legal_actions) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "worlds_rejected": 0}
            return legal_actions[0]
        ids = [
            NO_REACTION_ID if action == NO_REACTION else self.game.action_id(action)
            for action in legal_actions
        ]
        seed = rng.getrandbits(64)
        advice = None
        if self.advisor is not None:
            choice = self.advisor.choose(view, legal_actions, random.Random(seed ^ 1))
            advice = NO_REACTION_ID if choice == NO_REACTION else self.game.action_id(choice)
        search = Search(self, view, ids, random.Random(seed), past)
        best = search.run(advice)
        return NO_REACTION if best == NO_REACTION_ID else self.game.action_name(best)


class Search:
    """One search from one view: the tree, the scale of scores, the budget."""

    def __init__(
        self,
        bot: ISMCTSBot,
        view: View,
        legal: list[int],
        rng: random.Random,
        past: View | None = None,
    ) -> None:
        self.bot = bot
        self.game = bot.game
        self.view = view
        self.me: int = view["seat"]
        self.legal = legal
        self.reacting = NO_REACTION_ID in legal
        self.rng = rng
        self.root = Node(seat=-1)
        self.scale = 1.0
        self.players = self.game.players
        self._world: State | None = None
        self._uses = 0
        self.sampling_failures = 0
        self.logs = LogTable()
        self._playout_rng = random.Random()
        """Reseeded for each paired playout (seeding costs less than making a generator)."""
        self._playout_stream = Stream()
        """The same, where the playout draws only ``random()`` (``ISMCTSBot.streams``)."""
        self.belief_read: dict[str, Any] = {}
        """What ``belief`` read: the worlds replayed and how many their weights make in effect
        (``last_stats["belief"]``)."""
        self._pool: list[State] = []
        """The worlds ``belief`` replayed (empty: sample as usual)..."""
        self._cumulative: list[float] = []
        """... and their weights added up, in order (a world is drawn in proportion)."""
        self._fresh = 0
        self.drawn = 0
        """Which world :meth:`_sample` gave last: its place in the pool, or a number of its
        own for a world sampled afresh (the paired search groups its rows by it)."""
        reshuffle = self.game.info.replay_reshuffle if bot.belief else None
        self._reshuffle: Callable[[State, random.Random], None] | None = (
            resolve(reshuffle) if reshuffle is not None else None
        )
        """Shuffles what a believed world leaves to chance (its draw pile) each time it is drawn."""
        if past is not None and bot.belief:
            self._believe(past)

    def _believe(self, past: View) -> None:
        """Replay ``bot.belief`` worlds from ``past`` and keep those with weight."""
        sampler = self.game.info.replay_sampler
        assert sampler is not None  # (checked when the bot was made)
        found: list[tuple[State, float]] = resolve(sampler)(
            self.game, past, self.view, self.rng, self.bot.belief, self.bot.floor
        )
        total = 0.0
        squares = 0.0
        for world, weight in found:
            if weight > 0.0:
                total += weight
                squares += weight * weight
                self._pool.append(world)
                self._cumulative.append(total)
        effective = total * total / squares if squares else 0.0
        self.belief_read = {"replayed": len(found), "effective": round(effective, 1)}

    def _sample(self, private: bool = True) -> State:
        """A world for the next playout: one of the believed worlds drawn by weight (a copy
        unless ``private`` is false: a caller that only reads it and plays out copies), else
        one sampled afresh."""
        pool = self._pool
        if pool:
            cumulative = self._cumulative
            index = bisect_right(cumulative, self.rng.random() * cumulative[-1])
            self.drawn = min(index, len(pool) - 1)
            world = pool[self.drawn]
            if self._reshuffle is not None:
                self._reshuffle(world, self.rng)
            return world.clone() if private else world
        self._fresh += 1
        self.drawn = -self._fresh
        return self.game.sample_world(self.view, self.rng)

    def run(self, advice: int | None = None) -> int:
        """Search within the budget and return the chosen action id (``advice``: the heuristic's
        choice, played unless the search's is better by ``trust`` standard errors)."""
        bot = self.bot
        if bot.paired:
            return self.run_paired(advice)
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
            if child.seat == self.me
        }
        bot.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - started,
            "worlds_rejected": rejected,
            "sampling_failures": self.sampling_failures,
            "visits": {self._name(action): count for action, count in visits.items()},
            **({"belief": self.belief_read} if self.belief_read else {}),
        }
        candidates = [action for action in self.legal if visits.get(action, 0) > 0]
        if not candidates:
            return self.rng.choice(self.legal) if advice is None else advice
        best = max(candidates, key=lambda action: (visits[action], self._root_value(action)))
        if advice is not None and advice in self.legal:
            bot.last_stats["advice"] = self._name(advice)
            seen = visits.get(advice, 0)
            if best != advice and seen:
                error = 0.5 * math.sqrt(1.0 / visits[best] + 1.0 / seen)
                if self._root_value(best) - self._root_value(advice) <= bot.trust * error:
                    return advice
        return best

    def run_paired(self, advice: int | None = None) -> int:
        """Flat Monte Carlo with common random numbers (``paired=1``, see the module doc)."""
        bot = self.bot
        started = time.perf_counter()
        deadline = None if bot.seconds is None else started + bot.seconds
        actions = list(self.legal)
        limit = bot.iterations
        results: list[list[tuple[float, float]]] = []
        worlds: list[int] = []  # per row, which world it played (see ``drawn``)
        done = rejected = 0
        while limit is None or done == 0 or done + len(actions) <= limit:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            row = self._paired_world(actions)
            if row is None:
                rejected += 1
                failures = self.sampling_failures
                if rejected > 100 + 10 * len(results) or (failures >= 3 and failures > done):
                    break
                continue
            results.append(row)
            worlds.append(self.drawn)
            done += len(actions)
        weight, scale = bot.score_weight, self.scale
        values = [
            [(1.0 - weight) * win + weight * (0.5 + 0.5 * score / scale) for win, score in row]
            for row in results
        ]
        count = len(values)
        means = [
            sum(row[i] for row in values) / count if count else 0.5 for i in range(len(actions))
        ]
        bot.last_stats = {
            "iterations": done,
            "seconds": time.perf_counter() - started,
            "worlds_rejected": rejected,
            "sampling_failures": self.sampling_failures,
            "visits": {self._name(action): count for action in actions},
            **({"belief": self.belief_read} if self.belief_read else {}),
            "values": {self._name(a): round(m, 4) for a, m in zip(actions, means, strict=True)},
        }
        if not count:
            return self.rng.choice(self.legal) if advice is None else advice
        best = max(range(len(actions)), key=lambda i: (means[i], actions[i] == advice))
        if advice is None or advice not in actions or actions[best] == advice:
            return actions[best]
        bot.last_stats["advice"] = self._name(advice)
        other = actions.index(advice)
        gaps = [row[best] - row[other] for row in values]
        gap = sum(gaps) / count
        return actions[best] if gap > bot.trust * standard_error(gaps, worlds) else advice

    def _paired_world(self, actions: list[int]) -> list[tuple[float, float]] | None:
        """One sampled world played out after each root action with one playout seed: this
        seat's (win, score) per action; ``None`` if the world was unusable."""
        try:
            world = self._sample(private=False)  # (each action plays out its own copy)
        except SoloError:
            self.sampling_failures += 1
            return None
        window = self._root_window(world)
        if window is None:
            return None
        here = set(world.legal_action_ids(self.me))
        if any(action != NO_REACTION_ID and action not in here for action in actions):
            return None
        seed = self.rng.getrandbits(64)
        playout_rng = self._playout_rng
        stream = self._playout_stream if self.bot.streams else None
        reseed = Generator.seed  # random.Random.seed for an int, without its Python layer
        rollout = self.bot.rollout
        row: list[tuple[float, float]] = []
        for action in actions:
            copy = world.clone()
            Window(set(window.declined)).apply(copy, self.me, action)
            if not copy.is_over:
                # The same random numbers after every action.
                if stream is not None:
                    stream.seed(seed)
                    rollout(copy, stream)  # type: ignore[arg-type]  # draws only random()
                else:
                    reseed(playout_rng, seed)
                    rollout(copy, playout_rng)
            if copy.is_over or self.bot.evaluate is None:
                win, score = Outcome.for_seat(copy, self.me)
            else:
                win, score = self.bot.evaluate(copy)[self.me], 0.0
            if abs(score) > self.scale:
                self.scale = abs(score)
            row.append((win, score))
        return row

    def _name(self, action: int) -> str:
        return NO_REACTION if action == NO_REACTION_ID else self.game.action_name(action)

    def _root_value(self, action: int) -> float:
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

    def iterate(self) -> bool:
        """One sampled world, one descent, one playout; ``False`` if the world was unusable."""
        if self._world is None or self._uses >= self.bot.reuse:
            try:
                self._world = self._sample()
            except SoloError:
                self.sampling_failures += 1
                return False
            self._uses = 0
        self._uses += 1
        world = self._world.clone() if self.bot.reuse > 1 else self._world
        window = self._root_window(world)
        if window is None:
            return False
        bot = self.bot
        players = self.players
        logs = self.logs
        node = self.root
        path = [node]
        first = True
        limit = bot.depth or 1 << 30
        while not world.is_over and len(path) <= limit:
            seat, reacting = (self.me, self.reacting) if first else window.decider(world)
            if first:
                here = set(world.legal_action_ids(seat))
                legal = [a for a in self.legal if a == NO_REACTION_ID or a in here]
                first = False
            else:
                legal = world.legal_action_ids(seat)
                if reacting:
                    legal.append(NO_REACTION_ID)
            if not legal:
                return False
            children = node.children
            untried: list[int] = []
            available: list[Node] = []
            for action in legal:
                child = children.get((action + 1) * players + seat)  # search_tree.key
                if child is None:
                    untried.append(action)
                else:
                    child.availability += 1
                    available.append(child)
            if untried:
                action = choice(self.rng, untried)
                node = node.child(key(seat, action, players), seat, action)
                node.availability += 1
                window.apply(world, seat, action)
                path.append(node)
                break
            node = select(available, bot.exploration, bot.score_weight, self.scale, logs)
            window.apply(world, node.seat, node.action)
            path.append(node)
        if not world.is_over:
            self.bot.rollout(world, self.rng)
        if world.is_over or self.bot.evaluate is None:
            outcome = Outcome.of(world)
        else:
            chances = tuple(self.bot.evaluate(world))
            outcome = Outcome(chances, (0.0,) * len(chances))
        for score in outcome.scores:
            if abs(score) > self.scale:
                self.scale = abs(score)
        for visited in path[1:]:
            visited.update(outcome.wins[visited.seat], outcome.scores[visited.seat])
        return True


def standard_error(gaps: list[float], groups: list[int]) -> float:
    """The standard error of the mean of ``gaps``, where the rows of one group (one world
    played out several times) are not independent: the cluster-robust estimate over groups
    (with every group of one row, the usual ``sd / sqrt(n)``). Infinite with one group.

    >>> round(standard_error([1.0, 0.0, 1.0, 0.0], [0, 1, 2, 3]), 4)
    0.2887
    >>> standard_error([1.0, 1.0, 0.0, 0.0], [5, 5, 6, 6]) > 0.2887
    True
    >>> standard_error([1.0, 0.0], [3, 3])
    inf
    """
    count = len(gaps)
    if count < 2:
        return math.inf
    mean = sum(gaps) / count
    sums: dict[int, list[float]] = {}
    for value, group in zip(gaps, groups, strict=True):
        found = sums.get(group)
        if found is None:
            sums[group] = [value - mean, 1.0]
        else:
            found[0] += value - mean
    if len(sums) == count:  # every row its own world
        return math.sqrt(sum((g - mean) ** 2 for g in gaps) / (count - 1)) / math.sqrt(count)
    clusters = len(sums)
    if clusters < 2:
        return math.inf
    squares = sum(total * total for total, _ in sums.values())
    return math.sqrt(clusters / (clusters - 1) * squares) / count


def make_rollout(game: Game, kind: str, cutoff: int = 0) -> tuple[Rollout, Evaluator | None]:
    """The playout policy ``kind`` (``random``, ``heuristic``, ``fast``, ``plan`` or ``auto``),
    and with ``cutoff`` the evaluation of the positions where playouts stop."""
    if kind not in ("random", "heuristic", "fast", "plan", "auto"):
        raise OptionError(
            msg(
                "ismcts rollout must be auto, fast, plan, random or heuristic, not {kind}",
                kind=repr(kind),
            )
        )
    policy: Any = game.heuristic_bot() if game.info.has_heuristic else None
    evaluate: Evaluator | None = getattr(policy, "evaluate", None)
    if cutoff and evaluate is None:
        raise OptionError(
            msg("ismcts cutoff needs an evaluation of positions, which {game} lacks", game=game.id)
        )
    steps = cutoff or 20_000
    fast: Any = getattr(policy, "playout", None)
    if kind == "plan":
        fast = getattr(policy, "plan_playout", None)
    if kind in ("fast", "plan") and fast is None:
        raise OptionError(msg("{game} has no fast playout policy for ismcts", game=game.id))
    if kind == "heuristic" and policy is None:
        raise OptionError(msg("{game} has no heuristic bot for ismcts rollouts", game=game.id))
    rollout: Rollout
    if kind == "random" or (kind == "auto" and fast is None):
        rollout = partial(random_playout, max_steps=steps)
    elif kind in ("fast", "plan", "auto"):
        rollout = partial(fast, max_steps=steps) if cutoff else fast
    else:
        rollout = partial(_policy_playout, policy, steps)
    return rollout, evaluate if cutoff else None


def streams_playouts(game: Game, kind: str) -> bool:
    """Whether the playouts of ``kind`` are the game's fast playout and it draws only
    ``random()`` (its heuristic bot's ``playout_stream``), so that a search may hand it a
    :class:`~solocards.core.rng.Stream`.

    >>> import solocards
    >>> uno = solocards.make("uno")
    >>> streams_playouts(uno, "auto"), streams_playouts(uno, "random")
    (True, False)
    """
    if kind not in ("fast", "plan", "auto") or not game.info.has_heuristic:
        return False
    policy = game.heuristic_bot()
    return callable(getattr(policy, "playout", None)) and bool(
        getattr(policy, "playout_stream", False)
    )


def bot_playout(state: State, policy: Bot, rng: random.Random, max_steps: int = 20_000) -> State:
    """Play ``state`` out with ``policy`` in every seat (reactions asked as the runner does)."""
    window = Window()
    for _ in range(max_steps):
        if state.is_over:
            break
        seat, reacting = window.decider(state)
        legal = state.legal_actions(seat)
        if reacting:
            legal.append(NO_REACTION)
        action = policy.choose(view_for(state, seat, policy), legal, rng)
        action_id = NO_REACTION_ID if action == NO_REACTION else state.game.action_id(action)
        window.apply(state, seat, action_id)
    return state


def _policy_playout(policy: Bot, max_steps: int, state: State, rng: random.Random) -> State:
    return bot_playout(state, policy, rng, max_steps)


def make_ismcts(game: Game, **params: Any) -> ISMCTSBot:
    """The registry's factory: ``ismcts:iterations=2000,seconds=1.0,c=0.7``."""
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise OptionError(
            msg(
                "ismcts has no parameter {unknown}; parameters: {known}",
                unknown=", ".join(unknown),
                known=", ".join(DEFAULTS),
            )
        )
    if "seconds" in params and "iterations" not in params:
        params["iterations"] = None
    return ISMCTSBot(game, **params)


__all__ = [
    "DEFAULTS",
    "ISMCTSBot",
    "bot_playout",
    "make_ismcts",
    "make_rollout",
    "standard_error",
    "streams_playouts",
]
