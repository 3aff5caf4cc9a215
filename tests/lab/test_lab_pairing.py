"""The lab's pairing is real: every variant plays the same deals (checked from the records),
the records replay, and the all-random fast path chooses exactly as the simulator does."""

from __future__ import annotations

import random

import solocards
from solocards.bots import make_bot
from solocards.lab import build_variants, run_lab
from solocards.lab.chunks import random_actor
from solocards.sim.runner import choose_actor


def test_every_variant_plays_the_same_deals_as_the_baseline() -> None:
    lab = run_lab(
        "uno",
        build_variants("uno", ["stack_draw2=false,true", "jump_in=false,true"]),
        players=3,
        base_options={"hand_size": 3, "force_play": True},
        rounds=12,
        seed=11,
    )
    assert lab.paired == [True] * 4
    records = [lab.records(index) for index in range(4)]
    firsts = [[record["rounds"][0] for record in variant] for variant in records]
    for variant in firsts[1:]:
        assert len(variant) == len(firsts[0])
        for mine, baseline in zip(variant, firsts[0], strict=True):
            assert (mine["deck"], mine["dealer"]) == (baseline["deck"], baseline["dealer"])
    decks = {tuple(first["deck"]) for first in firsts[0]}
    assert len(decks) == lab.deals  # a new deck per deal, shared by its seatings
    assert {first["dealer"] for first in firsts[0]} == {0, 1, 2}
    options = [record["options"] for record in (variant[0] for variant in records)]
    assert [(o["stack_draw2"], o["jump_in"]) for o in options] == [
        (False, False),
        (False, True),
        (True, False),
        (True, True),
    ]


def test_the_records_replay_to_the_results_the_lab_measured() -> None:
    lab = run_lab(
        "german-solo",
        build_variants("german-solo", ["fp_alone=true,false"]),
        rounds=4,
        seed=2,
        bots=["heuristic"],
    )
    for index in range(2):
        for item, record in zip(lab.rounds[index], lab.records(index), strict=True):
            match = solocards.replay(record)
            assert [float(s) for s in match.results[0]["scores"]] == item["scores"]
            assert len(record["rounds"][0]["actions"]) == item["decisions"]


def test_the_random_fast_path_chooses_as_the_simulator_does() -> None:
    game = solocards.make("uno", players=3, jump_in=True, hand_size=3)
    bots = [make_bot("random", game)] * 3
    for seed in range(5):
        one, two = game.deal(seed=seed), game.deal(seed=seed)
        rngs_one = [random.Random(seed * 10 + s) for s in range(3)]
        rngs_two = [random.Random(seed * 10 + s) for s in range(3)]
        while not one.is_over:
            chosen = random_actor(one, rngs_one)
            assert chosen == choose_actor(two, bots, rngs_two)
            one.apply(*chosen)
            two.apply(*chosen)


def test_worker_processes_play_exactly_what_one_process_plays() -> None:
    def lab(jobs: int) -> list[list[dict[str, object]]]:
        return run_lab(
            "uno",
            build_variants("uno", ["jump_in=false,true"]),
            players=2,
            base_options={"hand_size": 2, "force_play": True},
            rounds=8,
            seed=9,
            jobs=jobs,
        ).rounds

    assert lab(2) == lab(1)
