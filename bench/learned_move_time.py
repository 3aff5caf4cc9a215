"""CPU time of the ``learned`` bot's move: ``bot.choose`` timed with ``time.process_time`` over
every decision of the learned seat in ``--rounds`` rounds (seeds 0, 1...) against the heuristic
at the other seats; the view, with its log for a model that reads one, is built by the runner
and not counted. Prints the moves and the mean CPU milliseconds a move.

    python bench/learned_move_time.py GAME --players N [--rounds 100]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import solocards
from solocards.bots import make_bot
from solocards.sim.runner import play_round


class Timed:
    """Plays as the bot it wraps and adds up the CPU time of its choices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.reads_log = bool(getattr(bot, "reads_log", True))
        self.moves = 0
        self.seconds = 0.0

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        began = time.process_time()
        action: str = self.bot.choose(view, legal, rng)
        self.seconds += time.process_time() - began
        self.moves += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    game = solocards.make(args.game, players=args.players)
    timed = Timed(make_bot("learned", game))
    for seed in range(args.rounds):
        bots: list[Any] = [make_bot("heuristic", game) for _ in range(game.players)]
        bots[seed % game.players] = timed
        play_round(game.deal(seed=seed), bots, seed=seed)
    print(
        f"{game.id}, {game.players} players: {timed.moves} moves, "
        f"{1000 * timed.seconds / timed.moves:.3f} CPU ms a move"
    )


if __name__ == "__main__":
    main()
