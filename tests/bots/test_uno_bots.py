"""UNO: sampled worlds agree with the view, ISMCTS cannot see hidden cards, the heuristic plays."""

from __future__ import annotations

import random

import pytest

import solocards
from solocards.bots import make_bot
from solocards.bots.ismcts import ISMCTSBot
from solocards.core.game import Game, State
from solocards.sim.runner import choose_actor, play_round

OPTION_SETS = [
    {},
    {"seven_zero": True},
    {"jump_in": True, "stack_draw2": True, "jump_in_pending": True},
    {"stack_draw4": True, "cross_stack": "both", "reverse_skip_deflect": True},
    {"multi_play_same_number": True, "draw_until_playable": True},
    {"uno_enforcement": "auto", "force_play": True},
]


def positions(game: Game, seed: int, every: int = 3) -> list[State]:
    """Copies of a random round every few actions."""
    state = game.deal(seed=seed)
    bots = [make_bot("random", game)] * game.players
    rngs = [random.Random(seed + seat) for seat in range(game.players)]
    found = []
    for step in range(400):
        if state.is_over:
            break
        if step % every == 0:
            found.append(state.clone())
        seat, action = choose_actor(state, bots, rngs)
        state.apply(seat, action)
    return found


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("players", [2, 4])
def test_every_sampled_world_shows_the_seat_its_own_view(
    options: dict[str, object], players: int
) -> None:
    game = solocards.make("uno", players=players, **options)
    rng = random.Random(1)
    for state in positions(game, seed=players):
        for seat in range(players):
            view = state.view(seat)
            world = game.sample_world(view, rng)
            assert world.view(seat) == view
            cards = world.snapshot()
            total = sum(map(len, cards["hands"])) + len(cards["draw_pile"])
            assert total + len(cards["discard_pile"]) == len(game.deck())


def test_worlds_deal_the_hidden_cards_differently() -> None:
    game = solocards.make("uno", players=3)
    state = game.deal(seed=5)
    view = state.view(0)
    rng = random.Random(2)
    hands = {str(game.sample_world(view, rng).snapshot()["hands"][1]) for _ in range(10)}
    assert len(hands) > 5


def swap_hidden_cards(state: State, seat: int, rng: random.Random) -> State:
    """The same round with the cards ``seat`` cannot see (other hands, draw pile) reshuffled."""
    snapshot = state.snapshot()
    hidden = [c for s, hand in enumerate(snapshot["hands"]) if s != seat for c in hand]
    hidden += snapshot["draw_pile"]
    rng.shuffle(hidden)
    other = state.clone()
    kinds = {name: kind for kind, name in enumerate(_kind_names())}
    for holder in range(state.players):
        if holder != seat:
            size = len(other.hands[holder])  # type: ignore[attr-defined]
            other.hands[holder] = [kinds[c] for c in hidden[:size]]  # type: ignore[attr-defined]
            other._remask(holder)  # type: ignore[attr-defined]
            del hidden[:size]
    other.pile = [kinds[c] for c in reversed(hidden)]  # type: ignore[attr-defined]
    return other


def _kind_names() -> tuple[str, ...]:
    from solocards.games.uno.cards import KIND_NAMES

    return KIND_NAMES


def test_ismcts_chooses_the_same_in_states_that_differ_only_in_hidden_cards() -> None:
    game = solocards.make("uno", players=3)
    rng = random.Random(7)
    compared = 0
    for state in positions(game, seed=11, every=5)[:6]:
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        other = swap_hidden_cards(state, seat, rng)
        assert other.snapshot()["hands"] != state.snapshot()["hands"]
        assert other.view(seat) == state.view(seat)
        bot = ISMCTSBot(game, iterations=30)
        legal = state.legal_actions(seat)
        first = bot.choose(state.view(seat), legal, random.Random(3))
        second = bot.choose(other.view(seat), legal, random.Random(3))
        assert first == second
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_and_heuristic_play_legal_replayable_rounds(players: int) -> None:
    game = solocards.make("uno", players=players, jump_in=True)
    specs = ["ismcts:iterations=10", "heuristic", "ismcts:iterations=10,cutoff=5"][:players]
    bots = [make_bot(spec, game) for spec in specs]
    first = play_round(game.deal(seed=2), bots, seed=4)
    again = play_round(game.deal(seed=2), bots, seed=4)
    assert first.is_over and first.history == again.history


