"""ISMCTS on the toy game Snap: legal, seeded, blind to hidden cards, and it finds the win."""

from __future__ import annotations

import random

import pytest
from toy_game import SnapGame, SnapState

from solocards.bots import NO_REACTION, make_bot
from solocards.bots.ismcts import ISMCTSBot
from solocards.core.errors import OptionError
from solocards.sim.runner import play_round


def snap_state(hands: list[str], stock: str, pile: str, current: int, last: int) -> SnapState:
    """A Snap round in a chosen position (hands as strings of ranks, seat by seat)."""
    game = SnapGame(players=len(hands))
    index = "123456".index
    return SnapState(
        game,
        0,
        0,
        [[index(card) for card in hand] for hand in hands],
        [index(card) for card in stock],
        [index(card) for card in pile],
        current,
        last,
    )


def choose(bot: ISMCTSBot, state: SnapState, seat: int, seed: int = 0) -> str:
    legal = state.legal_actions(seat)
    if seat != state.current:
        legal.append(NO_REACTION)
    return bot.choose(state.view(seat), legal, random.Random(seed))


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_snaps_when_the_snap_wins_the_round(depth: int) -> None:
    # Seat 0 has just played a 4; seat 2 holds only the other 4, seat 1 is to play.
    state = snap_state(["13", "256", "4"], "1235", "64", current=1, last=0)
    assert state.to_act == [1, 2]
    bot = ISMCTSBot(state.game, iterations=60, depth=depth)
    assert choose(bot, state, 2) == "4"
    assert bot.last_stats["worlds_rejected"] == 0


def test_paired_search_snaps_when_the_snap_wins_and_plays_its_last_card() -> None:
    state = snap_state(["13", "256", "4"], "1235", "64", current=1, last=0)
    bot = ISMCTSBot(state.game, iterations=60, paired=1)
    assert choose(bot, state, 2) == "4"
    assert bot.last_stats["worlds_rejected"] == 0
    # Every root action is played out in every world: the same count each.
    assert set(bot.last_stats["visits"].values()) == {30}
    last = snap_state(["13", "5", "26"], "1234", "64", current=1, last=-1)
    assert choose(ISMCTSBot(last.game, iterations=60, paired=1), last, 1) == "5"


def test_paired_search_is_blind_to_hidden_cards_and_replays() -> None:
    one = snap_state(["35", "124", "16"], "2346", "5", current=0, last=-1)
    two = snap_state(["35", "234", "61"], "1246", "5", current=0, last=-1)
    bot = ISMCTSBot(one.game, iterations=80, paired=1)
    first = choose(bot, one, 0, seed=3)
    values = bot.last_stats["values"]
    assert first == choose(bot, two, 0, seed=3) and values == bot.last_stats["values"]


def test_paired_playouts_of_one_world_share_one_random_stream() -> None:
    import solocards

    game = solocards.make("uno", players=2)
    state = game.deal(seed=4)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 2
    bot = ISMCTSBot(game, iterations=6 * len(legal), paired=1)
    rollout = bot.rollout
    starts: list[tuple[float, float]] = []

    def spy(world: object, rng: random.Random) -> object:
        starts.append((rng.random(), rng.random()))
        rng.seed(0)  # whatever a playout does to the generator, the next one starts afresh
        return rollout(world, rng)  # type: ignore[arg-type]

    bot.rollout = spy  # type: ignore[assignment]
    bot.choose(state.view(seat), legal, random.Random(2))
    rows = [starts[i : i + len(legal)] for i in range(0, len(starts), len(legal))]
    assert len(rows) == 6
    assert all(len(set(row)) == 1 for row in rows)  # every action of a world: the same numbers
    assert len({row[0] for row in rows}) == 6  # and each world its own


