"""Worlds replayed from an earlier view and weighted by the heuristic (ISMCTS ``belief``)."""

from __future__ import annotations

import importlib
import random
from collections import Counter

import pytest

import solocards
from solocards.bots import make_bot
from solocards.bots.ismcts import MEMORY
from solocards.core.errors import OptionError
from solocards.core.recall import earlier_views, same_round_before

belief = importlib.import_module("solocards.games.uno.belief")


def heuristic_rounds(players: int, seeds: range, **options: object):
    """Heuristic play; yields (game, state, seat 0's earlier views, its view now) at each of
    seat 0's regular turns."""
    game = solocards.make("uno", players=players, **options)
    bot = game.heuristic_bot()
    for seed in seeds:
        state = game.deal(seed=seed)
        views: list[dict] = []
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == 0 and state.to_act == [0]:
                view = state.view(0)
                yield game, state, list(views), view
                views.append(view)
            state.apply(seat, bot.choose(state.view(seat), legal, random.Random(seed)))


@pytest.mark.parametrize("players", [2, 3])
def test_replayed_worlds_show_the_seat_exactly_its_view(players):
    checked = 0
    for game, _state, views, view in heuristic_rounds(players, range(6)):
        found = earlier_views(views, view)
        if not found:
            continue
        past = found[max(0, len(found) - 3)]
        worlds = belief.replay_worlds(game, past, view, random.Random(checked), 12)
        for world, weight in worlds:
            assert world.view(0) == view
            assert 0.0 < weight <= 1.0
        checked += len(worlds)
    assert checked > 500  # most tries succeed


def test_the_weights_lean_towards_the_true_hands():
    """Where the other seat plays as the model does, worlds that explain its choices hold more
    of its real cards than the worlds the replay deals before weighting."""
    weighted = unweighted = 0.0
    for game, state, views, view in heuristic_rounds(2, range(12)):
        found = earlier_views(views, view)
        if len(found) < 4:
            continue
        worlds = belief.replay_worlds(game, found[-4], view, random.Random(7), 30)
        if not worlds:
            continue
        truth = Counter(state.hands[1])
        shares = [sum((Counter(w.hands[1]) & truth).values()) / len(w.hands[1]) for w, _ in worlds]
        total = sum(weight for _, weight in worlds)
        unweighted += sum(shares) / len(shares)
        weighted += sum(s * w for s, (_, w) in zip(shares, worlds, strict=True)) / total
    assert weighted > 1.15 * unweighted


