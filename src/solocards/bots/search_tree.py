"""The tree of information-set MCTS: nodes keyed by (seat, action), UCB with availability counts.

One tree serves every sampled world (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012): a node is a sequence of actions from the root; in a given world only the children whose
seat decides there and whose action is legal there are *available*. Each node keeps the
statistics of the seat that acted into it, and selection maximises that seat's value:
``mean + c * sqrt(ln(availability) / visits)``.

A node's value mixes the seat's win rate and its mean score, the score scaled by the largest
absolute score the search has seen (so that every game's values lie in ``[0, 1]``)::

    value = (1 - w) * wins / visits + w * (0.5 + 0.5 * scores / (visits * scale))

>>> root = Node(seat=-1)
>>> child = root.child(key(0, 5, 2), seat=0, action=5)
>>> child.update(win=1.0, score=10.0)
>>> round(child.value(score_weight=0.5, scale=10.0), 3)
1.0
"""

from __future__ import annotations

import math


def key(seat: int, action: int, players: int) -> int:
    """The child key of ``seat`` taking ``action`` (``-1`` for a declined reaction).

    >>> key(1, -1, 4), key(0, 0, 4), key(3, 2, 4)
    (1, 4, 15)
    """
    return (action + 1) * players + seat


class Node:
    """One node: the seat and action that lead to it, its statistics and its children."""

    __slots__ = ("action", "availability", "children", "score_sum", "seat", "visits", "win_sum")

    def __init__(self, seat: int, action: int = -1) -> None:
        self.seat = seat
        self.action = action
        self.visits = 0
        self.availability = 0
        self.win_sum = 0.0
        self.score_sum = 0.0
        self.children: dict[int, Node] = {}

    def child(self, child_key: int, seat: int, action: int) -> Node:
        """The child under ``child_key``, created on first use."""
        found = self.children.get(child_key)
        if found is None:
            found = self.children[child_key] = Node(seat, action)
        return found

    def update(self, win: float, score: float) -> None:
        """Add one playout's result for this node's seat."""
        self.visits += 1
        self.win_sum += win
        self.score_sum += score

    def value(self, score_weight: float, scale: float) -> float:
        """The mean value of this node for its seat, in ``[0, 1]`` (0.5 before any visit)."""
        if self.visits == 0:
            return 0.5
        wins = self.win_sum / self.visits
        scores = 0.5 + 0.5 * self.score_sum / (self.visits * scale)
        return (1.0 - score_weight) * wins + score_weight * scores

    def ucb(self, exploration: float, score_weight: float, scale: float) -> float:
        """The UCB1 score of this node as a choice, with its availability count as the total."""
        bonus = exploration * math.sqrt(math.log(max(self.availability, 1)) / self.visits)
        return self.value(score_weight, scale) + bonus

    def __repr__(self) -> str:
        return f"<Node seat {self.seat} action {self.action}: {self.visits} visits>"


class LogTable:
    """``math.log(n)`` for the availability counts of one search, each computed once.

    >>> logs = LogTable()
    >>> logs[1], round(logs[8], 4), logs[0]
    (0.0, 2.0794, 0.0)
    """

    __slots__ = ("_logs",)

    def __init__(self) -> None:
        self._logs: list[float] = [0.0, 0.0]  # log(max(n, 1)) for n = 0 and 1

    def __getitem__(self, count: int) -> float:
        logs = self._logs
        if count >= len(logs):
            logs.extend(math.log(n) for n in range(len(logs), 2 * count + 2))
        return logs[count]


def select(
    available: list[Node], exploration: float, score_weight: float, scale: float, logs: LogTable
) -> Node:
    """The first of ``available`` (every one visited) with the highest :meth:`Node.ucb`.

    The same numbers as ``max(available, key=lambda n: n.ucb(exploration, score_weight,
    scale))``, computed in one loop with the logarithms from ``logs``.

    >>> root = Node(seat=-1)
    >>> a, b = root.child(key(0, 0, 2), 0, 0), root.child(key(0, 1, 2), 0, 1)
    >>> a.update(1.0, 0.0); b.update(0.0, 0.0); a.availability = b.availability = 2
    >>> select([a, b], 0.7, 0.0, 1.0, LogTable()) is a
    True
    """
    keep = 1.0 - score_weight
    best = available[0]
    best_ucb = -math.inf
    sqrt = math.sqrt
    for node in available:
        visits = node.visits
        wins = node.win_sum / visits
        scores = 0.5 + 0.5 * node.score_sum / (visits * scale)
        ucb = (
            keep * wins
            + score_weight * scores
            + exploration * sqrt(logs[node.availability] / visits)
        )
        if ucb > best_ucb:
            best, best_ucb = node, ucb
    return best


__all__ = ["LogTable", "Node", "key", "select"]
