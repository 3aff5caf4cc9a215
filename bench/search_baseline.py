"""The search loop and UNO fast playout as they were before the speed work (issue 24).

A frozen copy, kept so that ``bench/search.py`` can report the new implementation's iterations
per second as a ratio against the old one in the same run. Not used by solocards itself.
"""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

import math
import random
import time

from solocards.bots.ismcts import ISMCTSBot
from solocards.bots.playout import NO_REACTION_ID, Outcome, Window
from solocards.bots.search_tree import Node, key
from solocards.core.bot import NO_REACTION
from solocards.core.errors import SoloError
from solocards.core.game import State
from solocards.core.windows import polling_order
from solocards.games.uno.plays import COLOURS, Play, again


class Search:
    """One search from one view: the tree, the scale of scores, the budget."""

    def __init__(self, bot: ISMCTSBot, view: View, legal: list[int], rng: random.Random) -> None:
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
        spread = math.sqrt(sum((g - gap) ** 2 for g in gaps) / (count - 1)) if count > 1 else 1.0
        return actions[best] if gap > bot.trust * spread / math.sqrt(count) else advice

    def _paired_world(self, actions: list[int]) -> list[tuple[float, float]] | None:
        """One sampled world played out after each root action with one playout seed: this
        seat's (win, score) per action; ``None`` if the world was unusable."""
        try:
            world = self.game.sample_world(self.view, self.rng)
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
        row: list[tuple[float, float]] = []
        for action in actions:
            copy = world.clone()
            Window(set(window.declined)).apply(copy, self.me, action)
            if not copy.is_over:
                self.bot.rollout(copy, random.Random(seed))
            if copy.is_over or self.bot.evaluate is None:
                outcome = Outcome.of(copy)
            else:
                chances = tuple(self.bot.evaluate(copy))
                outcome = Outcome(chances, (0.0,) * len(chances))
            score = outcome.scores[self.me]
            if abs(score) > self.scale:
                self.scale = abs(score)
            row.append((outcome.wins[self.me], score))
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
                self._world = self.game.sample_world(self.view, self.rng)
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
                child = children.get(key(seat, action, players))
                if child is None:
                    untried.append(action)
                else:
                    child.availability += 1
                    available.append(child)
            if untried:
                action = self.rng.choice(untried)
                node = node.child(key(seat, action, players), seat, action)
                node.availability += 1
                window.apply(world, seat, action)
                path.append(node)
                break
            exploration, weight, scale = bot.exploration, bot.score_weight, self.scale
            node = max(available, key=lambda child: child.ucb(exploration, weight, scale))
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


class _Kinds:
    """Where the kinds of action lie among the ids of a game, for the fast playout."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.call = [name.endswith("!") for name in names]
        self.wilds = names.index("W:R")  # ids below: coloured single plays
        self.draw = names.index("draw")  # ids below: single plays
        self.multi = next((i for i, name in enumerate(names) if "+" in name[2:]), len(names))
        self.pass_ = names.index("pass")
        self.uno = names.index("uno")
        self.catch = {int(name[6:]): i for i, name in enumerate(names) if name.startswith("catch>")}
        """The id of ``catch>seat``, by seat."""
        self.colour = [-1] * len(names)
        """The colour in force after each play (0..3), and how many cards of it the play lays."""
        self.laid = [0] * len(names)
        self.again = [False] * len(names)
        """Coloured plays that give another turn in a 2-player game (Skip, Reverse, Draw Two)."""
        for index, name in enumerate(names):
            play = Play.parse(name)
            if play is not None:
                self.colour[index] = COLOURS.index(play.colour_after)
                self.laid[index] = sum(1 for card in play.cards if card[0] == play.colour_after)
                self.again[index] = not play.top.startswith("W") and again(play.top)


_KINDS: dict[tuple[str, ...], _Kinds] = {}


def fast_playout(
    state: UnoState, rng: random.Random, explore: float = 0.1, max_steps: int = 5000
) -> UnoState:
    """See :meth:`UnoHeuristicBot.playout`."""
    names = state.game._action_names
    kinds = _KINDS.get(names)
    if kinds is None:
        kinds = _KINDS[names] = _Kinds(names)
    call, wilds, draw, multi = kinds.call, kinds.wilds, kinds.draw, kinds.multi
    colour, laid = kinds.colour, kinds.laid
    extra = kinds.again if state.players == 2 else None
    pass_, uno = kinds.pass_, kinds.uno
    choice, chance = rng.choice, rng.random
    hands = state.hands
    catch = kinds.catch
    for _ in range(max_steps):
        if state.is_over:
            break
        vuln = state.vuln
        if vuln >= 0:  # someone forgot UNO (only ever the search's own move): caught at once
            state.apply_id((vuln + 1) % state.players, catch[vuln])
            continue
        seat = state.current
        legal = state.legal_action_ids(seat)
        if legal[0] < draw or legal[-1] >= multi:
            plays = [i for i in legal if i < wilds or i >= multi]
            if not plays:
                plays = [i for i in legal if i < draw]
            calls = [i for i in plays if call[i]]
            if calls:
                plays = calls
            if extra is not None and len(plays) > 1:
                runs = [i for i in plays if extra[i]]
                if runs:
                    plays = runs
            if len(plays) > 1 and chance() >= explore:
                # Leave in force the colour held most (after the play).
                held = [0, 0, 0, 0, 0]
                for card in hands[seat]:
                    held[card // 13 if card < 52 else 4] += 1
                scores = [held[colour[i]] - laid[i] for i in plays]
                best = max(scores)
                plays = [i for i, score in zip(plays, scores, strict=True) if score == best]
            action = choice(plays)
        elif uno in legal:
            action = uno
        elif draw in legal:
            action = draw
        elif pass_ in legal:
            action = pass_
        else:
            action = choice(legal)
        state.apply_id(seat, action)
        hands = state.hands  # a 0 under 7-0 passes the hands round as a new list
    return state


class BaselineISMCTSBot(ISMCTSBot):
    """:class:`ISMCTSBot` with the old search loop (and for UNO the old fast playout)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.game.id == "uno" and getattr(self.rollout, "__name__", "") == "playout":
            self.rollout = fast_playout  # the fast policy, without a cutoff

    def choose(self, view, legal_actions, rng):
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
        search = Search(self, view, ids, random.Random(seed))
        best = search.run(advice)
        return NO_REACTION if best == NO_REACTION_ID else self.game.action_name(best)