def test_the_heuristic_beats_random() -> None:
    game = solocards.make("uno", players=2)
    bots = {"heuristic": make_bot("heuristic", game), "random": make_bot("random", game)}
    wins = 0
    for index in range(20):
        seat = index % 2
        lineup = [bots["random"], bots["random"]]
        lineup[seat] = bots["heuristic"]
        result = play_round(game.deal(seed=index // 2), lineup, seed=index).result
        assert result is not None
        wins += seat in result["winners"]
    assert wins >= 15


def test_the_heuristic_calls_uno_and_catches() -> None:
    game = solocards.make("uno", players=3)
    bot = game.heuristic_bot()
    view = {"phase": "play", "hand": ["R5", "G2"], "seat": 0, "players": 3, "direction": 1}
    rng = random.Random(0)
    assert bot.choose(view, ["R5", "R5!", "catch>2", "draw"], rng) == "catch>2"
    full = {**view, "hand_sizes": [2, 5, 5], "log": [], "color": "R", "top_card": "R3"}
    assert bot.choose(full, ["R5", "R5!", "draw"], rng) == "R5!"


@pytest.mark.parametrize("model", [False, True], ids=["readings", "colour model"])
def test_worlds_read_an_opponents_draw_as_holding_nothing_that_matched(
    monkeypatch: pytest.MonkeyPatch, model: bool
) -> None:
    """Both 2-player samplers (the readings, and the colour model with the draws' reading)
    deal an opponent who drew far fewer cards that matched than a free deal, and no card of
    the colour in force at all when every world trusts the draw."""
    from solocards.games.uno import sampling as worlds

    game = solocards.make("uno", players=2)
    state, colour = drawn_on(game)

    def dealt(trust: float, model: bool, also_wild: bool = True) -> float:
        monkeypatch.setattr(worlds, "TRUST", trust)
        monkeypatch.setattr(worlds, "MODEL", model)
        rng = random.Random(5)
        view = state.view(0)
        hands = [game.sample_world(view, rng).snapshot()["hands"][1] for _ in range(200)]
        matching = (colour, "W") if also_wild else (colour,)
        return sum(card[0] in matching for hand in hands for card in hand) / 200

    free = dealt(0.0, model=False)
    assert dealt(1.0, model) < 0.5 * free
    assert dealt(1.0, model, also_wild=False) == 0.0 < dealt(0.0, model=False, also_wild=False)


def drawn_on(game: Game) -> tuple[State, str]:
    """A round just after seat 1 drew instead of playing (and then played or passed), after
    some card was laid, and the colour that was in force when it drew."""
    bots = [make_bot("heuristic", game)] * 2
    for seed in range(20):
        state = game.deal(seed=seed)
        rngs = [random.Random(seed), random.Random(seed + 1)]
        drew = None
        while not state.is_over:
            seat, action = choose_actor(state, bots, rngs)
            colour = state.view(0)["color"]
            state.apply(seat, action)
            if drew is not None:
                if not state.is_over:
                    return state, drew
                break
            laid = any(a[0] in "RYGBW" for _, a in state.view(0)["log"])
            if seat == 1 and action == "draw" and state.view(0)["phase"] == "drawn" and laid:
                drew = colour  # (a draw before any card was laid: the first card is forgotten)
    raise AssertionError("no draw found")


def test_the_fast_playout_catches_a_player_who_forgot_uno() -> None:
    from solocards.games.uno.playouts import fast_playout

    game = solocards.make("uno", players=2)
    heuristic = make_bot("heuristic", game)
    for seed in range(50):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        # Play well until someone may go down to one card, then do it without calling.
        while not state.is_over:
            seat, action = choose_actor(state, [heuristic, heuristic], [rng, rng])
            if action.endswith("!") and action[:-1] in state.legal_actions(seat):
                state.apply(seat, action[:-1])
                break
            state.apply(seat, action)
        if state.is_over or state.vuln < 0:
            continue
        victim, before = state.vuln, len(state.hands[state.vuln])
        steps = len(state.history)
        fast_playout(state, random.Random(0), max_steps=1)
        assert state.history[steps][1] == f"catch>{victim}"
        assert len(state.hands[victim]) == before + 2
        return
    raise AssertionError("no position with a forgotten UNO found")


def test_worlds_read_a_challenged_wild_draw_four_as_probably_legal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from solocards.games.uno import sampling as worlds

    game = solocards.make("uno", players=2)
    for seed in range(300):
        state = game.deal(seed=seed)
        while not state.is_over and "challenge" not in state.legal_actions(state.to_act[0]):
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            fours = [a for a in legal if a.startswith("W+4")]
            state.apply(seat, fours[0] if fours else legal[0])
        if not state.is_over:
            break
    else:
        raise AssertionError("no challenge window found")
    view = state.view(state.to_act[0])

    monkeypatch.setattr(worlds, "NAMED", 0.0)  # (the colour named leans hands away from bluffs)

    def bluffs(honest: float) -> float:
        monkeypatch.setattr(worlds, "HONEST", honest)
        rng = random.Random(5)
        return sum(game.sample_world(view, rng).wd4_bad for _ in range(1000)) / 1000

    assert bluffs(1.0) == 0.0
    assert bluffs(0.0) > 0.02  # (about 4% here: few hands held that colour)


def test_worlds_read_a_draw_before_any_card_was_laid() -> None:
    from solocards.games.uno.sampling import _Template

    game = solocards.make("uno", players=2)
    for seed in range(50):
        state = game.deal(seed=seed)
        seat = state.to_act[0]
        if state.view(seat)["phase"] != "play" or "draw" not in state.legal_actions(seat):
            continue
        state.apply(seat, "draw")
        if "pass" in state.legal_actions(seat):
            state.apply(seat, "pass")
            other = 1 - seat
            # The colour in force is still the first card's: the draw tells what seat lacked.
            lacked, fresh = _Template(game, state.view(other)).log.lacks[seat]
            colour = state.view(other)["color"]
            assert fresh == 1 and {f"{colour}1", "W", "W+4"} <= _names(lacked)
            return
    raise AssertionError("no opening draw found")


def _names(kinds: frozenset[int]) -> set[str]:
    from solocards.games.uno.cards import KIND_NAMES

    return {KIND_NAMES[kind] for kind in kinds}
