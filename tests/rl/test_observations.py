"""Observations: bounds, masks, field layout, and that hidden cards never change them."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import solocards  # noqa: E402
from solocards.core.game import Game, State  # noqa: E402
from solocards.rl.observations import encoder_for  # noqa: E402

CONFIGS = [
    ("uno", 2, {}),
    ("uno", 4, {"jump_in": True, "seven_zero": True, "stack_draw2": True}),
    ("uno", 6, {}),
    ("amigo-solo", 2, {}),
    ("amigo-solo", 4, {}),
    ("amigo-solo", 6, {"solo_call_enforcement": "catch"}),
    ("german-solo", 4, {}),
    ("german-solo", 3, {}),
    ("german-solo", 5, {}),
    ("frog", 3, {}),
    ("frog", 4, {}),
    ("frog", 5, {"all_pass": "ramsch"}),
]


def ids(config: tuple[str, int, dict[str, object]]) -> str:
    game_id, players, options = config
    return f"{game_id}-{players}p" + ("-options" if options else "")


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_every_view_fits_the_bounds_and_the_mask_is_the_legal_actions(config):
    game_id, players, options = config
    game = solocards.make(game_id, players=players, **options)
    encoder = encoder_for(game)
    low, high = encoder.layout.bounds()
    obs = encoder.new_observation()
    mask = np.zeros(game.num_actions, dtype=np.int8)
    rng = random.Random(1)
    for deal in range(4):
        state = game.deal(seed=deal)
        for _ in range(120):
            for seat in range(players):
                view = state.view(seat)
                obs.fill(np.nan)
                encoder.encode(view, obs)
                assert obs.dtype == np.float32
                assert not np.isnan(obs).any()
                outside = [
                    f.name
                    for f in encoder.layout.fields
                    if not (
                        (obs[f.offset : f.offset + f.size] >= f.low).all()
                        and (obs[f.offset : f.offset + f.size] <= f.high).all()
                    )
                ]
                assert outside == [], (game_id, outside)
                assert (obs >= low).all() and (obs <= high).all()
                encoder.mask(view, mask)
                assert np.flatnonzero(mask).tolist() == state.legal_action_ids(seat)
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_fields_tile_the_vector_and_are_documented(config):
    game_id, players, options = config
    encoder = encoder_for(solocards.make(game_id, players=players, **options))
    offset = 0
    for field in encoder.layout.fields:
        assert field.offset == offset and field.size > 0 and field.doc
        assert field.low < field.high
        offset += field.size
    assert offset == encoder.size
    names = [field.name for field in encoder.layout.fields]
    assert len(set(names)) == len(names)
    assert f"`{names[0]}`" in encoder.describe()


def test_a_known_uno_position_is_encoded_field_by_field():
    game = solocards.make("uno", players=3)
    state = game.deal(seed=11)
    seat = state.to_act[0]
    view = state.view(seat)
    encoder = encoder_for(game)
    obs = encoder.new_observation()
    encoder.encode(view, obs)

    def part(name):
        field = encoder.field(name)
        return obs[field.offset : field.offset + field.size]

    hand = part("hand")
    assert hand.sum() == len(view["hand"])
    for card in view["hand"]:
        assert hand[encoder.kind_index[card]] == view["hand"].count(card)
    assert part("top_card")[encoder.kind_index[view["top_card"]]] == 1
    assert part("top_card").sum() == 1
    sizes = part("hand_sizes").tolist()
    assert sizes == [view["hand_sizes"][(seat + k) % 3] for k in range(3)]
    assert part("current").tolist() == [1.0, 0.0, 0.0]  # the observer is to act
    assert part("direction")[0] == view["direction"]
    assert part("draw_pile_size")[0] == view["draw_pile_size"]
    assert part("can_act")[0] == 1


def test_an_unknown_value_is_refused_by_name():
    game = solocards.make("frog")
    encoder = encoder_for(game)
    view = game.deal(seed=1).view(0)
    view["phase"] = "dancing"
    with pytest.raises(ValueError, match="unknown frog phase 'dancing'"):
        encoder.encode(view, encoder.new_observation())


# -- hidden information ---------------------------------------------------------------------

HIDDEN_KEYS = {"hands", "talon", "dealt_talon"}
"""Snapshot keys that may differ between the two deals (never seen by the observer)."""


def _differs_only_in_hidden_cards(a: State, b: State, observer: int, bottom: bool) -> bool:
    one, two = a.snapshot(), b.snapshot()
    if one["hands"][observer] != two["hands"][observer] or one["hands"] == two["hands"]:
        return False
    for key in one:
        if key in HIDDEN_KEYS or key in ("seed", "dealt"):
            continue
        if key == "draw_pile" and bottom:
            if one[key][:-1] != two[key][:-1]:
                return False
            continue
        if one[key] != two[key]:
            return False
    return True


def _twin_deals(game: Game, seed: int, observer: int) -> tuple[State, State]:
    """Two deals whose decks differ by one swap of cards the observer cannot see.

    With two players the only other hand swaps a card with the bottom of the draw pile.
    """
    rng = random.Random(seed)
    deck = game.deck()
    for _ in range(2000):
        rng.shuffle(deck)
        a = game.deal(deck=deck, dealer=0)
        bottom = game.players == 2
        i = rng.randrange(len(deck))
        j = len(deck) - 1 if bottom else rng.randrange(len(deck))
        if deck[i] == deck[j]:
            continue
        swapped = deck[:]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        b = game.deal(deck=swapped, dealer=0)
        if _differs_only_in_hidden_cards(a, b, observer, bottom):
            return a, b
    raise AssertionError("no swap of hidden cards found")


REVEALING = ("X", "challenge", ">", "call:")
"""Actions after which the observer may legitimately see a hidden hand (swaps, 7-0, a
challenge shows the challenged hand, a German Solo caller announces that he is void in the called
suit): the comparison stops there."""


def _same_observation(game: Game, a: State, b: State, observer: int, steps: int) -> int:
    """Play the same random actions on both deals while they stay legal in both; the observer's
    observation must be identical at every step. Returns the number of steps compared."""
    encoder = encoder_for(game)
    one, two = encoder.new_observation(), encoder.new_observation()
    fast_one, fast_two = encoder.new_observation(), encoder.new_observation()
    mask_a = np.zeros(game.num_actions, dtype=np.int8)
    mask_b = np.zeros(game.num_actions, dtype=np.int8)
    rng = random.Random(observer)
    for step in range(steps):
        view_a, view_b = a.view(observer), b.view(observer)
        encoder.encode(view_a, one)
        encoder.encode(view_b, two)
        assert np.array_equal(one, two), (game.id, step, encoder.describe())
        # the fast path (straight from the state) too
        encoder.encode_state(a, observer, fast_one)
        encoder.encode_state(b, observer, fast_two)
        assert np.array_equal(fast_one, fast_two), (game.id, step, "fast path")
        assert np.array_equal(fast_one, one), (game.id, step, "fast path")
        encoder.mask(view_a, mask_a)
        encoder.mask(view_b, mask_b)
        assert np.array_equal(mask_a, mask_b)
        encoder.mask_state(b, observer, mask_b)
        assert np.array_equal(mask_a, mask_b)
        if a.is_over or b.is_over:
            return step
        seat = rng.choice(a.to_act)
        common = sorted(set(a.legal_action_ids(seat)) & set(b.legal_action_ids(seat)))
        if not common or seat not in b.to_act:
            return step
        action = rng.choice(common)
        name = game.action_name(action)
        if any(mark in name for mark in REVEALING):
            return step
        a.apply_id(seat, action)
        b.apply_id(seat, action)
        if a.is_over or b.is_over:
            return step  # the end of a round shows every hand
        pile = a.snapshot().get("draw_pile")
        if pile is not None and len(pile) < 2:
            return step  # the swapped bottom card is about to be drawn
    return steps


HIDDEN_CONFIGS = [
    ("uno", 2),
    ("uno", 4),
    ("amigo-solo", 2),
    ("amigo-solo", 4),
    ("german-solo", 4),
    ("german-solo", 3),
    ("german-solo", 5),
    ("frog", 3),
    ("frog", 4),
    ("frog", 5),
]


@pytest.mark.parametrize(("game_id", "players"), HIDDEN_CONFIGS)
def test_cards_a_seat_cannot_see_never_change_its_observation(game_id, players):
    game = solocards.make(game_id, players=players)
    compared = 0
    for trial in range(6):
        observer = trial % players
        a, b = _twin_deals(game, seed=trial, observer=observer)
        compared += _same_observation(game, a, b, observer, steps=150)
    assert compared >= 30  # the comparison ran well into the rounds, not just at the deal


def test_the_twin_deals_really_differ_for_a_seat_that_sees_them():
    # The check above could pass vacuously if the swap changed nothing; the seats holding the
    # swapped cards see the difference.
    game = solocards.make("german-solo")
    a, b = _twin_deals(game, seed=3, observer=0)
    encoder = encoder_for(game)
    one, two = encoder.new_observation(), encoder.new_observation()
    differing, fast_differing = [], []
    for seat in range(1, 4):
        encoder.encode(a.view(seat), one)
        encoder.encode(b.view(seat), two)
        differing.append(not np.array_equal(one, two))
        encoder.encode_state(a, seat, one)
        encoder.encode_state(b, seat, two)
        fast_differing.append(not np.array_equal(one, two))
    assert sum(differing) == 2
    assert fast_differing == differing


def test_the_field_tables_in_the_docs_are_the_encoders():
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    for game_id, players in [("uno", 4), ("amigo-solo", 4), ("german-solo", 4), ("frog", 3)]:
        table = encoder_for(solocards.make(game_id, players=players)).describe()
        assert table in docs, f"docs/rl.md: regenerate the {game_id} table (Encoder.describe)"
