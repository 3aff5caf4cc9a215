"""Random playouts with every option: invariants, explanations, clones, replays (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import solocards
from solocards.games.uno.options import OPTION_SPECS, PRESETS
from solocards.games.uno.state import UnoState

from .uno_helpers import make


def option_sets() -> list[dict[str, object]]:
    """The defaults, each option at each other value, and the presets."""
    sets: list[dict[str, object]] = [{}]
    for spec in OPTION_SPECS:
        if isinstance(spec.default, bool):
            sets.append({spec.name: not spec.default})
        elif isinstance(spec.default, int):
            sets.append({spec.name: spec.minimum or 1})
        else:
            assert spec.choices is not None
            sets += [{spec.name: value} for value in spec.choices if value != spec.default]
    sets += [{"preset": name} for name in PRESETS]
    return [s for s in sets if s != {"strict_uno_call": True, "uno_enforcement": "auto"}]


OPTION_SETS = option_sets()


def check_invariants(state: UnoState) -> None:
    game = state.game
    snap = state.snapshot()
    cards = [c for hand in snap["hands"] for c in hand] + snap["draw_pile"] + snap["discard_pile"]
    assert Counter(cards) == Counter(game.deck())
    assert (state.to_act == []) == state.is_over
    json.dumps(snap)
    for seat in range(state.players):
        ids = state.legal_action_ids(seat)
        assert ids == sorted(set(ids))
        assert ids == sorted(state._legal_ids(seat))  # the fast paths agree with the rules
        assert bool(ids) == (seat in state.to_act)
        view = state.view(seat)
        assert view["can_act"] == bool(ids)
        assert view["legal_actions"] == [game.action_name(i) for i in ids]
        assert Counter(view["hand"]) == Counter(snap["hands"][seat])
        for holder, known in enumerate(view["known_hands"]):
            # what a seat knows of a hand is really in it
            assert not Counter(known) - Counter(snap["hands"][holder])


@settings(max_examples=12, deadline=None)
@given(
    options=st.sampled_from(OPTION_SETS),
    players=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_random_rounds(options: dict[str, object], players: int, seed: int) -> None:
    game = make(players, **options)
    state = game.deal(seed=seed)
    assert isinstance(state, UnoState)
    rng = random.Random(seed)
    for step in range(250):
        if state.is_over:
            break
        if step % 10 == 0:
            check_invariants(state)
        seat = rng.choice(state.to_act)
        legal = state.legal_action_ids(seat)
        # a few refused actions: explained, and the state is left as it was
        before = state.snapshot()
        for bad in rng.sample(range(game.num_actions), 4):
            if bad in legal:
                continue
            try:
                state.apply_id(seat, bad)
            except solocards.IllegalActionError as error:
                assert "not possible now" not in str(error), (game.action_name(bad), str(error))
            else:
                raise AssertionError(f"{game.action_name(bad)} was applied")
        assert state.snapshot() == before
        twin = state.clone()
        action = rng.choice(legal)
        state.apply_id(seat, action)
        assert twin.snapshot() == before  # clones are independent
        twin.apply(seat, game.action_name(action))
        assert twin.snapshot() == state.snapshot()
    check_invariants(state)
    again = game.deal(seed=seed)
    for seat, action in state.history:
        again.apply(seat, action)
    assert again.snapshot() == state.snapshot()


@settings(max_examples=4, deadline=None)
@given(options=st.sampled_from(OPTION_SETS), seed=st.integers(min_value=0, max_value=1000))
def test_whole_match_record_round_trip(options: dict[str, object], seed: int) -> None:
    game = make(3, **{**options, "target_score": 100})
    match = game.match(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not match.is_over and steps < 4000:
        seat = rng.choice(match.to_act)
        actions = match.state.legal_actions(seat)
        plays = [a for a in actions if a not in ("draw", "pass")] or actions
        match.apply(seat, rng.choice(plays))
        steps += 1
    record = json.loads(json.dumps(match.record()))
    again = solocards.replay(record)
    assert again.totals == match.totals
    assert again.state.snapshot() == match.state.snapshot()
