"""The lab's statistics: identical variants raise false alarms at about the 5% rate, a rule
that changes round length is detected, and the metrics measure what they say."""

from __future__ import annotations

import random

import pytest

from solocards.lab import Variant, build_variants, run_lab
from solocards.lab.metrics import by_deal, luck_share, round_difference, score_digest

CHEAP = {"hand_size": 3, "force_play": True}  # random UNO rounds of some 60 actions
CHECKED = ("round_length_decisions", "score_spread", "win_share_pos1", "events_draw")
SKIPPED = {"round_length_sd", "luck_share", "skill_share"}  # bootstrap, or no second bot


def cheap_lab(variants: list[Variant], rounds: int, seed: int, **options: object):  # type: ignore[no-untyped-def]
    return run_lab(
        "uno", variants, players=2, base_options={**CHEAP, **options}, rounds=rounds, seed=seed
    )


def test_identical_variants_give_intervals_around_zero() -> None:
    summary = cheap_lab([Variant("a"), Variant("b")], rounds=120, seed=3).summary()
    differences = summary["differences"]["b"]
    for name in CHECKED:
        low, high = differences[name]["ci95"]
        assert low <= 0 <= high, (name, differences[name])
    assert summary["variants"][0]["metrics"]["round_length_decisions"]["value"] > 0


def test_identical_variants_false_alarm_rate_is_near_five_percent() -> None:
    """Every t-interval metric of 50 labs of two identical rulesets (15 deals each): the
    bots' dice differ between the variants, the deals do not."""
    alarms = tests = 0
    for seed in range(50):
        summary = cheap_lab([Variant("a"), Variant("b")], rounds=30, seed=1000 + seed).summary()
        differences = summary["differences"]["b"]
        checked = [name for name in differences if name not in SKIPPED]
        assert set(summary["flagged"]["b"]) <= set(differences)
        alarms += sum(1 for name in checked if name in summary["flagged"]["b"])
        tests += len(checked)
    rate = alarms / tests
    assert 0.02 <= rate <= 0.09, f"{alarms} false alarms in {tests} tests"


def test_a_rule_that_changes_round_length_is_detected() -> None:
    variants = build_variants("uno", ["hand_size=1,10"])
    summary = cheap_lab(variants, rounds=160, seed=4).summary()
    difference = summary["differences"]["hand_size=10"]["round_length_decisions"]
    assert difference["diff"] > 0 and difference["ci95"][0] > 0
    assert "round_length_decisions" in summary["flagged"]["hand_size=10"]


def test_jump_ins_happen_only_with_the_jump_in_rule() -> None:
    variants = build_variants("uno", ["jump_in=false,true"])
    summary = cheap_lab(variants, rounds=80, seed=5).summary()
    metrics = [variant["metrics"] for variant in summary["variants"]]
    assert metrics[0]["events_jump_in"]["value"] == 0
    assert metrics[1]["events_jump_in"]["value"] > 0


def test_stacking_is_counted_only_with_stack_draw2() -> None:
    variants = build_variants("uno", ["stack_draw2=false,true"])
    summary = cheap_lab(variants, rounds=80, seed=6).summary()
    stacks = [v["metrics"].get("events_stack", {}).get("value") for v in summary["variants"]]
    assert stacks[0] == 0 and stacks[1] > 0


def test_the_stronger_bot_gets_more_than_half_of_its_meetings() -> None:
    lab = run_lab(
        "uno",
        build_variants("uno", ["hand_size=3,5"]),
        players=2,
        bots=["heuristic", "random"],
        base_options={"force_play": True},
        rounds=60,
        seed=7,
    )
    share = lab.summary()["variants"][0]["metrics"]["skill_share"]
    assert share["value"] > 0.5 and share["ci95"][0] > 0.5


def _round(deal: int, scores: list[float]) -> dict[str, object]:
    return {"deal": deal, "scores": scores, "decisions": 1, "events": {}}


def test_luck_share_is_one_when_the_deal_fixes_the_scores_and_near_zero_when_not() -> None:
    rng = random.Random(1)
    fixed = [[_round(d, [float(d), -float(d)]) for _ in range(3)] for d in range(30)]
    assert luck_share([score_digest(rounds) for rounds in fixed]) == pytest.approx(1.0)
    noise = [[_round(d, [rng.gauss(0, 1), rng.gauss(0, 1)]) for _ in range(3)] for d in range(300)]
    assert abs(luck_share([score_digest(rounds) for rounds in noise]) or 0.0) < 0.1


def test_unpaired_differences_use_both_variants_own_spread() -> None:
    one = by_deal([{"deal": d, "decisions": 10 + d % 3} for d in range(20)])
    two = by_deal([{"deal": d, "decisions": 10 + (d + 1) % 3} for d in range(20)])
    paired_diff, paired_ci = round_difference(two, one, lambda r: r["decisions"], paired=True)
    welch_diff, welch_ci = round_difference(two, one, lambda r: r["decisions"], paired=False)
    assert paired_diff == pytest.approx(welch_diff)
    assert welch_ci[1] - welch_ci[0] != pytest.approx(paired_ci[1] - paired_ci[0])