@pytest.mark.parametrize(
    ("game_id", "rollout", "streams"),
    [
        ("uno", "auto", True),  # its fast playout draws only random()
        ("uno", "fast", True),
        ("uno", "random", False),
        ("uno", "heuristic", False),
        ("amigo-solo", "auto", False),  # its playout chooses with getrandbits
        ("frog", "auto", False),
    ],
)
def test_paired_playouts_run_on_a_stream_only_where_the_playout_draws_only_random(
    game_id: str, rollout: str, streams: bool
) -> None:
    import solocards
    from solocards.core.rng import Stream

    game = solocards.make(game_id)
    bot = ISMCTSBot(game, iterations=40, paired=1, rollout=rollout)
    assert bot.streams is streams
    kinds: set[type] = set()
    played = bot.rollout

    def spy(world: object, rng: object) -> object:
        kinds.add(type(rng))
        return played(world, rng)  # type: ignore[arg-type]

    bot.rollout = spy  # type: ignore[assignment]
    state = game.deal(seed=1)
    while len(state.legal_actions(state.to_act[0])) < 2:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    assert bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0)) in (
        state.legal_actions(seat)
    )
    assert kinds == ({Stream} if streams else {random.Random})


def test_paired_search_keeps_the_heuristics_move_unless_it_is_sure() -> None:
    import solocards

    game = solocards.make("uno", players=2)
    heuristic = make_bot("heuristic", game)
    trusting = make_bot("ismcts:iterations=40,paired=1,trust=1000", game)
    free = make_bot("ismcts:iterations=400,paired=1", game)
    overruled = 0
    for seed in range(12):
        state = game.deal(seed=seed)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            continue
        view = state.view(seat)
        advice = heuristic.choose(view, legal, random.Random(0))
        assert trusting.choose(view, legal, random.Random(seed)) == advice
        choice = free.choose(view, legal, random.Random(seed))
        assert isinstance(free, ISMCTSBot) and choice in legal
        values = free.last_stats["values"]
        assert values[choice] == max(values.values())
        overruled += choice != advice
    assert overruled  # without trust, the search's own best is played


@pytest.mark.parametrize("paired", ["2", "0.5", "yes"])
def test_paired_is_zero_or_one(paired: str) -> None:
    import solocards

    with pytest.raises(OptionError):
        make_bot(f"ismcts:paired={paired}", solocards.make("uno", players=2))


def test_plays_its_last_card_rather_than_drawing() -> None:
    state = snap_state(["13", "5", "26"], "1234", "64", current=1, last=-1)
    bot = ISMCTSBot(state.game, iterations=60)
    assert choose(bot, state, 1) == "5"


def test_views_equal_when_only_hidden_cards_differ_and_the_choice_is_the_same() -> None:
    one = snap_state(["35", "124", "16"], "2346", "5", current=0, last=-1)
    two = snap_state(["35", "234", "61"], "1246", "5", current=0, last=-1)
    assert one.snapshot()["hands"] != two.snapshot()["hands"]
    assert one.view(0) == two.view(0)
    bot = ISMCTSBot(one.game, iterations=80)
    assert choose(bot, one, 0, seed=3) == choose(bot, two, 0, seed=3)


def test_every_sampled_world_shows_the_seat_the_same_view() -> None:
    game = SnapGame(players=3)
    state = game.deal(seed=11)
    state.apply(1, state.legal_actions(1)[0])
    rng = random.Random(4)
    for seat in range(3):
        view = state.view(seat)
        for _ in range(20):
            assert game.sample_world(view, rng).view(seat) == view


@pytest.mark.parametrize(("players", "reuse"), [(2, 1), (3, 1), (4, 1), (3, 4)])
def test_a_round_of_ismcts_bots_is_legal_and_replays(players: int, reuse: int) -> None:
    game = SnapGame(players=players)
    bots = [make_bot(f"ismcts:iterations=15,reuse={reuse}", game) for _ in range(players)]
    first = play_round(game.deal(seed=players), bots, seed=1)
    again = play_round(game.deal(seed=players), bots, seed=1)
    assert first.is_over
    assert first.history == again.history


