"""The search tree's selection: one loop with a table of logarithms, the same as UCB by node."""

from __future__ import annotations

import math
import random

from solocards.bots.search_tree import LogTable, Node, key, select


def test_the_log_table_holds_the_logarithm_of_each_count() -> None:
    logs = LogTable()
    for count in [5, 0, 1, 2, 700, 3, 64, 1000, 9]:
        assert logs[count] == math.log(max(count, 1))


def test_select_picks_the_first_node_with_the_highest_ucb() -> None:
    rng = random.Random(4)
    logs = LogTable()
    for trial in range(300):
        root = Node(seat=-1)
        nodes = []
        for action in range(rng.randrange(1, 7)):
            node = root.child(key(0, action, 2), 0, action)
            for _ in range(rng.randrange(1, 6)):
                # Few distinct results: ties happen, and the first of them must win.
                node.update(float(rng.random() < 0.5), float(rng.choice([-2, 0, 2])))
            node.availability = node.visits + rng.randrange(0, 4)
            nodes.append(node)
        exploration = rng.choice([0.0, 0.7, 1.4])
        weight = rng.choice([0.0, 0.5, 1.0])
        expected = max(nodes, key=lambda n: n.ucb(exploration, weight, 2.0))
        assert select(nodes, exploration, weight, 2.0, logs) is expected, trial
