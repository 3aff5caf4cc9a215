"""The fast path (observations written straight from the state) is the view path, bit for bit.

Hidden cards must never reach an observation: the view path reads only ``state.view(seat)``, so
it cannot leak; the fast path reads the state itself, so it is held to the view path exactly, for
every seat at every step of random rounds, under many option sets. A deliberately leaky encoder
and a forgetful one show that the comparison catches both kinds of mistake.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import solocards  # noqa: E402
from solocards.core.game import Game  # noqa: E402
from solocards.rl.observations import Encoder, encoder_for  # noqa: E402
from solocards.rl.observations.base import copy_rows, zeros  # noqa: E402
from solocards.rl.observations.frog import FrogEncoder  # noqa: E402
from solocards.rl.observations.uno import UnoEncoder  # noqa: E402

UNO_CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (2, {"seven_zero": True, "jump_in": True}),
    (3, {"seven_zero": True, "jump_in": True, "stack_draw2": True, "stack_draw4": True}),
    (4, {"seven_zero": True, "seven_zero_target": "next", "multi_play_same_number": True}),
    (4, {"jump_in": True, "jump_in_pending": True, "cross_stack": "both"}),
    (5, {"reverse_skip_deflect": True, "stack_draw2": True, "challenge_success_turn": "lose"}),
    (6, {"draw_until_playable": True, "force_play_drawn": True, "strict_uno_call": True}),
    (3, {"force_play": True, "uno_enforcement": "auto", "hand_size": 3}),
    (2, {"no_wd4_challenge": True, "first_card_reverse": "right", "hand_size": 2}),
    (4, {"drop_wd4_legality": True, "first_card_draw_two": "draw_only", "uno_penalty": 4}),
]
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    *(("uno", players, options) for players, options in UNO_CONFIGS),
    ("amigo-solo", 2, {}),
    ("amigo-solo", 3, {"solo_call_enforcement": "catch", "jump_in_self": True}),
    (
        "amigo-solo",
        4,
        {"jump_in_black": True, "jump_in_during_penalty": True, "play_after_draw": "any_card"},
    ),
    ("amigo-solo", 5, {"first_card_mode": "apply_to_first_player", "cross_stack": "both"}),
    ("amigo-solo", 6, {"solo_call_enforcement": "catch", "rotation_moves_hands": "against_play"}),
    ("german-solo", 4, {}),
    ("german-solo", 4, {"couleur": "first_won", "tout_choice": "side", "call_trump_ace": True}),
    ("german-solo", 4, {"couleur_upgrade": True, "forced_upgrade": True, "fp_alone": False}),
    ("german-solo", 3, {}),
    ("german-solo", 5, {"double_queen_pass": "forfeit"}),
    ("frog", 3, {}),
    ("frog", 4, {"all_pass": "ramsch"}),
    ("frog", 3, {"frage_talon": "shown", "all_pass": "same_dealer"}),
    ("frog", 5, {}),
    ("frog", 5, {"all_pass": "ramsch", "frage_talon": "shown"}),
]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = config
    return f"{game_id}-{players}p-" + ("-".join(sorted(options)) or "default")


def test_every_game_with_a_fast_path_is_covered():
    fast = {
        game_id for game_id in solocards.games() if encoder_for(solocards.make(game_id)).fast_path
    }
    assert fast == {game_id for game_id, _, _ in CONFIGS}


def _choose(
    game: Game, state: Any, rng: random.Random, bias: float, passes: float = 0.0
) -> tuple[int, int]:
    """A random seat among those that may act, and a random legal action; with probability
    ``bias`` a play rather than a draw or a pass (random rounds are long, biased ones end),
    with probability ``passes`` a pass where one is legal (auctions that stop low)."""
    seat = rng.choice(state.to_act)
    ids = state.legal_action_ids(seat)
    names = [game.action_name(i) for i in ids]
    if "pass" in names and rng.random() < passes:
        return seat, ids[names.index("pass")]
    if rng.random() < bias:
        plays = [i for i, name in zip(ids, names, strict=True) if name not in ("draw", "pass")]
        if plays:
            return seat, rng.choice(plays)
    return seat, rng.choice(ids)


def _events(game: Game, state: Any, seat: int) -> list[str]:
    """What the position shows this seat that a careless encoder could get wrong."""
    view = state.view(seat)
    found = [f"phase:{view['phase']}"]
    window = view.get("window") or {}
    if isinstance(window, dict):  # uno
        found += [name for name in ("jump_in", "uno", "catch") if window.get(name)]
    else:  # amigo-solo: the reactions this seat may make
        found += list(window)
    if any(view.get("known_hands") or []):
        found.append("known_hands")
    for key in (
        *("drawn_card", "talon", "discarded", "open_to_catch", "vulnerable"),
        *("called", "declarer", "partner", "called_holder"),
    ):
        if view.get(key) is not None:
            found.append(key)
    for key in ("pending_draw", "trick", "tricks", "is_over"):
        if view.get(key):
            found.append(key)
    for flag in ("caller_void", "alone", "tout", "claimed", "five_tricks"):  # german-solo
        if view.get(flag):
            found.append(flag)
    if view.get("contract"):
        found.append(f"contract:{view['contract']}")
    return found


def compare_round(
    game: Game,
    encoder: Encoder,
    seed: int,
    bias: float,
    max_steps: int,
    events: Counter[str] | None = None,
    passes: float = 0.0,
) -> int:
    """Play one random round; at every step, for every seat, the fast path must equal the view
    path: :meth:`Encoder.encode_state` and :meth:`Encoder.mask_state` against ``encode`` and
    ``mask`` of the view, and :meth:`Encoder.write_state` into one row of a zeroed batch that
    it must not step out of. Returns the number of positions compared."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=seed % game.players)
    size, actions = encoder.size, game.num_actions
    slow, fast = encoder.new_observation(), encoder.new_observation()
    slow_mask = np.zeros(actions, dtype=np.int8)
    fast_mask = np.zeros(actions, dtype=np.int8)
    batch_zeros = zeros(3 * size)  # three observations end to end
    compared = 0
    for step in range(max_steps + 1):
        for seat in range(game.players):
            view = state.view(seat)
            slow.fill(np.nan)
            encoder.encode(view, slow)
            fast.fill(np.nan)  # every entry must be written
            encoder.encode_state(state, seat, fast)
            where = f"{game!r} seed {seed} step {step} seat {seat}"
            if not np.array_equal(fast, slow):
                wrong = sorted(
                    {
                        f.name
                        for f in encoder.layout.fields
                        for i in range(f.offset, f.offset + f.size)
                        if fast[i] != slow[i]
                    }
                )
                raise AssertionError(f"{where}: fields {wrong} differ from the view's")
            out = batch_zeros[0 : 3 * size]
            encoder.write_state(state, seat, state.legal_action_ids(seat), out, size)
            batch = np.empty((3, size), dtype=np.float32)
            copy_rows(out, batch)  # as the batched env publishes its rows
            assert np.array_equal(batch[1], slow), where
            assert not batch[0].any() and not batch[2].any(), f"{where}: outside its row"
            slow_mask.fill(7)
            encoder.mask(view, slow_mask)
            fast_mask.fill(7)
            encoder.mask_state(state, seat, fast_mask)
            assert np.array_equal(fast_mask, slow_mask), where
            if events is not None:
                events.update(_events(game, state, seat))
            compared += 1
        if state.is_over or step == max_steps:
            return compared
        seat, action = _choose(game, state, rng, bias, passes)
        state.apply_id(seat, action)
    return compared


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    bias=st.sampled_from([0.0, 0.6, 0.9, 1.0]),
    passes=st.sampled_from([0.0, 0.0, 0.7]),
)
def test_the_fast_path_is_the_view_path(config, seed, bias, passes):
    game_id, players, options = config
    game = solocards.make(game_id, players=players, **options)
    compared = compare_round(game, encoder_for(game), seed, bias, 250, passes=passes)
    assert compared >= players