def test_the_plan_decides_most_turns_as_the_heuristic_does():
    """``planned_choice`` is legal wherever it decides, and it is the heuristic's own choice in
    nearly every 2-player decision it makes (the heuristic is asked where it does not decide)."""
    from solocards.games.uno.playouts import planned_choice

    game = solocards.make("uno", players=2)
    bot = game.heuristic_bot()
    decided = agreed = 0
    for seed in range(30):
        state = game.deal(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            choice = bot.choose(state.view(seat), legal, random.Random(seed))
            planned = planned_choice(state, seat) if state.to_act == [seat] else -1
            if planned >= 0:
                assert game.action_name(planned) in legal
                decided += 1
                agreed += game.action_name(planned) == choice
            state.apply(seat, choice)
    assert decided > 600
    assert agreed >= 0.95 * decided


def test_the_planned_weights_are_the_heuristics_in_most_worlds(monkeypatch):
    """The same tries weighted by the plan and by the heuristic through views (``PLANNED``):
    the same worlds, and the same weight in nearly all of them."""
    pairs = same = 0
    for game, _state, views, view in heuristic_rounds(2, range(8)):
        found = earlier_views(views, view)
        if len(found) < 4:
            continue
        weighed = {}
        for planned in (True, False):
            monkeypatch.setattr(belief, "PLANNED", planned)
            weighed[planned] = belief.replay_worlds(
                game, found[-4], view, random.Random(3), 20, 0.1
            )
        assert len(weighed[True]) == len(weighed[False])
        for (fast, fast_weight), (slow, slow_weight) in zip(
            weighed[True], weighed[False], strict=True
        ):
            assert fast.hands == slow.hands
            pairs += 1
            same += fast_weight == slow_weight
    assert pairs > 300
    assert same >= 0.9 * pairs


def test_a_floor_of_one_weighs_nothing_and_a_floor_of_zero_only_what_the_model_would_do():
    seen_zero = False
    for game, _state, views, view in heuristic_rounds(2, range(4)):
        found = earlier_views(views, view)
        if not found:
            continue
        flat = belief.replay_worlds(game, found[0], view, random.Random(1), 10, floor=1.0)
        assert all(weight == 1.0 for _, weight in flat)
        strict = belief.replay_worlds(game, found[0], view, random.Random(1), 10, floor=0.0)
        assert {weight for _, weight in strict} <= {0.0, 1.0}
        seen_zero = seen_zero or any(weight == 0.0 for _, weight in strict)
    assert seen_zero  # the model's choices do rule worlds out


def test_nothing_is_read_where_it_cannot_be():
    game = solocards.make("uno", players=2)
    state = game.deal(seed=3)
    me = state.to_act[0]
    first = state.view(me)
    assert belief.replay_worlds(game, first, first, random.Random(1), 5) == []  # no step since
    state.apply(me, state.legal_actions(me)[0])
    while state.to_act != [me] and not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    now = state.view(me)
    assert same_round_before(first, now) and belief.replay_worlds(
        game, first, now, random.Random(1), 5
    )
    later_deal = game.deal(seed=4)
    assert belief.replay_worlds(game, later_deal.view(me), now, random.Random(1), 5) == []
    seven = solocards.make("uno", players=2, seven_zero=True)
    assert belief.replay_worlds(seven, first, now, random.Random(1), 5) == []


def test_earlier_views_keep_to_the_seat_and_the_round():
    log = [[0, "R5"], [1, "R7"], [0, "draw"], [0, "pass"], [1, "Y7"]]
    now = {"seat": 0, "dealer": 1, "log": log}
    mine = [{"seat": 0, "dealer": 1, "log": log[:k]} for k in (0, 2, 4)]
    theirs = {"seat": 1, "dealer": 1, "log": log[:1]}
    other_deal = {"seat": 0, "dealer": 0, "log": log[:2]}
    found = earlier_views([theirs, other_deal, *mine], now)
    assert found == mine  # each has a step of seat 1 after it
    # Only seat 0's own draw follows the second: nothing to read from there.
    assert earlier_views(mine, {"seat": 0, "dealer": 1, "log": log[:3]}) == mine[:1]


def test_ismcts_belief_plays_reads_and_replays_exactly():
    game = solocards.make("uno", players=2)
    spec = "ismcts:iterations=300,paired=1,trust=2,belief=30,recall=2"

    def play(seed: int) -> tuple[list[str], list[dict]]:
        bot, other = make_bot(spec, game), game.heuristic_bot()
        state = game.deal(seed=seed)
        moves, stats = [], []
        step = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                action = bot.choose(state.view(0), legal, random.Random(step))
                moves.append(action)
                stats.append(dict(bot.last_stats))
                assert len(bot.memory) <= MEMORY
            else:
                action = other.choose(state.view(seat), legal, random.Random(step))
            state.apply(seat, action)
            step += 1
        return moves, stats

    moves, stats = play(11)
    read = [s["belief"] for s in stats if "belief" in s]
    assert read and all(r["replayed"] > 0 and r["effective"] >= 1.0 for r in read)
    assert play(11)[0] == moves  # the same seeds, the same game


def test_ismcts_belief_floor_reaches_the_weights():
    # With floor=1 no choice costs a world weight: every world replayed counts in full.
    game = solocards.make("uno", players=2)
    reads: dict[float, list[dict]] = {}
    for floor in (1.0, 0.01):
        bot, other = (
            make_bot(f"ismcts:iterations=60,belief=20,recall=2,floor={floor}", game),
            (game.heuristic_bot()),
        )
        state = game.deal(seed=4)
        step = 0
        while not state.is_over and step < 60:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            player = bot if seat == 0 else other
            state.apply(seat, player.choose(state.view(seat), legal, random.Random(step)))
            if seat == 0 and "belief" in bot.last_stats:
                reads.setdefault(floor, []).append(bot.last_stats["belief"])
            step += 1
    assert reads[1.0] and all(r["effective"] == r["replayed"] for r in reads[1.0])
    assert any(r["effective"] < r["replayed"] for r in reads[0.01])


def test_ismcts_belief_options_are_checked():
    uno = solocards.make("uno", players=2)
    with pytest.raises(OptionError, match="belief must be a whole number"):
        make_bot("ismcts:belief=-1", uno)
    with pytest.raises(OptionError, match="recall must be a whole number"):
        make_bot("ismcts:belief=5,recall=0", uno)
    with pytest.raises(OptionError, match="floor"):
        make_bot("ismcts:belief=5,floor=1.5", uno)
    with pytest.raises(OptionError, match="replayed from earlier views"):
        make_bot("ismcts:belief=5", solocards.make("frog"))


def test_a_new_round_clears_the_memory():
    game = solocards.make("uno", players=2)
    bot = make_bot("ismcts:iterations=20,belief=5", game)
    for seed in (1, 2):
        state = game.deal(seed=seed)
        seat = state.to_act[0]
        bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0))
        assert len(bot.memory) == 1


def test_a_believed_world_drawn_again_plays_out_a_fresh_draw_pile():
    # The replay fixes the hands; the draw pile's order is hidden from every seat, so each
    # time the search draws a world of its belief the pile is shuffled anew (else a few dozen
    # worlds in effect would mean a few dozen futures).
    from solocards.bots.ismcts import Search

    for game, state, views, view in heuristic_rounds(2, range(3, 9)):
        found = earlier_views(views, view)
        if len(found) < 2:
            continue
        bot = make_bot("ismcts:iterations=10,paired=1,belief=30,recall=2", game)
        legal = [game.action_id(a) for a in state.legal_actions(0)]
        search = Search(bot, view, legal, random.Random(2), found[-2])
        if len(search._pool) < 1:
            continue
        piles, hands = set(), set()
        for _ in range(40):
            world = search._sample()
            assert world.view(0) == view  # the seat still sees exactly its view
            piles.add(tuple(world.pile))
            hands.add((search.drawn, tuple(sorted(world.hands[1]))))
        assert len(piles) > len({drawn for drawn, _ in hands})  # fresh piles, drawn or not
        assert len(hands) == len({drawn for drawn, _ in hands})  # each world keeps its hands
        return
    pytest.fail("no position with believed worlds")
