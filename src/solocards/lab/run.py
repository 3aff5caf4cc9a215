"""The whole lab: play every variant on the same deals, then measure and compare.

>>> from solocards.lab.variants import build_variants
>>> variants = build_variants("uno", ["hand_size=2,4"])
>>> lab = run_lab("uno", variants, players=2, rounds=8, seed=1)
>>> summary = lab.summary()
>>> summary["deals"], summary["seatings"], sorted(summary["differences"])
(4, 2, ['hand_size=4'])
>>> sorted(summary["differences"]["hand_size=4"]["round_length_decisions"])
['ci95', 'diff']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..core.errors import OptionError
from ..core.game import Game
from ..core.rng import derive_seed
from ..games.registry import make
from ..i18n import _
from ..sim.tournament import bot_labels
from .backend import ChunkRunner, run_chunks, split_deals
from .chunks import ChunkSpec, RoundOutcome, seatings
from .metrics import by_deal, catalogue, compare, events_seen, excludes_zero, histogram, measure
from .variants import Variant, check_variants

FORMAT = "solocards-lab/1"
Progress = Callable[[int], None]
"""Called with the number of rounds played so far (every variant together)."""


@dataclass
class LabResult:
    """Every round of every variant, and the summary computed from them."""

    game_id: str
    players: int
    bots: list[str]
    seed: int
    deals: int
    seatings: int
    base_options: dict[str, Any]
    variants: list[Variant]
    games: list[Game]
    rounds: list[list[RoundOutcome]]

    @property
    def paired(self) -> list[bool]:
        """Per variant: whether its deck is the baseline's, so that it plays the same deals."""
        deck = self.games[0].deck()
        return [game.deck() == deck for game in self.games]

    def records(self, variant: int) -> list[dict[str, Any]]:
        """The record of every round of a variant, by deal and seating (replayable)."""
        return [item["record"] for item in self.rounds[variant]]

    def summary(self) -> dict[str, Any]:
        """Metrics per variant with 95% intervals, and differences to the first variant.

        ``differences[variant][metric]`` is ``{"diff": x, "ci95": [lo, hi]}``; ``flagged``
        lists, per variant, the metrics whose difference interval excludes zero.
        """
        seen = sorted({name for rounds in self.rounds for name in events_seen(rounds)})
        metrics = catalogue(self.players, seen)
        grouped = [by_deal(rounds) for rounds in self.rounds]
        paired = self.paired
        variants: list[dict[str, Any]] = []
        differences: dict[str, dict[str, Any]] = {}
        flagged: dict[str, list[str]] = {}
        for index, variant in enumerate(self.variants):
            values = {
                m.name: measure(m, grouped[index], derive_seed(self.seed, "lab-ci", index, m.name))
                for m in metrics
            }
            variants.append(
                {
                    "name": variant.name,
                    "preset": variant.preset,
                    "options": dict(variant.options),
                    "resolved_options": dict(self.games[index].options),
                    "paired": paired[index],
                    "rounds": len(self.rounds[index]),
                    "metrics": values,
                    "length_histogram": histogram(
                        [float(item["decisions"]) for item in self.rounds[index]]
                    ),
                }
            )
            if index == 0:
                continue
            diffs = {
                m.name: compare(
                    m,
                    grouped[index],
                    grouped[0],
                    paired[index],
                    derive_seed(self.seed, "lab-diff", index, m.name),
                )
                for m in metrics
            }
            differences[variant.name] = diffs
            flagged[variant.name] = [
                name for name, diff in diffs.items() if excludes_zero(diff["ci95"])
            ]
        return {
            "format": FORMAT,
            "game": self.game_id,
            "players": self.players,
            "bots": bot_labels(self.bots),
            "seed": self.seed,
            "deals": self.deals,
            "seatings": self.seatings,
            "rounds_per_variant": self.deals * self.seatings,
            "base_options": dict(self.base_options),
            "baseline": self.variants[0].name,
            "metrics": [{"name": m.name, "help": m.help} for m in metrics],
            "variants": variants,
            "differences": differences,
            "flagged": flagged,
        }


def run_lab(
    game_id: str,
    variants: Sequence[Variant],
    *,
    players: int | None = None,
    base_options: dict[str, Any] | None = None,
    bots: Sequence[str] = ("random",),
    rounds: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    runner: ChunkRunner = run_chunks,
    progress: Progress | None = None,
) -> LabResult:
    """Play at least ``rounds`` rounds of every variant (whole deals, every seating).

    Bad options, presets, bot specs or combinations raise :class:`~solocards.OptionError`
    before anything is played. ``runner`` runs the chunks (local processes by default).
    """
    base = dict(base_options or {})
    variants = list(variants)
    if len(variants) < 2:
        raise OptionError(_("the lab compares variants: give at least two"))
    if rounds < 1:
        raise OptionError(_("-n must be at least 1 round, not {rounds}", rounds=rounds))
    bot_specs = list(bots)
    if not bot_specs:
        raise OptionError(_("give at least one bot (--bots random)"))
    check_variants(game_id, players, variants, base)
    games = [make(game_id, players=players, **variant.game_options(base)) for variant in variants]
    for bot_spec in bot_specs:
        make_bot(bot_spec, games[0])  # a bad spec fails here, not in a worker
    count = games[0].players
    per_deal = len(seatings(len(bot_specs), count))
    deals = max(1, math.ceil(rounds / per_deal))
    runs = split_deals(deals, jobs if jobs > 0 else 2, len(variants))
    chunks = [
        ChunkSpec(
            game_id, count, variant.game_options(base), index, first, size, tuple(bot_specs), seed
        )
        for index, variant in enumerate(variants)
        for first, size in runs
    ]
    done = [0]

    def on_done(_: int, played: list[RoundOutcome]) -> None:
        done[0] += len(played)
        if progress is not None:
            progress(done[0])

    results = runner(chunks, jobs, on_done)
    rounds_by_variant: list[list[RoundOutcome]] = [[] for _ in variants]
    for spec, played in zip(chunks, results, strict=True):
        rounds_by_variant[spec.variant].extend(played)
    for played in rounds_by_variant:
        played.sort(key=lambda item: (item["deal"], item["seating"]))
    return LabResult(
        game_id, count, bot_specs, seed, deals, per_deal, base, variants, games, rounds_by_variant
    )


__all__ = ["FORMAT", "LabResult", "run_lab"]