RARE: list[tuple[str, int, list[tuple[int, dict[str, Any]]], list[str]]] = [
    (
        "uno",
        6,
        [(2, {}), (3, {"seven_zero": True, "jump_in": True, "stack_draw2": True})],
        [
            *("jump_in", "uno", "catch", "vulnerable", "known_hands", "drawn_card"),
            *("pending_draw", "phase:play", "phase:drawn", "phase:penalty", "is_over"),
        ],
    ),
    (
        "amigo-solo",
        6,
        [(3, {"solo_call_enforcement": "catch"}), (4, {"jump_in_self": True})],
        [
            *("jump_in", "catch", "solo", "open_to_catch", "known_hands", "drawn_card"),
            *("pending_draw", "phase:drawn", "is_over"),
        ],
    ),
    (
        "german-solo",
        30,
        [(4, {}), (4, {"forced_upgrade": True, "called_card_lead": True})],
        [
            *("called", "declarer", "trick", "tricks", "partner", "called_holder"),
            *("phase:bidding", "phase:declaring", "phase:playing", "is_over"),
            *("alone", "tout", "caller_void", "contract:simple", "contract:forcee-simple"),
        ],
    ),
    (
        "frog",
        40,  # short deals; a random auction seldom ends in a Solo (declaring) or a Frage
        [(3, {}), (4, {"all_pass": "ramsch"})],
        ["talon", "discarded", "trick", "tricks", "phase:discarding", "phase:declaring", "is_over"],
    ),
]


