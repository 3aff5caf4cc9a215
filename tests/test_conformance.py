"""The conformance suite: every registered game, many seeds, player counts and option sets.

For each game it plays random rounds and checks, at every step, the invariants every game owes
the rest of solocards: cards are conserved, ``to_act`` is empty exactly when the round is over,
every listed legal action applies and every other action is refused without a trace, replaying
the history gives the same snapshot, clones are independent, no view shows another seat's
hidden cards, and everything is JSON-serialisable.

Option sets: the defaults, every preset, and every option set to each of its other values (the
boundaries for numbers). ``SOLOCARDS_HYPOTHESIS=thorough`` runs many more seeds.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solocards
from solocards.core.game import Game, State
from solocards.core.options import OptionValue
from solocards.core.rng import shuffled
from solocards.games.registry import game_class

CARD_KEYS = ("hands", "draw_pile", "discard_pile", "trick", "played", "talon", "discarded")


def option_sets(game_id: str) -> list[tuple[str, dict[str, OptionValue]]]:
    """Named option sets covering every value of every option of a game."""
    cls = game_class(game_id)
    sets: list[tuple[str, dict[str, OptionValue]]] = [("defaults", {})]
    sets += [(f"preset {name}", dict(values)) for name, values in sorted(cls.presets.items())]
    for spec in cls.option_specs:
        if isinstance(spec.default, bool):
            alternatives: list[OptionValue] = [not spec.default]
        elif isinstance(spec.default, int):
            alternatives = [v for v in (spec.minimum, spec.maximum) if v is not None]
            alternatives = [v for v in alternatives if v != spec.default][:2]
        else:
            alternatives = [c for c in (spec.choices or ()) if c != spec.default]
        sets += [(f"{spec.name}={value}", {spec.name: value}) for value in alternatives]
    return sets


def make_or_skip_combination(game_id: str, players: int, options: dict[str, Any]) -> Game | None:
    """The game, or None when this single option needs another option (an OptionError)."""
    try:
        return solocards.make(game_id, players=players, **options)
    except solocards.OptionError:
        return None


CASES = [
    pytest.param(game_id, name, options, id=f"{game_id}:{name}")
    for game_id in solocards.games()
    for name, options in option_sets(game_id)
]


def cards_in(snapshot: dict[str, Any]) -> Counter[str]:
    """Every card the snapshot places somewhere."""
    found: Counter[str] = Counter()
    for key in CARD_KEYS:
        value = snapshot.get(key)
        if value is None:
            continue
        if key == "hands":
            for hand in value:
                found.update(hand)
        elif key == "trick":
            found.update(card for _seat, card in value)
        else:
            found.update(value)
    return found


def lists_in(
    value: Any, skip: tuple[str, ...] = ("known_hands", "revealed", "log")
) -> list[list[Any]]:
    """Every list of three or more items inside a JSON value, outside the keys that carry what a
    seat legitimately knows (cards it was shown) or only [seat, action] pairs (the log)."""
    found: list[list[Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found += lists_in(item, skip)
    elif isinstance(value, list):
        if len(value) >= 3:
            found.append(value)
        for item in value:
            found += lists_in(item, skip)
    return found


def check_views(state: State, snapshot: dict[str, Any]) -> None:
    hands: list[list[str]] = snapshot["hands"]
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view["seat"] == seat
        assert "hands" not in view and "draw_pile" not in view
        if seat is not None:
            assert Counter(view["hand"]) == Counter(hands[seat])
            assert view["can_act"] == (seat in state.to_act)
            assert view["legal_actions"] == (state.legal_actions(seat) if view["can_act"] else [])
        else:
            assert view["hand"] is None
        if state.is_over:
            continue
        visible = [sorted(map(str, item)) for item in lists_in(view)]
        for other, hand in enumerate(hands):
            if other != seat and len(hand) >= 3:
                assert sorted(hand) not in visible, f"view of {seat} shows the hand of {other}"


def check_step(game: Game, state: State, rng: random.Random, deck_count: Counter[str]) -> None:
    """All per-step invariants; leaves ``state`` as it was."""
    to_act = state.to_act
    assert to_act == sorted(set(to_act))
    assert (to_act == []) == state.is_over
    assert (state.result is None) != state.is_over
    snapshot = state.snapshot()
    json.dumps(snapshot)
    assert snapshot["game"] == game.id and snapshot["players"] == game.players
    assert cards_in(snapshot) == deck_count, "cards are not conserved"
    check_views(state, snapshot)
    for seat in range(game.players):
        ids = state.legal_action_ids(seat)
        assert ids == sorted(ids)
        assert state.legal_actions(seat) == [game.action_name(i) for i in ids]
        assert bool(ids) == (seat in to_act)
        illegal = [i for i in rng.sample(range(game.num_actions), 8) if i not in ids]
        for action in illegal[:3]:
            with pytest.raises(solocards.IllegalActionError):
                state.apply_id(seat, action)
            assert state.snapshot() == snapshot, "a refused action changed the state"
    # every legal action of one acting seat applies, on a clone; the original stays as it was
    if to_act:
        seat = rng.choice(to_act)
        for action in state.legal_actions(seat):
            state.clone().apply(seat, action)
        assert state.snapshot() == snapshot, "a clone shares state with its original"


def pick(
    rng: random.Random,
    ids: list[int],
    waiting: set[int],
    prefer_play: float = 0.75,
    prefer_wait: float = 0.0,
) -> int:
    """A random legal action, leaning towards playing (``prefer_play``) or towards drawing and
    passing (``prefer_wait``): uniform random play in the shedding games draws so often that
    rounds last over a thousand steps, and in the trick games a player who rarely passes bids
    every auction up to the highest contract."""
    if len(ids) > 1:
        lean = rng.random()
        if lean < prefer_play:
            playing = [i for i in ids if i not in waiting]
            if playing:
                return rng.choice(playing)
        elif lean < prefer_play + prefer_wait:
            holding = [i for i in ids if i in waiting]
            if holding:
                return rng.choice(holding)
    return rng.choice(ids)


PLAY_STYLES = ((0.75, 0.0), (0.0, 0.0), (0.0, 0.5), (0.0, 0.9))
"""How the trick games' rounds lean (prefer_play, prefer_wait), one per seed in turn: bidding
freely, uniformly, passing often and passing mostly, so that every contract is reached, thrown-in
deals included."""


def play_style(game: Game, seed: int) -> tuple[float, float]:
    """The shedding games (they have ``draw``) always lean to playing; trick games vary."""
    if "draw" in game._action_index:
        return PLAY_STYLES[0]
    return PLAY_STYLES[seed % len(PLAY_STYLES)]


def play_checked(game: Game, seed: int, max_steps: int = 20_000) -> State:
    rng = random.Random(seed)
    deck = shuffled(game.deck(), seed)
    dealer = seed % game.players
    state = game.deal(deck=deck, dealer=dealer, seed=seed)
    deck_count = Counter(game.deck())
    waiting = {game.action_id(name) for name in ("draw", "pass") if name in game._action_index}
    prefer_play, prefer_wait = play_style(game, seed)
    heavy_every = 1
    for step in range(max_steps):
        if step % heavy_every == 0:
            check_step(game, state, rng, deck_count)
            heavy_every = 1 if step < 30 else 25  # every early step, then a sample
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        ids = state.legal_action_ids(seat)
        state.apply_id(seat, pick(rng, ids, waiting, prefer_play, prefer_wait))
    else:
        pytest.fail(f"round not over after {max_steps} steps")
    check_step(game, state, rng, deck_count)
    result = state.result
    assert result is not None and len(result["scores"]) == game.players
    assert all(0 <= w < game.players for w in result["winners"])
    json.dumps(result)
    # replaying the history from the same deal gives the same state
    again = game.deal(deck=deck, dealer=dealer, seed=seed)
    for seat, action in state.history:
        again.apply(seat, action)
    assert again.snapshot() == state.snapshot()
    return state


@pytest.mark.parametrize(("game_id", "name", "options"), CASES)
@given(seed=st.integers(0, 2**31), players_pick=st.integers(0, 100))
def test_random_rounds_keep_every_invariant(
    game_id: str, name: str, options: dict[str, Any], seed: int, players_pick: int
) -> None:
    cls = game_class(game_id)
    players = cls.min_players + players_pick % (cls.max_players - cls.min_players + 1)
    game = make_or_skip_combination(game_id, players, options)
    for others in (cls.default_players, *range(cls.min_players, cls.max_players + 1)):
        if game is None:  # a value valid only at some counts (German Solo's deals=3: three)
            game = make_or_skip_combination(game_id, others, options)
    assert game is not None, f"{name} is not valid for {game_id} at any player count tried"
    play_checked(game, seed)


PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"frog": (4, 5), "german-solo": (3, 4, 5)}
"""Player counts that change a game's rules (frog: who sits out; German Solo: the pack and the
contracts), each run with every option set and preset, on top of the random count of the test
above."""

COUNT_CASES = [
    pytest.param(game_id, players, name, options, id=f"{game_id}:{players}p:{name}")
    for game_id, counts in PLAYER_COUNTS.items()
    for players in counts
    for name, options in option_sets(game_id)
    # a value some counts refuse (German Solo's deals: a multiple of the player count) is
    # played at the counts that take it; the test above asserts that some count does
    if make_or_skip_combination(game_id, players, options) is not None
]


@pytest.mark.parametrize(("game_id", "players", "name", "options"), COUNT_CASES)
@given(seed=st.integers(0, 2**31))
def test_random_rounds_keep_every_invariant_at_each_player_count(
    game_id: str, players: int, name: str, options: dict[str, Any], seed: int
) -> None:
    game = make_or_skip_combination(game_id, players, options)
    assert game is not None, f"{name} is not valid for {game_id} with {players} players"
    play_checked(game, seed)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [(game_id, players) for game_id, counts in PLAYER_COUNTS.items() for players in counts],
)
def test_a_whole_match_at_each_player_count_replays_from_its_record(
    game_id: str, players: int
) -> None:
    game = solocards.make(game_id, players=players)
    match = game.match(seed=12)
    rng = random.Random(12)
    while not match.is_over:
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.is_over and again.totals == match.totals and again.winners == match.winners


@pytest.mark.parametrize("game_id", solocards.games())
def test_a_whole_match_replays_from_its_record(game_id: str) -> None:
    game = solocards.make(game_id)
    match = game.match(seed=11)
    rng = random.Random(11)
    steps = 0
    while not match.is_over and steps < 200_000:
        seat = rng.choice(match.to_act)
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
        steps += 1
    assert match.is_over and match.winners
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.is_over and again.totals == match.totals and again.winners == match.winners


@pytest.mark.parametrize("game_id", solocards.games())
def test_same_seed_same_round(game_id: str) -> None:
    game = solocards.make(game_id)
    assert game.deal(seed=5).snapshot() == game.deal(seed=5).snapshot()
    assert game.deal(seed=5).snapshot() != game.deal(seed=6).snapshot()


@pytest.mark.parametrize("game_id", solocards.games())
def test_a_seat_that_does_not_exist_is_refused_everywhere(game_id: str) -> None:
    # API.md: a seat that does not exist (-1, n, True, "1") raises IllegalActionError, with a
    # message that names it; None is the spectator (view only); bools are not seats
    game = solocards.make(game_id)
    state = game.deal(seed=3)
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    snapshot = state.snapshot()
    n = game.players
    action = game.action_name(0)
    for bad in (-1, n, n + 5, True, False, "1", 1.0, None):
        shown = repr(bad)
        calls: list[tuple[Any, tuple[Any, ...]]] = [
            (state.legal_actions, (bad,)),
            (state.legal_action_ids, (bad,)),
            (state.apply, (bad, action)),
            (state.apply_id, (bad, 0)),
            (state.explain_illegal, (bad, 0)),
        ]
        if bad is not None:
            calls.append((state.view, (bad,)))
        for method, args in calls:
            with pytest.raises(solocards.IllegalActionError, match="no seat") as error:
                method(*args)
            assert shown in str(error.value) and f"{n}-player" in str(error.value)
        assert state.snapshot() == snapshot, f"asking for seat {shown} changed the state"
    assert state.view(None)["seat"] is None and state.view(None)["hand"] is None
    for bad_id in (-1, game.num_actions, True):
        with pytest.raises(solocards.NotationError):
            state.explain_illegal(0, bad_id)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", solocards.games())
def test_action_ids_round_trip(game_id: str) -> None:
    game = solocards.make(game_id)
    names = [game.action_name(i) for i in range(game.num_actions)]
    assert len(set(names)) == len(names)
    assert all(game.action_id(name) == i for i, name in enumerate(names))
    for bad in ("", " ", names[0] + " ", names[0].lower() + "?", "nonsense"):
        if bad not in names:
            with pytest.raises(solocards.NotationError):
                game.action_id(bad)
    for bad_id in (-1, game.num_actions, True):
        with pytest.raises(solocards.NotationError):
            game.action_name(bad_id)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", solocards.games())
def test_every_option_is_documented_and_validated(game_id: str) -> None:
    cls = game_class(game_id)
    game = solocards.make(game_id)
    assert set(game.options) == {spec.name for spec in cls.option_specs}
    for spec in cls.option_specs:
        assert spec.help.strip(), f"{spec.name} has no explanation"
        with pytest.raises(solocards.OptionError, match=spec.name):
            solocards.make(game_id, **{spec.name: object()})
    with pytest.raises(solocards.OptionError, match="valid options"):
        solocards.make(game_id, no_such_option=True)
    with pytest.raises(solocards.OptionError):
        solocards.make(game_id, players=cls.max_players + 1)
