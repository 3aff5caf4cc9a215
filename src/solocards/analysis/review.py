"""Round review: each decision of one seat graded by the chance to win it gave away.

For every decision the seat took alone (a reaction window, where several seats may act at once,
is left out), :func:`review` asks :func:`~solocards.analysis.analyse` for every legal action
from the seat's view *at that moment* and compares the action played with the best one. The
chance lost is ``win(best) - win(played)``; it is marked by the thresholds of
:data:`THRESHOLDS` (the ones lichess uses on its win-chance scale, lila's ``Advice.scala``:
0.1, 0.2 and 0.3 on ``[-1, 1]``, i.e. 5, 10 and 15 points of win chance). The marks grade the
point estimates; each action's 95% interval is in the report beside them (with the default 100
worlds an interval is about 0.1 either side, so an "inaccuracy" is within the noise; raise
``worlds`` for a closer review). The same worlds serve every action, so their differences are
far less noisy than the intervals suggest.

Every figure of a decision comes from the seat's view, never from cards it could not see
(``"hidden_cards": false``); the record's result at the end is the one figure that uses the
whole deal (``"hidden_cards": true``), marked so in the JSON and on the chart.

>>> import solocards
>>> game = solocards.make("uno", players=2)
>>> match = game.match(seed=2)
>>> for _ in range(4):
...     seat = match.to_act[0]
...     match.apply(seat, match.state.legal_actions(seat)[0])
>>> report = review(match.record(), seat=0, worlds=4)
>>> sorted(report["decisions"][0]) == sorted(
...     ["round", "step", "action", "best", "lost", "mark", "hidden_cards", "actions"])
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.errors import RecordError
from ..core.messages import msg
from ..records import replay
from .estimate import Analysis, analyse

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.15),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
)
"""The marks of a decision by the win chance it lost, the gravest first."""


def mark(lost: float) -> str | None:
    """The mark of a decision that lost ``lost`` win chance (``None``: a good move).

    >>> mark(0.02), mark(0.07), mark(0.12), mark(0.4)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for name, threshold in THRESHOLDS:
        if lost >= threshold:
            return name
    return None


def grade(analysis: Analysis, played: str) -> dict[str, Any]:
    """One decision's figures: the best action, the chance lost by ``played``, its mark."""
    best = analysis.best
    lost = max(0.0, best.win - analysis.of(played).win)
    return {
        "action": played,
        "best": best.action,
        "lost": lost,
        "mark": mark(lost) if best.action != played else None,
        "hidden_cards": False,
        "actions": [
            {"action": e.action, "win": e.win, "ci95": list(e.ci95), "score": e.score}
            for e in analysis.actions
        ],
    }


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    round_number: int | None = None,
    worlds: int = 100,
    seed: int = 0,
    seconds: float | None = None,
) -> dict[str, Any]:
    """Review ``seat``'s decisions in a record (every round, or only round ``round_number``,
    counted from 1). Returns a JSON-ready report (see the module doc); :class:`RecordError`
    for a seat or round the record does not have. ``seconds`` bounds each decision's analysis
    (at least one world each; then the figures depend on the machine's speed)."""
    match = replay(record, upto=0)
    game = match.game
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise RecordError(
            msg("seat must be 0..{last}, not {seat}", last=game.players - 1, seat=repr(seat))
        )
    rounds = record["rounds"]
    if round_number is not None and not 1 <= round_number <= len(rounds):
        raise RecordError(
            msg(
                "the record has rounds 1..{last}, not {number}",
                last=len(rounds),
                number=round_number,
            )
        )
    decisions: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for number, round_ in enumerate(rounds, 1):
        wanted = round_number is None or number == round_number
        finished = len(match.results)
        for step, (actor, action) in enumerate(round_["actions"], 1):
            state = match.state
            if wanted and actor == seat and state.to_act == [seat]:
                analysis = analyse(
                    game, state.view(seat), worlds=worlds, seconds=seconds, seed=seed + step
                )
                decisions.append({"round": number, "step": step, **grade(analysis, action)})
            match.apply(actor, action)
        if wanted and len(match.results) > finished:
            last = match.results[-1]
            won = seat in (last.get("winners") or [])
            results.append({"round": number, "won": won, "hidden_cards": True})
    return {
        "game": game.id,
        "players": game.players,
        "seat": seat,
        "worlds": worlds,
        "thresholds": dict(THRESHOLDS),
        "decisions": decisions,
        "results": results,
    }


def chart(report: Mapping[str, Any], path: str | Path) -> bool:
    """Draw the seat's win chance through the review (the chance of the action played at each
    decision, with its 95% interval; marked decisions in colour; each round's result as a
    square) as a PNG. Needs matplotlib (the ``sim`` extra); returns ``False`` without it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    colours = {"inaccuracy": "#e3b505", "mistake": "#f58518", "blunder": "#e45756"}
    figure, axes = plt.subplots(figsize=(9, 3.5))
    xs = list(range(1, len(report["decisions"]) + 1))
    played = [_played(decision) for decision in report["decisions"]]
    axes.plot(xs, [p["win"] for p in played], color="#4c78a8", marker="o", markersize=3)
    axes.fill_between(
        xs, [p["ci95"][0] for p in played], [p["ci95"][1] for p in played],
        color="#4c78a8", alpha=0.15, linewidth=0,
    )  # fmt: skip
    for x, decision, estimate in zip(xs, report["decisions"], played, strict=True):
        if decision["mark"]:
            axes.plot([x], [estimate["win"]], "o", color=colours[decision["mark"]], markersize=7)
    for end, result in _round_ends(report):
        axes.plot([end], [1.0 if result["won"] else 0.0], "s", color="black", markersize=6)
    axes.set_ylim(-0.05, 1.05)
    axes.set_xlabel("decision of the seat (squares: the round's result, from the whole deal)")
    axes.set_ylabel("win chance (seat's view)")
    axes.set_title(f"{report['game']}: seat {report['seat']}'s chance to win the round")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(str(path), dpi=100)
    plt.close(figure)
    return True


def _played(decision: Mapping[str, Any]) -> Mapping[str, Any]:
    return next(a for a in decision["actions"] if a["action"] == decision["action"])


def _round_ends(report: Mapping[str, Any]) -> list[tuple[float, Mapping[str, Any]]]:
    ends = []
    for result in report["results"]:
        count = sum(1 for d in report["decisions"] if d["round"] <= result["round"])
        ends.append((count + 0.5, result))
    return ends


__all__ = ["THRESHOLDS", "chart", "grade", "mark", "review"]