@pytest.mark.parametrize(("game_id", "rounds", "configs", "wanted"), RARE, ids=[r[0] for r in RARE])
def test_the_comparison_reaches_the_rare_positions(game_id, rounds, configs, wanted):
    # Whole rounds: the positions a fast path could get wrong (reaction windows, hands seen in
    # swaps and challenges, drawn cards, penalties, talons and discards, the end) all occur.
    events: Counter[str] = Counter()
    for players, options in configs:
        game = solocards.make(game_id, players=players, **options)
        encoder = encoder_for(game)
        for seed in range(rounds):
            # biased rounds end; unbiased ones bid anything; passing ones bid low
            bias, passes = [(0.0, 0.0), (0.9, 0.0), (0.0, 0.8), (0.9, 0.5)][seed % 4]
            compare_round(game, encoder, seed, bias, 400, events, passes)
    missing = [event for event in wanted if not events[event]]
    assert missing == [], f"{game_id}: never compared a position with {missing}: {events}"


def test_an_observation_in_any_array_layout():
    game = solocards.make("uno", players=3, seven_zero=True)
    encoder = encoder_for(game)
    state = game.deal(seed=8)
    expected = encoder.new_observation()
    encoder.encode(state.view(1), expected)
    wide = np.full(encoder.size, np.nan, dtype=np.float64)
    encoder.encode_state(state, 1, wide)
    strided = np.full((encoder.size, 2), np.nan, dtype=np.float32)[:, 0]
    encoder.encode_state(state, 1, strided)
    assert np.array_equal(wide, expected) and np.array_equal(strided, expected)
    with pytest.raises(solocards.IllegalActionError, match="no seat 3"):
        encoder.encode_state(state, 3, expected)
    with pytest.raises(solocards.IllegalActionError, match="no seat"):
        encoder.mask_state(state, -1, np.zeros(game.num_actions, dtype=np.int8))


# -- the comparison catches mistakes ---------------------------------------------------------


class LeakyUnoEncoder(UnoEncoder):
    """A broken fast path: shows the observer the next seat's hand as "known"."""

    def write_state(self, state, seat, legal, out, base):
        super().write_state(state, seat, legal, out, base)
        nxt = (seat + 1) % self.players
        for card in state.hands[nxt]:
            out[base + self.o_known + card] = 1.0


class ForgetfulUnoEncoder(UnoEncoder):
    """A broken fast path: forgets the cards seen in a 7-0 swap or a challenge."""

    def write_state(self, state, seat, legal, out, base):
        super().write_state(state, seat, legal, out, base)
        for i in range(self.o_known, self.size):
            out[base + i] = 0.0


class LeakyFrogEncoder(FrogEncoder):
    """A broken fast path: shows everybody the talon."""

    def write_state(self, state, seat, legal, out, base):
        super().write_state(state, seat, legal, out, base)
        for card in state.dealt_talon:
            out[base + self.o_talon + card] = 1.0


@pytest.mark.parametrize(
    ("broken", "game_id", "field"),
    [
        (LeakyUnoEncoder, "uno", "known_hands"),
        (ForgetfulUnoEncoder, "uno", "known_hands"),
        (LeakyFrogEncoder, "frog", "talon"),
    ],
)
def test_a_broken_fast_path_is_caught(broken, game_id, field):
    game = solocards.make(game_id, seven_zero=True) if game_id == "uno" else solocards.make(game_id)
    encoder = broken(game)
    with pytest.raises(AssertionError, match=f"fields \\['{field}'\\]"):
        for seed in range(20):
            compare_round(game, encoder, seed, bias=0.9, max_steps=300)
