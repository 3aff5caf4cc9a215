"""The server's CPU per action early and late in a long round: version 100 against 10,000.

    python bench/views.py [--repeats 5] [--actions 200] [--late 10000]

Every action the server commits costs it ``Match.apply`` and the ``update`` messages of
:func:`solocards.server.live.updates.build_updates` (a view per seat and the spectator, the
words, the JSON), the work that could grow with the round; storing the action and sending the
texts do not. This plays one four-player UNO round that never ends on its own (a seat plays
only while it holds more than 8 cards, else draws), and measures the CPU time
(``time.process_time``) of ``--actions`` such actions starting at version 100 and again at
version ``--late``, in one run, ``--repeats`` times. "full views" is the same work with the
whole log in each update's view (how the server built them before updates carried only the new
log entries), for comparison.

Figures vary with the machine and its load: read the ratios of one run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import solocards
from solocards.core.compiled import is_compiled
from solocards.core.game import State
from solocards.core.match import Match
from solocards.server.live.jsonfast import dumps
from solocards.server.live.updates import build_updates
from solocards.server.live.words import ActionWords


def long_round_move(state: State) -> tuple[int, str]:
    """A move that keeps the round going: play while holding more than 8 cards, else draw."""
    seat = state.regular_seat()
    legal = state.legal_actions(seat)
    plays = [action for action in legal if action not in ("draw", "pass")]
    hand = state.snapshot()["hands"][seat] if len(legal) > 1 else ()
    if plays and len(hand) > 8:
        return seat, plays[0]
    if "draw" in legal:
        return seat, "draw"
    return seat, (plays or legal)[0]


def full_view_updates(match: Match, common: dict[str, Any], words: ActionWords) -> list[str]:
    """The update texts with each view's whole log (the earlier way, for comparison)."""
    texts = []
    for audience in range(match.game.players + 1):
        who = audience if audience < match.game.players else None
        view = match.state.view(who)
        message = {"type": "update", **common, "view": view, "words": words.of_view(view)}
        texts.append(dumps(message))
    return texts


def measure(match: Match, actions: int, full: bool, words: ActionWords) -> float:
    """CPU seconds per action for the next ``actions`` actions (moves chosen outside the clock)."""
    spent = 0.0
    for _ in range(actions):
        seat, action = long_round_move(match.state)
        version = match.state.log_size + 1
        start = time.process_time()
        before, round_index = match.state, match.round_index
        match.apply(seat, action)
        if full:
            full_view_updates(match, {"version": version}, words)
        else:
            build_updates(match, {"version": version}, seat, before, round_index, words)
        spent += time.process_time() - start
    return spent / actions


def advance(match: Match, version: int) -> None:
    while match.state.log_size < version:
        match.apply(*long_round_move(match.state))


def one_run(actions: int, late: int) -> dict[str, float]:
    game = solocards.make("uno", players=4)
    figures: dict[str, float] = {}
    for full in (False, True):
        match = game.match(seed=1)
        words = ActionWords(game)
        advance(match, 100)
        early = measure(match, actions, full, words)
        advance(match, late)
        assert match.round_index == 0, "the round ended: no long round to measure"
        figures[f"{'full' if full else 'new'}_early"] = early
        figures[f"{'full' if full else 'new'}_late"] = measure(match, actions, full, words)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--late", type=int, default=10_000)
    args = parser.parse_args()
    runs = [one_run(args.actions, args.late) for _ in range(args.repeats)]
    build = "mypyc" if is_compiled() else "plain"
    print(f"server CPU per action, UNO 4p, one long round ({build}, {args.repeats} runs)")
    for kind, label in (("new", "updates with new log entries"), ("full", "full views")):
        early = [run[f"{kind}_early"] * 1e6 for run in runs]
        late = [run[f"{kind}_late"] * 1e6 for run in runs]
        ratios = [run[f"{kind}_late"] / run[f"{kind}_early"] for run in runs]
        print(
            f"  {label:30} v100 {statistics.median(early):8.1f} us  "
            f"v{args.late} {statistics.median(late):8.1f} us  "
            f"late/early {statistics.median(ratios):.3f}x "
            f"(range {min(ratios):.3f}-{max(ratios):.3f})"
        )


if __name__ == "__main__":
    main()