def test_a_time_budget_alone_is_enough() -> None:
    state = snap_state(["13", "5", "26"], "1234", "64", current=1, last=-1)
    bot = make_bot("ismcts:seconds=0.05", state.game)
    assert isinstance(bot, ISMCTSBot) and bot.iterations is None
    assert choose(bot, state, 1) in ("5", "draw")
    assert bot.last_stats["iterations"] >= 1


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:width=3",
        "ismcts:iterations=0",
        "ismcts:rollout=smart",
        "ismcts:seconds=-1",
        "ismcts:reuse=0",
        "ismcts:depth=-1",
        "ismcts:cutoff=5",  # the toy game's heuristic cannot evaluate positions
    ],
)
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec, SnapGame(players=3))


def test_ismcts_beats_random_at_snap() -> None:
    game = SnapGame(players=2)
    wins = 0
    rounds = 30
    for index in range(rounds):
        seat = index % 2
        bots = [make_bot("random", game), make_bot("random", game)]
        bots[seat] = make_bot("ismcts:iterations=40", game)
        result = play_round(game.deal(seed=index // 2), bots, seed=index).result
        assert result is not None
        wins += seat in result["winners"]
    assert wins >= 20


def test_a_failing_world_sampler_leaves_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from solocards.core.errors import SoloError

    state = snap_state(["13", "5", "26"], "1234", "64", current=1, last=-1)

    def fail(view: object, rng: object) -> None:
        raise SoloError("no world")

    monkeypatch.setattr(state.game, "sample_world", fail)
    bot = ISMCTSBot(state.game, iterations=50)
    assert choose(bot, state, 1) in ("5", "draw")
    assert bot.last_stats["sampling_failures"] == 3 and bot.last_stats["iterations"] == 0


@pytest.mark.parametrize("rollout", ["heuristic", "fast", "random"])
def test_every_rollout_policy_plays_a_legal_move(rollout: str) -> None:
    import solocards

    game = solocards.make("uno", players=2)
    state = game.deal(seed=2)
    seat = state.to_act[0]
    bot = make_bot(f"ismcts:iterations=6,rollout={rollout}", game)
    legal = state.legal_actions(seat)
    assert bot.choose(state.view(seat), legal, random.Random(0)) in legal
    assert isinstance(bot, ISMCTSBot) and bot.last_stats["iterations"] in (0, 6)


def test_with_full_trust_in_the_heuristic_it_plays_the_heuristics_move() -> None:
    import solocards

    game = solocards.make("uno", players=2)
    heuristic = make_bot("heuristic", game)
    bot = make_bot("ismcts:iterations=30,trust=1000", game)
    for seed in range(4):
        state = game.deal(seed=seed)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        choice = bot.choose(state.view(seat), legal, random.Random(seed))
        assert isinstance(bot, ISMCTSBot)
        if bot.last_stats["iterations"]:
            assert choice == bot.last_stats["advice"]
            assert choice == heuristic.choose(state.view(seat), legal, random.Random(0))


@pytest.mark.parametrize("trust", ["-0.5", "yes"])
def test_trust_is_a_number(trust: str) -> None:
    import solocards

    with pytest.raises(OptionError):
        make_bot(f"ismcts:trust={trust}", solocards.make("uno", players=2))


def test_the_outcome_for_one_seat_is_that_seats_part_of_the_whole_outcome() -> None:
    import solocards
    from solocards.bots.playout import Outcome, random_playout

    for game_id, players in [("uno", 3), ("amigo-solo", 2), ("german-solo", 4), ("frog", 3)]:
        game = solocards.make(game_id, players=players)
        for seed in range(4):
            state = game.deal(seed=seed)
            # Cut short after a few actions (a draw with no score), or played to the end.
            random_playout(state, random.Random(seed), max_steps=3 if seed % 2 else 20_000)
            outcome = Outcome.of(state)
            for seat in range(players):
                assert Outcome.for_seat(state, seat) == (outcome.wins[seat], outcome.scores[seat])
